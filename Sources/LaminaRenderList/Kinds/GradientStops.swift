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

    /// The texels of the stop table: each colour, then its location (in red).
    var texels: [Float] {
        var texels: [Float] = []
        texels.reserveCapacity(colors.count * 8)
        for (c, l) in zip(colors, locations) {
            texels += [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha), Float(l), 0, 0, 0]
        }
        return texels
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
