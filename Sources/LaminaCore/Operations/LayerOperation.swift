/// One edit of a committed transaction: what a client asks of the model tree, in the order it asked.
///
/// A transaction is a list of these, not a copy of a tree: the scene timeline, the wire protocol and
/// the client library all speak this list, and the compositor applies it atomically. Implicit actions
/// are already resolved into `addAnimation` operations by whoever committed (as Core Animation's
/// client side resolves them); an animation with no values animates from the presentation value at
/// the commit to the new model value.
public enum LayerOperation: Hashable, Sendable {
    /// Creates a layer of `kind` with default values (`name` is `CALayer.name`).
    case create(LayerHandle, name: String?, kind: LayerKind = .layer)
    /// Destroys a layer: it leaves its superlayer, and its sublayers and mask become roots.
    case destroy(LayerHandle)
    /// Sets a property or a component of one (`position.x`).
    case set(LayerHandle, LayerKeyPath, PropertyValue)
    /// Inserts `child` into `parent`'s sublayers at `index` (nil: on top), or into the canvas root when
    /// `parent` is nil. A child that has a superlayer leaves it first, as in Core Animation.
    case insertSublayer(LayerHandle, into: LayerHandle?, at: Int?)
    /// `removeFromSuperlayer()`.
    case removeFromSuperlayer(LayerHandle)
    /// Sets or clears a layer's mask.
    case setMask(LayerHandle, mask: LayerHandle?)
    /// `add(_:forKey:)`. A `beginTime` of 0 means the commit time.
    case addAnimation(LayerHandle, Animation, key: String?)
    /// `removeAnimation(forKey:)`.
    case removeAnimation(LayerHandle, key: String)
    /// `removeAllAnimations()`.
    case removeAllAnimations(LayerHandle)
    /// Sets or clears `CALayer.name`.
    case setName(LayerHandle, name: String?)

    /// The layer the operation edits.
    public var layer: LayerHandle {
        switch self {
        case .create(let h, _, _), .destroy(let h), .set(let h, _, _), .insertSublayer(let h, _, _),
            .removeFromSuperlayer(let h), .setMask(let h, _), .addAnimation(let h, _, _), .removeAnimation(let h, _),
            .removeAllAnimations(let h), .setName(let h, _):
            h
        }
    }

    /// A short description for error messages: `set position of layer@3`.
    public var summary: String {
        switch self {
        case .create(let h, _, let kind): kind == .layer ? "create \(h)" : "create \(h) (a \(kind) layer)"
        case .destroy(let h): "destroy \(h)"
        case .set(let h, let path, _): "set \(path) of \(h)"
        case .insertSublayer(let h, let parent, _): "insert \(h) into \(parent.map(String.init(describing:)) ?? "the root")"
        case .removeFromSuperlayer(let h): "remove \(h) from its superlayer"
        case .setMask(let h, let mask): "set the mask of \(h) to \(mask.map(String.init(describing:)) ?? "none")"
        case .addAnimation(let h, let a, let key):
            "add \(a.keyPath.map { "an animation of \($0)" } ?? "an animation") \(key.map { "for key '\($0)' " } ?? "")to \(h)"
        case .removeAnimation(let h, let key): "remove the animation '\(key)' of \(h)"
        case .removeAllAnimations(let h): "remove all animations of \(h)"
        case .setName(let h, _): "set the name of \(h)"
        }
    }
}
