@testable import LaminaCore
import LaminaTestSupport
import Testing

/// Mirrored transforms through the decomposition that the `transform.*` key paths read and write: a
/// flip is one negative scale, on the axis that leaves the smallest rotation, so the components read
/// what was written and writing one keeps the others (Lottie's flipped layers write scale x, then
/// scale y, then rotation z).
@Suite("Mirrored transforms")
struct MirroredTransformTests {
    @Test("a flip reads as a negative scale on its own axis and no rotation")
    func flipsReadAsOneNegativeScale() throws {
        for (x, y, z) in [(-2.0, 3.0, 1.0), (2, -3, 1), (2, 3, -4)] {
            let parts = try #require(DecomposedTransform(Transform3D(scaleX: x, y: y, z: z)))
            #expect(close(parts.scale.x, x) && close(parts.scale.y, y) && close(parts.scale.z, z), "\(parts.scale)")
            #expect(close(parts.eulerAngles.x, 0) && close(parts.eulerAngles.y, 0) && close(parts.eulerAngles.z, 0))
        }
    }

    @Test("a flip then a turn reads back as both, and recomposes to the same matrix")
    func flippedAndTurned() throws {
        let angle = 9 * Double.pi / 180
        let t = Transform3D(scaleX: -1.11, y: 1.11, z: 1).concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
        let parts = try #require(DecomposedTransform(t))
        #expect(close(parts.scale.x, -1.11) && close(parts.scale.y, 1.11) && close(parts.eulerAngles.z, angle), "\(parts)")
        #expect(close(parts.recomposed, t))
    }

    @Test("scale x, scale y, then rotation z, written one after another from the identity, keep the flip")
    func componentsWrittenInTurn() {
        let angle = 9 * Double.pi / 180
        var t = Transform3D.identity
        for (component, value) in [(LayerKeyPath.Component.scaleX, -1.11), (.scaleY, 1.11), (.rotationZ, angle)] {
            t = TransformComponents.writing(component, .number(value), into: t)
        }
        let expected = Transform3D(scaleX: -1.11, y: 1.11, z: 1).concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
        #expect(close(t, expected), "\(t)")
        #expect(t.m11 < 0 && t.m22 > 0, "still mirrored in x")
    }
}
