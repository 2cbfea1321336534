/// How a timed object fills the time outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing outside the active interval.
    case removed
    /// Holds the end value after the active interval (while the animation is kept).
    case forwards
    /// Holds the start value before the active interval.
    case backwards
    /// Both.
    case both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Where a timed object is relative to its active interval.
public enum TimingPhase: Hashable, Sendable {
    case before, active, after
}

/// Where a timed object is at one parent time: its phase, and — when it has an effect — its simple
/// progress through the current iteration (0...1, before any timing function) and which iteration.
public struct TimingState: Hashable, Sendable {
    /// Before, in, or after the active interval.
    public var phase: TimingPhase
    /// Progress through the simple duration, mirrored on autoreversed halves; nil when the object has no
    /// effect (outside its active interval and not filling there).
    public var progress: Double?
    /// The completed iterations (0 in the first); for `cumulative` animations.
    public var iteration: Int

    /// Creates a state.
    public init(phase: TimingPhase, progress: Double?, iteration: Int) {
        self.phase = phase
        self.progress = progress
        self.iteration = iteration
    }
}

/// The timing of a layer or an animation (`CAMediaTiming`).
///
/// A timed object maps its parent's time into its own: the *active time* `(tp - beginTime) · speed`
/// runs from 0 to the active duration; `timeOffset` then shifts the position within the simple duration
/// and wraps around, so the object still plays its full active length. `speed` 0 freezes the object at
/// its `timeOffset` position; a negative speed plays the active interval backwards, from its end at
/// `beginTime` to its start `activeDuration / |speed|` later.
public struct MediaTiming: Hashable, Sendable {
    /// When the object begins, in its parent's time.
    public var beginTime: Double

    /// A `beginTime` that means "at time zero" where 0 itself means "at the commit"
    /// (`AVCoreAnimationBeginTimeAtZero`): an animation added with it begins at its layer's time 0, which
    /// is what an animation laid out on a timeline of its own (a Lottie file's, a video's) needs. Adding
    /// the animation stores 0 itself, so the animation is active at time 0 exactly.
    public static let beginTimeAtZero = 1e-100
    /// The simple duration; 0 means Core Animation's default of 0.25 s for animations.
    public var duration: Double
    /// The rate of local time relative to the parent's.
    public var speed: Double
    /// An offset into the simple duration (wrapping).
    public var timeOffset: Double
    /// How many times to repeat (fractional and infinite allowed); 0 means once.
    public var repeatCount: Double
    /// How long to repeat, in local time; 0 means not set. Setting both this and `repeatCount` is
    /// undefined in Core Animation; here `repeatDuration` wins.
    public var repeatDuration: Double
    /// Whether each repeat plays forward then backward.
    public var autoreverses: Bool
    /// What shows outside the active interval.
    public var fillMode: FillMode

    /// Core Animation's defaults.
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration of one iteration as animations use it: 0 stands for 0.25 s.
    public var simpleDuration: Double { duration > 0 ? duration : 0.25 }

    /// One repeat: the simple duration, twice when autoreversing.
    public var cycleDuration: Double { simpleDuration * (autoreverses ? 2 : 1) }

    /// The length of the active interval in local time (infinite for `repeatCount = .infinity`).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// The parent time at which the active interval ends (infinite when it never does, or when the
    /// object is frozen with speed 0).
    public var endTime: Double {
        speed == 0 ? .infinity : beginTime + activeDuration / abs(speed)
    }

    /// The object's state at parent time `parentTime`.
    public func state(at parentTime: Double) -> TimingState {
        state(at: parentTime, activeDuration: activeDuration, endTime: endTime)
    }

    /// `state(at:)` with the derived `activeDuration` and `endTime` already at hand: the animation engine
    /// computes them once per animation rather than once per frame.
    func state(at parentTime: Double, activeDuration active: Double, endTime: Double) -> TimingState {
        var a = (parentTime - beginTime) * speed
        if speed < 0 { a += active }  // plays backwards from its end
        let phase: TimingPhase
        if speed == 0 {
            phase = .active
            a = 0
        } else if parentTime < beginTime {
            phase = .before
        } else if parentTime >= endTime {
            phase = .after
        } else {
            phase = .active
        }
        switch phase {
        case .before:
            guard fillMode.fillsBackwards else { return TimingState(phase: .before, progress: nil, iteration: 0) }
            a = speed < 0 ? active : 0
        case .after:
            guard fillMode.fillsForwards else { return TimingState(phase: .after, progress: nil, iteration: 0) }
            a = speed < 0 ? 0 : active
        case .active:
            break
        }
        return simpleState(activeTime: Swift.min(Swift.max(a, 0), active), atEnd: a >= active, phase: phase)
    }

    /// Maps an active time to progress within the simple duration.

    func simpleState(activeTime: Double, atEnd: Bool, phase: TimingPhase) -> TimingState {
        let d = simpleDuration
        let cycle = cycleDuration
        let s = activeTime + timeOffset
        var iteration = (s / cycle).rounded(.down)
        var x = s - iteration * cycle
        if atEnd && x == 0 && s > 0 {
            // Ending after a whole number of repeats holds the final value of the last one.
            x = cycle
            iteration -= 1
        }
        if x > d { x = 2 * d - x }  // the backward half mirrors the forward half
        // Past what a Double resolves (1e300 s into repeats of 1e-300 s), the position within the
        // iteration is lost: hold the start rather than let NaN reach the presentation.
        if !x.isFinite { x = 0 }
        return TimingState(
            phase: phase, progress: Swift.min(Swift.max(x / d, 0), 1),
            iteration: Swift.max(iteration, 0).saturatingInt)
    }
}

extension FillMode: PropertyValueConvertible {
    /// A layer's `fillMode` is a keyword property: its choices are `allCases` in order.
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .keyword(let x) = v, Int(x) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(x)]
    }
    @inlinable public var propertyValue: PropertyValue { .keyword(UInt8(Self.allCases.firstIndex(of: self)!)) }
}
