import RealModule

/// A 4x4 homogeneous transform with CATransform3D's fields, layout and semantics.
///
/// Row-vector convention: a point transforms as `p' = p · M`, so translation lives in `m41...m43` and
/// perspective in `m34` (`m34 = -1/d`, +z toward the viewer). `concatenating(b)` applies the receiver
/// first (`CATransform3DConcat(a, b) = a · b`), and `translatedBy`, `scaledBy`, `rotated` put the new
/// operation *before* the receiver, as `CATransform3DTranslate` and friends do.
///
/// The storage is four rows of `SIMD4<Double>`, which keeps `concatenating` to sixteen fused vector
/// operations; the sixteen `mIJ` fields are views of those rows.
public struct Transform3D: Hashable, Sendable {
    /// The rows `(m11, m12, m13, m14)` ... `(m41, m42, m43, m44)`.
    public var row1: SIMD4<Double>, row2: SIMD4<Double>, row3: SIMD4<Double>, row4: SIMD4<Double>

    /// Creates a transform from its rows.
    @inlinable
    public init(row1: SIMD4<Double>, row2: SIMD4<Double>, row3: SIMD4<Double>, row4: SIMD4<Double>) {
        (self.row1, self.row2, self.row3, self.row4) = (row1, row2, row3, row4)
    }

