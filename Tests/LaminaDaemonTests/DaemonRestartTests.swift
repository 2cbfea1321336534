import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing

/// An app survives its daemon: when `laminad` dies and another starts on the same socket, the client
/// library connects again and hands it the app's layers, bitmaps and running animations.
@MainActor
@Suite("Apps survive the daemon", .serialized)
struct DaemonRestartTests {
    @Test("a daemon killed and restarted under a running app: its layers, contents and animations come back, checked by screenshot")
    func layersComeBackAfterACrash() throws {
        let first = try DaemonProcess(["--size", "64x48"])
        let connection = try Connection(name: "survivor", path: first.socketPath)
        let box = Layer(name: "box")
        box.frame = Rect(x: 0, y: 0, width: 16, height: 16)
        box.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let tile = Layer(name: "tile")
        tile.frame = Rect(x: 4, y: 4, width: 8, height: 8)
        tile.contents = try Bitmap(width: 8, height: 8) { $0.fill(Rect(x: 0, y: 0, width: 8, height: 8), with: Color(red: 0, green: 0, blue: 1)) }
        box.addSublayer(tile)
        let ring = ShapeLayer()
        ring.frame = Rect(x: 32, y: 0, width: 32, height: 32)
        ring.path = try Path(svgPathData: "M4 4 H28 V28 H4 Z")
        ring.fillColor = Color(red: 0, green: 1, blue: 0)
        connection.addLayer(box)
        connection.addLayer(ring)
        let slide = Lamina.BasicAnimation(keyPath: "position.y")
        slide.fromValue = 8.0
        slide.toValue = 40.0
        slide.duration = 1000
        box.add(slide, forKey: "slide")
        try connection.synchronize()
        let (before, valuesBefore) = try connection.daemonPresentation(of: box)

        let second = try first.restarted(["--size", "64x48"])
        defer { withExtendedLifetime(second) {} }
        // The app goes on as if nothing happened: its next commit finds the daemon gone, connects to
        // the new one and sends everything.
        box.opacity = 0.999
        try connection.synchronize()
        #expect(connection.reconnections == 1)

        let shot = try connection.screenshot()
        let (after, valuesAfter) = try connection.daemonPresentation(of: box)
        // The animation kept its begin time: position.y moved on at 32 points in 1000 s.
        guard case .point(let p0)? = valuesBefore["position"], case .point(let p1)? = valuesAfter["position"] else {
            Issue.record("no position")
            return
        }
        let expected = p0.y + 32 / 1000 * (after - before)
        #expect(abs(p1.y - expected) < 0.01, "the slide carried on: \(p0.y) at \(before), \(p1.y) at \(after)")
        // The box (red) at its animated place, the tile's bitmap (blue) in it, the ring (green).
        let y = Int(p1.y.rounded(.down))
        #expect(shot[1, y].x > 200 && shot[1, y].z < 50, "the box: \(shot[1, y])")
        #expect(shot[8, y].z > 200 && shot[8, y].x < 50, "the tile's contents: \(shot[8, y])")
        #expect(shot[48, 16] == SIMD4<UInt8>(0, 255, 0, 255), "the shape: \(shot[48, 16])")
        let stats = try connection.stats()
        #expect(stats.layers == 3 && stats.textures == 1 && stats.animations >= 1, "\(stats)")
    }
}
