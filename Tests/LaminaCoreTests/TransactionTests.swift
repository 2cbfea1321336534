import LaminaCore
import Synchronization
import Testing

@Suite("Transactions and actions")
struct TransactionTests {
    @Test("With no transaction begun: 0.25 s, actions enabled, no curve")
    func initial() {
        let stack = TransactionStack()
        #expect(stack.settings == TransactionSettings.initial)
        #expect(stack.animationDuration == 0.25 && !stack.disableActions && stack.animationTimingFunction == nil)
    }

    @Test("Nested transactions inherit until they set their own; values end with their transaction")
    func nesting() {
        var stack = TransactionStack()
        stack.begin()
        stack.animationDuration = 2
        stack.animationTimingFunction = .easeOut
        stack.begin()
        #expect(stack.animationDuration == 2 && stack.animationTimingFunction == .easeOut)
        stack.animationDuration = 5
        stack.disableActions = true
        #expect(stack.animationDuration == 5 && stack.disableActions)
        #expect(stack.commit() == nil)
        #expect(stack.animationDuration == 2 && !stack.disableActions)
        #expect(stack.commit() == [])
        #expect(stack.depth == 0 && stack.animationDuration == 0.25)
        #expect(stack.commit() == nil)  // nothing open
    }

    @Test("A completion waits for the animations of its transaction and the nested ones")
    func completion() {
        var stack = TransactionStack()
        var tracker = CompletionTracker<CompletionID>()
        stack.begin()
        stack.completion = CompletionID(1)
        stack.record(AnimationID(10))
        stack.begin()
        stack.completion = CompletionID(2)
        stack.record(AnimationID(11))
        _ = stack.commit()
        let pending = stack.commit()!
        #expect(pending == [
            PendingCompletion(completion: CompletionID(2), animations: [AnimationID(11)]),
            PendingCompletion(completion: CompletionID(1), animations: [AnimationID(10), AnimationID(11)]),
        ])
        for p in pending { #expect(tracker.track(p) == nil) }
        #expect(tracker.animationStopped(AnimationID(11)) == [CompletionID(2)])
        #expect(tracker.animationStopped(AnimationID(99)) == [])
        #expect(tracker.animationStopped(AnimationID(10)) == [CompletionID(1)])
        #expect(tracker.waitingCount == 0)
    }

    @Test("The daemon's commits complete by the same rule, keyed by client and serial; a client that leaves is forgotten")
    func commitCompletion() {
        struct Key: Hashable, Sendable { var client: Int, serial: UInt32 }
        var tracker = CompletionTracker<Key>()
        #expect(tracker.track(Key(client: 1, serial: 1), waitingFor: []) == Key(client: 1, serial: 1))
        #expect(tracker.track(Key(client: 1, serial: 2), waitingFor: [AnimationID(5), AnimationID(6)]) == nil)
        #expect(tracker.track(Key(client: 2, serial: 2), waitingFor: [AnimationID(6)]) == nil)
        #expect(tracker.animationStopped(AnimationID(5)) == [])
        tracker.forget { $0.client == 2 }
        #expect(tracker.animationStopped(AnimationID(6)) == [Key(client: 1, serial: 2)])
        #expect(tracker.waitingCount == 0)
    }

    @Test("A completion with no animations runs at once after commit")
    func emptyCompletion() {
        var stack = TransactionStack()
        var tracker = CompletionTracker<CompletionID>()
        stack.begin()
        stack.completion = CompletionID(3)
        let pending = stack.commit()!
        #expect(tracker.track(pending[0]) == CompletionID(3))
    }

    @Test("Action lookup: delegate, actions, style, default; null stops; noAnswer continues")
    func lookup() {
        let fromDelegate = Animation.basic(LayerKeyPath(.opacity), to: .number(0.1))
        let fromActions = Animation.basic(LayerKeyPath(.opacity), to: .number(0.2))
        let fromStyle = Animation.basic(LayerKeyPath(.opacity), to: .number(0.3))
        let fromDefault = Animation.basic(LayerKeyPath(.opacity), to: .number(0.4))
        var sources = ActionSources(
            delegate: { $0 == "opacity" ? .action(fromDelegate) : .noAnswer },
            actions: ["opacity": .action(fromActions), "position": .null, "bounds": .action(fromActions)],
            styleActions: ["opacity": .action(fromStyle), "zPosition": .action(fromStyle)])
        #expect(Actions.lookup(forKey: "opacity", in: sources) { fromDefault } == fromDelegate)
        #expect(Actions.lookup(forKey: "bounds", in: sources) { fromDefault } == fromActions)
        #expect(Actions.lookup(forKey: "zPosition", in: sources) { fromDefault } == fromStyle)
        #expect(Actions.lookup(forKey: "position", in: sources) { fromDefault } == nil)
        #expect(Actions.lookup(forKey: "cornerRadius", in: sources) { fromDefault } == fromDefault)
        sources.delegate = { _ in .null }
        #expect(Actions.lookup(forKey: "cornerRadius", in: sources) { fromDefault } == nil)
    }

    @Test("The default action has no values (it runs from the presentation value at the commit) and the transaction's duration and curve")
    func defaultAction() {
        var settings = TransactionSettings.initial
        let a = Actions.defaultAction(forKey: "opacity", settings: settings)
        #expect(a == Animation(
            .basic(BasicAnimation(keyPath: LayerKeyPath(.opacity))), timing: MediaTiming(duration: 0.25), timingFunction: .default))
        settings.animationDuration = 2
        settings.animationTimingFunction = .easeIn
        let b = Actions.defaultAction(forKey: "position", settings: settings)
        #expect(b?.timing.duration == 2 && b?.timingFunction == .easeIn)
        #expect(Actions.implicitAnimation(forKey: "opacity", in: ActionSources(), settings: settings, layerIsCommitted: false) == nil)
        #expect(Actions.defaultAction(forKey: "contentsGravity", settings: settings) == nil)
    }

    @Test("disableActions suppresses running the action, not the lookup")
    func disableActions() {
        let asked = Mutex(0)
        let sources = ActionSources(delegate: { _ in
            asked.withLock { $0 += 1 }
            return .noAnswer
        })
        var settings = TransactionSettings.initial
        settings.disableActions = true
        let a = Actions.implicitAnimation(forKey: "opacity", in: sources, settings: settings, layerIsCommitted: true)
        #expect(a == nil)
        #expect(asked.withLock { $0 } == 1)
        settings.disableActions = false
        #expect(Actions.implicitAnimation(forKey: "opacity", in: sources, settings: settings, layerIsCommitted: true) != nil)
    }
}
