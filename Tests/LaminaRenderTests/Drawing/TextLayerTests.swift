import Dispatch
import LaminaCore
import LaminaRaster
import LaminaRender
import LaminaRenderList
import LaminaTestSupport
import Testing

/// Text layers drawn on llvmpipe: the glyph coverage Pango lays out (checked against layout geometry in
/// LaminaRasterTests) tinted exactly by `foregroundColor` and opacity, rasterised at `contentsScale`
/// times the output's scale, and never rasterised again for a change of colour.
@Suite("Drawing: text layers")
struct TextLayerTests {
    static func textScene(
        width: Int = 120, height: Int = 40, _ configure: (inout PropertyValues) -> Void
    ) -> TestScene {
        var scene = TestScene(width: width, height: height)
        scene.layer(kind: .text) {
            $0[.bounds] = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.string] = "Lamina 汉字"
            $0[.fontSize] = 20
            configure(&$0)
        }
        return scene
    }

    @Test("each pixel is the coverage Pango gives times the premultiplied foreground colour and opacity")
    func tint() throws {
        let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        let drawn = try draw(Self.textScene { $0[.foregroundColor] = color; $0[.opacity] = 0.5 })
        let coverage = try TextRasterizer.rasterize(
            TextStyle(string: "Lamina 汉字", fontSize: 20), width: 120, height: 40, scale: 1)
        var inked = 0
        for y in 0..<40 {
            for x in 0..<120 {
                let c = Double(coverage[x, y]) / 255 * 0.8 * 0.5
                let expected = SIMD4<UInt8>(UInt8((c * 255).rounded()), UInt8((c * 0.5 * 255).rounded()), 0, UInt8((c * 255).rounded()))
                #expect(drawn.expectPixel(x, y, expected, within: 1), "(\(x), \(y)): \(drawn[x, y]) against \(expected)")
                if coverage[x, y] > 0 { inked += 1 }
            }
        }
        #expect(inked > 200, "the string drew ink: \(inked) pixels")
        #expect(coverage.unknownGlyphs == 0, "the CJK characters came from a fallback font")
    }

    @Test("rasterised at contentsScale times the output's scale; a colour change draws no text again")
    func scaleAndColourChanges() throws {
        let gpu = try makeContext()
        let (bytes, rasterizations, pixels) = try gpu.perform { render in
            let renderer = try Renderer(render)
            var scene = Self.textScene { $0[.contentsScale] = 2 }
            let target = try OffscreenTarget(render, width: 120, height: 40)
            try renderer.draw(scene.tree, scene.presentation, into: target)
            let bytes = renderer.generatedTextures.texels
            let id = scene.tree.roots[0]
            for color in [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)] {
                try scene.tree.setValue(.color(color), at: LayerKeyPath(.foregroundColor), of: id)
                try renderer.draw(scene.tree, scene.presentation, into: target)
            }
            return (bytes, renderer.rasterizations, try target.read())
        }
        #expect(bytes == 240 * 80, "one coverage texel per pixel at scale 2: \(bytes)")
        #expect(rasterizations == 1)
        #expect((0..<pixels.width * pixels.height).contains { pixels.bytes[$0 * 4 + 2] > 200 }, "the last colour, blue, drawn")
    }

    @Test("a font that is not installed falls back, said once in the log")
    func unknownFont() throws {
        let lines = LogLines()
        let gpu = try makeContext()
        let inked = try gpu.perform { render in
            let renderer = try Renderer(render)
            renderer.log = lines.log
            var scene = Self.textScene { $0[.font] = "No Such Font Anywhere" }
            scene.layer(kind: .text) {
                $0[.bounds] = Rect(x: 0, y: 0, width: 50, height: 20)
                $0[.string] = "again"
                $0[.font] = "No Such Font Anywhere"
            }
            let target = try OffscreenTarget(render, width: 120, height: 40)
            try renderer.draw(scene.tree, scene.presentation, into: target)
            let image = try target.read()
            return (0..<image.width * image.height).filter { image.bytes[$0 * 4 + 3] > 0 }.count
        }
        #expect(inked > 100)
        let fallbacks = lines.all.filter { $0.contains("No Such Font Anywhere") }
        #expect(fallbacks.count == 1, "\(lines.all)")
    }

    @Test("text below the bounds' bottom is clipped there")
    func clippedAtTheBottom() throws {
        let drawn = try draw(Self.textScene(width: 60, height: 60) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 12)
            $0[.string] = "line one line two line three"
            $0[.wrapped] = true
            $0[.fontSize] = 16
        })
        #expect((0..<60).contains { x in (0..<12).contains { drawn[x, $0].w > 0 } })
        for y in 12..<60 { for x in 0..<60 { #expect(drawn[x, y].w == 0, "(\(x), \(y))") } }
    }
}

