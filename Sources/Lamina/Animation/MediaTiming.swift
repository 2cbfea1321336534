public import LaminaCore

/// `CAMediaTiming`: how an object's local time relates to its parent's. Layers and animations adopt it;
/// the fields and their defaults are Core Animation's.
@MainActor
public protocol MediaTiming: AnyObject {
    /// When the object begins, in its parent's time (0 on an animation: when it is committed).
    var beginTime: Double { get set }
    /// The simple duration; 0 means 0.25 s for animations.
    var duration: Double { get set }
    /// The rate of local time relative to the parent's.
    var speed: Double { get set }
    /// An offset into the local time.
    var timeOffset: Double { get set }
    /// How many times to repeat (fractional and `.infinity` allowed).
    var repeatCount: Double { get set }
    /// How long to repeat, in local time.
    var repeatDuration: Double { get set }
    /// Whether each repeat plays forward then backward.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval.
    var fillMode: FillMode { get set }
}
