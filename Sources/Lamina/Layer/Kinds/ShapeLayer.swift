public import LaminaCore

/// A layer that draws a path (`CAShapeLayer`): filled by `fillColor` under `fillRule`, stroked by
/// `strokeColor` with `lineWidth`, caps, joins and dashes, between `strokeStart` and `strokeEnd` of
/// its length.
///
/// The daemon draws the shape itself, sharp at whatever scale it is shown, above the layer's
/// background and contents and below its sublayers; animating `strokeEnd`, `path` (point by point
/// when the commands match), `lineWidth` or the colours costs the app nothing per frame. The
/// properties are generated from the schema (`Layer+Properties.swift`).
open class ShapeLayer: Layer {
    open override class var kind: LayerKind { .shape }
}