/// Rasterising in the background: a frame never waits for a shape or text raster; it shows the
/// layer's last one until the thread has drawn the new one.
@Suite("Drawing: rasters drawn in the background")
struct BackgroundRasterTests {
    @Test("the first frame shows nothing of a new text layer, the frame after the raster is ready shows it; a change shows the old raster meanwhile")
    func showsTheLastRasterUntilTheNewOneIsReady() throws {
        let gpu = try makeContext()
        let (first, second, third, fourth) = try gpu.perform { render in
            let renderer = try Renderer(render)
            let ready = DispatchSemaphore(value: 0)
            renderer.rasterizeInBackground { ready.signal() }
            var scene = TextLayerTests.textScene { $0[.string] = "Lamina" }
            let target = try OffscreenTarget(render, width: 120, height: 40)
            func inked() throws -> Int {
                try renderer.draw(scene.tree, scene.presentation, into: target)
                let image = try target.read()
                return (0..<image.width * image.height).filter { image.bytes[$0 * 4 + 3] > 0 }.count
            }
            let first = try inked()
            #expect(renderer.hasPendingRasters)
            ready.wait()
            let second = try inked()
            #expect(!renderer.hasPendingRasters)
            // A longer string: the frame before its raster is ready still shows "Lamina".
            try scene.tree.setValue(.string("Lamina Lamina"), at: LayerKeyPath(.string), of: scene.tree.roots[0])
            let third = try inked()
            ready.wait()
            let fourth = try inked()
            return (first, second, third, fourth)
        }
        #expect(first == 0)
        #expect(second > 100)
        #expect(third == second, "the old raster, until the new one is ready")
        #expect(fourth > third)
    }

    @Test("a shape layer with a shadowPath gets both its rasters, the shape's and the shadow's, made in one frame's batch")
    func aLayersShapeAndShadowAreBothDrawn() throws {
        let gpu = try makeContext()
        let (image, pending) = try gpu.perform { render -> (RGBAImage, Bool) in
            let renderer = try Renderer(render)
            let ready = DispatchSemaphore(value: 0)
            renderer.rasterizeInBackground { ready.signal() }
            var scene = TestScene(width: 80, height: 40)
            scene.layer(kind: .shape) {
                $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
                $0[.anchorPoint] = Point(x: 0, y: 0)
                $0[.position] = Point(x: 10, y: 10)
                $0[.path] = try! Path(svgPathData: "M0 0 H20 V20 H0 Z")
                $0[.fillColor] = red
                $0[.shadowPath] = try! Path(svgPathData: "M0 0 H20 V20 H0 Z")
                $0[.shadowOpacity] = 1
                $0[.shadowRadius] = 0
                $0[.shadowOffset] = Size(width: 40, height: 0)
            }
            let target = try OffscreenTarget(render, width: 80, height: 40)
            // Frames until nothing is left to draw, each after a raster is ready; the waits are bounded
            // so that a raster never coming fails the test instead of hanging it.
            try renderer.draw(scene.tree, scene.presentation, into: target)
            var frames = 0
            while renderer.hasPendingRasters, frames < 4, ready.wait(timeout: .now() + 20) == .success {
                try renderer.draw(scene.tree, scene.presentation, into: target)
                frames += 1
            }
            return (try target.read(), renderer.hasPendingRasters)
        }
        #expect(!pending, "a raster was asked for and never drawn")
        #expect(nearlyEqual(image[20, 20], pixel(255, 0, 0), within: 2), "the shape: \(image[20, 20])")
        #expect(nearlyEqual(image[60, 20], pixel(0, 0, 0), within: 2), "the shadow: \(image[60, 20])")
    }
}
