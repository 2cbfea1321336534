import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing

/// Bitmaps live as long as something holds them, in the app and in the daemon; a layer that redraws
/// its contents at the same size updates its bitmap in place, where it was marked.
@MainActor
@Suite("Bitmap lifetime", .serialized)
struct BitmapLifetimeTests {
    func open(_ arguments: [String] = ["--size", "120x80"]) throws -> (DaemonProcess, Connection) {
        let daemon = try DaemonProcess(arguments)
        let connection = try Connection(name: "bitmap-tests", path: daemon.socketPath)
        return (daemon, connection)
    }

    /// Draws its layer in one colour, which the test changes between displays.
    final class Painter: LayerDelegate {
        var color = Color(red: 1, green: 0, blue: 0)
        var draws = 0
        func draw(_ layer: Layer, in context: DrawingContext) {
            draws += 1
            context.fill(Rect(x: 0, y: 0, width: context.size.width, height: context.size.height), with: color)
        }
    }

    /// `count` layers, each showing a bitmap of its own that only the layer holds.
    func layersWithBitmaps(_ count: Int, _ connection: Connection) throws -> [Layer] {
        try (0..<count).map { i in
            let layer = Layer()
            layer.frame = Rect(x: Double(i) * 10, y: 0, width: 8, height: 8)
            layer.contents = try Bitmap(width: 8, height: 8) { $0.fill(Rect(x: 0, y: 0, width: 8, height: 8), with: .white) }
            connection.addLayer(layer)
            return layer
        }
    }

    @Test("a bitmap no layer shows any more is dropped by the daemon: its texture count falls back")
    func releasedWhenNoLongerShown() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layers = try layersWithBitmaps(5, connection)
        try connection.synchronize()
        #expect(try connection.stats().textures == 5)
        layers[0].contents = nil
        layers[1].removeFromSuperlayer()
        layers[2].contents = try Bitmap(width: 4, height: 4) { _ in }
        try connection.synchronize()
        // Layer 1's object still holds its bitmap (the layer lives in this test): 5 - 2 + 1 new.
        #expect(try connection.stats().textures == 4)
        let kept = Array(layers[3...])
        _ = kept
    }

    @Test("a layer redrawn every frame at the same size keeps one bitmap, updated in place, and flat memory on both sides")
    func redrawingInPlaceKeepsMemoryFlat() throws {
        let (daemon, connection) = try open(["--size", "400x200", "--scale", "2"])
        defer { withExtendedLifetime(daemon) {} }
        let painter = Painter()
        let layer = Layer()
        layer.delegate = painter
        layer.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        layer.contentsScale = 2
        connection.addLayer(layer)
        layer.setNeedsDisplay()
        try connection.synchronize()
        let id = try #require(layer.contents?.id)
        let first = (client: connection.bitmapPools, daemon: try connection.stats())
        // A shortened soak: 300 redraws of 800x400 pixels, 1.28 MB each (384 MB in all).
        for i in 0..<300 {
            painter.color = Color(red: Double(i % 2), green: 0, blue: 1)
            layer.setNeedsDisplay()
            try connection.synchronize()
        }
        let last = (client: connection.bitmapPools, daemon: try connection.stats())
        #expect(painter.draws == 301)
        #expect(layer.contents?.id == id, "the same bitmap, redrawn in place")
        #expect(last.client.bytes == first.client.bytes, "the client's pools did not grow: \(first.client) -> \(last.client)")
        #expect(last.client.inFlight == 0)
        #expect(last.daemon.textures == 1 && last.daemon.poolBytes == first.daemon.poolBytes, "\(first.daemon) -> \(last.daemon)")
        #expect(last.daemon.textureBytes == first.daemon.textureBytes)
    }

    @Test("windows redrawn every frame reuse the daemon's memory: frame after frame, no fresh pages faulted in")
    func steadyRedrawsFaultInNoFreshMemory() throws {
        // Sixteen 250x250 windows, each redrawn for every frame. llvmpipe allocates each frame's working
        // memory afresh; in blocks that glibc mapped on their own, every frame faulted in hundreds of
        // zeroed pages (HeapTuning). Kept on the heap, a steady frame touches pages it touched before.
        let (daemon, connection) = try open(["--size", "1000x500"])
        defer { withExtendedLifetime(daemon) {} }
        let painters = (0..<16).map { _ in Painter() }
        let layers = painters.enumerated().map { i, painter in
            let layer = Layer()
            layer.delegate = painter
            layer.frame = Rect(x: Double(i % 4) * 250, y: Double(i / 4) * 125, width: 250, height: 250)
            connection.addLayer(layer)
            return layer
        }
        func redraw(_ frame: Int) throws {
            for (i, painter) in painters.enumerated() {
                painter.color = Color(red: Double((frame + i) % 2), green: 0.5, blue: 1)
                layers[i].setNeedsDisplay()
            }
            try connection.synchronize()
        }
        for frame in 0..<20 { try redraw(frame) }  // the first frames' allocations
        let before = daemon.minorFaults
        let frames = 60
        for frame in 20..<(20 + frames) { try redraw(frame) }
        let faults = daemon.minorFaults - before
        #expect(before > 0 && painters.allSatisfy { $0.draws == 20 + frames })
        // One 250x250 texture is 62 pages: a frame faulting in what it draws would pass this alone.
        #expect(faults < 4 * frames, "\(faults) page faults in \(frames) frames")
    }

    @Test("setNeedsDisplay(_:) redraws only the marked rectangle, over what was drawn; the daemon shows both parts")
    func partialRedraw() throws {
        let (daemon, connection) = try open(["--size", "40x20"])
        defer { withExtendedLifetime(daemon) {} }
        let painter = Painter()
        let layer = Layer()
        layer.delegate = painter
        layer.frame = Rect(x: 0, y: 0, width: 40, height: 20)
        connection.addLayer(layer)
        layer.setNeedsDisplay()
        try connection.synchronize()
        painter.color = Color(red: 0, green: 0, blue: 1)
        layer.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 20))
        try connection.synchronize()
        let shot = try connection.screenshot()
        #expect(shot[5, 10] == SIMD4<UInt8>(0, 0, 255, 255), "the marked part, drawn anew: \(shot[5, 10])")
        #expect(shot[30, 10] == SIMD4<UInt8>(255, 0, 0, 255), "the rest, as drawn before: \(shot[30, 10])")
        #expect(painter.draws == 2)
    }
}
