/// Identifies one added animation across the engine's events, the wire and transaction completion.
public struct AnimationID: Hashable, Sendable, CustomStringConvertible {
    /// Unique within one `LayerTree`.
    public var rawValue: UInt64

    /// Wraps a raw identity.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// `animation#N`.
    public var description: String { "animation#\(rawValue)" }
}

/// An animation attached to a layer, with what the engine tracks about it.
public struct AnimationEntry: Hashable, Sendable {
    /// Its identity.
    public let id: AnimationID
    /// The key it was added under (`add(_:forKey:)`); nil keys never replace anything.
    public let key: String?
    /// The animation, its `beginTime` already in the layer's time space.
    public let animation: Animation
    /// `animation.effectiveTiming`, kept beside it because every frame reads it.
    public let timing: MediaTiming
    /// The presentation value of the animated key path when the animation was added: where `toValue`-only,
    /// `byValue`-only and value-less animations start from. Nil reads the value below it each frame.
    public let base: PropertyValue?
    /// The flat form the engine evaluates, for the animations that have one (see `CompiledAnimation`).
    let compiled: CompiledAnimation?
    /// Whether the `started` event has been reported.
    public internal(set) var hasStarted = false
    /// Whether the `stopped` event has been reported (an animation kept after it ends reports it once).
    public internal(set) var hasStopped = false

    /// Creates an entry.
    public init(id: AnimationID, key: String?, animation: Animation, base: PropertyValue?) {
        self.id = id
        self.key = key
        self.animation = animation
        self.timing = animation.effectiveTiming
        self.base = base
        self.compiled = CompiledAnimation(animation, base: base)
    }
}

/// What the engine reports while evaluating: animations that started and that finished.
public struct AnimationEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The animation's active interval began.
        case started
        /// The animation ended (`completed` true) or was removed or replaced before it did (false).
        /// Transaction completion counts both.
        case stopped(completed: Bool)
    }

    public var kind: Kind
    public var layer: LayerID
    public var animation: AnimationID
    public var key: String?

    /// Creates an event.
    public init(_ kind: Kind, layer: LayerID, animation: AnimationID, key: String?) {
        self.kind = kind
        self.layer = layer
        self.animation = animation
        self.key = key
    }
}
