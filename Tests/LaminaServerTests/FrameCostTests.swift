import LaminaCore
import LaminaCompositor
import LaminaModel
import LaminaRender
import LaminaRenderList
import Testing

/// What a frame costs follows what changed, not the scene's size: counted (`FrameStatistics`), never
/// timed. One layer changing colour among N costs the same copies and draw calls at every N.
@Suite("frame cost follows what changed")
struct FrameCostTests {
    /// The counters of the fourth frame of a scene of `layers` squares, one changing colour each frame.
    ///
    /// The changing square sits alone in a strip along the top, above a grid of the others (a thousand
    /// to a row, each 4x4 points), so what its damage reaches is the same at every count; the others are
    /// translucent, so none is culled as hidden and every one is in the list.
    static func oneChanging(among layers: Int) throws -> FrameStatistics {
        try DamageTests.gpu.perform { context -> FrameStatistics in
            let rows = (layers - 1 + 999) / 1000
            let compositor = try Compositor(
                context, output: OutputConfiguration(width: 4000, height: Double(128 + rows * 4), background: .black))
            let client = compositor.addClient()
            func set(_ h: Int, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
                .set(LayerHandle(UInt64(h)), LayerKeyPath(key), value)
            }
            func square(_ n: Int, at point: Point) -> [LayerOperation] {
                [
                    .create(LayerHandle(UInt64(n)), name: nil), set(n, .bounds, .rect(Rect(x: 0, y: 0, width: 4, height: 4))),
                    set(n, .position, .point(point)), set(n, .backgroundColor, .color(Color(red: 0, green: 0.5, blue: 1, alpha: 0.5))),
                    .insertSublayer(LayerHandle(UInt64(n)), into: nil, at: nil),
                ]
            }
            // Commits of at most 100,000 layers, as a client's would be.
            var ops = square(0, at: Point(x: 34, y: 34))
            for n in 1..<layers {
                let i = n - 1
                ops += square(n, at: Point(x: Double(i % 1000) * 4 + 2, y: 128 + Double(i / 1000) * 4 + 2))
                if n % 100_000 == 0 {
                    compositor.commit(Commit(operations: ops), from: client)
                    ops.removeAll(keepingCapacity: true)
                }
            }
            compositor.commit(Commit(operations: ops), from: client)
            var last = FrameStatistics()
            for frame in 1...4 {
                let color = Color(red: Double(frame) / 4, green: 0, blue: 0)
                compositor.commit(Commit(operations: [set(0, .backgroundColor, .color(color))]), from: client)
                last = try compositor.frame(at: Double(frame) / 60).statistics
            }
            return last
        }
    }

    @Test("one layer changing colour among 1,000, 100,000 or 1,000,000: the same instance bytes copied (one instance's and its matrix), draw calls and instances visited")
    func oneChangeAmongMany() throws {
        let counts = [1_000, 100_000, 1_000_000]
        let frames = try counts.map { try Self.oneChanging(among: $0) }
        // One instance whole, and its matrix in the buffer the matrices are packed in apart.
        let one = MemoryLayout<LayerInstance>.stride + 64
        for (count, frame) in zip(counts, frames) {
            #expect(frame.uploadedInstanceBytes == one, "\(count) layers: \(frame)")
            #expect(frame.drawCalls == frames[0].drawCalls, "\(count) layers: \(frame.drawCalls) draw calls")
            // The draw walks what reaches the damage (the grid's cells), not every instance.
            #expect(frame.instancesVisited == frames[0].instancesVisited, "\(count) layers: \(frame.instancesVisited) visited")
            #expect(frame.glObjectsCreated == 0)
            #expect(frame.damage.box != nil, "\(count) layers: the frame redrew a box, not everything")
        }
        #expect(frames[0].instancesVisited < 10, "\(frames[0].instancesVisited) visited")
    }
}
