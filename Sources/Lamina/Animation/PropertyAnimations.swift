public import LaminaCore

/// An animation of one layer property (`CAPropertyAnimation`).
@MainActor
open class PropertyAnimation: Animation {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`).
    public var keyPath: String?
    /// Whether the value is added to the value below it (`isAdditive`).
    public var isAdditive = false
    /// Whether each repeat builds on the last (`isCumulative`).
    public var isCumulative = false

    /// An animation of `keyPath`.
    public init(keyPath: String?) {
        self.keyPath = keyPath
        super.init()
    }

    /// An animation with no key path yet (an action's key fills it in).
    public override convenience init() { self.init(keyPath: nil) }

    /// An animation of a typed key path (`\.position`, `\.bounds.size.width`).
    public convenience init<Value>(keyPath: KeyPath<Layer, Value>) {
        self.init(keyPath: Layer.keyPathName(keyPath))
    }

    /// An animation of a typed key path of a layer subclass (`\ShapeLayer.strokeEnd`).
    public convenience init<Root: Layer, Value>(keyPath: KeyPath<Root, Value>) {
        self.init(keyPath: Layer.keyPathName(keyPath))
    }

    func copyProperty(into other: PropertyAnimation) {
        copyTiming(into: other)
        other.keyPath = keyPath
        other.isAdditive = isAdditive
        other.isCumulative = isCumulative
    }
}

/// A from/to/by animation (`CABasicAnimation`). With no values it animates from the presentation
/// value at the commit to the model value, which is what implicit animations do.
@MainActor
open class BasicAnimation: PropertyAnimation {
    public var fromValue: (any AnimatableValue)?
    public var toValue: (any AnimatableValue)?
    public var byValue: (any AnimatableValue)?

    open override func copy() -> Animation {
        let copy = BasicAnimation(keyPath: keyPath)
        copyBasic(into: copy)
        return copy
    }

    func copyBasic(into other: BasicAnimation) {
        copyProperty(into: other)
        other.fromValue = fromValue
        other.toValue = toValue
        other.byValue = byValue
    }

    func basicValue(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.BasicAnimation {
        LaminaCore.BasicAnimation(
            keyPath: try parseKeyPath(keyPath ?? defaultKeyPath), fromValue: wireValue(fromValue),
            toValue: wireValue(toValue), byValue: wireValue(byValue), additive: isAdditive, cumulative: isCumulative)
    }

    open override func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        .basic(try basicValue(defaultKeyPath: defaultKeyPath))
    }

    open override var bitmaps: [Bitmap] { Lamina.bitmaps(in: [fromValue, toValue, byValue]) }
}

/// A damped spring (`CASpringAnimation`): `duration` 0 lasts its `settlingDuration`.
@MainActor
open class SpringAnimation: BasicAnimation {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0

    /// How long the spring takes to come to rest with these parameters.
    public var settlingDuration: Double {
        LaminaCore.SpringAnimation(
            LaminaCore.BasicAnimation(keyPath: LayerKeyPath(.opacity)), mass: mass, stiffness: stiffness, damping: damping,
            initialVelocity: initialVelocity
        ).settlingDuration
    }

    open override func copy() -> Animation {
        let copy = SpringAnimation(keyPath: keyPath)
        copyBasic(into: copy)
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        return copy
    }

    open override func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        .spring(
            LaminaCore.SpringAnimation(
                try basicValue(defaultKeyPath: defaultKeyPath), mass: mass, stiffness: stiffness, damping: damping,
                initialVelocity: initialVelocity))
    }
}

/// Values at key times (`CAKeyframeAnimation`), or a path for point properties.
@MainActor
open class KeyframeAnimation: PropertyAnimation {
    public var values: [any AnimatableValue] = []
    public var path: Path?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    public var tensionValues: [Double] = []
    public var continuityValues: [Double] = []
    public var biasValues: [Double] = []
    public var rotationMode: RotationMode?

    open override func copy() -> Animation {
        let copy = KeyframeAnimation(keyPath: keyPath)
        copyProperty(into: copy)
        copy.values = values
        copy.path = path
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        copy.rotationMode = rotationMode
        return copy
    }

    open override func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        .keyframe(
            LaminaCore.KeyframeAnimation(
                keyPath: try parseKeyPath(keyPath ?? defaultKeyPath), values: values.map(\.propertyValue), path: path,
                keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode,
                tensionValues: tensionValues, continuityValues: continuityValues, biasValues: biasValues,
                rotationMode: rotationMode, additive: isAdditive, cumulative: isCumulative))
    }

    open override var bitmaps: [Bitmap] { values.compactMap { $0 as? Bitmap } }
}

/// Animations run together on one timeline (`CAAnimationGroup`); children are timed in the group's time
/// and cut off at its end.
@MainActor
open class AnimationGroup: Animation {
    public var animations: [Animation] = []

    open override func copy() -> Animation {
        let copy = AnimationGroup()
        copyTiming(into: copy)
        copy.animations = animations.map { $0.copy() }
        return copy
    }

    open override func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        var children: [LaminaCore.Animation] = []
        for child in animations { children.append(try child.value()) }
        return .group(children)
    }

    open override var bitmaps: [Bitmap] { animations.flatMap(\.bitmaps) }
}

/// A transition of the layer's whole appearance (`CATransition`): add one, then change the layer in the
/// same transaction; the old appearance gives way to the new.
@MainActor
open class Transition: Animation {
    public var type: TransitionType = .fade
    public var subtype: TransitionSubtype = .fromLeft
    public var startProgress = 0.0
    public var endProgress = 1.0

    open override func copy() -> Animation {
        let copy = Transition()
        copyTiming(into: copy)
        copy.type = type
        copy.subtype = subtype
        copy.startProgress = startProgress
        copy.endProgress = endProgress
        return copy
    }

    open override func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        .transition(LaminaCore.Transition(type: type, subtype: subtype, startProgress: startProgress, endProgress: endProgress))
    }
}
