import LaminaCore
import PropertyBased
import Testing
import LaminaTestSupport

@Suite("CATransform3D semantics")
struct Transform3DTests {
    @Test("Row vectors: translation lives in m41...m43")
    func translationRow() {
        let t = Transform3D(translationX: 3, y: 4, z: 5)
        #expect((t.m41, t.m42, t.m43) == (3, 4, 5))
        #expect(t.apply(SIMD4(1, 1, 1, 1)) == SIMD4(4, 5, 6, 1))
    }

    @Test("Perspective lives in m34 = -1/d, +z toward the viewer")
    func perspective() {
        let p = Transform3D(perspectiveDistance: 500)
        #expect(p.m34 == -1.0 / 500)
        // A point moved toward the viewer (+z) appears larger.
        let near = Transform3D(translationX: 0, y: 0, z: 100).concatenating(p)
        let v = near.apply(SIMD4(100, 0, 0, 1))
        #expect(v.x / v.w > 100)
        #expect(close(v.x / v.w, 125))
    }

    @Test("Concat(a, b) applies a first")
    func concatOrder() {
        let scale = Transform3D(scaleX: 2, y: 2, z: 1)
        let move = Transform3D(translationX: 10, y: 0, z: 0)
        #expect(scale.concatenating(move).project(Point(x: 1, y: 0)) == Point(x: 12, y: 0))
        #expect(move.concatenating(scale).project(Point(x: 1, y: 0)) == Point(x: 22, y: 0))
    }

    @Test("Translate, Scale and Rotate put the new operation before the transform")
    func operationsPrepend() {
        let t = Transform3D(scaleX: 2, y: 2, z: 2)
        #expect(t.translatedBy(x: 10, y: 0, z: 0) == Transform3D(translationX: 10, y: 0, z: 0).concatenating(t))
        #expect(t.translatedBy(x: 10, y: 0, z: 0).project(.zero) == Point(x: 20, y: 0))
        #expect(t.scaledBy(x: 3, y: 1, z: 1) == Transform3D(scaleX: 3, y: 1, z: 1).concatenating(t))
        let r = Transform3D(translationX: 5, y: 0, z: 0).rotated(by: .pi / 2, x: 0, y: 0, z: 1)
        #expect(close(r.project(Point(x: 1, y: 0)), Point(x: 5, y: 1)))
    }

