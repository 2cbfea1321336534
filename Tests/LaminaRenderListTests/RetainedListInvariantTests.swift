import Dispatch
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
        // Leaf-only runs are about the leaf patch: tiles arriving (the layer visited again) stay out.
        harness.answersTiles = !leavesOnly
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
                case .repaint(let id, let region): harness.repaint(id, in: region)
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

    @Test("leaves patched split across three threads, a range for every leaf or more, equal leaves patched whole, frame by frame")
    func splitPatchEqualsWhole() throws {
        let (whole, split) = (RenderListHarness(), RenderListHarness())
        split.checks = false
        split.retained.threads = FrameThreads(count: 3, minimumPerRange: 1) { ranges, body in
            DispatchQueue.concurrentPerform(iterations: ranges) { body($0) }
        }
        let bitmap = BitmapID(1)
        for h in [whole, split] { h.upload(bitmap, width: 8, height: 8, opaque: true) }
        // 120 leaves, each animating what a patch writes (turning, sliding, fading, recolouring,
        // resizing, or all of them), some with contents, some translucent; a few with a sublayer,
        // which no patch takes.
        var operations: [LayerOperation] = []
        func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
            .set(LayerHandle(h), LayerKeyPath(key), value)
        }
        let forever = MediaTiming(duration: 1.3, repeatCount: .infinity, autoreverses: true)
        for n in UInt64(1)...120 {
            let (x, y) = (Double(n % 12) * 8 + 4, Double(n / 12) * 7 + 4)
            operations += [
                .create(LayerHandle(n), name: nil), set(n, .bounds, .rect(Rect(x: 0, y: 0, width: 6, height: 5))),
                set(n, .position, .point(Point(x: x, y: y))),
                set(n, .backgroundColor, .color(Color(red: Double(n % 5) / 4, green: 0.5, blue: 1, alpha: n % 3 == 0 ? 0.5 : 1))),
                .insertSublayer(LayerHandle(n), into: nil, at: nil),
            ]
            if n % 4 == 0 { operations.append(set(n, .contents, .bitmap(bitmap))) }
            var animations: [Animation] = []
            switch n % 6 {
            case 0: animations = [.basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(6.28), timing: forever)]
            case 1: animations = [.basic(LayerKeyPath(.position), to: .point(Point(x: x + 9, y: y + 3)), timing: forever)]
            case 2: animations = [.basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.2), timing: forever)]
            case 3: animations = [.basic(LayerKeyPath(.backgroundColor), to: .color(Color(red: 1, green: 0, blue: 0)), timing: forever)]
            case 4: animations = [.basic(LayerKeyPath(.bounds), to: .rect(Rect(x: 0, y: 0, width: 9, height: 3)), timing: forever)]
            default:
                animations = [
                    .basic(try LayerKeyPath("transform.scale"), from: .number(1), to: .number(1.5), timing: forever),
                    .basic(LayerKeyPath(.opacity), from: .number(0.9), to: .number(0.4), timing: forever),
                ]
            }
            operations += animations.enumerated().map { .addAnimation(LayerHandle(n), $1, key: "a\($0)") }
            if n % 29 == 0 {
                operations += [.create(LayerHandle(1000 + n), name: nil), .insertSublayer(LayerHandle(1000 + n), into: LayerHandle(n), at: nil)]
            }
        }
        for h in [whole, split] { try h.commit(operations, at: 0) }
        var patched = 0
        for frame in 0..<40 {
            let time = Double(frame) / 60
            let violations = whole.frame(at: time)
            #expect(violations.isEmpty, "frame \(frame): \(violations.prefix(4))")
            split.frame(at: time)
            let differences = RenderListInvariants.differences(retained: ListSnapshot(split.retained.list), fresh: ListSnapshot(whole.retained.list))
            #expect(differences.isEmpty, "frame \(frame): the split patch's list differs: \(differences)")
            #expect(split.lastRedraw == whole.lastRedraw, "frame \(frame): the split patch's damage differs")
            #expect(split.retained.list.patchedLeaves == whole.retained.list.patchedLeaves)
            patched += whole.retained.list.patchedLeaves
        }
        #expect(patched > 40 * 60, "\(patched) leaves patched in 40 frames")
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
