/// What changed in a model tree since its changes were last taken: the dirty bits a retained renderer
/// needs to redraw only what changed, as wlroots' scene graph damages a node in its setters.
///
/// Every edit of a `LayerTree` records itself here: a property written names its layer and key, and any
/// change of the hierarchy (a layer made or destroyed, a sublayer added, moved or removed, a mask set)
/// sets `hierarchy`, after which a consumer rebuilds everything. The record is a value inside the tree,
/// so a tree put back to an earlier copy (a rejected transaction) puts its changes back too.
public struct LayerChanges: Sendable, Equatable {
    /// One property write.
    public struct Write: Sendable, Equatable {
        /// The layer written.
        public var layer: LayerID
        /// The property written.
        public var key: PropertyKey
    }

    /// Whether the hierarchy changed: consumers must treat every layer as changed.
    public private(set) var hierarchy = false
    /// The property writes, in order, with repeats; empty once `hierarchy` is set.
    public private(set) var writes: [Write] = []

    /// How many writes are kept before the record gives up naming them and sets `hierarchy`: past this
    /// many, redrawing everything costs about what sorting out the writes would.
    public static let maximumWrites = 4096

    /// No changes.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { !hierarchy && writes.isEmpty }

    /// Records a write of `key` of `layer`.
    mutating func wrote(_ key: PropertyKey, of layer: LayerID) {
        guard !hierarchy else { return }
        if writes.count >= Self.maximumWrites {
            changedHierarchy()
            return
        }
        writes.append(Write(layer: layer, key: key))
    }

    /// Records a change of the hierarchy (or anything else that is not one property of one layer).
    mutating func changedHierarchy() {
        hierarchy = true
        writes.removeAll()
    }
}

extension LayerTree {
    /// Returns the changes recorded since the last call, and starts a new record.
    public mutating func takeChanges() -> LayerChanges {
        var taken = LayerChanges()
        swap(&taken, &changes)
        return taken
    }
}
