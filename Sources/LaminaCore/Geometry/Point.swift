/// A point in a two-dimensional coordinate system, in points (CGPoint's semantics).
///
/// Lamina's canvas has its origin at the top left with y growing downwards, as on iOS.
public struct Point: Hashable, Sendable {
    /// The x-coordinate.
    public var x: Double
    /// The y-coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The point transformed by an affine transform (`CGPointApplyAffineTransform`).
    @inlinable
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Point: CustomStringConvertible {
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
