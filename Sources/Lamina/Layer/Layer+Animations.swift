import LaminaCore

/// Explicit animations (`CALayer.add(_:forKey:)` and friends). The layer keeps a copy of each animation
/// it is given; the daemon runs it from the commit time on and reports when it starts and stops.
extension Layer {
    /// Adds a copy of `animation` under `key` (replacing one under the same key). A property animation
    /// with no key path animates `key`. Invalid animations are refused with
    /// `LaminaError.invalidOperation`, reported to the connection.
    public func add(_ animation: Animation, forKey key: String?) {
        guard !isPresentation else { return }
        let copy = animation.copy()
        if let property = copy as? PropertyAnimation, property.keyPath == nil { property.keyPath = key }
        let value: LaminaCore.Animation
        do { value = try copy.value(defaultKeyPath: key) } catch {
            Connection.report(error)
            return
        }
        let session = Session.shared
        for bitmap in copy.bitmaps { session.use(bitmap) }
        guard let added = session.record(.addAnimation(handle, value, key: key)), let id = added.first else { return }
        session.animationObjects[id] = (handle, copy)
    }

    /// The animation under `key` (a copy of what was added), while the layer still has it.
    public func animation(forKey key: String) -> Animation? {
        let session = Session.shared
        guard let handle, let id = session.layerID(handle),
            let entry = ((try? session.model.animations(of: id)) ?? []).first(where: { $0.key == key })
        else { return nil }
        return session.animationObjects[entry.id]?.animation
    }

    /// The keys of the layer's animations, in the order they were added.
    public func animationKeys() -> [String] {
        let session = Session.shared
        guard let handle, let id = session.layerID(handle) else { return [] }
        return (try? session.model.animationKeys(of: id)) ?? []
    }

    /// Removes the animation under `key`.
    public func removeAnimation(forKey key: String) {
        guard !isPresentation else { return }
        Session.shared.record(.removeAnimation(handle, key: key))
    }

    /// Removes every animation of the layer.
    public func removeAllAnimations() {
        guard !isPresentation else { return }
        Session.shared.record(.removeAllAnimations(handle))
    }
}