    /// Creates a transform from its sixteen fields in CATransform3D order.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.init(
            row1: SIMD4(m11, m12, m13, m14), row2: SIMD4(m21, m22, m23, m24),
            row3: SIMD4(m31, m32, m33, m34), row4: SIMD4(m41, m42, m43, m44))
    }

    /// Creates a transform from sixteen numbers in CATransform3D field order (`m11, m12, ..., m44`);
    /// nil unless there are exactly sixteen.
    public init?(elements: some Collection<Double>) {
        guard elements.count == 16 else { return nil }
        let e = Array(elements)
        self.init(
            row1: SIMD4(e[0], e[1], e[2], e[3]), row2: SIMD4(e[4], e[5], e[6], e[7]),
            row3: SIMD4(e[8], e[9], e[10], e[11]), row4: SIMD4(e[12], e[13], e[14], e[15]))
    }

    /// The sixteen fields in CATransform3D order (`m11, m12, ..., m44`).
    public var elements: [Double] {
        [row1, row2, row3, row4].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }

    /// The identity (`CATransform3DIdentity`). Computed, not a stored `static let`: a stored one is
    /// reached through a once-guard on every read, and the animation engine and the renderer read it
    /// for every layer of every frame; these four rows are constants the compiler folds.
    @inlinable
    public static var identity: Transform3D {
        Transform3D(row1: SIMD4(1, 0, 0, 0), row2: SIMD4(0, 1, 0, 0), row3: SIMD4(0, 0, 1, 0), row4: SIMD4(0, 0, 0, 1))
    }

    // MARK: Fields

    @inlinable public var m11: Double { get { row1.x } set { row1.x = newValue } }
    @inlinable public var m12: Double { get { row1.y } set { row1.y = newValue } }
    @inlinable public var m13: Double { get { row1.z } set { row1.z = newValue } }
    @inlinable public var m14: Double { get { row1.w } set { row1.w = newValue } }
    @inlinable public var m21: Double { get { row2.x } set { row2.x = newValue } }
    @inlinable public var m22: Double { get { row2.y } set { row2.y = newValue } }
    @inlinable public var m23: Double { get { row2.z } set { row2.z = newValue } }
    @inlinable public var m24: Double { get { row2.w } set { row2.w = newValue } }
    @inlinable public var m31: Double { get { row3.x } set { row3.x = newValue } }
    @inlinable public var m32: Double { get { row3.y } set { row3.y = newValue } }
    @inlinable public var m33: Double { get { row3.z } set { row3.z = newValue } }
    @inlinable public var m34: Double { get { row3.w } set { row3.w = newValue } }
    @inlinable public var m41: Double { get { row4.x } set { row4.x = newValue } }
    @inlinable public var m42: Double { get { row4.y } set { row4.y = newValue } }
    @inlinable public var m43: Double { get { row4.z } set { row4.z = newValue } }
    @inlinable public var m44: Double { get { row4.w } set { row4.w = newValue } }

    // MARK: Construction (CATransform3DMake...)

    /// A translation (`CATransform3DMakeTranslation`).
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        row4 = SIMD4(tx, ty, tz, 1)
    }

    /// A scale (`CATransform3DMakeScale`).
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self.init(row1: SIMD4(sx, 0, 0, 0), row2: SIMD4(0, sy, 0, 0), row3: SIMD4(0, 0, sz, 0), row4: SIMD4(0, 0, 0, 1))
    }

    /// A rotation of `angle` radians about the axis (`x`, `y`, `z`) (`CATransform3DMakeRotation`).
    /// The axis is normalised; a zero axis gives the identity. About +z, a positive angle turns
    /// clockwise on Lamina's y-down screen, like `CGAffineTransformMakeRotation`.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (x, y, z) = (x / length, y / length, z / length)
        let (s, c) = sineAndCosine(angle)
        let t = 1 - c
        self.init(
            m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective matrix for an eye at distance `d` (`m34 = -1/d`); the identity for `d == 0`.
    public init(perspectiveDistance d: Double) {
        self = .identity
        if d != 0 { m34 = -1 / d }
    }

    // MARK: Algebra

    /// `self · other`: the receiver applied first, then `other` (`CATransform3DConcat(self, other)`).
    @inlinable
    public func concatenating(_ b: Transform3D) -> Transform3D {
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
            r.x * b.row1 + r.y * b.row2 + r.z * b.row3 + r.w * b.row4
        }
        return Transform3D(row1: row(row1), row2: row(row2), row3: row(row3), row4: row(row4))
    }

    /// A translation applied before the receiver (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before the receiver (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before the receiver (`CATransform3DRotate`); a zero axis leaves it unchanged.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Whether every field equals the identity's (`CATransform3DIsIdentity`).
    @inlinable
    public var isIdentity: Bool {
        row1 == SIMD4(1, 0, 0, 0) && row2 == SIMD4(0, 1, 0, 0) && row3 == SIMD4(0, 0, 1, 0) && row4 == SIMD4(0, 0, 0, 1)
    }

    /// Whether the transform is exactly an affine 2D transform (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// Whether the transform takes the z = 0 plane's axis-aligned rectangles to axis-aligned rectangles
    /// without perspective (scales, flips and translations in x and y; anything in z): what lets a
    /// renderer clip with a scissor box or map texels straight onto pixels.
    public var isAxisAlignedInPlane: Bool {
        m12 == 0 && m21 == 0 && m14 == 0 && m24 == 0 && m44 == 1
    }

    /// The transform a 2D affine transform stands for (`CATransform3DMakeAffineTransform`): it sets
    /// m11, m12, m21, m22, m41 and m42 and leaves every other field as the identity's.
    public init(affine t: AffineTransform) {
        self = .identity
        (m11, m12, m21, m22, m41, m42) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
    }

    /// The affine part (`CATransform3DGetAffineTransform`): the identity when the transform is not affine.
    public var affineTransform: AffineTransform {
        guard isAffine else { return .identity }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// The determinant of the whole 4x4 matrix.
    public var determinant: Double { Cofactors(self).determinant }

    /// The inverse; a singular (or non-finite) matrix is returned unchanged (`CATransform3DInvert`).
    public func inverted() -> Transform3D {
        let cof = Cofactors(self)
        let det = cof.determinant
        guard det != 0, det.isFinite else { return self }
        return cof.adjugate.scaled(by: 1 / det)
    }

    /// Every field multiplied by `k`.
    @inlinable
    public func scaled(by k: Double) -> Transform3D {
        Transform3D(row1: row1 * k, row2: row2 * k, row3: row3 * k, row4: row4 * k)
    }

    /// The transpose.
    public var transposed: Transform3D {
        Transform3D(
            row1: SIMD4(m11, m21, m31, m41), row2: SIMD4(m12, m22, m32, m42),
            row3: SIMD4(m13, m23, m33, m43), row4: SIMD4(m14, m24, m34, m44))
    }

    // MARK: Applying to points

    /// The homogeneous row vector `v · M`.
    @inlinable
    public func apply(_ v: SIMD4<Double>) -> SIMD4<Double> {
        v.x * row1 + v.y * row2 + v.z * row3 + v.w * row4
    }

    /// This transform, then flattening onto the z = 0 plane (z dropped, w kept, so perspective survives
    /// as a projective map of the plane): how a layer's sublayers, positioned through its
    /// `sublayerSpaceTransform`, land in the layer's own plane. Core Animation flattens at every level
    /// (short of `CATransformLayer`), so every world transform (drawing, conversion, hit testing) is a
    /// product of `frameTransform` and the superlayer's flattened sublayer space, level by level.
    @inlinable
    public var flattened: Transform3D {
        var m = self
        m.row1.z = 0
        m.row2.z = 0
        m.row3.z = 0
        m.row4.z = 0
        return m
    }

    /// The point (x, y, 0) transformed and projected onto the z = 0 plane (divided by w).
    @inlinable
    public func project(_ p: Point) -> Point {
        let v = apply(SIMD4(p.x, p.y, 0, 1))
        return Point(x: v.x / v.w, y: v.y / v.w)
    }
}

