import Foundation
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaTestSupport
import Testing

/// Replicator layers: copy i of the sublayers under `instanceTransform` applied i times about the centre
/// of the bounds, multiplied by `instanceColor + i × offsets`, `i × instanceDelay` behind in time;
/// expected pixels computed from that geometry.
@Suite("Drawing: replicators")
struct ReplicatorTests {
    /// A 100x100 canvas, black, with a replicator over all of it configured by `configure`, whose one
    /// sublayer is a 10x10 square of `color` centred at `center`.
    static func scene(
        center: Point, color: Color = red, _ configure: (inout PropertyValues) -> Void,
        square: (inout PropertyValues) -> Void = { _ in }
    ) -> (TestScene, LayerID, LayerID) {
        var scene = TestScene(width: 100, height: 100)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        let replicator = scene.layer(kind: .replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            configure(&$0)
        }
        let sublayer = scene.layer(in: replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
            $0[.position] = center
            $0[.backgroundColor] = color
            square(&$0)
        }
        return (scene, replicator, sublayer)
    }

    @Test("copies step by instanceTransform: translation")
    func translation() throws {
        let (scene, _, _) = Self.scene(center: Point(x: 5, y: 5)) {
            $0[.instanceCount] = 4
            $0[.instanceTransform] = Transform3D(translationX: 20, y: 0, z: 0)
        }
        let drawn = try draw(scene)
        for i in 0..<5 {
            let x = 5 + 20 * i
            #expect(drawn[x, 5] == (i < 4 ? pixel(255, 0, 0) : pixel(0, 0, 0)), "copy \(i) at x \(x)")
            #expect(drawn[x + 10, 5] == pixel(0, 0, 0), "the gap after copy \(i)")
        }
    }

    @Test("copies turn about the centre of the replicator's bounds: copy i at c + R(iθ)(p − c)")
    func rotation() throws {
        let angle = Double.pi / 3
        let (scene, _, _) = Self.scene(center: Point(x: 50, y: 15)) {
            $0[.instanceCount] = 6
            $0[.instanceTransform] = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        }
        let drawn = try draw(scene)
        for i in 0..<6 {
            // In y-down coordinates a positive angle turns +x towards +y.
            let (c, s) = (cos(Double(i) * angle), sin(Double(i) * angle))
            let (dx, dy) = (0.0, 15.0 - 50)
            let x = 50 + dx * c - dy * s, y = 50 + dx * s + dy * c
            #expect(drawn[Int(x), Int(y)] == pixel(255, 0, 0), "copy \(i) centred at (\(x), \(y))")
        }
        #expect(drawn[50, 50] == pixel(0, 0, 0), "nothing at the centre")
    }

    @Test("copy i is multiplied by instanceColor + i × offsets, clamped")
    func colorSteps() throws {
        let (scene, _, _) = Self.scene(center: Point(x: 5, y: 5), color: white) {
            $0[.instanceCount] = 6
            $0[.instanceTransform] = Transform3D(translationX: 15, y: 0, z: 0)
            $0[.instanceColor] = Color(red: 1, green: 0.5, blue: 1, alpha: 1)
            $0[.instanceRedOffset] = -0.25
            $0[.instanceGreenOffset] = 0.25
            $0[.instanceAlphaOffset] = -0.2
        }
        let drawn = try draw(scene)
        for i in 0..<6 {
            let k = Double(i)
            let (r, g, b, a) = (max(0, 1 - 0.25 * k), min(1, 0.5 + 0.25 * k), 1.0, max(0, 1 - 0.2 * k))
            let expected = SIMD3(r * a, g * a, b * a) * 255
            let got = drawn[5 + 15 * i, 5]
            for ch in 0..<3 {
                #expect(abs(Double(got[ch]) - expected[ch]) <= 1.5, "copy \(i) channel \(ch): \(got) against \(expected)")
            }
        }
    }

