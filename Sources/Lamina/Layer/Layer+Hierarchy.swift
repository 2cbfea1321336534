import LaminaCore

/// The layer tree: sublayers, superlayer and mask, as in `CALayer`. Each edit goes through the model
/// tree first, which refuses cycles and bad indices (reported as `LaminaError.invalidOperation`, the
/// objects left unchanged); the objects then follow the model's order.
extension Layer {
    /// The layer this one is a sublayer of (for a presentation copy, the superlayer's presentation copy
    /// at the same moment).
    public var superlayer: Layer? {
        if let time = presentationTime { return model().parentObject?.presentation(atMediaTime: time) }
        return parentObject
    }

    /// The sublayers, back to front; setting replaces them all (for a presentation copy, their
    /// presentation copies at the same moment, and setting does nothing).
    public var sublayers: [Layer]? {
        get {
            if let time = presentationTime {
                let shown = model().childObjects.compactMap { $0.presentation(atMediaTime: time) }
                return shown.isEmpty ? nil : shown
            }
            return childObjects.isEmpty ? nil : childObjects
        }
        set {
            for child in childObjects { child.removeFromSuperlayer() }
            for child in newValue ?? [] { addSublayer(child) }
        }
    }

    /// Appends `layer` to the sublayers (on top), taking it from its current superlayer.
    public func addSublayer(_ layer: Layer) {
        insert(layer, at: nil)
    }

    /// Inserts `layer` into the sublayers at `index`.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        insert(layer, at: index)
    }

    /// Inserts `layer` just above `sibling` (or on top when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard let sibling, let i = childObjects.firstIndex(where: { $0 === sibling }) else { return addSublayer(layer) }
        let before = childObjects.firstIndex { $0 === layer }
        insert(layer, at: before.map { $0 < i ? i : i + 1 } ?? i + 1)
    }

    /// Inserts `layer` just below `sibling` (or at the bottom when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard let sibling, let i = childObjects.firstIndex(where: { $0 === sibling }) else { return insert(layer, at: 0) }
        let before = childObjects.firstIndex { $0 === layer }
        insert(layer, at: before.map { $0 < i ? i - 1 : i } ?? i)
    }

    /// Puts `new` where `old` is among the sublayers; `old` leaves.
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard old !== new, let i = childObjects.firstIndex(where: { $0 === old }) else { return }
        Transaction.perform {
            old.removeFromSuperlayer()
            insert(new, at: Swift.min(i, childObjects.count))
        }
    }

    /// Takes the layer out of its superlayer (or off the connection's top level).
    public func removeFromSuperlayer() {
        guard !isPresentation else { return }
        let owner = parentObject
        let wasShown = owner != nil || Session.shared.connection?.isTopLevel(self) == true
        guard Session.shared.record(.removeFromSuperlayer(handle)) != nil else { return }
        owner?.syncChildren()
        parentObject = nil
        Session.shared.connection?.syncTopLevel()
        if wasShown { runEventAction(Layer.onOrderOut) }
        owner?.runEventAction(Layer.sublayersKey)
    }

    /// A layer whose alpha masks this one (its own superlayer must be nil).
    public var mask: Layer? {
        get { maskObject }
        set {
            guard !isPresentation, newValue !== maskObject else { return }
            guard Session.shared.record(.setMask(handle, mask: newValue?.handle)) != nil else { return }
            maskObject?.maskOwnerObject = nil
            maskObject = newValue
            newValue?.maskOwnerObject = self
        }
    }

    private func insert(_ layer: Layer, at index: Int?) {
        guard !isPresentation, !layer.isPresentation else { return }
        let oldParent = layer.parentObject
        let wasShown = oldParent != nil || Session.shared.connection?.isTopLevel(layer) == true
        guard Session.shared.record(.insertSublayer(layer.handle, into: handle, at: index)) != nil else { return }
        if let oldParent, oldParent !== self { oldParent.syncChildren() }
        syncChildren()
        if oldParent == nil { Session.shared.connection?.syncTopLevel() }
        if !wasShown { layer.runEventAction(Layer.onOrderIn) }
        if let oldParent, oldParent !== self { oldParent.runEventAction(Layer.sublayersKey) }
        runEventAction(Layer.sublayersKey)
    }

    /// The action key run when a layer joins a layer tree (`kCAOnOrderIn`).
    public static let onOrderIn = "onOrderIn"
    /// The action key run when a layer leaves its layer tree (`kCAOnOrderOut`).
    public static let onOrderOut = "onOrderOut"
    /// The action key run on a layer whose sublayers change (`"sublayers"`).
    public static let sublayersKey = "sublayers"

    /// Runs the action for an event that is not a property change (`onOrderIn`, `onOrderOut`,
    /// `sublayers`): found by the same lookup as a property's (no default), skipped while the
    /// transaction disables actions. Unlike a property's, it runs on layers not yet committed too: a
    /// layer made and added in one transaction can fade in.
    func runEventAction(_ key: String) {
        guard !isPresentation, !Transaction.disableActions, let action = action(forKey: key) else { return }
        action.run(forKey: key, on: self)
    }
}
