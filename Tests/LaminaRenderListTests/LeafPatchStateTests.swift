import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// The leaf patch's working storage outlives each frame; what it did one frame must not come back in a
/// later one.
@Suite struct LeafPatchStateTests {
    @Test("a frame with no leaf to patch reports none patched and marks no instance, after frames that patched")
    func noStaleState() throws {
        let harness = RenderListHarness()
        func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
            .set(LayerHandle(h), LayerKeyPath(key), value)
        }
        var ops: [LayerOperation] = []
        for h: UInt64 in 1...3 {
            ops += [
                .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                set(h, .position, .point(Point(x: Double(h) * 20, y: 20))), set(h, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5))),
                .insertSublayer(LayerHandle(h), into: nil, at: nil),
            ]
        }
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
}
