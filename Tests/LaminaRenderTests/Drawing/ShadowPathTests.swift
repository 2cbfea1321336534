import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// `shadowPath`: the shadow drawn from a path, offset and blurred by the Gaussian of standard deviation
/// `shadowRadius`, behind the layer, without an offscreen group.
@Suite("Drawing: shadow paths")
struct ShadowPathTests {
    static func scene(radius: Double, offset: Size, path: String, _ configure: (inout PropertyValues) -> Void = { _ in }) -> TestScene {
        var scene = TestScene(width: 100, height: 60)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 60)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.shadowPath] = try! Path(svgPathData: path)
            $0[.shadowOpacity] = 1
            $0[.shadowRadius] = radius
            $0[.shadowOffset] = offset
            configure(&$0)
        }
        return scene
    }

    @Test("an unblurred shadow path is the path, offset, in the shadow's colour, and needs no offscreen group")
    func sharp() throws {
        let drawn = try draw(Self.scene(radius: 0, offset: Size(width: 5, height: 5), path: "M10 10 H30 V30 H10 Z"))
        #expect(drawn.expectPixel(15, 15, pixel(0, 0, 0), within: 0))
        #expect(drawn.expectPixel(34, 34, pixel(0, 0, 0), within: 0))
        #expect(drawn[12, 12] == transparent && drawn[35, 20] == transparent)
        #expect(drawn.statistics.groups == 0)
        let alphaShadow = try draw(Self.scene(radius: 0, offset: .zero, path: "") { $0[.backgroundColor] = red })
        #expect(alphaShadow.statistics.groups == 1, "a shadow from the layer's alpha is drawn offscreen")
    }

    @Test("a blurred edge follows the Gaussian: coverage Φ(d / σ) at distance d inside the edge")
    func blurred() throws {
        let sigma = 4.0
        let drawn = try draw(Self.scene(radius: sigma, offset: .zero, path: "M30 10 H90 V50 H30 Z") { $0[.shadowColor] = white })
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }
        for x in 18...42 {
            let d = Double(x) + 0.5 - 30
            let expected = phi(d / sigma) * 255
            #expect(abs(Double(drawn[x, 30].w) - expected) <= 6, "x \(x): \(drawn[x, 30].w) against \(expected)")
        }
    }
}
