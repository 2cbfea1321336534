/// An animation as a value (`CAAnimation` and its subclasses): its media timing, its curve, whether it
/// is removed when it ends, and what it animates.
///
/// A value type with an enum of kinds, not a class hierarchy: the engine evaluates thousands of these
/// per frame without dynamic dispatch or reference counting, and they cross threads and the wire as
/// plain data.
public struct Animation: Hashable, Sendable {
    /// Timing in the layer's (or the enclosing group's) time space.
    public var timing: MediaTiming
    /// The curve applied to each iteration's progress; explicit animations default to linear.
    public var timingFunction: TimingFunction
    /// Whether the animation is removed from its layer once its active interval ends.
    public var removedOnCompletion: Bool
    /// What the animation does.
    public var kind: Kind

    /// The kinds of animation. `indirect`: the payloads live in shared boxes, so copying an
    /// `Animation` (which the engine does for every entry it evaluates) copies a pointer, not the
    /// several hundred bytes of a basic animation's values.
    public indirect enum Kind: Hashable, Sendable {
        case basic(BasicAnimation)
        case keyframe(KeyframeAnimation)
        case spring(SpringAnimation)
        case group([Animation])
        case transition(Transition)
    }

    /// Creates an animation with Core Animation's defaults.
    public init(
        _ kind: Kind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
        removedOnCompletion: Bool = true
    ) {
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.removedOnCompletion = removedOnCompletion
    }

    /// A basic animation of `keyPath`.
    public static func basic(
        _ keyPath: LayerKeyPath, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear
    ) -> Animation {
        Animation(
            .basic(BasicAnimation(keyPath: keyPath, fromValue: from, toValue: to, byValue: by)),
            timing: timing, timingFunction: timingFunction)
    }

    /// The key path a property animation targets (nil for groups and transitions).
    public var keyPath: LayerKeyPath? {
        switch kind {
        case .basic(let b): b.keyPath
        case .keyframe(let k): k.keyPath
        case .spring(let s): s.basic.keyPath
        case .group, .transition: nil
        }
    }

    /// The simple duration this animation's timing uses: a spring without a duration lasts its
    /// settling duration, as CASpringAnimation's `duration` does when left at 0.
    public var effectiveTiming: MediaTiming {
        if case .spring(let s) = kind, timing.duration == 0 {
            var t = timing
            t.duration = s.settlingDuration
            return t
        }
        return timing
    }
}

/// A from/to/by animation of one key path (`CABasicAnimation`).
public struct BasicAnimation: Hashable, Sendable {
    /// The animated key path.
    public var keyPath: LayerKeyPath
    public var fromValue: PropertyValue?
    public var toValue: PropertyValue?
    public var byValue: PropertyValue?
    /// Whether the animated value is added to the value below it (the model, or earlier animations).
    public var additive: Bool
    /// Whether each repeat builds on the end value of the previous one.
    public var cumulative: Bool

    /// Creates a basic animation.
    public init(
        keyPath: LayerKeyPath, fromValue: PropertyValue? = nil, toValue: PropertyValue? = nil,
        byValue: PropertyValue? = nil, additive: Bool = false, cumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.additive = additive
        self.cumulative = cumulative
    }
}

/// How a keyframe animation moves between its values (`CAAnimationCalculationMode`).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// How a layer moving along a path turns (`CAAnimationRotationMode`).
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// Along the path's tangent.
    case auto = "rotateAuto"
    /// Along the tangent, turned half a circle.
    case autoReverse = "rotateAutoReverse"
}

/// A keyframe animation (`CAKeyframeAnimation`): values (or a path, for point properties) at key times.
public struct KeyframeAnimation: Hashable, Sendable {
    /// The most keyframes one animation may have (values, or path elements): what bounds the work of
    /// deriving its tables and of each frame's sample.
    public static let maximumKeyframes = 10_000

