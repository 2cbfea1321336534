import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// `compositingFilter`: a layer over a backdrop, each pixel checked against the blend mode's formula
/// (W3C Compositing and Blending Level 1, the separable and the non-separable modes; Core Graphics' own
/// `plusLighter` and `plusDarker`), for opaque colours, where the composite is the blend function
/// itself.
@Suite("Drawing: blend modes")
struct BlendModeTests {
    static let backdrop: SIMD3<Double> = SIMD3(51, 153, 230) / 255
    static let source: SIMD3<Double> = SIMD3(178, 102, 26) / 255

    /// The blend function B(Cb, Cs) of each mode.
    static func blend(_ mode: BlendMode, _ cb: SIMD3<Double>, _ cs: SIMD3<Double>) -> SIMD3<Double> {
        // The non-separable modes (W3C's Lum, ClipColor, SetLum, Sat and SetSat).
        func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
        func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
            let l = lum(c), n = c.min(), x = c.max()
            var c = c
            if n < 0 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * l / (l - n) }
            if x > 1 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (1 - l) / (x - l) }
            return c
        }
        func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + SIMD3(repeating: l - lum(c))) }
        func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }
        func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
            let (n, x) = (c.min(), c.max())
            guard x > n else { return .zero }
            return (c - SIMD3(repeating: n)) * s / (x - n)
        }
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return SIMD3((0..<3).map { separable(mode, cb[$0], cs[$0]) })
        }
    }

    /// The blend function of a separable mode, per channel.
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        func multiply(_ a: Double, _ b: Double) -> Double { a * b }
        func screen(_ a: Double, _ b: Double) -> Double { a + b - a * b }
        func hardLight(_ cb: Double, _ cs: Double) -> Double { cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1) }
        switch mode {
        case .normal: return cs
        case .multiply: return multiply(cb, cs)
        case .screen: return screen(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .plusLighter: return min(1, cb + cs)
        case .plusDarker: return max(0, cb + cs - 1)
        case .hue, .saturation, .color, .luminosity: return cs
        }
    }

    @Test("each blend mode gives its formula's colour where the layer covers the backdrop, and the backdrop elsewhere", arguments: BlendMode.allCases)
    func blendMode(_ mode: BlendMode) throws {
        var scene = TestScene(width: 20, height: 10)
        let color = { (c: SIMD3<Double>) in Color(red: c.x, green: c.y, blue: c.z) }
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = color(Self.backdrop)
        }
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = color(Self.source)
            $0[.compositingFilter] = mode
        }
        let drawn = try draw(scene)
        let expected = (Self.blend(mode, Self.backdrop, Self.source) * 255).rounded(.toNearestOrAwayFromZero)
        let got = drawn[5, 5]
        for c in 0..<3 {
            #expect(abs(Double(got[c]) - expected[c]) <= 2, "\(mode) channel \(c): \(got) against \(expected)")
        }
        #expect(got.w == 255)
        #expect(drawn.expectPixel(15, 5, SIMD4(51, 153, 230, 255), within: 0), "the backdrop beside it")
    }
}
