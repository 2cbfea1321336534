import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

@Suite("Drawing: masks, group opacity, shadows")
struct GroupTests {
    /// `scene` drawn by a renderer that drew `before` first, into the same target: whatever `before`
    /// left in the renderer's pooled offscreen targets is there to show through where `scene`'s passes
    /// fail to clear what they read.
    static func drawn(_ scene: TestScene, after before: TestScene) throws -> RGBAImage {
        try makeContext().perform { render in
            let renderer = try Renderer(render)
            let target = try OffscreenTarget(render, width: scene.width, height: scene.height, layout: .rgba)
            _ = try renderer.draw(before.tree, before.presentation, scale: 1, background: before.background, into: target)
            _ = try renderer.draw(scene.tree, scene.presentation, scale: 1, background: scene.background, into: target)
            return try target.read()
        }
    }

    @Test("A mask layer's alpha clips the layer and its sublayers")
    func mask() throws {
        var scene = TestScene(width: 40, height: 40)
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 40, color: red)
        BasicDrawingTests.square(&scene, in: layer, center: Point(x: 30, y: 30), size: 20, color: blue)
        // The mask covers the left half at full alpha and the top-right quarter at half alpha.
        let mask = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 40)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
        }
        let half = scene.layer(in: mask) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
            $0[.position] = Point(x: 20, y: 0)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        }
        _ = half
        try scene.tree.setMask(mask, of: layer)
        let drawn = try draw(scene)
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[5, 35] == pixel(255, 0, 0))
        #expect(drawn.expectPixel(30, 10, pixel(128, 0, 0, 128), within: 1))
        #expect(drawn[30, 30] == transparent)  // the blue sublayer is masked too
        #expect(drawn.statistics.groups == 1)
    }

    @Test("A layer far larger than its mask is drawn only where the mask is, whatever the pooled targets held")
    func maskSmallerThanLayer() throws {
        // The masked group's passes cover only the mask's square (`RenderGroup.maskedBounds`), after a
        // frame that filled the renderer's pooled targets with a full-size masked layer: what they
        // held outside the square would show as stray colour.
        let (width, height) = (120, 80)
        func masked(maskAt origin: Point, side: Double, color: Color) throws -> TestScene {
            var scene = TestScene(width: width, height: height)
            let layer = BasicDrawingTests.square(&scene, center: Point(x: 60, y: 40), size: 400, color: color)
            let mask = scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: side, height: side)
                $0[.anchorPoint] = Point(x: 0, y: 0)
                $0[.position] = Point(x: origin.x + 140, y: origin.y + 160)  // the layer's origin is (−140, −160)
                $0[.backgroundColor] = white
            }
            try scene.tree.setMask(mask, of: layer)
            return scene
        }
        let big = try masked(maskAt: Point(x: 0, y: 0), side: 400, color: blue)
        let small = try masked(maskAt: Point(x: 70, y: 30), side: 10, color: red)
        let image = try Self.drawn(small, after: big)
        for y in 0..<height {
            for x in 0..<width {
                let inside = (70..<80).contains(x) && (30..<40).contains(y)
                #expect(image[x, y] == (inside ? pixel(255, 0, 0) : transparent), "\(x), \(y): \(image[x, y])")
            }
        }
    }

    @Test("Group opacity composites overlapping sublayers as one image")
    func groupOpacity() throws {
        func scene(groupOpacity: Bool) -> TestScene {
            var scene = TestScene(width: 40, height: 20)
            let parent = scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 20)
                $0[.anchorPoint] = Point(x: 0, y: 0)
                $0[.opacity] = 0.5
                $0[.allowsGroupOpacity] = groupOpacity
            }
            BasicDrawingTests.square(&scene, in: parent, center: Point(x: 15, y: 10), size: 20, color: red)
            BasicDrawingTests.square(&scene, in: parent, center: Point(x: 25, y: 10), size: 20, color: green)
            return scene
        }
        let grouped = try draw(scene(groupOpacity: true))
        // Where they overlap, only green shows, at half strength.
        #expect(grouped.expectPixel(20, 10, pixel(0, 128, 0, 128)))
        #expect(grouped.expectPixel(8, 10, pixel(128, 0, 0, 128)))
        #expect(grouped.statistics.groups == 1)
        let separate = try draw(scene(groupOpacity: false))
        // Each at half strength: green over red lets red through.
        #expect(separate.expectPixel(20, 10, pixel(64, 128, 0, 191)))
        #expect(separate.statistics.groups == 0)
    }

    @Test("Group opacity takes no offscreen pass when a layer draws a single part")
    func groupOpacityOnlyWhenNeeded() throws {
        var scene = TestScene(width: 20, height: 20)
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 10, y: 10), size: 20, color: red)
        scene.tree[layer][.opacity] = 0.5
        let drawn = try draw(scene)
        #expect(drawn.statistics.groups == 0)
        #expect(drawn.expectPixel(10, 10, pixel(128, 0, 0, 128)))
    }

    @Test("A shadow is the layer's shape, offset and tinted, behind it")
    func sharpShadow() throws {
        var scene = TestScene(width: 60, height: 60)
        scene.background = white
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 30, y: 30), size: 20, color: red)
        scene.tree[layer][.shadowOpacity] = 1
        scene.tree[layer][.shadowRadius] = 0
        scene.tree[layer][.shadowOffset] = Size(width: 6, height: 4)
        scene.tree[layer][.shadowColor] = blue
        let drawn = try draw(scene)
        // Layer x, y 20..<40; shadow x 26..<46, y 24..<44.
        #expect(drawn[30, 30] == pixel(255, 0, 0))
        #expect(drawn[43, 42] == pixel(0, 0, 255))
        #expect(drawn[42, 22] == pixel(255, 255, 255))
        #expect(drawn[22, 42] == pixel(255, 255, 255))
        #expect(drawn.statistics.groups == 1)
    }

    @Test("shadowRadius blurs the shadow: it fades with distance from the shape's edge")
    func blurredShadow() throws {
        var scene = TestScene(width: 80, height: 80)
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 40, y: 40), size: 20, color: red)
        scene.tree[layer][.shadowOpacity] = 1
        scene.tree[layer][.shadowRadius] = 4
        scene.tree[layer][.shadowOffset] = Size(width: 0, height: 0)
        let drawn = try draw(scene)
        // Black shadow around x 30..<50; alpha falls off to the right of the edge at x = 50.
        let a1 = Int(drawn[50, 40].w)
        let a2 = Int(drawn[53, 40].w)
        let a3 = Int(drawn[58, 40].w)
        #expect(a1 > 90 && a1 < 165)  // about half at the edge
        #expect(a2 < a1 && a2 > a3)
        #expect(a3 < 20)
        #expect(drawn[40, 40] == pixel(255, 0, 0))
        #expect(drawn[70, 40] == transparent)
        // The default shadow (opacity 0) draws nothing extra.
        scene.tree[layer][.shadowOpacity] = 0
        #expect(try draw(scene).statistics.groups == 0)
    }

    /// Sigma 6 is blurred at full resolution; sigma 14 on a copy halved twice, to 3.5 texels there
    /// (`fullResolutionShadowSigma`), and scaled back up by linear filtering, as close to the integral.
    @Test(
        "A small layer's shadow, blurred only around it, is the Gaussian blur of its square everywhere",
        arguments: [(6.0, 4), (14.0, 4)])
    func shadowBlurredAroundTheLayer(sigma: Double, tolerance: Int) throws {
        // The group's passes clear, blur and composite only around the layer (GroupExtent). So every
        // pixel of a large target is compared with the analytic blur of the shadow's square, after a
        // frame that filled the renderer's pooled targets with a full-size shadowed layer: what those
        // targets held outside the region would show as stray red or black.
        let (width, height) = (200, 120)
        var big = TestScene(width: width, height: height)
        let cover = BasicDrawingTests.square(&big, center: Point(x: 100, y: 60), size: 200, color: red)
        big.tree[cover][.shadowOpacity] = 1
        big.tree[cover][.shadowRadius] = 3
        var small = TestScene(width: width, height: height)
        let layer = BasicDrawingTests.square(&small, center: Point(x: 150, y: 60), size: 10, color: red)
        small.tree[layer][.shadowOpacity] = 1
        small.tree[layer][.shadowRadius] = sigma
        let offset = (x: 3.5, y: -2.25)
        small.tree[layer][.shadowOffset] = Size(width: offset.x, height: offset.y)
        let image = try Self.drawn(small, after: big)
        // The shadow's square, x 145..<155 and y 55..<65 moved by the offset, blurred by a Gaussian of
        // standard deviation sigma: separable, each axis the difference of two normal CDFs.
        func coverage(_ p: Double, _ low: Double, _ high: Double) -> Double {
            0.5 * (erf((high - p) / (sigma * 2.0.squareRoot())) - erf((low - p) / (sigma * 2.0.squareRoot())))
        }
        var worst = (error: 0, x: 0, y: 0)
        for y in 0..<height {
            for x in 0..<width {
                let inLayer = (145..<155).contains(x) && (55..<65).contains(y)
                let alpha =
                    coverage(Double(x) + 0.5, 145 + offset.x, 155 + offset.x) * coverage(Double(y) + 0.5, 55 + offset.y, 65 + offset.y)
                let expected = inLayer ? pixel(255, 0, 0) : SIMD4<UInt8>(0, 0, 0, UInt8((alpha * 255).rounded()))
                let error = (0..<4).map { abs(Int(image[x, y][$0]) - Int(expected[$0])) }.max()!
                if error > worst.error { worst = (error, x, y) }
            }
        }
        // The blur is a truncated Gaussian sampled at texel centres, and the offset's fraction is
        // filtered bilinearly: a few levels off the continuous integral, nowhere more.
        #expect(worst.error <= tolerance, "\(worst): \(image[worst.x, worst.y])")
        // Far from it, nothing at all.
        #expect(image[20, 20] == transparent && image[199, 119] == transparent && image[150, 0] == transparent)
    }

    @Test("The default shadowOffset (0, -3) casts the shadow upwards on the y-down canvas")
    func defaultShadowOffset() throws {
        var scene = TestScene(width: 40, height: 40)
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 20, color: red)
        scene.tree[layer][.shadowOpacity] = 1
        scene.tree[layer][.shadowRadius] = 0
        let drawn = try draw(scene)
        #expect(drawn[20, 8] == pixel(0, 0, 0))  // above the layer (y 10..<30)
        #expect(drawn[20, 31] == transparent)
    }
}
