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

    /// `CALayer.defaultAction(forKey:)`: for an animatable property, a basic animation from its
    /// presentation value (to the new model value), lasting the transaction's duration, on the
    /// transaction's curve or `default`. Layers not yet committed to a tree get none.
    public static func defaultAction(
        forKey key: String, presentationValue: PropertyValue, settings: TransactionSettings, layerIsCommitted: Bool
    ) -> Animation? {
        guard layerIsCommitted, let property = PropertyKey(name: key), property.descriptor.isAnimatable else { return nil }
        return Animation(
            .basic(BasicAnimation(keyPath: LayerKeyPath(property), fromValue: presentationValue)),
            timing: MediaTiming(duration: settings.animationDuration),
            timingFunction: settings.animationTimingFunction ?? .default)
    }

    /// The animation to add, under `key`, when a property changes inside a transaction: the action the
    /// lookup finds, unless `disableActions` is set — which suppresses running the action, not the lookup
    /// (the delegate is still asked).
    public static func implicitAnimation(
        forKey key: String, in sources: ActionSources, presentationValue: PropertyValue,
        settings: TransactionSettings, layerIsCommitted: Bool
    ) -> Animation? {
        let action = lookup(forKey: key, in: sources) {
            defaultAction(
                forKey: key, presentationValue: presentationValue, settings: settings, layerIsCommitted: layerIsCommitted)
        }
        return settings.disableActions ? nil : action
    }
}
