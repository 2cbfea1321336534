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
    var flags: Float {
        Float(Flags.shaped + Int(~rounded.rawValue & UInt8(Flags.squareMask)) + (continuous ? Flags.continuous : 0))
    }

    /// The numbers the flags are made of, which the layer program's header names (`InstanceLayout`).
    enum Flags {
        /// Added to every shaped instance's flags (0 is unshaped); the shader subtracts it.
        static let shaped = 1
        /// The bit of each corner left square (the complement of `maskedCorners`), after `shaped` is
        /// subtracted: `CornerMask`'s bits.
        static let squareCorners: [(name: String, bit: Int)] = [
            ("topLeft", Int(CornerMask.minXMinY.rawValue)), ("topRight", Int(CornerMask.maxXMinY.rawValue)),
            ("bottomLeft", Int(CornerMask.minXMaxY.rawValue)), ("bottomRight", Int(CornerMask.maxXMaxY.rawValue)),
        ]
        /// Every square-corner bit.
        static let squareMask = 15
        /// The bit of the continuous curve (`cornerCurve`).
        static let continuous = 16
        /// The bit of hard outer edges: a pixel is inside when its centre is (within a sixteenth of a
        /// pixel), as rasterisation decides, not by a coverage ramp. For faces in a transform layer's 3D
        /// space that do not antialias their edges: a partly covered pixel would write its depth with
        /// only part of its colour, and the faces meeting at an edge (or the hidden face behind a
        /// silhouette) would show through in dots (`RenderListBuilder.withDepth`).
        static let hardEdges = 32
    }
}
