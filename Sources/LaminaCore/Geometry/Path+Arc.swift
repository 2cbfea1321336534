import RealModule

extension Path {
    /// Draws an SVG elliptical arc from the current point to `end` as cubic Béziers, following the SVG
    /// implementation notes (SVG 1.1 F.6): out-of-range radii are corrected (F.6.6), the endpoint form is
    /// converted to a centre and an angle range (F.6.5), and the range is cut into pieces of at most
    /// 90°, each drawn as a cubic whose control points sit (4/3)·tan(Δθ/4) along the tangents.
    ///
    /// Arcs are converted rather than stored so that ``Element`` stays the same small vocabulary as
    /// `CGPath`'s, which every consumer (sampler, segments, renderer) already understands.
    ///
    /// - Parameters:
    ///   - radiusX, radiusY: The ellipse's radii; their signs are ignored, and either being zero turns
    ///     the arc into a straight line (F.6.2).
    ///   - xAxisRotation: The rotation of the ellipse's x axis, in **degrees**, as SVG writes it.
    ///   - largeArc: Of the (usually) two ellipses' four arcs through both points, whether to take one
    ///     spanning more than 180°.
    ///   - sweep: Whether to travel in the direction of increasing angle, which on Lamina's y-down
    ///     screen (as in SVG) is clockwise.
    ///
    /// An arc whose end is the current point draws nothing at all (F.6.2).
    mutating func addEllipticalArc(
        to end: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double, largeArc: Bool, sweep: Bool
    ) {
        let start = currentPoint ?? .zero
        if start == end { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 {
            addLine(to: end)
            return
        }
        let phi = xAxisRotation * .pi / 180
        let (cosPhi, sinPhi) = (Double.cos(phi), Double.sin(phi))

        // F.6.5.1: the start point in the ellipse's frame, relative to the chord's midpoint.
        let (hx, hy) = ((start.x - end.x) / 2, (start.y - end.y) / 2)
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy

        // F.6.6.2: scale radii that are too small to reach up to the smallest ellipse that does.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }

        // F.6.5.2: the centre in the ellipse's frame; the sign picks one of the two candidate ellipses.
        let (rx2, ry2, x12, y12) = (rx * rx, ry * ry, x1 * x1, y1 * y1)
        let numerator = rx2 * ry2 - rx2 * y12 - ry2 * x12
        let denominator = rx2 * y12 + ry2 * x12
        var coefficient = Swift.max(0, numerator / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxPrime = coefficient * rx * y1 / ry
        let cyPrime = -coefficient * ry * x1 / rx

        // F.6.5.3: back to user space.
        let cx = cosPhi * cxPrime - sinPhi * cyPrime + (start.x + end.x) / 2
        let cy = sinPhi * cxPrime + cosPhi * cyPrime + (start.y + end.y) / 2

        // F.6.5.5–6: the start angle and the signed sweep, on the unit circle the ellipse maps from.
        let (ux, uy) = ((x1 - cxPrime) / rx, (y1 - cyPrime) / ry)
        let (vx, vy) = ((-x1 - cxPrime) / rx, (-y1 - cyPrime) / ry)
        let theta1 = Double.atan2(y: uy, x: ux)
        var delta = Double.atan2(y: ux * vy - uy * vx, x: ux * vx + uy * vy)
        if !sweep && delta > 0 {
            delta -= 2 * .pi
        } else if sweep && delta < 0 {
            delta += 2 * .pi
        }

        // Pieces of at most a quarter turn keep the cubic within about 0.03 % of the ellipse. The slack
        // keeps an exact half turn at two pieces despite rounding.
        // (A sweep from non-finite input is NaN: one piece, whose points are NaN, which whoever uses the
        // path refuses; never a trap.)
        let count = Swift.min(Swift.max(1, (abs(delta) / (.pi / 2) - 1e-9).rounded(.up).saturatingInt), 4)
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * Double.tan(step / 4)

        // Maps a point of the unit circle onto the ellipse.
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + rx * cosPhi * x - ry * sinPhi * y, y: cy + rx * sinPhi * x + ry * cosPhi * y)
        }
        var angle = theta1
        for index in 1...count {
            let next = index == count ? theta1 + delta : theta1 + step * Double(index)
            let (c0, s0, c1, s1) = (Double.cos(angle), Double.sin(angle), Double.cos(next), Double.sin(next))
            let control1 = map(c0 - k * s0, s0 + k * c0)
            let control2 = map(c1 + k * s1, s1 - k * c1)
            // The last piece ends exactly where the text said, not where rounding would put it.
            let to = index == count ? end : map(c1, s1)
            addCurve(to: to, control1: control1, control2: control2)
            angle = next
        }
    }
}
