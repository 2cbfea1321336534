public import LaminaCore

/// A gradient's colours at their locations, as the shader reads them: the stop table of one
/// `CAGradientLayer` (`colors`, `locations`), normalised.
///
/// `locations` apply when there is one per colour; otherwise (nil, or a different count, which a
/// client sets in two steps and may show between them) the colours are evenly spaced, 0 to 1. One
/// colour fills the whole layer. Stored as one row of `2 x count` float texels: each straight-alpha
/// colour followed by its location (in red).
public struct GradientStops: Hashable, Sendable {
    /// Straight-alpha sRGB colours.
    public var colors: [Color]
    /// One location per colour.
    public var locations: [Double]
    /// A radial gradient's focus, from its centre in fractions of its radii (`focusOffset`), within
    /// `maximumFocus` of it; zero for the other types.
    public var focus = SIMD2<Double>.zero

    /// How far the focus may lie from the centre, in fractions of the radii: on the ellipse itself,
    /// every ray from the focus but the ones inward would never reach it.
    public static let maximumFocus = 0.99

    /// The stops of `colors` at `locations`; nil when there are no colours (nothing is drawn).
    public init?(colors: [Color], locations: [Double]) {
        guard !colors.isEmpty else { return nil }
        self.colors = colors
        if locations.count == colors.count {
            self.locations = locations
        } else {
            let last = Double(max(colors.count - 1, 1))
            self.locations = colors.indices.map { Double($0) / last }
        }
    }

    /// `offset` (`focusOffset`) as a focus: kept within `maximumFocus` of the centre, in the direction
    /// it points; zero when not finite.
    public static func focus(_ offset: Point) -> SIMD2<Double> {
        let f = SIMD2(offset.x, offset.y)
        guard f.x.isFinite, f.y.isFinite else { return .zero }
        let length = (f * f).sum().squareRoot()
        return length > maximumFocus ? f * (maximumFocus / length) : f
    }

    /// The width of the stop table in texels: two per stop, then the focus.
    var width: Int { colors.count * 2 + 1 }

    /// The texels of the stop table: each colour, then its location (in red); last, the focus (red and
    /// green).
    var texels: [Float] {
        var texels: [Float] = []
        texels.reserveCapacity(width * 4)
        for (c, l) in zip(colors, locations) {
            texels += [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha), Float(l), 0, 0, 0]
        }
        texels += [Float(focus.x), Float(focus.y), 0, 0]
        return texels
    }

    /// Where a radial gradient (centre `center`, radii `radii`) puts point `p`: 0 at the focus, 1 on the
    /// ellipse, along the ray from the focus (what the shader computes, for tests). In the ellipse's
    /// unit space, with `u` the point and `f` the focus, `t` solves |u − f(1 − t)| = t: the point lies on
    /// the circle of radius `t` about `f(1 − t)`, which grows from the focus to the unit circle.
    public func radialPosition(of p: Point, center: Point, radii: Size) -> Double {
        let u = SIMD2((p.x - center.x) / radii.width, (p.y - center.y) / radii.height)
        let w = u - focus
        let b = (w * focus).sum(), a = 1 - (focus * focus).sum()
        return (b + (b * b + a * (w * w).sum()).squareRoot()) / a
    }

    /// The colour at position `t` by the contract's rule (linear in straight-alpha components between
    /// neighbouring locations, the end colours beyond them): what the shader computes, for tests.
    public func color(at t: Double) -> Color {
        if t <= locations[0] { return colors[0] }
        for i in 0..<(colors.count - 1) where t >= locations[i] && t < locations[i + 1] {
            let f = (t - locations[i]) / (locations[i + 1] - locations[i])
            let (a, b) = (colors[i], colors[i + 1])
            return Color(
                red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return colors[colors.count - 1]
    }
}
