public import LaminaCore

/// A layer that draws a gradient across its bounds (`CAGradientLayer`): `colors` at `locations`,
/// along the line from `startPoint` to `endPoint` (`axial`), out from `startPoint` (`radial`) or
/// around it (`conic`).
///
/// The gradient is computed per pixel in the daemon's shader, clipped by `cornerRadius` like the
/// background; animating the colours, locations or points uploads nothing. The properties are
/// generated from the schema (`Layer+Properties.swift`).
open class GradientLayer: Layer {
    open override class var kind: LayerKind { .gradient }
}
