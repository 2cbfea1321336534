public import LaminaCore

/// Hears when an animation starts and stops (`CAAnimationDelegate`). The animation holds its delegate
/// strongly, as Core Animation does.
@MainActor
public protocol AnimationDelegate: AnyObject {
    /// The animation began its active interval on the daemon.
    func animationDidStart(_ animation: Animation)
    /// The animation stopped: `finished` when it ran its whole active duration, false when it was
    /// removed or replaced first.
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ animation: Animation) {}
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// Something a layer runs when one of its properties changes (`CAAction`): animations are actions,
/// and `NullAction` is the explicit "no action" (`NSNull`) that ends the search.
@MainActor
public protocol Action: AnyObject {
    /// Runs the action for `key` on `layer` (an animation adds a copy of itself under `key`).
    func run(forKey key: String, on layer: Layer)
}

/// No action, and stop looking (`NSNull` in an `actions` dictionary, or from a delegate).
@MainActor
public final class NullAction: Action {
    /// The one null action.
    public static let null = NullAction()
    private init() {}
    public func run(forKey key: String, on layer: Layer) {}
}

/// The abstract animation (`CAAnimation`): media timing, a timing function, a delegate, and whether it is
/// removed when it ends. Use one of its subclasses.
///
/// Animations are copied when added to a layer, as in Core Animation: changing one afterwards changes
/// nothing on screen.
@MainActor
open class Animation: MediaTiming, Action {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    /// The curve applied to each iteration's progress (nil: linear).
    public var timingFunction: TimingFunction?
    /// Whether the animation leaves its layer once its active interval ends (`isRemovedOnCompletion`).
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops.
    public var delegate: (any AnimationDelegate)?

    /// An animation with Core Animation's defaults.
    public init() {}

    /// `CAAnimation.defaultValue(forKey:)` for the timing keys.
    public class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": 1.0
        case "beginTime", "duration", "timeOffset", "repeatCount", "repeatDuration": 0.0
        case "autoreverses": false
        case "removedOnCompletion": true
        case "fillMode": FillMode.removed
        default: nil
        }
    }

    /// A copy (`copy()`), which `Layer.add(_:forKey:)` keeps.
    open func copy() -> Animation {
        let copy = Animation()
        copyTiming(into: copy)
        return copy
    }

    /// The kind of animation as LaminaCore evaluates it; subclasses supply it.
    open func kind(defaultKeyPath: String?) throws(LaminaError) -> LaminaCore.Animation.Kind {
        throw .invalidOperation("a plain Animation animates nothing; use one of its subclasses")
    }

    /// Copies the fields of `Animation` into `other`.
    public func copyTiming(into other: Animation) {
        other.beginTime = beginTime
        other.duration = duration
        other.speed = speed
        other.timeOffset = timeOffset
        other.repeatCount = repeatCount
        other.repeatDuration = repeatDuration
        other.autoreverses = autoreverses
        other.fillMode = fillMode
        other.timingFunction = timingFunction
        other.isRemovedOnCompletion = isRemovedOnCompletion
        other.delegate = delegate
    }

    /// The animation as a LaminaCore value; `defaultKeyPath` stands in for a missing key path (an
    /// action run for a key animates that key).
    func value(defaultKeyPath: String? = nil) throws(LaminaError) -> LaminaCore.Animation {
        LaminaCore.Animation(
            try kind(defaultKeyPath: defaultKeyPath),
            timing: LaminaCore.MediaTiming(
                beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
                repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode),
            timingFunction: timingFunction ?? .linear, removedOnCompletion: isRemovedOnCompletion)
    }

    /// The bitmaps the animation shows (its `contents` values), which must reach the daemon with it.
    open var bitmaps: [Bitmap] { [] }

    /// Adds a copy of this animation to `layer` under `key`.
    public func run(forKey key: String, on layer: Layer) {
        layer.add(self, forKey: key)
    }
}

/// Parses a key path for an animation, or says which was wrong.
func parseKeyPath(_ path: String?) throws(LaminaError) -> LayerKeyPath {
    guard let path else { throw .invalidOperation("the animation has no key path") }
    do { return try LayerKeyPath(path) } catch { throw .invalidOperation("\(error)") }
}

/// The property value of an animation value, converted to the key path's type where Swift's types
/// differ (an `Int` for a number is already handled by `AnimatableValue`).
func wireValue(_ value: (any AnimatableValue)?) -> PropertyValue? {
    value?.propertyValue
}

/// The bitmaps among `values`.
func bitmaps(in values: [(any AnimatableValue)?]) -> [Bitmap] {
    values.compactMap { $0 as? Bitmap }
}
