import Foundation
import LaminaImage
import LaminaTestSupport
import Testing

/// The Swift examples run as the README shows (`--socket`, `--seconds N`, `--screenshot F.png`)
/// against a real daemon, and their screenshots show what they are for.
@Suite("Example apps against a daemon", .serialized)
struct ExampleAppTests {
    /// Runs example `name` for `seconds` against `daemon` and returns its screenshot and what it printed.
    static func run(_ name: String, seconds: Double, daemon: DaemonProcess) throws -> (RGBAImage, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(name)-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try runProgram(
            buildFolder.appendingPathComponent(name), ["--socket", daemon.socketPath, "--seconds", "\(seconds)", "--screenshot", path])
        #expect(status == 0, "\(name): \(output)")
        return (try PNG.decode(fileAtPath: path), output)
    }

    @Test("SpinningGL: a cube rendered with OpenGL ES shows inside its rounded GL layer, over the clear colour, beside the text")
    func spinningGL() throws {
        let daemon = try DaemonProcess(["--size", "400x200"])
        defer { withExtendedLifetime(daemon) {} }
        let (shot, output) = try Self.run("SpinningGL", seconds: 1, daemon: daemon)
        #expect(output.contains("rendering with "), "\(output)")
        #expect(shot.width == 400 && shot.height == 200)
        // The GL layer spans x 28...208, y 10...190 (0.45 x 400 = 180 points square, centred vertically,
        // tilted by 0.06 rad): its inner corner shows the GL clear colour (0.08, 0.09, 0.14).
        let clear = SIMD4<Int>(20, 23, 36, 255)
        let corner = shot[48, 36]
        #expect(abs(Int(corner.x) - clear.x) <= 2 && abs(Int(corner.y) - clear.y) <= 2 && abs(Int(corner.z) - clear.z) <= 2, "\(corner)")
        // The cube's faces are bright: some pixel of the middle of the layer is far from the clear colour.
        var bright = 0
        for y in stride(from: 60, to: 140, by: 4) {
            for x in stride(from: 80, to: 160, by: 4) where Int(shot[x, y].x) + Int(shot[x, y].y) + Int(shot[x, y].z) > 300 { bright += 1 }
        }
        #expect(bright > 100, "the cube covers the middle of the layer: \(bright) bright samples of 400")
        #expect(output.contains("presented "), "\(output)")
    }

    @Test("DeepZoom: after a zoom into the Mandelbrot set, the tiles drawn for the last view fill the screen with the set's colours")
    func deepZoom() throws {
        let daemon = try DaemonProcess(["--size", "200x200"])
        defer { withExtendedLifetime(daemon) {} }
        let (shot, output) = try Self.run("DeepZoom", seconds: 2, daemon: daemon)
        #expect(shot.width == 200 && shot.height == 200, "\(output)")
        // Drawn tiles everywhere: no pixel left at the output's black background, and the boundary's
        // bands of colour make many distinct colours.
        var colours: Set<SIMD4<UInt8>> = []
        var background = 0
        for y in stride(from: 0, to: 200, by: 2) {
            for x in stride(from: 0, to: 200, by: 2) {
                let p = shot[x, y]
                colours.insert(p)
                if p == SIMD4(0, 0, 0, 255) { background += 1 }
            }
        }
        #expect(background == 0, "\(background) samples show no tile")
        #expect(colours.count > 50, "\(colours.count) colours")
    }
}
