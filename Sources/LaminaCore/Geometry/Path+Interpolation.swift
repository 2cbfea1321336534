/// Paths as the animation engine's values: a `path` animation moves matching points, as Core
/// Animation's `CAShapeLayer` does when both paths have the same commands.
///
/// Paths are already in the normal form the contract asks for: the SVG parser writes relative and
/// shorthand commands as absolute `M L C Q Z`, and arcs as cubic Béziers of at most 90°, so two paths
/// match when their element lists have the same cases in the same order.
extension Path {
    /// The path whose every coordinate is `combine` of the two paths' coordinates at the same place,
    /// or nil when the paths' commands differ.
    public func zip(_ other: Path, _ combine: (Double, Double) -> Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        func point(_ a: Point, _ b: Point) -> Point { Point(x: combine(a.x, b.x), y: combine(a.y, b.y)) }
        var result = Path()
        for (a, b) in Swift.zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): result.move(to: point(p, q))
            case (.line(let p), .line(let q)): result.addLine(to: point(p, q))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
                result.addQuadCurve(to: point(p, q), control: point(c, d))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                result.addCurve(to: point(p, q), control1: point(c1, d1), control2: point(c2, d2))
            case (.close, .close): result.closeSubpath()
            default: return nil
            }
        }
        return result
    }

    /// Calls `body` with every coordinate the elements name, x before y, in order.
    func forEachCoordinate(_ body: (Double) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p.x); body(p.y)
            case .quadCurve(let p, let c): body(p.x); body(p.y); body(c.x); body(c.y)
            case .curve(let p, let c1, let c2):
                body(p.x); body(p.y); body(c1.x); body(c1.y); body(c2.x); body(c2.y)
            case .close: break
            }
        }
    }
}
