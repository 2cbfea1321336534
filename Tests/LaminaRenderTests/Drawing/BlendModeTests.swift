import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// `compositingFilter`: a layer over a backdrop, each pixel checked against the blend mode's formula
/// (W3C Compositing and Blending Level 1; Core Graphics' own `plusLighter` and `plusDarker`), for
/// opaque colours, where the composite is the blend function itself.
@Suite("Drawing: blend modes")
struct BlendModeTests {
    static let backdrop: SIMD3<Double> = SIMD3(51, 153, 230) / 255
    static let source: SIMD3<Double> = SIMD3(178, 102, 26) / 255

    /// The blend function B(Cb, Cs) of each mode, per channel.
    static func blend(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
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
        let expected = SIMD3((0..<3).map { Self.blend(mode, Self.backdrop[$0], Self.source[$0]) }.map { ($0 * 255).rounded() })
        let got = drawn[5, 5]
        for c in 0..<3 {
            #expect(abs(Double(got[c]) - expected[c]) <= 2, "\(mode) channel \(c): \(got) against \(expected)")
        }
        #expect(got.w == 255)
        #expect(drawn.expectPixel(15, 5, SIMD4(51, 153, 230, 255), within: 0), "the backdrop beside it")
    }
}
