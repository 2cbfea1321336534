import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// The retained render list's invariants, frame after frame, on the CPU alone: random scenes of every
/// layer kind under random edits, animations, repaints, hierarchy changes and caches coming and going
/// (`RandomScene`), each frame's list checked against a fresh build, each shown cache against a fresh
/// build of its subtree, occlusion against what is drawn over it, and the damage against everything
/// that changed (`RenderListHarness`).
@Suite("Retained render list invariants")
struct RetainedListInvariantTests {
    /// What a run went through, so that a test can tell it reached the paths it is about.
    struct Coverage {
        var patchedLeaves = 0
        var keptLeaves = 0
        var cachedFrames = 0
        var partialFrames = 0
        var fullFrames = 0
    }

    /// Runs `frames` frames of a random scene of `count` layers; returns the violations and coverage.
    static func run(
        seed: UInt64, count: Int, frames: Int, movingLeaves: Int = 20, leavesOnly: Bool = false
    ) -> ([InvariantViolation], Coverage) {
        let harness = RenderListHarness()
        var scene = RandomScene(seed: seed)
        for _ in 0..<3 {
            let bitmap = scene.newBitmap()
            harness.upload(bitmap.id, width: bitmap.width, height: bitmap.height, opaque: bitmap.opaque)
        }
        var violations: [InvariantViolation] = []
        var coverage = Coverage()
        do {
            try harness.commit(scene.scene(count: count, movingLeaves: movingLeaves, emitters: !leavesOnly), at: 0)
        } catch {
            Issue.record("the scene was refused: \(error)")
        }
        for frame in 0..<frames {
            let time = Double(frame) / 60
            for change in frame == 0 ? [] : leavesOnly ? scene.leafChanges(at: time) : scene.changes(at: time) {
                switch change {
                case .operations(let operations):
                    // A random edit may be refused (a mask that would make a cycle): refused whole, as a
                    // client's would be.
                    try? harness.commit(operations, at: time)
                case .repaint(let id): harness.repaint(id)
                case .upload(let id, let width, let height, let opaque): harness.upload(id, width: width, height: height, opaque: opaque)
                }
            }
            violations += harness.frame(at: time)
            let list = harness.retained.list
            coverage.patchedLeaves += list.patchedLeaves
            coverage.keptLeaves += list.keptLeaves
            if list.shownCaches.count > 0 { coverage.cachedFrames += 1 }
            if harness.lastRedraw.isFull { coverage.fullFrames += 1 } else { coverage.partialFrames += 1 }
        }
        return (violations, coverage)
    }

    @Test("every frame of a random scene equals a fresh build, and its damage covers what changed", arguments: 1...8)
    func randomScenes(seed: UInt64) {
        let (violations, _) = Self.run(seed: seed, count: 30, frames: 90)
        #expect(violations.isEmpty, "\(violations.count) violations, the first: \(violations.prefix(8).map(\.description).joined(separator: "\n"))")
    }

    @Test("leaves that move, turn, fade or change colour are patched in place, equal to a fresh build", arguments: 11...14)
    func patchedLeaves(seed: UInt64) {
        let (violations, _) = Self.run(seed: seed, count: 40, frames: 60, movingLeaves: 0, leavesOnly: true)
        #expect(violations.isEmpty, "\(violations.count) violations, the first: \(violations.prefix(8).map(\.description).joined(separator: "\n"))")
    }

    @Test("the runs reach every retained path: leaves patched, parts kept, caches shown, frames drawn in part")
    func pathsReached() {
        var total = Coverage()
        for seed in UInt64(1)...8 {
            let (_, coverage) = Self.run(seed: seed, count: 30, frames: 90)
            total.patchedLeaves += coverage.patchedLeaves
            total.keptLeaves += coverage.keptLeaves
            total.cachedFrames += coverage.cachedFrames
            total.partialFrames += coverage.partialFrames
            total.fullFrames += coverage.fullFrames
        }
        var patched = 0
        for seed in UInt64(11)...14 { patched += Self.run(seed: seed, count: 40, frames: 60, movingLeaves: 0, leavesOnly: true).1.patchedLeaves }
        #expect(total.patchedLeaves > 0)
        #expect(patched > 50)
        #expect(total.keptLeaves > 0)
        #expect(total.cachedFrames > 0)
        #expect(total.partialFrames > total.fullFrames / 4)
    }
}
