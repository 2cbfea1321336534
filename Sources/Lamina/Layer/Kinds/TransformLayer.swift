public import LaminaCore

/// A layer whose sublayers share one 3D space (`CATransformLayer`): they are not flattened into its
/// plane, and the daemon hides them by depth per pixel, so a cube of six faces shows its front faces
/// from any angle and intersecting planes cut each other.
///
/// It draws nothing of its own: its background, contents, border, shadow, mask, `masksToBounds`,
/// filters and group opacity are ignored, and its `opacity` multiplies into each sublayer. A sublayer
/// of another kind flattens its own sublayers as usual.
open class TransformLayer: Layer {
    open override class var kind: LayerKind { .transform }
}
