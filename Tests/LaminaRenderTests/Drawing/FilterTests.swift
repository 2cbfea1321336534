import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// `filters` and `backgroundFilters`: each filter's pixels against its formula (the 4x5 colour matrix
/// on straight RGBA, SVG's saturate with Rec. 709 weights, brightness added, contrast about 0.5, a
/// Gaussian of standard deviation radius / 2), the filters of a layer applied to it with its sublayers,
/// and background filters applied to what is behind a layer, inside its shape only.
@Suite("Drawing: filters")
struct FilterTests {
    static let orange = SIMD4<Double>(178, 102, 26, 255) / 255

    /// A 20x10 canvas: black behind, a 10x10 layer of `color` at the left with `filters`.
    static func filtered(_ color: SIMD4<Double>, _ filters: [LayerFilter]) throws -> DrawnScene {
        var scene = TestScene(width: 20, height: 10)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = Color(red: color.x, green: color.y, blue: color.z, alpha: color.w)
            $0[.filters] = filters
        }
        return try draw(scene)
    }

    /// A colour through a 4x5 matrix (straight RGBA, clamped), then over black.
    static func expected(_ c: SIMD4<Double>, _ matrices: [[Double]]) -> SIMD3<Double> {
        var v = c
        for m in matrices {
            var r = SIMD4<Double>()
            for row in 0..<4 {
                r[row] = min(1, max(0, m[row * 5] * v.x + m[row * 5 + 1] * v.y + m[row * 5 + 2] * v.z + m[row * 5 + 3] * v.w + m[row * 5 + 4]))
            }
            v = r
        }
        return SIMD3(v.x, v.y, v.z) * v.w * 255
    }

    static func check(_ drawn: DrawnScene, _ expected: SIMD3<Double>, _ what: String) {
        let got = drawn[5, 5]
        for c in 0..<3 {
            #expect(abs(Double(got[c]) - expected[c]) <= 1.5, "\(what) channel \(c): \(got) against \(expected)")
        }
        #expect(drawn[15, 5] == pixel(0, 0, 0), "\(what): black beside the layer")
    }

    @Test("a colour matrix maps straight RGBA by its rows, for opaque and translucent colours")
    func colorMatrix() throws {
        let swap: [Double] = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
        let mixed: [Double] = [0.5, 0.2, 0.1, 0, 0.05, 0, 1, 0, 0, 0, 0.3, 0.3, 0.3, 0, 0, 0, 0, 0, 0.8, 0]
        for color: SIMD4<Double> in [Self.orange, SIMD4<Double>(178, 102, 26, 128) / 255] {
            for m in [swap, mixed] {
                Self.check(try Self.filtered(color, [LayerFilter(.colorMatrix(m))]), Self.expected(color, [m]), "matrix \(m) on \(color)")
            }
        }
    }

    @Test("saturation, brightness and contrast are their formulas, applied in order with clamping", arguments: [0.0, 0.4, 1.7])
    func colorFilters(_ amount: Double) throws {
        let (r, g, b) = (0.2126, 0.7152, 0.0722)
        let s = amount
        let saturate: [Double] = [
            r + (1 - r) * s, g - g * s, b - b * s, 0, 0, r - r * s, g + (1 - g) * s, b - b * s, 0, 0,
            r - r * s, g - g * s, b + (1 - b) * s, 0, 0, 0, 0, 0, 1, 0,
        ]
        let brighten: [Double] = [1, 0, 0, 0, amount / 4, 0, 1, 0, 0, amount / 4, 0, 0, 1, 0, amount / 4, 0, 0, 0, 1, 0]
        let t = 0.5 * (1 - amount)
        let contrast: [Double] = [amount, 0, 0, 0, t, 0, amount, 0, 0, t, 0, 0, amount, 0, t, 0, 0, 0, 1, 0]
        let c = Self.orange
        Self.check(try Self.filtered(c, [LayerFilter(.saturation(s))]), Self.expected(c, [saturate]), "saturation \(s)")
        Self.check(try Self.filtered(c, [LayerFilter(.brightness(amount / 4))]), Self.expected(c, [brighten]), "brightness \(amount / 4)")
        Self.check(try Self.filtered(c, [LayerFilter(.contrast(amount))]), Self.expected(c, [contrast]), "contrast \(amount)")
        // Order matters once a clamp is reached: brightness then contrast, and the other way round.
        let both = [LayerFilter(.brightness(amount / 4)), LayerFilter(.contrast(amount))]
        Self.check(try Self.filtered(c, both), Self.expected(c, [brighten, contrast]), "brightness then contrast")
        Self.check(try Self.filtered(c, both.reversed()), Self.expected(c, [contrast, brighten]), "contrast then brightness")
    }

    /// The blur the renderer runs at full resolution: the discrete Gaussian of standard deviation
    /// `sigma` over taps within 3σ, normalised; `inside(x)` says which pixels are covered.
    static func discreteBlur(at x: Int, sigma: Double, inside: (Int) -> Bool) -> Double {
        let radius = Int((3 * sigma).rounded(.up))
        var sum = 0.0, total = 0.0
        for i in -radius...radius {
            let w = exp(-Double(i * i) / (2 * sigma * sigma))
            total += w
            if inside(x + i) { sum += w }
        }
        return sum / total
    }

    @Test("a blur filter spreads a layer with its sublayers by a Gaussian of standard deviation radius / 2")
    func blur() throws {
        var scene = TestScene(width: 60, height: 40)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 40)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        // A 20x30 white layer whose left half is a sublayer: the filter blurs the two as one image.
        let parent = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 30)
            $0[.position] = Point(x: 30, y: 5)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
            $0[.filters] = [LayerFilter(name: "soft", .blur(radius: 2))]
        }
        scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 30)
            $0[.position] = Point(x: -10, y: 0)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
        }
        let drawn = try draw(scene)
        for x in 10...50 {
            let expected = Self.discreteBlur(at: x, sigma: 1) { (20..<40).contains($0) } * 255
            let got = Double(drawn[x, 20].x)
            #expect(abs(got - expected) <= 1.5, "x \(x): \(got) against \(expected)")
        }
        // The sublayer's edge at x 30 is not an edge in the blurred image.
        #expect(drawn[30, 20] == pixel(255, 255, 255))
    }

    @Test("a wider blur is drawn downsampled, and stays within 2% of the Gaussian Φ(d / σ)", arguments: [2.0, 5.0, 12.0, 40.0])
    func wideBlur(_ sigma: Double) throws {
        var scene = TestScene(width: 400, height: 200)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 400, height: 200)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        // A white half plane (x ≥ 200, reaching past the canvas vertically) under the filter.
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 400, height: 400)
            $0[.position] = Point(x: 200, y: -100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
            $0[.filters] = [LayerFilter(.blur(radius: 2 * sigma))]
        }
        let drawn = try draw(scene)
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }
        var worst = 0.0
        for x in stride(from: 200 - Int(3 * sigma), through: 200 + Int(3 * sigma), by: 1) {
            let expected = phi((Double(x) + 0.5 - 200) / sigma)
            worst = max(worst, abs(Double(drawn[x, 100].x) / 255 - expected))
        }
        #expect(worst <= 0.02, "largest difference from the Gaussian: \(worst)")
    }

    @Test("A small blurred layer with a shadow, filtered only around it, matches it drawn alone in a target its size")
    func filteredOnlyAroundTheLayer() throws {
        // The big target's group passes run only around the layer (GroupExtent); the small target's
        // cover all of it. The layer sits at the same place relative to the small target's origin and
        // to a multiple of 32 pixels in the big one, so the blur's halved copies line up alike. A
        // first frame fills the renderer's pooled targets with a full-size blurred layer: what they
        // held outside the region would show as stray colour.
        func scene(_ width: Int, _ height: Int, center: Point) -> TestScene {
            var scene = TestScene(width: width, height: height)
            scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 16, height: 16)
                $0[.position] = center
                $0[.backgroundColor] = Color(red: 0.2, green: 0.6, blue: 1)
                $0[.filters] = [LayerFilter(.blur(radius: 8))]
                $0[.shadowOpacity] = 0.8
                $0[.shadowRadius] = 2
                $0[.shadowOffset] = Size(width: 2.5, height: 3)
            }
            return scene
        }
        var dirty = TestScene(width: 256, height: 160)
        dirty.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 256, height: 160)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
            $0[.filters] = [LayerFilter(.blur(radius: 4))]
            $0[.shadowOpacity] = 1
        }
        let (first, big, alone) = (dirty, scene(256, 160, center: Point(x: 160, y: 64)), scene(64, 64, center: Point(x: 32, y: 32)))
        let images = try makeContext().perform { render in
            let renderer = try Renderer(render)
            func drawn(_ scenes: [TestScene]) throws -> RGBAImage {
                let target = try OffscreenTarget(render, width: scenes[0].width, height: scenes[0].height, layout: .rgba)
                for scene in scenes {
                    _ = try renderer.draw(scene.tree, scene.presentation, scale: 1, background: scene.background, into: target)
                }
                return try target.read()
            }
            return (try drawn([first, big]), try drawn([alone]))
        }
        var worst = (error: 0, x: 0, y: 0)
        for y in 0..<160 {
            for x in 0..<256 {
                let inside = (128..<192).contains(x) && (32..<96).contains(y)
                let expected = inside ? images.1[x - 128, y - 32] : transparent
                let error = (0..<4).map { abs(Int(images.0[x, y][$0]) - Int(expected[$0])) }.max()!
                if error > worst.error { worst = (error, x, y) }
            }
        }
        #expect(worst.error <= 3, "\(worst): \(images.0[worst.x, worst.y])")
        #expect(images.1[32, 32].w > 200)  // the layer is there, blurred but solid at its middle
    }

    /// A 100x60 canvas, black left of x 50 and white right of it, with a layer over (20...80, 20...40)
    /// whose background filters are `filters`.
    static func backdropScene(_ filters: [LayerFilter], configure: (inout PropertyValues) -> Void = { _ in }) -> TestScene {
        var scene = TestScene(width: 100, height: 60)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 60)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 50, height: 60)
            $0[.position] = Point(x: 50, y: 0)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = white
        }
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 20)
            $0[.position] = Point(x: 50, y: 30)
            $0[.backgroundFilters] = filters
            configure(&$0)
        }
        return scene
    }

    @Test("background blur blurs what is behind inside the layer, and nothing outside it")
    func backgroundBlur() throws {
        let drawn = try draw(Self.backdropScene([LayerFilter(.blur(radius: 3))]))
        for x in 40...60 {
            let expected = Self.discreteBlur(at: x, sigma: 1.5) { $0 >= 50 } * 255
            #expect(abs(Double(drawn[x, 30].x) - expected) <= 1.5, "inside at x \(x): \(drawn[x, 30]) against \(expected)")
            let sharp: UInt8 = x >= 50 ? 255 : 0
            #expect(drawn[x, 10] == pixel(sharp, sharp, sharp), "above the layer at x \(x)")
            #expect(drawn[x, 50] == pixel(sharp, sharp, sharp), "below the layer at x \(x)")
        }
        #expect(drawn.statistics.groups == 0, "a backdrop is no offscreen group")
    }

    @Test("background filters stay inside the layer's rounded shape, under a rotation, and the layer's own background is drawn over them")
    func backgroundShape() throws {
        // Brightness +1 turns everything behind white: the filtered shape shows white on black.
        let drawn = try draw(
            Self.backdropScene([LayerFilter(.brightness(1))]) {
                $0[.cornerRadius] = 8
                $0[.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
                $0[.backgroundColor] = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            })
        // Turned a quarter: the layer covers x 40...60, y 0...60 (clipped by the canvas).
        // Inside: white brightened, then half blue over it.
        #expect(drawn.expectPixel(45, 30, pixel(128, 128, 255), within: 1))
        #expect(drawn.expectPixel(25, 30, pixel(0, 0, 0), within: 0), "left of the turned layer: black, unfiltered")
        // The rounded corner at the bottom (x 40...48, y 52...60 clipped at 60): the canvas edge is at
        // 60, the corner of the turned layer at (40, 60)+: check the corner at (40.5, 0.5)'s neighbour
        // in the top-left, outside the arc of radius 8 centred at (48, 8).
        #expect(drawn.expectPixel(40, 0, pixel(0, 0, 0), within: 0), "outside the rounded corner: behind, unfiltered")
        #expect(drawn.expectPixel(48, 1, pixel(128, 128, 255), within: 2), "inside the corner's arc")
    }

    @Test("a translucent layer shows its background filters at its opacity")
    func backdropOpacity() throws {
        let drawn = try draw(Self.backdropScene([LayerFilter(.brightness(1))]) { $0[.opacity] = 0.5 })
        #expect(drawn.expectPixel(30, 30, pixel(128, 128, 128), within: 1), "black behind, white filtered, half")
        #expect(drawn.expectPixel(70, 30, pixel(255, 255, 255), within: 0))
    }

    @Test("absurd blurs draw, clamped: a radius of 10⁶ and eight stacked blurs")
    func absurdBlurs() throws {
        let huge = try draw(Self.backdropScene([LayerFilter(.blur(radius: 1e6))]))
        // Clamped to radius 500 (σ 250 pixels) over a canvas of 100: the two halves mix to a grey.
        let v = Double(huge[50, 30].x)
        #expect(v > 60 && v < 200, "\(huge[50, 30])")
        let stacked = try draw(Self.backdropScene(Array(repeating: LayerFilter(.blur(radius: 3)), count: 8)))
        // Eight blurs of σ 1.5 are one of σ 1.5·√8 ≈ 4.24: the middle of the step is half grey.
        #expect(abs(Double(stacked[50, 30].x) - 128) < 20, "\(stacked[50, 30])")
    }

    @Test("an identity background filter shows exactly what is behind, through every piece of a rounded, scaled or turned layer", arguments: [0.0, 0.3])
    func identityBackdrop(_ angle: Double) throws {
        func scene(backdrop: Bool) -> TestScene {
            var scene = TestScene(width: 100, height: 60)
            scene.layer(kind: .gradient) {
                $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 60)
                $0[.anchorPoint] = Point(x: 0, y: 0)
                $0[.colors] = [red, blue, green]
                $0[.startPoint] = Point(x: 0, y: 0)
                $0[.endPoint] = Point(x: 1, y: 1)
            }
            if backdrop {
                scene.layer {
                    $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 24)
                    $0[.position] = Point(x: 50, y: 30)
                    $0[.cornerRadius] = 8
                    $0[.transform] = Transform3D(scaleX: 1.5, y: 1.5, z: 1).concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
                    $0[.backgroundFilters] = [LayerFilter(.saturation(1))]
                }
            }
            return scene
        }
        let (with, without) = (try draw(scene(backdrop: true)), try draw(scene(backdrop: false)))
        var worst = 0
        for y in 0..<60 {
            for x in 0..<100 {
                for c in 0..<4 { worst = max(worst, abs(Int(with[x, y][c]) - Int(without[x, y][c]))) }
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
    }
}
