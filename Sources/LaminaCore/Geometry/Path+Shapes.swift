extension Path {
    /// How far along the tangent a cubic Bézier's control points sit, as a fraction of the radius, to
    /// approximate a quarter circle: 4(√2 − 1)/3 ≈ 0.5522847498.
    ///
    /// With this value the curve passes through the arc's midpoint; its radius is never off by more than
    /// about 0.027 %, which is invisible at any size a layer has.
    static let quarterCircleKappa = 0.5522847498307936

    /// A closed rectangle (`CGPath(rect:transform:)`): a move to the minimum corner, then lines along
    /// the top, right side and bottom, then a close that draws the left side.
    ///
    /// The corners are visited clockwise on Lamina's y-down screen, the direction Core Graphics uses.
    /// The rectangle is standardised first; a null rectangle gives an empty path.
    public init(rect: Rect) {
        self.init()
        guard !rect.isNull else { return }
        let r = rect.standardized
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// A closed ellipse inscribed in `rect` (`CGPath(ellipseIn:transform:)`): four cubic Béziers, one per
    /// quadrant, using the standard kappa 0.5522847498.
    ///
    /// It starts at the middle of the right edge and runs clockwise on the y-down screen (toward the
    /// bottom first), as Core Graphics does, and ends with a close; that close draws a line of zero
    /// length, which keyframe animations see as one more (motionless) segment. The rectangle is
    /// standardised first; a null rectangle gives an empty path.
    public init(ellipseIn rect: Rect) {
        self.init()
        guard !rect.isNull else { return }
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * Self.quarterCircleKappa, ry * Self.quarterCircleKappa)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + ry),
            control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(
            to: Point(x: cx - rx, y: cy),
            control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(
            to: Point(x: cx, y: cy - ry),
            control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(
            to: Point(x: cx + rx, y: cy),
            control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// A closed rectangle with elliptical corners (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`,
    /// the shape behind `cornerRadius`).
    ///
    /// Core Graphics traps when a corner is larger than half the rectangle; here each radius is clamped
    /// to `0...half the size` instead, so animating `cornerRadius` past that point simply gives a
    /// capsule or an ellipse. A zero radius in either direction gives exactly ``init(rect:)``.
    ///
    /// The outline starts where the top edge leaves the top-left corner and runs clockwise on the y-down
    /// screen, like ``init(rect:)``: each straight edge (omitted when it has zero length) is followed by
    /// its corner, a quarter-ellipse cubic. The final corner ends at the start, and a close follows.
    public init(roundedRect rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        guard !rect.isNull else {
            self.init()
            return
        }
        let r = rect.standardized
        let rw = Swift.min(Swift.max(cornerWidth, 0), r.width / 2)
        let rh = Swift.min(Swift.max(cornerHeight, 0), r.height / 2)
        guard rw > 0, rh > 0 else {
            self.init(rect: r)
            return
        }
        self.init()
        let (kx, ky) = (rw * Self.quarterCircleKappa, rh * Self.quarterCircleKappa)
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: Point(x: x0 + rw, y: y0))
        addEdge(to: Point(x: x1 - rw, y: y0))
        addCurve(
            to: Point(x: x1, y: y0 + rh),
            control1: Point(x: x1 - rw + kx, y: y0), control2: Point(x: x1, y: y0 + rh - ky))
        addEdge(to: Point(x: x1, y: y1 - rh))
        addCurve(
            to: Point(x: x1 - rw, y: y1),
            control1: Point(x: x1, y: y1 - rh + ky), control2: Point(x: x1 - rw + kx, y: y1))
        addEdge(to: Point(x: x0 + rw, y: y1))
        addCurve(
            to: Point(x: x0, y: y1 - rh),
            control1: Point(x: x0 + rw - kx, y: y1), control2: Point(x: x0, y: y1 - rh + ky))
        addEdge(to: Point(x: x0, y: y0 + rh))
        addCurve(
            to: Point(x: x0 + rw, y: y0),
            control1: Point(x: x0, y: y0 + rh - ky), control2: Point(x: x0 + rw - kx, y: y0))
        closeSubpath()
    }

    /// A line, unless it would have zero length (a rounded rectangle whose corners meet).
    private mutating func addEdge(to point: Point) {
        if point != currentPoint { addLine(to: point) }
    }
}
