@testable import LaminaRender
@testable import LaminaRenderList
import Testing

/// `fill` runs store colours in whole 8-bit steps (llvmpipe's linear path truncates where its general
/// path rounds); the builder and the leaf patch round them by one definition.
@Suite("Fill colours in whole 8-bit steps")
struct FillColorRoundingTests {
    @Test("colours in whole 8-bit steps: the shortcut rounds as rounded(.toNearestOrEven) does, ties included")
    func eightBitStepsRoundToNearestEven() {
        // Every step and the halfway points between steps (the ties), each nudged a few ulps either
        // way, in every lane; and values no colour has (negative, huge, infinite), which take the
        // library's rounding.
        var checked = 0
        for step in 0...255 {
            for base in [Float(step), Float(step) + 0.5] {
                for value in [base.nextDown.nextDown, base.nextDown, base, base.nextUp, base.nextUp.nextUp] {
                    let color = SIMD4(value, 255 - value, value / 2, 255) / 255
                    let expected = (color * 255).rounded(.toNearestOrEven) / 255
                    #expect(LayerInstance.roundedTo8Bit(color) == expected, "\(color)")
                    checked += 1
                }
            }
        }
        for odd: Float in [-0.6, -1e9, 1e9, 3e38, .infinity] {
            let color = SIMD4(odd, 0.5, 1, 0)
            #expect(LayerInstance.roundedTo8Bit(color) == (color * 255).rounded(.toNearestOrEven) / 255)
        }
        #expect(checked == 2560)
    }
}
