public import LaminaCore

/// A 3x3 projective map of the plane, row-vector convention like `Transform3D`: `(X, Y, W) = (x, y, 1) · H`,
/// then `(X / W, Y / W)`.
///
/// A layer's world transform restricted to the layer's own plane (z = 0) is exactly this, even with
/// perspective. The renderer uses it to carry clips between spaces: from an instance's plane into the
/// clipping layer's plane, or from target pixels back into a layer (its inverse).
public struct Homography: Hashable, Sendable {
    /// The rows: what x, y and 1 contribute to (X, Y, W).
    public var row1, row2, row3: SIMD3<Double>

    /// A map from its rows.
    public init(row1: SIMD3<Double>, row2: SIMD3<Double>, row3: SIMD3<Double>) {
        self.row1 = row1
        self.row2 = row2
        self.row3 = row3
    }

    /// The identity.
    public static let identity = Homography(row1: SIMD3(1, 0, 0), row2: SIMD3(0, 1, 0), row3: SIMD3(0, 0, 1))

    /// The part of `t` that acts on points of the z = 0 plane, keeping x, y and w: rows 1, 2 and 4,
    /// columns 1, 2 and 4.
    public init(planeOf t: Transform3D) {
        row1 = SIMD3(t.row1.x, t.row1.y, t.row1.w)
        row2 = SIMD3(t.row2.x, t.row2.y, t.row2.w)
        row3 = SIMD3(t.row4.x, t.row4.y, t.row4.w)
    }

    /// Maps a point; nil when it lands at or behind infinity (W <= 0).
    public func apply(_ p: Point) -> Point? {
        let v = row1 * p.x + row2 * p.y + row3
        guard v.z > 0 else { return nil }
        return Point(x: v.x / v.z, y: v.y / v.z)
    }

    /// The inverse, or nil when the map is singular (a layer seen edge-on).
    public func inverted() -> Homography? {
        let (a, b, c) = (row1.x, row1.y, row1.z)
        let (d, e, f) = (row2.x, row2.y, row2.z)
        let (g, h, i) = (row3.x, row3.y, row3.z)
        let c11 = e * i - f * h
        let c12 = -(d * i - f * g)
        let c13 = d * h - e * g
        let det = a * c11 + b * c12 + c * c13
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(
            row1: SIMD3(c11, -(b * i - c * h), b * f - c * e) * k,
            row2: SIMD3(c12, a * i - c * g, -(a * f - c * d)) * k,
            row3: SIMD3(c13, -(a * h - b * g), a * e - b * d) * k)
    }
}
