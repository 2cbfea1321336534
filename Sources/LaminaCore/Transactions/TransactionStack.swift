/// The values a transaction carries (`CATransaction`'s keys), as seen at one nesting depth.
public struct TransactionSettings: Hashable, Sendable {
    /// How long implicit animations last.
    public var animationDuration: Double
    /// Their curve; nil means implicit actions use `TimingFunction.default`.
    public var animationTimingFunction: TimingFunction?
    /// Whether implicit actions are suppressed.
    public var disableActions: Bool

    /// The values with no transaction begun: 0.25 s, no curve, actions enabled.
    public static let initial = TransactionSettings(animationDuration: 0.25, animationTimingFunction: nil, disableActions: false)
}

/// Identifies a transaction's completion block; the client library maps it to the closure.
public struct CompletionID: Hashable, Sendable {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
}

/// A completion that the outermost commit hands over: it fires once every listed animation has stopped
/// (finished or removed), or at once when the list is empty.
public struct PendingCompletion: Hashable, Sendable {
    public var completion: CompletionID
    public var animations: Set<AnimationID>

    /// Creates a pending completion.
    public init(completion: CompletionID, animations: Set<AnimationID>) {
        self.completion = completion
        self.animations = animations
    }
}

/// Core Animation's transaction stack as pure rules (`CATransaction.begin` / `commit`).
///
/// Each `begin` pushes a frame; reading a setting walks from the innermost frame outwards to the first
/// that set it, so nested transactions inherit until they set their own, and what a frame set ends with
/// it. Animations recorded in a frame count for its completion and for every enclosing frame's.
/// Completions are handed over only when the outermost transaction commits, because that is when the
/// changes reach the render server.
public struct TransactionStack: Sendable {
    struct Frame: Sendable {
        var animationDuration: Double?
        var animationTimingFunction: TimingFunction??
        var disableActions: Bool?
        var completion: CompletionID?
        var animations: Set<AnimationID> = []
    }

    private var frames: [Frame] = []
    private var pending: [PendingCompletion] = []

    /// No transaction begun.
    public init() {}

    /// How many transactions are open.
    public var depth: Int { frames.count }

    /// Opens a (nested) transaction.
    public mutating func begin() { frames.append(Frame()) }

    /// Closes the innermost transaction. When it was the outermost, returns the completions to track
    /// (innermost first); otherwise nil, and its animations count for the enclosing transaction too.
    /// Committing with none open returns nil and does nothing.
    public mutating func commit() -> [PendingCompletion]? {
        guard let frame = frames.popLast() else { return nil }
        if let completion = frame.completion {
            pending.append(PendingCompletion(completion: completion, animations: frame.animations))
        }
        if !frames.isEmpty {
            frames[frames.count - 1].animations.formUnion(frame.animations)
            return nil
        }
        defer { pending = [] }
        return pending
    }

    /// The settings in force now.
    public var settings: TransactionSettings {
        var s = TransactionSettings.initial
        if let d = frames.last(where: { $0.animationDuration != nil })?.animationDuration { s.animationDuration = d }
        if let f = frames.last(where: { $0.animationTimingFunction != nil })?.animationTimingFunction {
            s.animationTimingFunction = f
        }
        if let a = frames.last(where: { $0.disableActions != nil })?.disableActions { s.disableActions = a }
        return s
    }

    /// `CATransaction.animationDuration`; setting it with no transaction open does nothing.
    public var animationDuration: Double {
        get { settings.animationDuration }
        set { if !frames.isEmpty { frames[frames.count - 1].animationDuration = newValue } }
    }

    /// `CATransaction.animationTimingFunction`.
    public var animationTimingFunction: TimingFunction? {
        get { settings.animationTimingFunction }
        set { if !frames.isEmpty { frames[frames.count - 1].animationTimingFunction = .some(newValue) } }
    }

    /// `CATransaction.disableActions`.
    public var disableActions: Bool {
        get { settings.disableActions }
        set { if !frames.isEmpty { frames[frames.count - 1].disableActions = newValue } }
    }

    /// `CATransaction.completionBlock` of the innermost transaction.
    public var completion: CompletionID? {
        get { frames.last?.completion }
        set { if !frames.isEmpty { frames[frames.count - 1].completion = newValue } }
    }

    /// Records an animation added while the innermost transaction is open.
    public mutating func record(_ animation: AnimationID) {
        if !frames.isEmpty { frames[frames.count - 1].animations.insert(animation) }
    }
}

/// Fires completions as the animations they wait for stop: a transaction's completion block in the
/// client library (`CompletionID`), and the daemon's `transactionCompleted` for a client's commit (keyed
/// by client and serial). One rule for both: a completion fires when the last animation it waits for
/// stops (finished, removed, replaced, or its layer destroyed), at once when it waits for none.
public struct CompletionTracker<Completion: Hashable & Sendable>: Sendable {
    private var waiting: [Completion: Set<AnimationID>] = [:]
    private var byAnimation: [AnimationID: [Completion]] = [:]

    /// Nothing tracked.
    public init() {}

    /// The completions still waiting.
    public var waitingCount: Int { waiting.count }

    /// Starts tracking `completion`, waiting for `animations`; returns it at once when it waits for none.
    public mutating func track(_ completion: Completion, waitingFor animations: Set<AnimationID>) -> Completion? {
        if animations.isEmpty { return completion }
        waiting[completion] = animations
        for a in animations { byAnimation[a, default: []].append(completion) }
        return nil
    }

    /// Notes that an animation stopped; returns the completions that are now due, in the order they were
    /// tracked.
    public mutating func animationStopped(_ animation: AnimationID) -> [Completion] {
        guard let completions = byAnimation.removeValue(forKey: animation) else { return [] }
        var fired: [Completion] = []
        for c in completions {
            waiting[c]?.remove(animation)
            if waiting[c]?.isEmpty == true {
                waiting[c] = nil
                fired.append(c)
            }
        }
        return fired
    }

    /// Stops tracking the completions `isGone` says so of (a client that left): they never fire.
    public mutating func forget(where isGone: (Completion) -> Bool) {
        waiting = waiting.filter { !isGone($0.key) }
        for (animation, completions) in byAnimation {
            let kept = completions.filter { !isGone($0) }
            byAnimation[animation] = kept.isEmpty ? nil : kept
        }
    }
}

extension CompletionTracker where Completion == CompletionID {
    /// Starts tracking a completion the outermost commit handed over; returns it at once when it waits
    /// for nothing.
    public mutating func track(_ pending: PendingCompletion) -> CompletionID? {
        track(pending.completion, waitingFor: pending.animations)
    }
}
