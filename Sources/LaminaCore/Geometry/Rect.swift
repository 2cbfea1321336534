/// A rectangle: an origin and a size, in points, with Core Graphics' semantics.
///
/// Sizes may be negative; every derived value (min, mid, max, union, intersection, containment) reads
/// the *standardised* rectangle, whose width and height are non-negative. The *null* rectangle (origin at
/// infinity) is the empty set: it is what an intersection of disjoint rectangles returns and what a union
/// ignores. An *empty* rectangle has zero width or height (or is null).
public struct Rect: Hashable, Sendable {
    /// The origin (the minimum corner once standardised).
    public var origin: Point
    /// The size; may be negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at (0, 0) with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The null rectangle (`CGRectNull`): the empty set of points.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The infinite rectangle (`CGRectInfinite`): every point.
    public static let infinite = Rect(
        x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// Whether this is the null rectangle.
    @inlinable
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the rectangle has zero width or height, or is null.
    @inlinable
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// Whether this is the infinite rectangle.
    public var isInfinite: Bool { self == .infinite }

    /// The same set of points with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        if isNull { return .null }
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// The smallest x-coordinate.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The x-coordinate of the centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The largest x-coordinate.
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y-coordinate.
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The y-coordinate of the centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The largest y-coordinate.
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The width of the standardised rectangle.
    @inlinable public var width: Double { abs(size.width) }
    /// The height of the standardised rectangle.
    @inlinable public var height: Double { abs(size.height) }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (negative values
    /// grow it). A result with a negative width or height is null, as with `CGRectInset`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return .null }
        let s = standardized
        let r = Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.size.width - 2 * dx, height: s.size.height - 2 * dy)
        return r.size.width < 0 || r.size.height < 0 ? .null : r
    }

    /// The standardised rectangle moved by (`dx`, `dy`); null stays null.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return .null }
        var s = standardized
        s.origin.x += dx
        s.origin.y += dy
        return s
    }

    /// The smallest rectangle containing both; a null operand is ignored (empty ones are not).
    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of both; null when they do not meet. Rectangles that share only an edge meet in a
    /// rectangle of zero width or height, as in Core Graphics.
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the intersection is not null.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isNull }

    /// Whether the point lies inside, counting the minimum edges but not the maximum ones
    /// (`CGRectContainsPoint`).
    @inlinable
    public func contains(_ p: Point) -> Bool {
        if isNull { return false }
        return p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `other` lies entirely inside (`CGRectContainsRect`); nothing contains a null rectangle
    /// and a null rectangle contains nothing.
    public func contains(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        return union(other) == standardized
    }

    /// The bounding box of the rectangle's corners under an affine transform (`CGRectApplyAffineTransform`).
    public func applying(_ t: AffineTransform) -> Rect {
        if isNull { return .null }
        let corners = [
            Point(x: minX, y: minY).applying(t), Point(x: maxX, y: minY).applying(t),
            Point(x: minX, y: maxY).applying(t), Point(x: maxX, y: maxY).applying(t),
        ]
        return Rect.boundingBox(of: corners)
    }

    /// The smallest rectangle containing every point; null for none.
    public static func boundingBox(of points: some Sequence<Point>) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        if x0 > x1 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rect: CustomStringConvertible {
    /// `(x, y, width, height)`, or `null`.
    public var description: String {
        isNull ? "null" : "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
    }
}