    @Test("copy i's animations run i × instanceDelay behind: mid-animation positions")
    func delay() throws {
        var (scene, _, square) = Self.scene(center: Point(x: 5, y: 5)) {
            $0[.instanceCount] = 4
            $0[.instanceTransform] = Transform3D(translationX: 0, y: 20, z: 0)
            $0[.instanceDelay] = 0.25
        }
        // position.x from 5 to 85 over one second, linear.
        try scene.tree.addAnimation(
            .basic(LayerKeyPath("position.x"), from: .number(5), to: .number(85), timing: MediaTiming(duration: 1)),
            forKey: "slide", to: square)
        scene.evaluate(at: 0.6)
        let drawn = try draw(scene)
        for i in 0..<4 {
            let t = max(0, 0.6 - 0.25 * Double(i))
            let centre = 5 + 80 * t  // the square's centre x
            let y = 5 + 20 * i
            #expect(drawn[Int(centre.rounded(.down)), y] == pixel(255, 0, 0), "copy \(i) at time \(t): centre \(centre)")
            #expect(drawn[Int(centre + 6), y] == pixel(0, 0, 0), "copy \(i): nothing right of it")
            if centre > 7 { #expect(drawn[Int(centre - 6), y] == pixel(0, 0, 0), "copy \(i): nothing left of it") }
        }
    }

    /// A 100x100 canvas with a replicator over all of it: `count` copies `apart` points below each
    /// other, each `delay` seconds behind the one above.
    static func laggingCopies(_ count: Int, apart: Double, delay: Double) -> (TestScene, LayerID) {
        var scene = TestScene(width: 100, height: 100)
        let replicator = scene.layer(kind: .replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.instanceCount] = Double(count)
            $0[.instanceTransform] = Transform3D(translationX: 0, y: apart, z: 0)
            $0[.instanceDelay] = delay
        }
        return (scene, replicator)
    }

