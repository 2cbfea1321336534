/// An outline made of straight lines and Bézier curves, grouped into subpaths: the role `CGPath` plays
/// in Core Animation.
///
/// A keyframe animation moves a layer along a path, and a renderer may later fill or stroke one, so the
/// type is a plain value: a list of drawing instructions in the order they were given, compared and
/// hashed by that list. Coordinates are in points in Lamina's y-down space, exactly as given; nothing is
/// normalised, so a path built from SVG text and one built by hand with the same instructions are equal.
///
/// The element list always starts with a ``Element/move(to:)`` when it is not empty: the drawing methods
/// begin a subpath at the origin when there is no current point, so every line and curve has a start.
/// That invariant is what lets ``segments`` and ``svgPathData`` describe any path without special cases.
public struct Path: Sendable {
    /// One drawing instruction, as `CGPathElement` describes them.
    ///
    /// Curves store their end point first and their control points after, as in `CGPath`'s builder
    /// methods; the SVG text form writes control points first.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point without drawing: a jump, not a line.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point, pulled toward one control point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point, shaped by two control points.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the start of the current subpath, which ends it; the current point
        /// becomes that start, so drawing may continue from there (as in SVG and Core Graphics).
        case close
    }

    /// The drawing instructions in the order they were added.
    ///
    /// Read-only from outside so that the cached current point and subpath start can never disagree
    /// with it; build paths with the mutating methods or the initialisers.
    public private(set) var elements: [Element]

    /// Where the next line or curve starts: the end of the last element, or the start of the subpath
    /// after a ``Element/close``; `nil` for an empty path.
    ///
    /// Kept alongside ``elements`` so that appending is O(1) rather than a backward scan.
    public private(set) var currentPoint: Point?

    /// The point the current subpath started at, which ``closeSubpath()`` returns to.
    private var subpathStart: Point?

    /// Creates an empty path.
    public init() {
        elements = []
        currentPoint = nil
        subpathStart = nil
    }

    /// Whether the path has no elements at all (`CGPath.isEmpty`); a lone move is not empty.
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Building

    /// Starts a new subpath at `point` without drawing anything.
    ///
    /// Consecutive moves are all kept, so that SVG text such as `M0 0 M10 10` survives a round trip.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Draws a straight line from the current point to `point`.
    ///
    /// On a path with no current point the subpath first starts at the origin, as SVG's initial current
    /// point (0, 0) would have it, rather than dropping the line the way Core Graphics does.
    public mutating func addLine(to point: Point) {
        beginSubpathIfNeeded()
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Draws a quadratic Bézier curve from the current point to `point`, bending toward `control`.
    ///
    /// Starts a subpath at the origin first when there is no current point (see ``addLine(to:)``).
    public mutating func addQuadCurve(to point: Point, control: Point) {
        beginSubpathIfNeeded()
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Draws a cubic Bézier curve from the current point to `point`: it leaves toward `control1` and
    /// arrives from the direction of `control2`.
    ///
    /// Starts a subpath at the origin first when there is no current point (see ``addLine(to:)``).
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        beginSubpathIfNeeded()
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a straight line back to its start; the current point becomes
    /// that start.
    ///
    /// Does nothing on an empty path, which has no subpath to close. Closing twice records two elements
    /// (the second is a line of zero length), matching what SVG text such as `Z Z` says.
    public mutating func closeSubpath() {
        guard let start = subpathStart else { return }
        elements.append(.close)
        currentPoint = start
    }

    /// Appends every element of `other`, as if its instructions were replayed on this path.
    public mutating func addPath(_ other: Path) {
        for element in other.elements {
            append(element)
        }
    }

    /// Replays one element through the builder methods, so the cached state stays right.
    mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .close: closeSubpath()
        }
    }

    private mutating func beginSubpathIfNeeded() {
        if currentPoint == nil { move(to: .zero) }
    }

    // MARK: Bounds

    /// The smallest rectangle containing every point the elements name, control points included
    /// (`CGPath.boundingBox`); `Rect.null` for an empty path.
    ///
    /// Cheap and conservative: a curve never leaves the hull of its control points, so this box always
    /// contains the drawn outline, though it may be larger. See ``pathBoundingBox`` for the tight box.
    public var boundingBox: Rect {
        var points: [Point] = []
        points.reserveCapacity(elements.count * 3)
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points.append(contentsOf: [p, c])
            case .curve(let p, let c1, let c2): points.append(contentsOf: [p, c1, c2])
            case .close: break
            }
        }
        return Rect.boundingBox(of: points)
    }

    /// The smallest rectangle containing the outline itself, control points excluded
    /// (`CGPath.boundingBoxOfPath`); `Rect.null` for an empty path.
    ///
    /// Curves contribute their end points and their extreme points (where the derivative of x or y
    /// vanishes); move points count too, so a lone move gives a zero-size box at that point.
    public var pathBoundingBox: Rect {
        var points: [Point] = []
        for element in elements {
            if case .move(let p) = element { points.append(p) }
        }
        for segment in segments {
            points.append(segment.start)
            points.append(segment.end)
            for t in segment.extremeParameters() {
                points.append(segment.point(at: t))
            }
        }
        return Rect.boundingBox(of: points)
    }
}

extension Path: Hashable {
    /// Paths are equal when their element lists are: the cached current point follows from them.
    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.elements == rhs.elements
    }

    /// Hashes the element list, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}

extension Path: CustomStringConvertible {
    /// The canonical SVG path data, e.g. `M0 0 L100 0 Z`: short, readable, and parseable back.
    public var description: String { svgPathData }
}

extension Path {
    /// Whether every point the elements name, control points included, is finite: the domain of a
    /// path that comes from a client or a scene file.
    public var isFinite: Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        return elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): finite(p)
            case .quadCurve(let p, let c): finite(p) && finite(c)
            case .curve(let p, let c1, let c2): finite(p) && finite(c1) && finite(c2)
            case .close: true
            }
        }
    }
}
