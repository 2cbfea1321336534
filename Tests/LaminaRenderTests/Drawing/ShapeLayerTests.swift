import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaTestSupport
import Testing

/// Shape layers drawn on llvmpipe, checked against geometry: which pixels a fill, a stroke of a given
/// width, a cap, a join, a dash or a cut stroke covers, worked out from the path's coordinates.
@Suite("Drawing: shape layers")
struct ShapeLayerTests {
    /// One shape layer at the origin with `path` (SVG data), no fill unless `configure` sets one.
    static func shape(
        width: Int = 100, height: Int = 60, _ path: String, _ configure: (inout PropertyValues) -> Void = { _ in }
    ) -> TestScene {
        var scene = TestScene(width: width, height: height)
        scene.layer(kind: .shape) {
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.path] = try! Path(svgPathData: path)
            $0[.fillColor] = .clear
            configure(&$0)
        }
        return scene
    }

    /// A blue stroke of `width` with `configure`'s style.
    static func stroke(_ path: String, width: Double = 4, _ configure: (inout PropertyValues) -> Void = { _ in }) -> TestScene {
        shape(path) {
            $0[.strokeColor] = blue
            $0[.lineWidth] = width
            configure(&$0)
        }
    }

    static let strokeBlue = pixel(0, 0, 255)

    /// The share of pixel (x, y) for which `inside` holds, 0...255, by 32 x 32 samples: the coverage
    /// an exact rasteriser gives, from the geometry alone.
    static func coverage(_ x: Int, _ y: Int, _ inside: (Double, Double) -> Bool) -> Double {
        var count = 0
        for i in 0..<32 {
            for j in 0..<32 where inside(Double(x) + (Double(i) + 0.5) / 32, Double(y) + (Double(j) + 0.5) / 32) { count += 1 }
        }
        return Double(count) / 1024 * 255
    }

    @Test("a fill covers exactly the pixels inside the path; the default fill is opaque black")
    func fill() throws {
        var scene = TestScene(width: 50, height: 50)
        scene.layer(kind: .shape) {
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.path] = try! Path(svgPathData: "M10 10 L30 10 L30 30 L10 30 Z")
        }
        let drawn = try draw(scene)
        #expect(drawn.expectPixel(10, 10, pixel(0, 0, 0), within: 0))
        #expect(drawn.expectPixel(29, 29, pixel(0, 0, 0), within: 0))
        for (x, y) in [(9, 20), (30, 20), (20, 9), (20, 30)] { #expect(drawn[x, y] == transparent, "(\(x), \(y))") }
    }

    @Test("fill rules: a square inside a square wound the same way is filled under nonZero, a hole under evenOdd")
    func fillRules() throws {
        let path = "M0 0 H40 V40 H0 Z M10 10 H30 V30 H10 Z"
        let nonZero = try draw(Self.shape(path) { $0[.fillColor] = red })
        let evenOdd = try draw(Self.shape(path) { $0[.fillColor] = red; $0[.fillRule] = .evenOdd })
        #expect(nonZero.expectPixel(20, 20, pixel(255, 0, 0), within: 0))
        #expect(evenOdd[20, 20] == transparent)
        #expect(evenOdd.expectPixel(5, 5, pixel(255, 0, 0), within: 0))
    }

    @Test("a stroke is lineWidth wide, centred on the path; butt caps end at the end points")
    func strokeWidthAndButtCaps() throws {
        let drawn = try draw(Self.stroke("M10 20 L50 20"))
        for y in 18...21 { #expect(drawn.expectPixel(30, y, Self.strokeBlue, within: 0), "y \(y)") }
        #expect(drawn[30, 17] == transparent)
        #expect(drawn[30, 22] == transparent)
        #expect(drawn.expectPixel(10, 20, Self.strokeBlue, within: 0))
        #expect(drawn.expectPixel(49, 20, Self.strokeBlue, within: 0))
        #expect(drawn[9, 20] == transparent)
        #expect(drawn[50, 20] == transparent)
    }

    @Test("square caps reach half the width past the ends; round caps a half disc")
    func caps() throws {
        let square = try draw(Self.stroke("M10 20 L50 20") { $0[.lineCap] = .square })
        #expect(square.expectPixel(8, 18, Self.strokeBlue, within: 0))
        #expect(square.expectPixel(51, 21, Self.strokeBlue, within: 0))
        #expect(square[7, 20] == transparent)
        let round = try draw(Self.stroke("M10 20 L50 20") { $0[.lineCap] = .round })
        // Inside: within 2 of the segment from (10, 20) to (50, 20), the cap a half disc about (10, 20).
        func inStroke(_ px: Double, _ py: Double) -> Bool {
            let dx = px < 10 ? px - 10 : px > 50 ? px - 50 : 0
            return dx * dx + (py - 20) * (py - 20) <= 4
        }
        for (x, y) in [(8, 20), (8, 18), (7, 20), (8, 21), (9, 18)] {
            let expected = Self.coverage(x, y, inStroke)
            #expect(abs(Double(round[x, y].z) - expected) <= 10, "(\(x), \(y)): \(round[x, y]) against \(expected)")
        }
    }

    @Test("joins: a miter fills the outer corner, a bevel cuts it along the line between the edges' ends, a round one rounds it")
    func joins() throws {
        // A right angle at (30, 40): the outer corner of a width 4 stroke is (32, 42).
        let path = "M10 40 L30 40 L30 20"
        let miter = try draw(Self.stroke(path))
        let bevel = try draw(Self.stroke(path) { $0[.lineJoin] = .bevel })
        let round = try draw(Self.stroke(path) { $0[.lineJoin] = .round })
        #expect(miter.expectPixel(31, 41, Self.strokeBlue, within: 0))
        // Pixel (31, 41)'s centre lies beyond the bevel x + y = 72; only its corner is inside.
        #expect(bevel[31, 41].z <= 128, "\(bevel[31, 41])")
        #expect(round[31, 41].z < 255 && round[31, 41].z > bevel[31, 41].z, "\(round[31, 41]) vs \(bevel[31, 41])")
        // Inside the corner all three agree.
        for drawn in [miter, bevel, round] { #expect(drawn.expectPixel(29, 39, Self.strokeBlue, within: 0)) }
    }

    @Test("a miter longer than miterLimit line widths is bevelled")
    func miterLimit() throws {
        // A sharp angle: the miter of a 4-wide stroke turning back at 30° is 4 / sin(15°) = 15.5 long.
        let path = "M10 50 L50 40 L10 30"
        let long = try draw(Self.stroke(path) { $0[.miterLimit] = 10 })
        let limited = try draw(Self.stroke(path) { $0[.miterLimit] = 2 })
        // Each side turns back at a = atan(10 / 40) to the axis y = 40: the miter's tip lies
        // 2 / sin(a) = 8.25 past the corner, its half width (tip - x) tan(a), and its ratio to the line
        // width, 1 / sin(a) = 4.1, is under 10 but over 2. Bevelled, nothing passes x = 50.5.
        let a = Double.atan(10.0 / 40)
        let tip = 50 + 2 / Double.sin(a)
        // cairo's coverage is exact to a few percent: its sub-row sampling draws the two rows mirrored
        // about y = 40 up to 11/255 apart here.
        for (x, y) in [(55, 40), (55, 39), (56, 40), (57, 39)] {
            let expected = Self.coverage(x, y) { px, py in abs(py - 40) <= (tip - px) * Double.tan(a) }
            #expect(abs(Double(long[x, y].z) - expected) <= 16, "(\(x), \(y)): \(long[x, y]) against \(expected)")
        }
        #expect(limited[55, 40] == transparent)
        #expect(limited[52, 40] == transparent)
    }

    @Test("strokeStart and strokeEnd stroke that part of the path's length; start at or past end strokes nothing")
    func strokeStartAndEnd() throws {
        let half = try draw(Self.stroke("M10 20 L50 20") { $0[.strokeEnd] = 0.5 })
        #expect(half.expectPixel(29, 20, Self.strokeBlue, within: 0))
        #expect(half[30, 20] == transparent)
        let middle = try draw(Self.stroke("M10 20 L50 20") { $0[.strokeStart] = 0.25; $0[.strokeEnd] = 0.75 })
        #expect(middle[19, 20] == transparent)
        #expect(middle.expectPixel(20, 20, Self.strokeBlue, within: 0))
        #expect(middle.expectPixel(39, 20, Self.strokeBlue, within: 0))
        #expect(middle[40, 20] == transparent)
        let none = try draw(Self.stroke("M10 20 L50 20") { $0[.strokeStart] = 0.6; $0[.strokeEnd] = 0.6 })
        #expect(none[30, 20] == transparent && none[36, 20] == transparent)
        // Over two subpaths of lengths 40 and 40, 0.75 ends halfway along the second.
        let two = try draw(Self.stroke("M10 10 L50 10 M10 40 L50 40") { $0[.strokeEnd] = 0.75 })
        #expect(two.expectPixel(45, 10, Self.strokeBlue, within: 0))
        #expect(two.expectPixel(29, 40, Self.strokeBlue, within: 0))
        #expect(two[30, 40] == transparent)
    }

    @Test("strokeEnd by arc length along a curve: a half circle's stroke ends at its top")
    func strokeEndAlongACurve() throws {
        // A circle of radius 20 about (50, 30), from its right-most point clockwise (y down): a quarter
        // of the length reaches the bottom (50, 50), half the left-most point (30, 30).
        let circle = "M70 30 A20 20 0 0 1 30 30 A20 20 0 0 1 70 30"
        let drawn = try draw(Self.stroke(circle, width: 2) { $0[.strokeEnd] = 0.25 })
        #expect(drawn[64, 44].z > 100, "on the first quarter: \(drawn[64, 44])")  // angle 45°: (64.1, 44.1)
        #expect(drawn[35, 44] == transparent, "past the end: \(drawn[35, 44])")
        #expect(drawn[35, 15] == transparent)
    }

    @Test("dashes alternate from the start of the path, shifted by the phase, and stay put under strokeStart")
    func dashes() throws {
        let dashed = try draw(Self.stroke("M10 20 L90 20") { $0[.lineDashPattern] = [10, 10] })
        for x in [10, 19, 30, 39, 50] { #expect(dashed.expectPixel(x, 20, Self.strokeBlue, within: 0), "on at \(x)") }
        for x in [20, 29, 40, 49] { #expect(dashed[x, 20] == transparent, "off at \(x)") }
        let phased = try draw(Self.stroke("M10 20 L90 20") { $0[.lineDashPattern] = [10, 10]; $0[.lineDashPhase] = 5 })
        #expect(phased.expectPixel(14, 20, Self.strokeBlue, within: 0))
        #expect(phased[15, 20] == transparent && phased[24, 20] == transparent)
        #expect(phased.expectPixel(25, 20, Self.strokeBlue, within: 0))
        let cut = try draw(Self.stroke("M10 20 L90 20") { $0[.lineDashPattern] = [10, 10]; $0[.strokeStart] = 0.25 })
        #expect(cut[25, 20] == transparent, "before the start")
        #expect(cut.expectPixel(30, 20, Self.strokeBlue, within: 0), "the dash from 30 to 40, as uncut")
        #expect(cut[45, 20] == transparent, "the gap from 40 to 50, as uncut")
    }

    @Test("the stroke is drawn over the fill: a half-transparent stroke blends with the fill under it")
    func strokeOverFill() throws {
        let drawn = try draw(Self.shape("M10 10 H50 V50 H10 Z") {
            $0[.fillColor] = red
            $0[.strokeColor] = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            $0[.lineWidth] = 6
        })
        #expect(drawn.expectPixel(30, 30, pixel(255, 0, 0), within: 0), "the fill alone")
        #expect(drawn.expectPixel(11, 30, pixel(128, 0, 128), within: 1), "inside: stroke over fill: \(drawn[11, 30])")
        #expect(drawn.expectPixel(8, 30, pixel(0, 0, 128, 128), within: 1), "outside: the stroke alone: \(drawn[8, 30])")
    }

    @Test("a shape reaches outside its bounds unless the layer masks to them")
    func boundsDoNotClip() throws {
        let free = try draw(Self.shape("M0 0 H40 V40 H0 Z") { $0[.fillColor] = red; $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20) })
        #expect(free.expectPixel(30, 30, pixel(255, 0, 0), within: 0))
        let masked = try draw(Self.shape("M0 0 H40 V40 H0 Z") {
            $0[.fillColor] = red
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
            $0[.masksToBounds] = true
        })
        #expect(masked.expectPixel(10, 10, pixel(255, 0, 0), within: 0))
        #expect(masked[30, 30] == transparent)
    }

    @Test("scaled up 4x by a transform a shape stays sharp: rasterised at the scale it is shown at")
    func sharpUnderScale() throws {
        let drawn = try draw(Self.shape(width: 100, height: 100, "M2 2 H12 V12 H2 Z") {
            $0[.fillColor] = red
            $0[.transform] = Transform3D(scaleX: 4, y: 4, z: 1)
        })
        // The square spans 8...48 on screen: the pixels on either side of each edge are full or empty.
        #expect(drawn.expectPixel(8, 30, pixel(255, 0, 0), within: 0))
        #expect(drawn.expectPixel(47, 30, pixel(255, 0, 0), within: 0))
        #expect(drawn[7, 30] == transparent)
        #expect(drawn[48, 30] == transparent)
    }

    @Test("off the pixel grid (turned, scaled 1.125, moved a third of a pixel) a stroke's edges are as sharp as its coverage")
    func sharpOffTheGrid() throws {
        // A circle of radius 16 about the layer's origin stroked 3 wide, turned 20° and scaled 1.125, its
        // centre moved to (25⅓, 25⅓): on screen a ring from radius 16.3125 to 19.6875 about that point,
        // whatever the turn. Its raster is resampled onto the pixels; each pixel's alpha must stay near
        // the share of it the ring covers, computed from the geometry (within 26 of 255 here; a raster
        // at the shown scale, resampled, came 52 off).
        let (scale, centre) = (1.125, 25.0 + 1.0 / 3)
        let drawn = try draw(Self.shape(width: 50, height: 50, "M16 0 A16 16 0 1 1 -16 0 A16 16 0 1 1 16 0 Z") {
            $0[.strokeColor] = red
            $0[.lineWidth] = 3
            $0[.transform] = Transform3D(rotationAngle: 20 * .pi / 180, x: 0, y: 0, z: 1).concatenating(Transform3D(scaleX: scale, y: scale, z: 1))
            $0[.position] = Point(x: centre, y: centre)
        })
        let (inner, outer) = ((16 - 1.5) * scale, (16 + 1.5) * scale)
        var worst = 0.0
        for y in [25, 31] {
            for x in 0..<50 {
                let expected = Self.coverage(x, y) { px, py in
                    let r = ((px - centre) * (px - centre) + (py - centre) * (py - centre)).squareRoot()
                    return r >= inner && r <= outer
                }
                worst = max(worst, abs(Double(drawn[x, y][3]) - expected))
            }
        }
        #expect(worst <= 36, "alpha off its coverage by \(worst) of 255")
    }

    @Test("a shape whose path animates is rasterised at its step, a still one with twice the pixels")
    func oversampledUnlessReshaping() throws {
        let start = Self.shape(width: 80, height: 80, "M2 2 H42 V42 H2 Z") {
            $0[.fillColor] = red
            $0[.transform] = Transform3D(scaleX: 1.125, y: 1.125, z: 1)
        }
        let id = try #require(start.tree.roots.first)
        let wider = try Path(svgPathData: "M2 2 H42 V42 H1 Z")
        var animated = start
        try animated.tree.addAnimation(.basic(LayerKeyPath(.path), to: .path(wider), timing: MediaTiming(duration: 1)), forKey: "grow", to: id)
        // The bytes uploaded by a second frame whose path differs from the first's: animated, the
        // path half way; still, the wider path set.
        func secondFrameUploads(_ scene: TestScene, animates: Bool) throws -> Int {
            try makeContext().perform { render -> Int in
                var frame = scene
                let renderer = try Renderer(render)
                let target = try OffscreenTarget(render, width: frame.width, height: frame.height, layout: .rgba)
                frame.evaluate(at: 0)
                _ = try renderer.draw(frame.tree, frame.presentation, scale: 1, background: frame.background, into: target)
                if animates { frame.evaluate(at: 0.5) } else { try frame.tree.setValue(.path(wider), at: LayerKeyPath(.path), of: id) }
                return try renderer.draw(frame.tree, frame.presentation, scale: 1, background: frame.background, into: target).uploadedTextureBytes
            }
        }
        let (reshaping, still) = (try secondFrameUploads(animated, animates: true), try secondFrameUploads(start, animates: false))
        // At the step, 1.19 texels a point; still, √2 times that: twice the pixels, margins aside.
        let ratio = Double(still) / Double(max(reshaping, 1))
        #expect(reshaping > 0 && ratio > 1.7 && ratio < 2.3, "\(reshaping) and \(still) bytes")
    }

    /// Two copies of a replicated shape that would each choose a raster of their own, and a pixel of
    /// each copy (top left pixel corners) that must be red.
    struct ReplicatedShape: CustomTestStringConvertible, Sendable {
        var name: String
        var instanceTransform: Transform3D
        var path: String
        var copies: [(x: Int, y: Int)]
        var testDescription: String { name }
    }

    @Test(
        "a shape copied by a replicator is rasterised once, not every frame, whatever its copies' placements",
        arguments: [
            // The first on the pixel grid, the second half a pixel off it: √2 finer.
            ReplicatedShape(
                name: "one copy on the grid, one off", instanceTransform: Transform3D(translationX: 30.5, y: 0, z: 0),
                path: "M0 0 H20 V20 H0 Z", copies: [(10, 10), (40, 10)]),
            // The second half the size (about the bounds' centre, 40, 20): two octaves coarser.
            ReplicatedShape(
                name: "copies of different scales", instanceTransform: Transform3D(scaleX: 0.5, y: 0.5, z: 1),
                path: "M0 0 H20 V20 H0 Z", copies: [(10, 10), (28, 17)]),
            // A band far wider than the target, of which each copy shows another part.
            ReplicatedShape(
                name: "copies showing different parts", instanceTransform: Transform3D(translationX: 30.5, y: 10, z: 0),
                path: "M-2000 0 H2000 V10 H-2000 Z", copies: [(40, 8), (40, 18)]),
        ])
    func replicatedShapeKeepsOneRaster(_ shape: ReplicatedShape) throws {
        var scene = TestScene(width: 80, height: 40)
        let replicator = scene.layer(kind: .replicator) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 80, height: 40)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.instanceCount] = 2
            $0[.instanceTransform] = shape.instanceTransform
        }
        scene.layer(in: replicator, kind: .shape) {
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.position] = Point(x: 4, y: 4)
            $0[.path] = try! Path(svgPathData: shape.path)
            $0[.fillColor] = red
        }
        let frames = scene
        let (uploads, image) = try makeContext().perform { render -> ([Int], RGBAImage) in
            let renderer = try Renderer(render)
            let target = try OffscreenTarget(render, width: frames.width, height: frames.height, layout: .rgba)
            let uploads = try (0..<3).map { _ in
                try renderer.draw(frames.tree, frames.presentation, scale: 1, background: frames.background, into: target).uploadedTextureBytes
            }
            return (uploads, try target.read())
        }
        // The copies share the layer's raster, chosen by the first: had each chosen its own, every frame
        // would rasterise it twice.
        #expect(uploads[0] > 0 && uploads[1] == 0 && uploads[2] == 0, "\(uploads)")
        for (x, y) in shape.copies { #expect(nearlyEqual(image[x, y], pixel(255, 0, 0), within: 2), "(\(x), \(y)): \(image[x, y])") }
    }

    @Test("extreme but legal shapes draw without trouble: dust-fine dashes stroke solid, huge widths and coordinates, 100,000 elements")
    func extremes() throws {
        let fine = try draw(Self.stroke("M10 20 L50 20") { $0[.lineDashPattern] = [1e-9, 1e-9] })
        #expect(fine.expectPixel(30, 20, Self.strokeBlue, within: 0), "\(fine[30, 20])")
        let zeros = try draw(Self.stroke("M10 20 L50 20") { $0[.lineDashPattern] = [0, 0] })
        #expect(zeros.expectPixel(30, 20, Self.strokeBlue, within: 0))
        let noWidth = try draw(Self.stroke("M10 10 H30 V30 H10 Z", width: 0) { $0[.fillColor] = red })
        #expect(noWidth.expectPixel(10, 20, pixel(255, 0, 0), within: 0), "a zero width strokes nothing: \(noWidth[10, 20])")
        // A stroke 10,000 wide covers the target from x 10 to 50, top to bottom (rasterised only where
        // it can be seen).
        let wide = try draw(Self.stroke("M10 20 L50 20", width: 1e4))
        #expect(wide.expectPixel(30, 0, Self.strokeBlue, within: 0) && wide.expectPixel(49, 59, Self.strokeBlue, within: 0), "\(wide[30, 0])")
        #expect(wide[50, 0] == transparent, "butt caps end at x 50")
        _ = try draw(Self.shape("M0 0 L1e300 1e300 L-1e300 1e300 Z") { $0[.fillColor] = red })
        _ = try draw(Self.stroke("M10 20 L50 20", width: 1e300))
        // A 100,000-element zigzag filling the rectangle 0...40 x 10...30.
        var zigzag = "M0 10"
        for i in 0..<50_000 {
            let x = Double(i) * 40 / 50_000
            zigzag += " L\(x) 30 L\(x + 0.0004) 10"
        }
        zigzag += " L40 10 L40 30 L0 30 Z"
        let many = try draw(Self.shape(zigzag) { $0[.fillColor] = red })
        #expect(many.expectPixel(20, 20, pixel(255, 0, 0), within: 0))
        #expect(many[20, 5] == transparent)
    }

    @Test("mid-animation: strokeEnd halfway strokes half the line; a path morph halfway draws the halfway shape")
    func midAnimation() throws {
        var stroke = Self.stroke("M10 20 L50 20")
        let line = stroke.tree.roots[0]
        try stroke.tree.addAnimation(
            .basic(LayerKeyPath(.strokeEnd), from: .number(0), to: .number(1), timing: MediaTiming(duration: 1)), forKey: "draw", to: line)
        stroke.evaluate(at: 0.5)
        let half = try draw(stroke)
        #expect(half.expectPixel(29, 20, Self.strokeBlue, within: 0))
        #expect(half[30, 20] == transparent)

        var morph = Self.shape("M10 10 H20 V20 H10 Z") { $0[.fillColor] = red }
        let square = morph.tree.roots[0]
        let target = try Path(svgPathData: "M10 10 H50 V50 H10 Z")
        try morph.tree.addAnimation(.basic(LayerKeyPath(.path), to: .path(target), timing: MediaTiming(duration: 1)), forKey: "grow", to: square)
        morph.evaluate(at: 0.5)
        let grown = try draw(morph)
        // Halfway from 10...20 to 10...50 on each axis: 10...35.
        #expect(grown.expectPixel(34, 34, pixel(255, 0, 0), within: 0))
        #expect(grown[35, 20] == transparent && grown[20, 35] == transparent)
    }
}
