public import LaminaCore
public import LaminaWire

// The value types of Core Animation's vocabulary come from LaminaCore, the same types the daemon
// evaluates; these names let an app write `Point`, `Rect` or `TimingFunction` after `import Lamina`
// alone.

/// A point (`CGPoint`).
public typealias Point = LaminaCore.Point
/// A size (`CGSize`).
public typealias Size = LaminaCore.Size
/// A rectangle (`CGRect`).
public typealias Rect = LaminaCore.Rect
/// A colour with straight alpha (`CGColor`).
public typealias Color = LaminaCore.Color
/// A 4x4 transform (`CATransform3D`).
public typealias Transform3D = LaminaCore.Transform3D
/// A 2D affine transform (`CGAffineTransform`).
public typealias AffineTransform = LaminaCore.AffineTransform
/// A path (`CGPath`), for keyframe animations along a path.
public typealias Path = LaminaCore.Path
/// A timing curve (`CAMediaTimingFunction`).
public typealias TimingFunction = LaminaCore.TimingFunction
/// `CAMediaTimingFillMode`.
public typealias FillMode = LaminaCore.FillMode
/// One filter of `filters` or `backgroundFilters` (Core Animation's `CIFilter`s: blur, colour matrix,
/// saturation, brightness, contrast).
public typealias LayerFilter = LaminaCore.LayerFilter
/// `CAEmitterCell`: one kind of particle of an `EmitterLayer`.
public typealias EmitterCell = LaminaCore.EmitterCell
/// `CACornerMask`: which corners `cornerRadius` rounds.
public typealias CornerMask = LaminaCore.CornerMask
/// `CAConstraint`: where a constraint layout places a sublayer.
public typealias Constraint = LaminaCore.Constraint
/// `CAConstraintAttribute`.
public typealias ConstraintAttribute = LaminaCore.ConstraintAttribute
/// What a constraint measures from: the superlayer or a sibling, by name.
public typealias ConstraintSource = LaminaCore.ConstraintSource
/// The kind of layer a layer class makes (`ShapeLayer.kind`).
public typealias LayerKind = LaminaCore.LayerKind
/// `CALayerContentsGravity`.
public typealias ContentsGravity = LaminaCore.ContentsGravity
/// `CALayerContentsFilter`.
public typealias ContentsFilter = LaminaCore.ContentsFilter
/// `CAAnimationCalculationMode`.
public typealias CalculationMode = LaminaCore.CalculationMode
/// `CAAnimationRotationMode`.
public typealias RotationMode = LaminaCore.RotationMode
/// `CATransitionType`.
public typealias TransitionType = LaminaCore.TransitionType
/// `CATransitionSubtype`.
public typealias TransitionSubtype = LaminaCore.TransitionSubtype
/// A typed value of a layer property, for `setValue(_:forKeyPath:)` and `value(forKeyPath:)`.
public typealias PropertyValue = LaminaCore.PropertyValue
/// A pointer, touch or key event the daemon delivered (a Wayland output's seat): its kind, where in the
/// layer's space and the canvas's, the button, touch point or key.
public typealias InputEvent = LaminaWire.InputEvent
/// An output: its name, size in points, scale and refresh rate.
public typealias OutputInfo = LaminaWire.OutputInfo
