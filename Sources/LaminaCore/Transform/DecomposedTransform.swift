import RealModule

/// A `Transform3D` split into the parts that animate sensibly: translation, scale, skew, rotation (a
/// quaternion) and perspective. Interpolating these, not matrix elements, is how Core Animation animates
/// `transform`: identity to a 2π rotation shows no motion, and a half-way rotation stays rigid.
///
/// The split is the "unmatrix" of Graphics Gems II as the CSS Transforms 2 specification gives it, in
/// CATransform3D's row-vector layout: `M = Scale · Skew · Rotation · Translation · Perspective`, where
/// Skew is lower-triangular with `xy`, `xz`, `yz` shears.
public struct DecomposedTransform: Hashable, Sendable {
    /// Translation along x, y, z (m41, m42, m43 of the normalised matrix).
    public var translation: SIMD3<Double>
    /// Scale along x, y, z; a mirrored matrix has one of them negative (see `init`).
    public var scale: SIMD3<Double>
    /// Shears: `x` is XY, `y` is XZ, `z` is YZ.
    public var skew: SIMD3<Double>
    /// The perspective row (the fourth column of the matrix): `(0, 0, 0, 1)` for none.
    public var perspective: SIMD4<Double>
    /// The rotation.
    public var rotation: Quaternion

    /// Creates a decomposition from its parts.
    public init(
        translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), rotation: Quaternion = .identity
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The identity's decomposition.
    public static let identity = DecomposedTransform()

    /// Decomposes `m`; nil when `m44` is zero or the upper 3x3 part is singular.
    public init?(_ matrix: Transform3D) {
        // Most layers' transforms are the identity, and transform key-path animations decompose the
        // transform below them every frame: answer that case without the arithmetic (same result).
        if matrix == .identity {
            self = .identity
            return
        }
        guard matrix.m44 != 0, matrix.m44.isFinite else { return nil }
        let m = matrix.scaled(by: 1 / matrix.m44)

        // The perspective-free matrix N; M = N · P where P is the identity with fourth column `p`.
        var n = m
        (n.m14, n.m24, n.m34, n.m44) = (0, 0, 0, 1)
        guard n.determinant != 0 else { return nil }
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // Solve N · p = (m14, m24, m34, m44) for p: p = N⁻¹ · rhs.
            let inv = n.inverted()
            let rhs = SIMD4(m.m14, m.m24, m.m34, m.m44)
            perspective = SIMD4(
                (inv.row1 * rhs).sum(), (inv.row2 * rhs).sum(), (inv.row3 * rhs).sum(), (inv.row4 * rhs).sum())
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }

        translation = SIMD3(m.m41, m.m42, m.m43)

        // Gram-Schmidt on the rows of the upper 3x3: rows = diag(scale) · Skew · R.
        var r0 = SIMD3(m.m11, m.m12, m.m13)
        var r1 = SIMD3(m.m21, m.m22, m.m23)
        var r2 = SIMD3(m.m31, m.m32, m.m33)
        var scale = SIMD3<Double>(0, 0, 0)
        var skew = SIMD3<Double>(0, 0, 0)

        scale.x = length(r0)
        r0 /= scale.x
        skew.x = dot(r0, r1)
        r1 -= skew.x * r0
        scale.y = length(r1)
        r1 /= scale.y
        skew.x /= scale.y
        skew.y = dot(r0, r2)
        r2 -= skew.y * r0
        skew.z = dot(r1, r2)
        r2 -= skew.z * r1
        scale.z = length(r2)
        r2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A mirrored basis: one axis's scale is taken as negative (its row negated), so the rotation is
        // proper; the axis whose flip leaves the smallest rotation (the largest trace), x on a tie. A
        // layer flipped horizontally then reads scale.x −1 and no rotation, and writing scale.y or
        // rotation.z keeps the flip (negating all three, as CSS's decomposition does, read it as a half
        // turn about x with every scale negative, which a later scale.y write turned into a half turn).
        if dot(r0, cross(r1, r2)) < 0 {
            let traces = [-r0.x + r1.y + r2.z, r0.x - r1.y + r2.z, r0.x + r1.y - r2.z]
            let axis = traces[1] > traces[0] && traces[1] >= traces[2] ? 1 : traces[2] > traces[0] ? 2 : 0
            // Skew terms pairing the flipped axis with another change sign with it.
            switch axis {
            case 0: (scale.x, r0, skew.x, skew.y) = (-scale.x, -r0, -skew.x, -skew.y)
            case 1: (scale.y, r1, skew.x, skew.z) = (-scale.y, -r1, -skew.x, -skew.z)
            default: (scale.z, r2, skew.y, skew.z) = (-scale.z, -r2, -skew.y, -skew.z)
            }
        }
        self.scale = scale
        self.skew = skew
        self.rotation = Self.quaternion(rows: r0, r1, r2)
    }

    /// The quaternion of a proper rotation matrix given by its rows (row-vector convention).
    static func quaternion(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) -> Quaternion {
        var q = Quaternion(
            x: 0.5 * Swift.max(1 + r0.x - r1.y - r2.z, 0).squareRoot(),
            y: 0.5 * Swift.max(1 - r0.x + r1.y - r2.z, 0).squareRoot(),
            z: 0.5 * Swift.max(1 - r0.x - r1.y + r2.z, 0).squareRoot(),
            w: 0.5 * Swift.max(1 + r0.x + r1.y + r2.z, 0).squareRoot())
        if r2.y > r1.z { q.x = -q.x }
        if r0.z > r2.x { q.y = -q.y }
        if r1.x > r0.y { q.z = -q.z }
        return q
    }

    /// The transform these parts describe (the normalised matrix, `m44 == 1` without perspective).
    public var recomposed: Transform3D {
        let (x, y, z, w) = (rotation.x, rotation.y, rotation.z, rotation.w)
        // Rotation rows in the row-vector convention (the transpose of the column-vector formula).
        let q0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let q1 = SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let q2 = SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        // rows = diag(scale) · Skew · R, Skew = [[1,0,0],[xy,1,0],[xz,yz,1]].
        let a0 = scale.x * q0
        let a1 = scale.y * (q1 + skew.x * q0)
        let a2 = scale.z * (q2 + skew.z * q1 + skew.y * q0)
        let t = translation
        let p = perspective
        // N = [A 0; t 1]; M = N · P, whose fourth column is N · p.
        func row(_ a: SIMD3<Double>, _ last: Double) -> SIMD4<Double> {
            SIMD4(a.x, a.y, a.z, a.x * p.x + a.y * p.y + a.z * p.z + last * p.w)
        }
        return Transform3D(row1: row(a0, 0), row2: row(a1, 0), row3: row(a2, 0), row4: row(t, 1))
    }
}

// MARK: Small vector helpers

@inline(__always) func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
/// The length of `a`. Where the sum of squares leaves the normal range (a row scaled by 1e-200 squares
/// to 0, one by 1e200 to infinity) the vector is divided by its largest component first: the
/// decomposition divides each row by its length, and a 0 or an infinity there made a finite matrix's
/// components NaN, refused as if the client had written one.
@inline(__always) func length(_ a: SIMD3<Double>) -> Double {
    let squares = dot(a, a)
    return squares.isNormal ? squares.squareRoot() : scaledLength(a)
}

@inline(never) func scaledLength(_ a: SIMD3<Double>) -> Double {
    let largest = max(abs(a.x), max(abs(a.y), abs(a.z)))
    guard largest > 0, largest.isFinite else { return largest }
    let unit = a / largest
    return largest * dot(unit, unit).squareRoot()
}
@inline(__always) func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
