/// A width and a height, in points (CGSize's semantics: components may be negative).
public struct Size: Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size from its components.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size (0, 0).
    public static let zero = Size(width: 0, height: 0)

    /// The size transformed by the linear part of an affine transform (`CGSizeApplyAffineTransform`):
    /// translation is ignored and the result keeps its sign.
    @inlinable
    public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Size: CustomStringConvertible {
    /// `(width, height)`.
    public var description: String { "(\(width), \(height))" }
}
