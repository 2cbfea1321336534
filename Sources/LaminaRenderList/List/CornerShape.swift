import LaminaCore

/// How a layer's rectangle is rounded: `cornerRadius`, the corners it rounds (`maskedCorners`) and
/// their curve (`cornerCurve`), in the form the shader reads (`LayerInstance.shape`, `clip`).
///
/// The flags are one number: 0 unshaped; otherwise 1, plus the bits of the corners left square (the
/// mask's complement, so every corner rounded is 1), plus 16 for the continuous curve. A continuous
/// corner is the superellipse |x|³ + |y|³ = 1 scaled to reach 1.528 x the radius along each edge, the
/// spread of iOS's corner; an exponent of 3 keeps it inside the circular corner everywhere (3.5 would
/// not be).
struct CornerShape: Hashable {
    var radius: Double
    var rounded: CornerMask
    var continuous: Bool

    /// Every corner, circular.
    static func circular(_ radius: Double) -> CornerShape {
        CornerShape(radius: radius, rounded: .all, continuous: false)
    }

    /// A layer's corners as it shows them.
    init(_ values: borrowing PresentedValues) {
        radius = values[.cornerRadius]
        rounded = values[.maskedCorners]
        continuous = values[.cornerCurve] == .continuous
    }

    init(radius: Double, rounded: CornerMask, continuous: Bool) {
        self.radius = radius
        self.rounded = rounded
        self.continuous = continuous
    }

    /// Whether any corner is rounded.
    var isRounded: Bool { radius > 0 && !rounded.isEmpty }

    /// The shader's flags.
    var flags: Float { 1 + Float(~rounded.rawValue & 15) + (continuous ? 16 : 0) }
}
