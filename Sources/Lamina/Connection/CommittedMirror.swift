import LaminaCore

/// What the daemon has applied of this client's commits: the same operations, applied with
/// `LayerTree.perform` at the commit times the daemon acknowledged. Its presentation values are the
/// daemon's, computed here without asking (`Layer.presentation()`).
struct CommittedMirror {
    private(set) var tree = LayerTree()
    private(set) var root: LayerID
    private(set) var handles = HandleTable()

    init() {
        root = tree.create(name: "canvas")
    }

    /// Applies one acknowledged commit; returns the mirror's identities of the animations it added, in
    /// order.
    @discardableResult
    mutating func apply(_ operations: [LayerOperation], at commitTime: Double) throws(OperationError) -> [AnimationID] {
        var effects = LayerTree.OperationEffects()
        let savedHandles = handles
        tree.beginJournal()
        do {
            for operation in operations {
                try tree.perform(operation, handles: &handles, root: root, committedAt: commitTime, effects: &effects)
            }
        } catch {
            tree.rollBack()
            handles = savedHandles
            throw error
        }
        tree.compactSublayerLists()
        tree.commitJournal()
        return effects.added
    }

    /// The whole tree as it is presented at `time` (every layer's values with its animations applied),
    /// with the handles naming its layers: what hit testing a presentation layer walks.
    func presentationTree(at time: Double) -> (tree: LayerTree, handles: HandleTable) {
        var shown = tree
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        shown.evaluate(at: time, into: &presentation, events: &events)
        for id in presentation.animatedLayers { shown[id] = presentation.values(of: id, in: shown) }
        return (shown, handles)
    }

    /// Every property of a layer at `time`, with its animations applied; nil for unknown layers.
    func presentationValues(of handle: LayerHandle, at time: Double) -> PropertyValues? {
        guard let id = handles.layers[handle], let kind = try? tree.values(of: id).kind else { return nil }
        var values = PropertyValues(kind: kind)
        for key in LayerProperties.keys(of: kind) {
            guard let value = try? tree.presentationValue(LayerKeyPath(key), of: id, at: time) else { return nil }
            try? values.set(value, for: key)
        }
        return values
    }
}
