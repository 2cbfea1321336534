import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// A leaf that turns onto whole pixels samples its texture `nearest` while its neighbours in the same
/// run sample `linear`: the retained update splits the run round it, and joins it again when the leaf
/// turns on, where it used to build the whole list (a 100,000-layer frame took five times as long).
/// The harness checks every frame against a fresh build.
@Suite struct RunSplitTests {
    static func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
        .set(LayerHandle(h), LayerKeyPath(key), value)
    }

    /// Five 8-point leaves showing one bitmap, in a row on whole pixels, all turning; the middle one
    /// from −0.5 to 0.5 radians over a second (0 at 0.5 s, where its texels land on pixels), the others
    /// from 0.1 to 0.6 (never 0).
    /// With `colourOnly`, the leaf after the middle one shows a colour instead.
    static func turningRow(_ harness: RenderListHarness, colourOnly: UInt64? = nil) throws {
        let bitmap = BitmapID(1)
        harness.upload(bitmap, width: 8, height: 8, opaque: true)
        var operations: [LayerOperation] = []
        for h: UInt64 in 1...5 {
            let angles = h == 3 ? (-0.5, 0.5) : (0.1, 0.6)
            operations += [
                .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 8))),
                set(h, .position, .point(Point(x: Double(h) * 16, y: 20))),
                h == colourOnly ? set(h, .backgroundColor, .color(Color(red: 0, green: 0, blue: 1))) : set(h, .contents, .bitmap(bitmap)),
                .insertSublayer(LayerHandle(h), into: nil, at: nil),
                .addAnimation(
                    LayerHandle(h),
                    .basic(try LayerKeyPath("transform.rotation.z"), from: .number(angles.0), to: .number(angles.1), timing: MediaTiming(duration: 1)),
                    key: "turn"),
            ]
        }
        try harness.commit(operations, at: 0)
    }

    @Test("a leaf turning onto whole pixels gets a run of its own without a whole build, and rejoins its neighbours' after")
    func leafOnWholePixels() throws {
        let harness = RenderListHarness()
        try Self.turningRow(harness)
        var draws: [Double: Int] = [:]
        for time in [0, 0.25, 0.375, 0.5, 0.625, 0.75] {
            #expect(harness.frame(at: time).isEmpty, "at \(time) s")
            draws[time] = harness.retained.list.drawCalls
            if time > 0 { #expect(!harness.lastRedraw.isFull, "at \(time) s the list was built whole") }
        }
        // One run, then three at 0.5 s (the leaves before it, the leaf, the leaves after), then one.
        #expect(draws == [0: 1, 0.25: 1, 0.375: 1, 0.5: 3, 0.625: 1, 0.75: 1], "\(draws)")
        let turned = try #require(harness.retained.list.commands.first)
        guard case .draw(_, 5, .bitmap(_, let sampler), _, _) = turned else {
            Issue.record("\(harness.retained.list.commands)")
            return
        }
        #expect(sampler.minification != .nearest)
    }

    @Test("a leaf on whole pixels followed by one that samples nothing is drawn as a build draws it: that one rides along")
    func colourOnlyNeighbour() throws {
        let harness = RenderListHarness()
        try Self.turningRow(harness, colourOnly: 4)
        for time in [0, 0.25, 0.5, 0.75] {
            #expect(harness.frame(at: time).isEmpty, "at \(time) s")
        }
    }
}
