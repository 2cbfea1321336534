import LaminaCore
@testable import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// The leaf patch's working storage outlives each frame; what it did one frame must not come back in a
/// later one.
@Suite struct LeafPatchStateTests {
    static func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
        .set(LayerHandle(h), LayerKeyPath(key), value)
    }

    /// Three translucent red 10-point squares side by side, roots of the tree.
    static func threeLeaves() -> [LayerOperation] {
        (1...3).flatMap { (h: UInt64) -> [LayerOperation] in
            [
                .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                set(h, .position, .point(Point(x: Double(h) * 20, y: 20))), set(h, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5))),
                .insertSublayer(LayerHandle(h), into: nil, at: nil),
            ]
        }
    }

    @Test("changed layers in increasing slots are taken in place, those past the list left; any other order is gathered, each layer once")
    func candidates() {
        func gather(_ slots: [UInt32]) -> (LeafPatch.Candidates.Source, [(Int, Int32)], [Bool]) {
            var scratch = LeafPatch.Scratch()
            scratch.startApply(slotCount: 10)
            let changed = slots.map { LayerID(index: $0, generation: 1) }
            var gathered: [(id: LayerID, order: Int32)] = []
            var left = Array(repeating: false, count: changed.count)
            var count = 0
            let source = changed.withUnsafeBufferPointer { scratch.gather($0, slotCount: 10, into: &gathered, left: &left, count: &count) }
            #expect(count == left.filter { $0 }.count)
            return (source, gathered.map { (Int($0.id.index), $0.order) }, left)
        }
        let increasing = gather([3, 5, 9, 12, 15])
        #expect(increasing.0 == .direct(count: 3))
        #expect(increasing.1.isEmpty)
        #expect(increasing.2 == [false, false, false, true, true])
        // A layer listed twice (a write and an animation), or out of order: each taken once, first
        // place kept.
        let repeated = gather([5, 3, 5, 12, 9])
        #expect(repeated.0 == .gathered)
        #expect(repeated.1.map(\.0) == [5, 3, 9] && repeated.1.map(\.1) == [0, 1, 4])
        #expect(repeated.2 == [false, false, false, true, false])
        let twice = gather([2, 4, 4, 6])
        #expect(twice.0 == .gathered)
        #expect(twice.1.map(\.0) == [2, 4, 6] && twice.1.map(\.1) == [0, 1, 3])
    }

    @Test("a frame with no leaf to patch reports none patched and marks no instance, after frames that patched")
    func noStaleState() throws {
        let harness = RenderListHarness()
        var ops = Self.threeLeaves()
        ops.append(.addAnimation(LayerHandle(2), .basic(LayerKeyPath(.position), from: .point(Point(x: 40, y: 20)), to: .point(Point(x: 40, y: 50)), timing: MediaTiming(duration: 0.1)), key: "move"))
        try harness.commit(ops, at: 0)
        var patched: [Int] = []
        for frame in 0..<12 {
            #expect(harness.frame(at: Double(frame) / 60).isEmpty, "frame \(frame)")
            patched.append(harness.retained.list.patchedLeaves)
        }
        // Patched while the animation runs (frames 1 to 6), none once nothing changes.
        #expect(patched[1...5].allSatisfy { $0 == 1 }, "\(patched)")
        #expect(patched[9...].allSatisfy { $0 == 0 }, "\(patched)")
        #expect(harness.retained.list.instanceChanges.ranges().allSatisfy { $0.upperBound <= harness.retained.list.instances.count })
    }

    @Test("a leaf patched last frame is taken unchecked only while nothing writes it: written while it turns, it shows the new values")
    func knownLeavesWritten() throws {
        let harness = RenderListHarness()
        let set = Self.set
        var ops = Self.threeLeaves()
        for h: UInt64 in 1...3 {
            ops.append(
                .addAnimation(
                    LayerHandle(h), .basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(6), timing: MediaTiming(duration: 10)),
                    key: "turn"))
        }
        try harness.commit(ops, at: 0)
        for frame in 0..<4 { #expect(harness.frame(at: Double(frame) / 60).isEmpty, "frame \(frame)") }
        #expect(harness.retained.list.patchedLeaves == 3)
        // Written while they turn (each property the patch reads of its kept record): the patch must read
        // their values again, and a fresh build (what `frame` checks against) shows the new ones.
        let writes: [[LayerOperation]] = [
            [set(2, .backgroundColor, .color(Color(red: 0, green: 0, blue: 1, alpha: 1)))],
            [set(2, .position, .point(Point(x: 44, y: 30)))],
            [set(2, .opacity, .number(0.5)), set(3, .anchorPoint, .point(Point(x: 0, y: 0)))],
            [set(1, .zPosition, .number(0)), set(3, .bounds, .rect(Rect(x: 0, y: 0, width: 12, height: 10)))],
        ]
        for (k, write) in writes.enumerated() {
            let time = Double(4 + 2 * k) / 60
            try harness.commit(write, at: time)
            #expect(harness.frame(at: time).isEmpty, "write \(k)")
            #expect(harness.frame(at: time + 1.0 / 60).isEmpty, "the frame after write \(k)")
            #expect(harness.retained.list.patchedLeaves == 3, "write \(k)")
        }
    }
}