    public var keyPath: LayerKeyPath
    /// The keyframe values; ignored when `path` is set.
    public var values: [PropertyValue] { didSet { resolvePacing() } }
    /// A path for point-valued key paths; each element's end point is a keyframe.
    public var path: Path? {
        didSet { resolvePath() }
    }
    /// The path's segments and arc-length table, derived once when the path is set rather than on every
    /// frame that samples it (none for a path over `maximumKeyframes` elements, which validation refuses).
    private(set) var pathSegments: [Path.Segment] = []
    private(set) var pathSampler: PathSampler?
    /// For the paced modes, the distance travelled at each keyframe (`paced`) or at each of
    /// `cubicPacedSteps` points of every segment (`cubicPaced`), derived when the values or the mode
    /// change, so that a frame finds its place by binary search instead of measuring every keyframe.
    private(set) var pacing: [Double] = []
    /// When each keyframe is reached, as fractions of the duration; nil divides the duration evenly.
    public var keyTimes: [Double]?
    /// One curve per segment (n-1 for n keyframes); nil is linear.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode { didSet { resolvePacing() } }
    /// Kochanek–Bartels parameters for `cubic` modes, one per keyframe (missing ones are 0).
    public var tensionValues: [Double] { didSet { resolvePacing() } }
    public var continuityValues: [Double] { didSet { resolvePacing() } }
    public var biasValues: [Double] { didSet { resolvePacing() } }
    /// Turn the layer along the motion's tangent.
    public var rotationMode: RotationMode?
    public var additive: Bool
    public var cumulative: Bool

    /// Creates a keyframe animation.
    public init(
        keyPath: LayerKeyPath, values: [PropertyValue] = [], path: Path? = nil, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
        tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
        rotationMode: RotationMode? = nil, additive: Bool = false, cumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.values = values
        self.path = path
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.rotationMode = rotationMode
        self.additive = additive
        self.cumulative = cumulative
        resolvePath()
        resolvePacing()
    }

    private mutating func resolvePath() {
        guard let path, path.elements.count <= Self.maximumKeyframes else {
            pathSegments = []
            pathSampler = nil
            return
        }
        pathSegments = path.segments
        pathSampler = path.sampler()
    }

    private mutating func resolvePacing() {
        pacing = values.count <= Self.maximumKeyframes ? pacingTable() : []
    }

    // Equality and hashing leave out what is derived from `path`.
    public static func == (a: KeyframeAnimation, b: KeyframeAnimation) -> Bool {
        a.keyPath == b.keyPath && a.values == b.values && a.path == b.path && a.keyTimes == b.keyTimes
            && a.timingFunctions == b.timingFunctions && a.calculationMode == b.calculationMode
            && a.tensionValues == b.tensionValues && a.continuityValues == b.continuityValues
            && a.biasValues == b.biasValues && a.rotationMode == b.rotationMode && a.additive == b.additive
            && a.cumulative == b.cumulative
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyPath)
        hasher.combine(values)
        hasher.combine(path)
        hasher.combine(keyTimes)
        hasher.combine(calculationMode)
    }
}

/// The visual kinds of transition (`CATransitionType`).
public enum TransitionType: String, Hashable, Sendable, CaseIterable {
    case fade, moveIn, push, reveal
}

/// The direction of a transition (`CATransitionSubtype`).
public enum TransitionSubtype: String, Hashable, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// A transition of a layer's whole appearance (`CATransition`). The engine yields its progress; the
/// renderer draws the old and new appearance at that progress.
public struct Transition: Hashable, Sendable {
    public var type: TransitionType
    public var subtype: TransitionSubtype
    /// Where the transition starts and ends within 0...1.
    public var startProgress: Double
    public var endProgress: Double

    /// Creates a transition with Core Animation's defaults (`fade`, `fromLeft`, 0...1).
    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype = .fromLeft, startProgress: Double = 0,
        endProgress: Double = 1
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }
}