    @Test("copies lagging behind a stroke animation each show their own stroke, frame after frame, and the rasters go when the lag does")
    func delayedStrokes() throws {
        var (scene, replicator) = Self.laggingCopies(4, apart: 20, delay: 0.25)
        // A line from x 10 to 90 at y 5, 6 wide, butt caps, drawn 0...100% over one second.
        let line = scene.layer(in: replicator, kind: .shape) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 10)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.path] = try! Path(svgPathData: "M10 5 H90")
            $0[.strokeColor] = white
            $0[.lineWidth] = 6
            $0[.fillColor] = Color(red: 0, green: 0, blue: 0, alpha: 0)
        }
        try scene.tree.addAnimation(
            .basic(LayerKeyPath(.strokeEnd), from: .number(0), to: .number(1), timing: MediaTiming(duration: 1)),
            forKey: "draw", to: line)
        let frames = scene
        let (images, held) = try makeContext().perform { render -> ([RGBAImage], [Int]) in
            var frame = frames
            let renderer = try Renderer(render)
            let target = try OffscreenTarget(render, width: 100, height: 100, layout: .rgba)
            var (images, held) = ([RGBAImage](), [Int]())
            for time in [0.6, 0.8, 2.0] {
                frame.evaluate(at: time)
                try renderer.draw(frame.tree, frame.presentation, scale: 1, background: frame.background, into: target)
                images.append(try target.read())
                held.append(renderer.generatedTextures.count)
            }
            return (images, held)
        }
        for (image, time) in zip(images, [0.6, 0.8, 2.0]) {
            for i in 0..<4 {
                // Where copy i's stroke ends: the whole line (the model's strokeEnd, 1) before its
                // animation begins and after it ends.
                let t = time - 0.25 * Double(i)
                let end = t < 0 ? 90 : 10 + 80 * min(1, t)
                let y = 5 + 20 * i
                if end > 13 { #expect(image[Int(end) - 3, y] == pixel(255, 255, 255), "copy \(i) at \(time): stroked to \(end)") }
                if end < 87 { #expect(image[Int(end) + 3, y] == transparent, "copy \(i) at \(time): not past \(end)") }
            }
        }
        // Four copies, four strokes: four rasters while they lag, one when all are whole.
        #expect(held == [4, 4, 1], "\(held)")
    }

    @Test("copies lagging behind a gradient's colours animation each show their own colours")
    func delayedGradients() throws {
        var (scene, replicator) = Self.laggingCopies(3, apart: 30, delay: 0.3)
        let gradient = scene.layer(in: replicator, kind: .gradient) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 20)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.colors] = [red, red]
        }
        // Both stops from red to blue over one second, linear.
        try scene.tree.addAnimation(
            .basic(LayerKeyPath(.colors), from: .colors([red, red]), to: .colors([blue, blue]), timing: MediaTiming(duration: 1)),
            forKey: "fade", to: gradient)
        scene.evaluate(at: 0.8)
        let drawn = try draw(scene)
        for i in 0..<3 {
            let t = 0.8 - 0.3 * Double(i)  // 0.8, 0.5, 0.2: each copy's colours part way to blue
            let expected = SIMD4<UInt8>(UInt8(((1 - t) * 255).rounded()), 0, UInt8((t * 255).rounded()), 255)
            #expect(nearlyEqual(drawn[50, 10 + 30 * i], expected, within: 2), "copy \(i): \(drawn[50, 10 + 30 * i]) against \(expected)")
        }
    }

    @Test("copies lagging behind a text's fontSize animation each show their own size")
    func delayedTexts() throws {
        // Three copies on top of each other, the text growing from 10 to 80 points over one second.
        var (scene, replicator) = Self.laggingCopies(3, apart: 0, delay: 0.3)
        let text = scene.layer(in: replicator, kind: .text) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.string] = "M"
            $0[.foregroundColor] = white
        }
        try scene.tree.addAnimation(
            .basic(LayerKeyPath(.fontSize), from: .number(10), to: .number(80), timing: MediaTiming(duration: 1)),
            forKey: "grow", to: text)
        scene.evaluate(at: 0.8)
        let drawn = try draw(scene)
        // At 0.8 s the copies are 66, 45 and 24 points. A capital M's ink is some 70% of its size, so
        // the ink of all three reaches copy 0's height, not that of copy 2, the last drawn.
        let inked = (0..<100).filter { y in (0..<100).contains { drawn[$0, y].w > 128 } }
        let height = Double((inked.max() ?? 0) - (inked.min() ?? 0) + 1)
        #expect(height > 0.55 * 66 && height < 0.85 * 66, "ink \(height) points tall")
    }

    @Test("replicators nest: a 10x10 grid from two replicators of ten")
    func nested() throws {
        var scene = TestScene(width: 100, height: 100)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        let rows = scene.layer(kind: .replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.instanceCount] = 10
            $0[.instanceTransform] = Transform3D(translationX: 0, y: 10, z: 0)
            $0[.instanceBlueOffset] = -0.1
        }
        let columns = scene.layer(in: rows, kind: .replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.instanceCount] = 10
            $0[.instanceTransform] = Transform3D(translationX: 10, y: 0, z: 0)
            $0[.instanceRedOffset] = -0.1
        }
        scene.layer(in: columns) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 6, height: 6)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
        }
        let drawn = try draw(scene)
        for row in 0..<10 {
            for column in 0..<10 {
                let expected = pixel(UInt8((255 * (1 - 0.1 * Double(column))).rounded()), 255, UInt8((255 * (1 - 0.1 * Double(row))).rounded()))
                #expect(drawn.expectPixel(10 * column + 3, 10 * row + 3, expected, within: 1), "cell (\(column), \(row))")
                #expect(drawn[10 * column + 8, 10 * row + 8] == pixel(0, 0, 0), "gap after cell (\(column), \(row))")
            }
        }
    }

    @Test("instanceCount 0 draws nothing; 10⁹ draws the documented 10,000")
    func counts() throws {
        let (none, _, _) = Self.scene(center: Point(x: 5, y: 5)) { $0[.instanceCount] = 0 }
        #expect(try draw(none)[5, 5] == pixel(0, 0, 0))
        let (huge, _, _) = Self.scene(center: Point(x: 5, y: 5)) {
            $0[.instanceCount] = 1e9
            $0[.instanceTransform] = Transform3D(translationX: 0.001, y: 0, z: 0)
        }
        let drawn = try draw(huge)
        #expect(drawn.statistics.instances == 1 + 10_000, "the background and 10,000 copies")
    }
}