extension Transform3D: CustomStringConvertible {
    /// The four rows.
    public var description: String {
        "[\(row1.x) \(row1.y) \(row1.z) \(row1.w); \(row2.x) \(row2.y) \(row2.z) \(row2.w); "
            + "\(row3.x) \(row3.y) \(row3.z) \(row3.w); \(row4.x) \(row4.y) \(row4.z) \(row4.w)]"
    }
}

/// The 2x2 sub-determinants of a 4x4 matrix, from which its determinant and adjugate follow
/// (Laplace expansion by complementary minors: 12 products instead of 24 per cofactor).
private struct Cofactors {
    let m: Transform3D
    let s0, s1, s2, s3, s4, s5, c0, c1, c2, c3, c4, c5: Double

    init(_ m: Transform3D) {
        self.m = m
        s0 = m.m11 * m.m22 - m.m21 * m.m12
        s1 = m.m11 * m.m23 - m.m21 * m.m13
        s2 = m.m11 * m.m24 - m.m21 * m.m14
        s3 = m.m12 * m.m23 - m.m22 * m.m13
        s4 = m.m12 * m.m24 - m.m22 * m.m14
        s5 = m.m13 * m.m24 - m.m23 * m.m14
        c5 = m.m33 * m.m44 - m.m43 * m.m34
        c4 = m.m32 * m.m44 - m.m42 * m.m34
        c3 = m.m32 * m.m43 - m.m42 * m.m33
        c2 = m.m31 * m.m44 - m.m41 * m.m34
        c1 = m.m31 * m.m43 - m.m41 * m.m33
        c0 = m.m31 * m.m42 - m.m41 * m.m32
    }

    var determinant: Double { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }

    var adjugate: Transform3D {
        Transform3D(
            m11: m.m22 * c5 - m.m23 * c4 + m.m24 * c3,
            m12: -m.m12 * c5 + m.m13 * c4 - m.m14 * c3,
            m13: m.m42 * s5 - m.m43 * s4 + m.m44 * s3,
            m14: -m.m32 * s5 + m.m33 * s4 - m.m34 * s3,
            m21: -m.m21 * c5 + m.m23 * c2 - m.m24 * c1,
            m22: m.m11 * c5 - m.m13 * c2 + m.m14 * c1,
            m23: -m.m41 * s5 + m.m43 * s2 - m.m44 * s1,
            m24: m.m31 * s5 - m.m33 * s2 + m.m34 * s1,
            m31: m.m21 * c4 - m.m22 * c2 + m.m24 * c0,
            m32: -m.m11 * c4 + m.m12 * c2 - m.m14 * c0,
            m33: m.m41 * s4 - m.m42 * s2 + m.m44 * s0,
            m34: -m.m31 * s4 + m.m32 * s2 - m.m34 * s0,
            m41: -m.m21 * c3 + m.m22 * c1 - m.m23 * c0,
            m42: m.m11 * c3 - m.m12 * c1 + m.m13 * c0,
            m43: -m.m41 * s3 + m.m42 * s1 - m.m43 * s0,
            m44: m.m31 * s3 - m.m32 * s1 + m.m33 * s0)
    }
}
