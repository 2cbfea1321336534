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
    /// The counters of the fourth frame of `layers` 4x4 squares in a grid, one changing colour each
    /// frame.
    static func oneChanging(among layers: Int) throws -> FrameStatistics {
        try DamageTests.gpu.perform { context -> FrameStatistics in
            // A hundred to a row, every square its own 4x4 points: the changing one (number 250, in the
            // third row) has the same neighbours whatever the count.
            let compositor = try Compositor(
                context, output: OutputConfiguration(width: 400, height: Double((layers + 99) / 100 * 4), background: .black))
            let client = compositor.addClient()
            func set(_ h: Int, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
                .set(LayerHandle(UInt64(h)), LayerKeyPath(key), value)
            }
            var ops: [LayerOperation] = []
            for n in 0..<layers {
                let (x, y) = (Double(n % 100) * 4 + 2, Double(n / 100) * 4 + 2)
                ops += [
                    .create(LayerHandle(UInt64(n)), name: nil), set(n, .bounds, .rect(Rect(x: 0, y: 0, width: 4, height: 4))),
                    set(n, .position, .point(Point(x: x, y: y))), set(n, .backgroundColor, .color(Color(red: 0, green: 0.5, blue: 1))),
                    .insertSublayer(LayerHandle(UInt64(n)), into: nil, at: nil),
                ]
            }
            compositor.commit(Commit(operations: ops), from: client)
            var last = FrameStatistics()
            for frame in 1...4 {
                let color = Color(red: Double(frame) / 4, green: 0, blue: 0)
                compositor.commit(Commit(operations: [set(250, .backgroundColor, .color(color))]), from: client)
                last = try compositor.frame(at: Double(frame) / 60).statistics
            }
            return last
        }
    }

    @Test("one layer changing colour among 1,000 or 20,000: the same instance bytes copied (one instance's), draw calls and instances visited")
    func oneChangeAmongMany() throws {
        let small = try Self.oneChanging(among: 1_000), large = try Self.oneChanging(among: 20_000)
        let one = MemoryLayout<LayerInstance>.stride
        #expect(small.uploadedInstanceBytes == one, "\(small)")
        #expect(large.uploadedInstanceBytes == one, "\(large)")
        #expect(small.drawCalls == large.drawCalls)
        // The draw walks what reaches the damage (the grid's cells), not every instance.
        #expect(small.instancesVisited == large.instancesVisited && large.instancesVisited < 50, "\(small.instancesVisited), \(large.instancesVisited)")
        #expect(small.glObjectsCreated == 0 && large.glObjectsCreated == 0)
        #expect(large.damage.box != nil, "the frame redrew a box, not everything")
    }
}
