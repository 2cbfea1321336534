import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// Gradient layers drawn on llvmpipe, checked against the contract's formulas
/// (`../shared/spec/layer-types.md`, "Gradient"): each pixel's position t computed from its centre's
/// geometry, its colour from straight-alpha interpolation between neighbouring locations.
@Suite("Drawing: gradient layers")
struct GradientTests {
    /// One gradient layer of `width` x `height` at the origin (anchor top-left).
    static func gradient(
        width: Int = 100, height: Int = 100, _ configure: (inout PropertyValues) -> Void
    ) -> TestScene {
        var scene = TestScene(width: width, height: height)
        scene.layer(kind: .gradient) {
            $0[.bounds] = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            $0[.anchorPoint] = Point(x: 0, y: 0)
            configure(&$0)
        }
        return scene
    }

    /// `a` to `b` by `t` in 0...1, clamped, as 8-bit opaque RGBA.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> SIMD4<UInt8> {
        let f = min(max(t, 0), 1)
        func byte(_ x: Double, _ y: Double) -> UInt8 { UInt8(((x + (y - x) * f) * 255).rounded()) }
        return SIMD4(byte(a.red, b.red), byte(a.green, b.green), byte(a.blue, b.blue), 255)
    }

    @Test("axial: t is the projection of the pixel centre on the line from startPoint to endPoint")
    func axial() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 10) {
            $0[.colors] = [red, blue]
            $0[.startPoint] = Point(x: 0, y: 0.5)
            $0[.endPoint] = Point(x: 1, y: 0.5)
        })
        for x in [0, 10, 25, 50, 77, 99] {
            let t = (Double(x) + 0.5) / 100
            #expect(drawn.expectPixel(x, 5, Self.mix(red, blue, t)), "x \(x): \(drawn[x, 5])")
        }
    }

    @Test("axial along a diagonal, with the default points (top to bottom) and three stops")
    func axialDefaultsAndDiagonal() throws {
        let vertical = try draw(Self.gradient(width: 10, height: 100) { $0[.colors] = [red, green, blue] })
        for y in [5, 30, 49, 50, 70, 95] {
            let t = (Double(y) + 0.5) / 100
            let expected = t < 0.5 ? Self.mix(red, green, t / 0.5) : Self.mix(green, blue, (t - 0.5) / 0.5)
            #expect(vertical.expectPixel(3, y, expected), "y \(y): \(vertical[3, y])")
        }
        let diagonal = try draw(Self.gradient(width: 100, height: 100) {
            $0[.colors] = [black, white]
            $0[.startPoint] = Point(x: 0, y: 0)
            $0[.endPoint] = Point(x: 1, y: 1)
        })
        for (x, y) in [(10, 80), (50, 50), (90, 20), (70, 95)] {
            // Projection onto (100, 100): (px + py) / 200.
            let t = (Double(x) + 0.5 + Double(y) + 0.5) / 200
            #expect(diagonal.expectPixel(x, y, Self.mix(black, white, t)), "(\(x), \(y)): \(diagonal[x, y])")
        }
    }

    @Test("hard stops: two equal locations switch colour exactly there, and the end colours extend")
    func hardStops() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 4) {
            $0[.colors] = [red, red, blue, blue]
            $0[.locations] = [0.2, 0.5, 0.5, 0.8]
            $0[.startPoint] = Point(x: 0, y: 0)
            $0[.endPoint] = Point(x: 1, y: 0)
        })
        for x in [0, 10, 30, 49] { #expect(drawn.expectPixel(x, 2, pixel(255, 0, 0), within: 0), "x \(x): \(drawn[x, 2])") }
        for x in [50, 60, 85, 99] { #expect(drawn.expectPixel(x, 2, pixel(0, 0, 255), within: 0), "x \(x): \(drawn[x, 2])") }
    }

    @Test("locations of another count than colours are ignored: the colours are evenly spaced")
    func mismatchedLocations() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 4) {
            $0[.colors] = [red, blue]
            $0[.locations] = [0.9, 0.95, 1]
            $0[.startPoint] = Point(x: 0, y: 0)
            $0[.endPoint] = Point(x: 1, y: 0)
        })
        #expect(drawn.expectPixel(49, 2, Self.mix(red, blue, 0.495)))
    }

    @Test("radial: an ellipse centred at startPoint, radii from endPoint, t = 1 on the ellipse")
    func radial() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 60) {
            $0[.colors] = [white, black]
            $0[.gradientType] = .radial
            $0[.startPoint] = Point(x: 0.5, y: 0.5)
            $0[.endPoint] = Point(x: 0.9, y: 1)  // radii 0.4 * 100 = 40 and 0.5 * 60 = 30
        })
        for (x, y) in [(50, 30), (60, 30), (50, 45), (70, 40), (20, 10), (5, 5), (89, 30)] {
            let (dx, dy) = ((Double(x) + 0.5 - 50) / 40, (Double(y) + 0.5 - 30) / 30)
            let t = (dx * dx + dy * dy).squareRoot()
            #expect(drawn.expectPixel(x, y, Self.mix(white, black, t)), "(\(x), \(y)): \(drawn[x, y]) t \(t)")
        }
    }

    @Test("radial with a focus: 0 at the focus, 1 on the ellipse, along each ray from the focus")
    func radialFocus() throws {
        // Radii 40 and 30 about (50, 30); the focus f = 0.5125 of the x radius to the right, on the
        // centre of pixel column 70. In the ellipse's unit space a circle of radius t about
        // (f(1 − t), 0) grows from the focus to the ellipse. Along the centre line that gives
        // t = (u − f) / (1 − f) right of the focus and (f − u) / (1 + f) left of it; on the vertical
        // through the focus (u = f), (ft)² + v² = t², so t = |v| / √(1 − f²).
        let f = 0.5125
        let drawn = try draw(Self.gradient(width: 100, height: 60) {
            $0[.colors] = [white, black]
            $0[.gradientType] = .radial
            $0[.startPoint] = Point(x: 0.5, y: 0.5)
            $0[.endPoint] = Point(x: 0.9, y: 1)
            $0[.focusOffset] = Point(x: f, y: 0)
        })
        for x in [12, 30, 50, 62, 75, 80, 88] {
            let u = (Double(x) + 0.5 - 50) / 40
            let t = u >= f ? (u - f) / (1 - f) : (f - u) / (1 + f)
            #expect(drawn.expectPixel(x, 29, Self.mix(white, black, t), within: 2), "(\(x), 29): \(drawn[x, 29]) t \(t)")
        }
        for y in [10, 20, 40, 50] {
            let v = (Double(y) + 0.5 - 30) / 30
            let t = abs(v) / (1 - f * f).squareRoot()
            #expect(drawn.expectPixel(70, y, Self.mix(white, black, t), within: 2), "(70, \(y)): \(drawn[70, y]) t \(t)")
        }
    }

    @Test("a focus on or past the ellipse is kept within 0.99 of it, in its direction")
    func focusClamped() {
        let clamped = GradientStops.focus(Point(x: 3, y: 4))
        #expect(abs(clamped.x - 0.594) < 1e-12 && abs(clamped.y - 0.792) < 1e-12, "\(clamped)")
        #expect(GradientStops.focus(Point(x: 0.3, y: -0.4)) == SIMD2(0.3, -0.4))
        #expect(GradientStops.focus(Point(x: .nan, y: 0)) == .zero)
    }

    @Test("conic: 0 on the ray toward endPoint, growing clockwise on screen to 1 after a full turn")
    func conic() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 100) {
            $0[.colors] = [black, white]
            $0[.gradientType] = .conic
            $0[.startPoint] = Point(x: 0.5, y: 0.5)
            $0[.endPoint] = Point(x: 1, y: 0.5)  // the ray to the right
        })
        for (x, y) in [(80, 55), (55, 80), (20, 55), (20, 45), (45, 20), (80, 45), (70, 90)] {
            let (dx, dy) = (Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
            var angle = Double.atan2(y: dy, x: dx)  // y down: clockwise on screen is positive
            if angle < 0 { angle += 2 * .pi }
            let t = angle / (2 * .pi)
            #expect(drawn.expectPixel(x, y, Self.mix(black, white, t)), "(\(x), \(y)): \(drawn[x, y]) t \(t)")
        }
    }

    @Test("clipped by cornerRadius like the background, and scaled by opacity")
    func cornersAndOpacity() throws {
        let drawn = try draw(Self.gradient(width: 40, height: 40) {
            $0[.colors] = [red, red]
            $0[.cornerRadius] = 10
            $0[.opacity] = 0.5
        })
        #expect(drawn[0, 0] == transparent)
        #expect(drawn[39, 39] == transparent)
        #expect(drawn.expectPixel(20, 20, pixel(128, 0, 0, 128)), "\(drawn[20, 20])")
    }

    @Test("colours interpolate in straight alpha: halfway from clear red to opaque red is red at half alpha")
    func straightAlpha() throws {
        let drawn = try draw(Self.gradient(width: 100, height: 4) {
            $0[.colors] = [Color(red: 1, green: 0, blue: 0, alpha: 0), red]
            $0[.startPoint] = Point(x: 0, y: 0)
            $0[.endPoint] = Point(x: 1, y: 0)
        })
        // At x 49.5 + 0.5 = 50: t = 0.5, straight (1, 0, 0, 0.5), premultiplied (0.5, 0, 0, 0.5).
        #expect(drawn.expectPixel(49, 2, pixel(126, 0, 0, 126), within: 2), "\(drawn[49, 2])")
    }

    @Test("no colours draw nothing; one colour fills the layer")
    func degenerate() throws {
        let none = try draw(Self.gradient(width: 10, height: 10) { $0[.backgroundColor] = blue })
        #expect(none.expectPixel(5, 5, pixel(0, 0, 255), within: 0))
        let one = try draw(Self.gradient(width: 10, height: 10) { $0[.colors] = [green] })
        #expect(one.expectPixel(5, 5, pixel(0, 255, 0), within: 0))
        #expect(one.expectPixel(0, 9, pixel(0, 255, 0), within: 0))
    }
}