    @Test("MakeRotation normalises the axis; a zero axis gives the identity")
    func rotationAxis() {
        let a = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 5)
        let b = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
        #expect(close(a, b))
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
        #expect(Transform3D.identity.rotated(by: 1, x: 0, y: 0, z: 0) == .identity)
        // About z, the same as the affine rotation (clockwise on a y-down screen).
        #expect(close(b.affineTransform.a, AffineTransform(rotationAngle: 0.7).a))
        #expect(close(b.m12, AffineTransform(rotationAngle: 0.7).b))
        #expect(close(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).project(Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        // About x: +y turns toward +z.
        let rx = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).apply(SIMD4(0, 1, 0, 1))
        #expect(close(rx.z, 1) && close(rx.y, 0))
    }

    @Test("Invert of a singular matrix returns it unchanged")
    func invertSingular() {
        let singular = Transform3D(scaleX: 0, y: 1, z: 1)
        #expect(singular.inverted() == singular)
        let t = Transform3D(rotationAngle: 0.3, x: 1, y: 2, z: 3).translatedBy(x: 4, y: 5, z: 6)
        #expect(close(t.concatenating(t.inverted()), .identity, 1e-12))
    }

    @Test("isIdentity and isAffine")
    func predicates() {
        #expect(Transform3D.identity.isIdentity)
        #expect(!Transform3D(translationX: 1, y: 0, z: 0).isIdentity)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D(rotationAngle: 1, x: 1, y: 0, z: 0).isAffine)
        #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D(perspectiveDistance: 100).isAffine)
    }

    @Test("isAxisAlignedInPlane: scales, flips and translations in x and y keep rectangles axis-aligned")
    func axisAlignedInPlane() {
        #expect(Transform3D(scaleX: -2, y: 3, z: 0).concatenating(Transform3D(translationX: 4, y: 5, z: 6)).isAxisAlignedInPlane)
        #expect(Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).isAxisAlignedInPlane)  // about y: x scales by cos
        #expect(!Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1).isAxisAlignedInPlane)
        #expect(Transform3D(perspectiveDistance: 100).isAxisAlignedInPlane)  // m34 only acts on z, and z is 0
        var skew = Transform3D.identity
        skew.m21 = 0.5
        #expect(!skew.isAxisAlignedInPlane)
        var perspective = Transform3D.identity
        perspective.m14 = 0.01
        #expect(!perspective.isAxisAlignedInPlane)
    }

    @Test("The affine bridge sets six fields and replaces the whole transform")
    func affineBridge() {
        let a = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = Transform3D(affine: a)
        #expect(t.elements == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(t.affineTransform == a)
        // Reading the affine transform of a non-affine matrix gives the identity.
        #expect(Transform3D(perspectiveDistance: 100).affineTransform == .identity)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 1, z: 0).affineTransform == .identity)
    }

    @Test("Equality is field by field")
    func equality() {
        #expect(Transform3D(translationX: 1, y: 2, z: 3) == Transform3D(translationX: 1, y: 2, z: 3))
        var t = Transform3D.identity
        t.m34 = 1e-9
        #expect(t != .identity)
        #expect(Transform3D(elements: Transform3D(scaleX: 2, y: 3, z: 4).elements) == Transform3D(scaleX: 2, y: 3, z: 4))
        #expect(Transform3D(elements: [1, 2, 3]) == nil)
    }

    @Test("A full turn decomposes to no rotation: identity to 2π shows no motion")
    func fullTurnIsNoRotation() throws {
        let d = try #require(DecomposedTransform(Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1)))
        #expect(close(abs(d.rotation.w), 1, 1e-12))
        #expect(close(d.recomposed, .identity, 1e-12))
    }

    @Test("Decomposition names the parts")
    func decompositionParts() throws {
        let t = Transform3D(scaleX: 2, y: 3, z: 4)
            .rotated(by: 0, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 7, y: 8, z: 9))
        let d = try #require(DecomposedTransform(t))
        #expect(close(d.translation.x, 7) && close(d.translation.y, 8) && close(d.translation.z, 9))
        #expect(close(d.scale.x, 2) && close(d.scale.y, 3) && close(d.scale.z, 4))
        #expect(close(d.eulerAngles.z, 0.5) && close(d.eulerAngles.x, 0) && close(d.eulerAngles.y, 0))
        #expect(d.perspective == SIMD4(0, 0, 0, 1))
        let p = try #require(DecomposedTransform(Transform3D(perspectiveDistance: 200)))
        #expect(close(p.perspective.z, -1.0 / 200))
        let mirrored = try #require(DecomposedTransform(Transform3D(scaleX: -1, y: 1, z: 1)))
        #expect(close(mirrored.recomposed, Transform3D(scaleX: -1, y: 1, z: 1)))
        #expect(DecomposedTransform(Transform3D(scaleX: 0, y: 1, z: 1)) == nil)
    }

    @Test("The GPU form holds the rows of M as columns of Mᵀ and maps points the same way")
    func gpuMatrix() {
        let t = Transform3D(rotationAngle: 0.4, x: 1, y: 1, z: 0)
            .translatedBy(x: 3, y: 4, z: 5)
            .concatenating(Transform3D(perspectiveDistance: 300))
        let g = GPUMatrix(t)
        #expect(g.floats == t.elements.map(Float.init))
        let v = t.apply(SIMD4(10, 20, 0, 1))
        let w = g.apply(SIMD4(10, 20, 0, 1))
        for i in 0..<4 { #expect(abs(Double(w[i]) - v[i]) < 1e-3) }
    }

    // MARK: Properties

    @Test("(a·b)⁻¹ = b⁻¹·a⁻¹")
    func inverseOfConcat() async {
        await propertyCheck(input: transforms, transforms) { a, b in
            let lhs = a.concatenating(b).inverted()
            let rhs = b.inverted().concatenating(a.inverted())
            #expect(close(lhs, rhs, 1e-7), "\(a) \(b)")
            #expect(close(a.concatenating(a.inverted()), .identity, 1e-8))
        }
    }

    @Test("Decomposing then recomposing gives the matrix back")
    func decomposeRecompose() async {
        await propertyCheck(input: transforms) { t in
            guard let d = DecomposedTransform(t) else {
                Issue.record("well-conditioned transform did not decompose: \(t)")
                return
            }
            #expect(close(d.recomposed, t.scaled(by: 1 / t.m44), 1e-8), "\(t)")
        }
    }

    @Test("Euler angles written then read come back")
    func eulerRoundTrip() async {
        await propertyCheck(input: Gen.double(in: -3...3), Gen.double(in: -1.5...1.5), Gen.double(in: -3...3)) { a, b, c in
            var d = DecomposedTransform.identity
            d.eulerAngles = SIMD3(a, b, c)
            let back = d.eulerAngles
            #expect(close(back.x, a, 1e-7) && close(back.y, b, 1e-7) && close(back.z, c, 1e-7))
        }
    }

    @Test("Scales far from 1 (1e-200, a subnormal, 1e200) written one axis after another read back, the matrix finite")
    func extremeScalesWrittenInTurn() throws {
        for scale in [1e-200, Double.leastNormalMagnitude / 1000, 1e200] {
            var t = Transform3D.identity
            for (path, value) in [("transform.scale.x", scale), ("transform.scale.y", scale), ("transform.rotation.z", 0.5)] {
                let written = try LayerKeyPath(path).write(.number(value), into: .transform(t))
                guard case .transform(let matrix) = written else { throw PropertyError.unknownKey(path) }
                t = matrix
            }
            // Row x is scale·(cos, sin), row y scale·(−sin, cos): each row's length is the scale.
            #expect(close(t.m11 / scale, Double.cos(0.5), 1e-12) && close(t.m12 / scale, Double.sin(0.5), 1e-12), "\(scale): \(t)")
            #expect(close(t.m21 / scale, -Double.sin(0.5), 1e-12) && close(t.m22 / scale, Double.cos(0.5), 1e-12), "\(scale): \(t)")
            #expect(t.m33 == 1 && t.m44 == 1)
        }
    }
}
