public import LaminaCore

/// Groups layer changes into atomic updates of the daemon's tree (`CATransaction`).
///
/// Every change belongs to a transaction. Changes made with none open go into the *implicit*
/// transaction, committed at the end of the current turn of the main dispatch queue — as Core
/// Animation commits at the end of the run-loop turn. `begin()` and `commit()` make explicit ones, which
/// nest; only the outermost commit sends anything, and the daemon applies it whole at one frame.
/// Programs that never return to the main queue call `flush()`.
@MainActor
public enum Transaction {
    /// Opens a transaction (nested in any already open).
    public static func begin() {
        let session = Session.shared
        session.stack.begin()
        session.transactionValues.append([:])
    }

    /// Closes the innermost transaction; when it is the outermost, its changes go to the daemon.
    public static func commit() {
        Session.shared.commitTransaction()
    }

    /// Commits the implicit transaction now, if it is the only one open (Core Animation's `flush`).
    public static func flush() {
        Session.shared.commitImplicit()
    }

    /// How long implicit animations last (0.25 s unless a transaction sets it).
    public static var animationDuration: Double {
        get { Session.shared.stack.animationDuration }
        set {
            Session.shared.ensureTransaction()
            Session.shared.stack.animationDuration = newValue
        }
    }

    /// The curve of implicit animations (nil: `TimingFunction.default`).
    public static var animationTimingFunction: TimingFunction? {
        get { Session.shared.stack.animationTimingFunction }
        set {
            Session.shared.ensureTransaction()
            Session.shared.stack.animationTimingFunction = newValue
        }
    }

    /// Whether property changes run no implicit actions.
    public static var disableActions: Bool {
        get { Session.shared.stack.disableActions }
        set {
            Session.shared.ensureTransaction()
            Session.shared.stack.disableActions = newValue
        }
    }

    /// Runs once every animation added in the innermost transaction (and the ones nested in it) has
    /// stopped; when the transaction added none, at once, inside the outermost `commit()` (the implicit
    /// transaction's when it commits), after the commit is on its way. Set it before adding the
    /// animations, as in Core Animation.
    public static var completionBlock: (@MainActor () -> Void)? {
        get { Session.shared.stack.completion.flatMap { Session.shared.completionBlocks[$0] } }
        set {
            let session = Session.shared
            session.ensureTransaction()
            if let old = session.stack.completion { session.completionBlocks[old] = nil }
            session.stack.completion = newValue.map { session.newCompletion($0) }
        }
    }

    /// Sets a value for `key` in the innermost transaction (opening the implicit one if none is open, as
    /// every setter here does): the known keys (`animationDuration`,
    /// `animationTimingFunction`, `disableActions`) set those properties; others are kept for
    /// `value(forKey:)`, as Core Animation keeps arbitrary keys.
    public static func setValue(_ value: (any Sendable)?, forKey key: String) {
        switch key {
        case "animationDuration": if let d = value as? Double { animationDuration = d }
        case "animationTimingFunction": animationTimingFunction = value as? TimingFunction
        case "disableActions": if let b = value as? Bool { disableActions = b }
        default:
            let session = Session.shared
            session.ensureTransaction()
            session.transactionValues[session.transactionValues.count - 1][key] = value
        }
    }

    /// The value for `key`, from the innermost transaction that set it.
    public static func value(forKey key: String) -> (any Sendable)? {
        switch key {
        case "animationDuration": return animationDuration
        case "animationTimingFunction": return animationTimingFunction
        case "disableActions": return disableActions
        default: return Session.shared.transactionValues.last { $0[key] != nil }?[key]
        }
    }

    /// Runs `body` in an explicit transaction (begin, body, commit).
    public static func perform<T>(_ body: () throws -> T) rethrows -> T {
        begin()
        defer { commit() }
        return try body()
    }
}
