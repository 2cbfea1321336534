import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// Tiled layers in the retained list, frame by frame, their tiles arriving over several frames.
@Suite struct TiledLayerRetainedTests {
    @Test("a rasterized tiled layer's cache is drawn again as its tiles arrive and fade in, equal to a fresh build every frame")
    func rasterizedTiledLayer() throws {
        let harness = RenderListHarness()
        let h = LayerHandle(1)
        func set(_ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(h, LayerKeyPath(key), value) }
        try harness.commit([
            .create(h, name: nil, kind: .tiled), set(.bounds, .rect(Rect(x: 0, y: 0, width: 64, height: 48))),
            set(.position, .point(Point(x: 40, y: 30))), set(.tileSize, .size(Size(width: 16, height: 16))),
            set(.shouldRasterize, .bool(true)), .insertSublayer(h, into: nil, at: nil),
        ], at: 0)
        var instances: [Int] = []
        for frame in 0..<30 {
            #expect(harness.frame(at: Double(frame) / 60).isEmpty, "frame \(frame)")
            instances.append(harness.retained.list.shownCaches.first.map { $0.body?.instances.count ?? 0 } ?? 0)
        }
        // The cache's body grew as the tiles came (half of those missing each frame).
        #expect(instances.first! < instances.last!, "\(instances)")
    }
}
