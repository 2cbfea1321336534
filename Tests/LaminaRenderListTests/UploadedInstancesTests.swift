import LaminaCore
@testable import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// The renderer copies into its GPU buffer only the instances the list marks changed
/// (`InstanceChanges.upload`); the harness mirrors that copy and holds it to the list every frame, so
/// an instance patched without its mark is found though the list itself is right.
struct UploadedInstancesTests {
    /// `count` 2x2 leaves each turning, under a container that clips them when `clipped`.
    func turning(_ count: Int, clipped: Bool) throws -> (RenderListHarness, [[InvariantViolation]]) {
        let harness = RenderListHarness()
        let container = LayerHandle(1)
        func set(_ h: LayerHandle, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(h, LayerKeyPath(key), value) }
        var operations: [LayerOperation] = [
            .create(container, name: nil, kind: .layer), set(container, .bounds, .rect(Rect(x: 0, y: 0, width: 96, height: 72))),
            set(container, .anchorPoint, .point(.zero)), set(container, .masksToBounds, .bool(clipped)),
            .insertSublayer(container, into: nil, at: nil),
        ]
        for k in 0..<count {
            let h = LayerHandle(UInt64(k + 2))
            operations += [
                .create(h, name: nil, kind: .layer), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: 2, height: 2))),
                set(h, .position, .point(Point(x: Double(k % 90) + 3, y: Double(k / 90 % 66) + 3))),
                set(h, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0))),
                .insertSublayer(h, into: container, at: nil),
                .addAnimation(
                    h, .basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(6),
                        timing: MediaTiming(beginTime: MediaTiming.beginTimeAtZero, duration: 10)), key: "turn"),
            ]
        }
        try harness.commit(operations, at: 0)
        var violations: [[InvariantViolation]] = []
        for frame in 0..<3 { violations.append(harness.frame(at: Double(frame) / 60)) }
        return (harness, violations)
    }

    @Test("turning leaves are copied as the list marks them: their matrices alone, or whole where a clip's mapping follows them; one by one, or all past the limit")
    func copiedAsMarked() throws {
        // Past the changes the list keeps one by one (4,096), they count as all.
        for (count, clipped) in [(40, false), (40, true), (5_000, false), (5_000, true)] {
            let (harness, violations) = try turning(count, clipped: clipped)
            let broken = violations.flatMap { $0 }
            #expect(broken.isEmpty, "\(broken.prefix(3))")
            #expect(harness.retained.list.patchedLeaves == count)
            let every: InstanceChanges.Upload = count > 4_096 ? .all : .ranges([0..<count])
            // A clipped leaf's clip mapping turns with it: the whole instance is copied.
            #expect(harness.lastUpload == (clipped ? every : .ranges([])), "\(count) leaves, clipped: \(clipped)")
            #expect(harness.lastMatrixUpload == every, "\(count) leaves, clipped: \(clipped)")
        }
    }

    @Test("an instance whose colour changed but was marked as only moved is found: the GPU would draw its old colour")
    func colourMarkedAsMovedIsFound() throws {
        let (harness, _) = try turning(3, clipped: false)
        var list = harness.retained.list
        list.instanceChanges.clear()
        list.instances[1].color = SIMD4(0, 0, 1, 1)
        list.instanceChanges.markMatrices([1])
        var uploaded = UploadedInstances()
        _ = uploaded.follow(harness.retained.list)
        #expect(uploaded.follow(list) == ["instance 1 of 3 changed but the upload left it as it was"])
    }
}
