/// What animations change about one layer this frame: the animated properties' values (everything else
/// reads through to the model) and an active transition's progress.
///
/// An overlay rather than a full copy of the layer's values: evaluation touches only what animates, and
/// the small arrays keep their capacity from frame to frame, so steady-state evaluation allocates nothing.
public struct PresentationOverlay: Sendable {
    @usableFromInline var keys: ContiguousArray<PropertyKey> = []
    @usableFromInline var values: ContiguousArray<PropertyValue> = []
    /// The transition drawing this frame, if any.
    public internal(set) var transition: TransitionProgress?

    /// An empty overlay.
    public init() {}

    /// Whether any property or transition is animated.
    public var isEmpty: Bool { keys.isEmpty && transition == nil }

    /// The animated keys.
    public var animatedKeys: some Collection<PropertyKey> { keys }

    /// Forgets this frame's values, keeping capacity.
    public mutating func reset() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        transition = nil
    }

    /// The animated value of `key`, or nil when it is not animated.
    public func value(_ key: PropertyKey) -> PropertyValue? {
        for i in keys.indices where keys[i] == key { return values[i] }
        return nil
    }

    /// The presentation value of `key`: animated, or the model's.
    public func value(_ key: PropertyKey, model: PropertyValues) -> PropertyValue {
        value(key) ?? model.value(key)
    }

    /// Sets an animated value.
    public mutating func set(_ value: PropertyValue, for key: PropertyKey) {
        for i in keys.indices where keys[i] == key {
            values[i] = value
            return
        }
        keys.append(key)
        values.append(value)
    }

    /// The model's values with this overlay applied.
    public func applied(to model: PropertyValues) -> PropertyValues {
        var result = model
        for i in keys.indices { result.storage[keys[i].rawValue] = values[i] }
        return result
    }
}

/// A transition in progress on a layer: what kind, and how far (after start/endProgress and the curve).
public struct TransitionProgress: Hashable, Sendable {
    /// The transition.
    public var transition: Transition
    /// Progress from the old appearance (0) to the new (1).
    public var progress: Double
    /// The animation drawing it, so the renderer can tell a new transition from a continuing one.
    public var animation: AnimationID
}
