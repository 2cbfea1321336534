/// What an `actions` dictionary (or a style's) holds for a key: an action, or `NSNull` — an explicit
/// "no action" that ends the search.
public enum ActionEntry: Hashable, Sendable {
    case action(Animation)
    case null
}

/// What a layer delegate's `action(for:forKey:)` answers.
public enum DelegateAnswer: Hashable, Sendable {
    /// Use this action.
    case action(Animation)
    /// `NSNull`: no action, and stop searching.
    case null
    /// `nil`: the delegate has no opinion; keep searching.
    case noAnswer
}

/// Where `CALayer.action(forKey:)` looks, in order.
public struct ActionSources: Sendable {
    /// The delegate's answer for a key.
    public var delegate: (@Sendable (String) -> DelegateAnswer)?
    /// The layer's `actions` dictionary.
    public var actions: [String: ActionEntry]
    /// The `actions` dictionary of the layer's `style`.
    public var styleActions: [String: ActionEntry]

    /// Creates the sources.
    public init(
        delegate: (@Sendable (String) -> DelegateAnswer)? = nil, actions: [String: ActionEntry] = [:],
        styleActions: [String: ActionEntry] = [:]
    ) {
        self.delegate = delegate
        self.actions = actions
        self.styleActions = styleActions
    }
}

/// Core Animation's action rules, which turn a property change into an implicit animation.
public enum Actions {
    /// `CALayer.action(forKey:)`: the delegate, then `actions`, then `style["actions"]`, then the default
    /// action. A null entry stops the search with no action; a delegate's `noAnswer` continues it.
    public static func lookup(
        forKey key: String, in sources: ActionSources, defaultAction: () -> Animation?
    ) -> Animation? {
        switch sources.delegate?(key) ?? .noAnswer {
        case .action(let a): return a
        case .null: return nil
        case .noAnswer: break
        }
        for dictionary in [sources.actions, sources.styleActions] {
            switch dictionary[key] {
            case .action(let a): return a
            case .null: return nil
            case nil: continue
            }
        }
        return defaultAction()
    }

    /// `CALayer.defaultAction(forKey:)`, the one rule the client library and the scene player both
    /// use: for an animatable property, a basic animation with no values, lasting the transaction's
    /// duration, on the transaction's curve or `default`. Having no values, it runs from the
    /// presentation value at the commit (the compositor captures it as the animation's `base`) to the
    /// new model value.
    ///
    /// `contents` is the exception, as in Core Animation: its default action cross-fades the old image
    /// into the new one (a `fade` transition of the layer) rather than switching halfway.
    public static func defaultAction(forKey key: String, settings: TransactionSettings) -> Animation? {
        guard let property = PropertyKey(name: key), property.descriptor.isAnimatable else { return nil }
        if property == .contents {
            return Animation(
                .transition(Transition(type: .fade)), timing: MediaTiming(duration: settings.animationDuration),
                timingFunction: settings.animationTimingFunction ?? .default)
        }
        return Animation(
            .basic(BasicAnimation(keyPath: LayerKeyPath(property))),
            timing: MediaTiming(duration: settings.animationDuration),
            timingFunction: settings.animationTimingFunction ?? .default)
    }

    /// The animation to add, under `key`, when a property of a layer already committed changes inside
    /// a transaction: the action the lookup finds, unless `disableActions` is set — which suppresses
    /// running the action, not the lookup (the delegate is still asked). A layer not yet committed gets
    /// none, and nothing is asked.
    public static func implicitAnimation(
        forKey key: String, in sources: ActionSources, settings: TransactionSettings, layerIsCommitted: Bool
    ) -> Animation? {
        guard layerIsCommitted else { return nil }
        let action = lookup(forKey: key, in: sources) { defaultAction(forKey: key, settings: settings) }
        return settings.disableActions ? nil : action
    }
}
