/// One committer's names for its layers: handles mapped to the layers of a tree, both ways.
///
/// The compositor keeps one per client; the client library keeps one for its local mirror of what it
/// committed. Both apply operations through `LayerTree.perform`, so both build the same tree.
public struct HandleTable: Sendable {
    /// The committer's layers.
    public private(set) var layers = HandleMap()
    /// The way back, for events and error messages.
    public private(set) var handles: [LayerID: LayerHandle] = [:]

    /// No handles.
    public init() {}

    /// The layer of a handle, or the typed reason it has none.
    public func layer(_ handle: LayerHandle) throws(OperationError) -> LayerID {
        guard let id = layers[handle] else { throw .unknownLayer(handle) }
        return id
    }

    /// Names `id` with `handle`.
    public mutating func bind(_ handle: LayerHandle, to id: LayerID) {
        layers.updateValue(id, forKey: handle)
        handles[id] = handle
    }

    /// Makes room for `additional` more layers in the way back, so that a commit creating many layers
    /// does not grow it step by step (rehashing every entry each time). The way there grows its array
    /// geometrically, and sizing its dictionary would allocate room most handles never take.
    public mutating func reserveCapacity(forAdditional additional: Int) {
        handles.reserveCapacity(handles.count + additional)
    }

    /// Forgets `handle`.
    public mutating func unbind(_ handle: LayerHandle) {
        if let id = layers.removeValue(forKey: handle) { handles[id] = nil }
    }

    /// A tree error told with handles instead of layer ids (layers without one are "the canvas root").
    public func describe(_ error: LayerTreeError) -> String {
        func name(_ id: LayerID) -> String { handles[id].map(String.init(describing:)) ?? "the canvas root" }
        return switch error {
        case .unknownLayer(let id): "unknown layer \(name(id))"
        case .cycle(let layer, let descendant):
            "\(name(layer)) cannot go under \(name(descendant)), which is already below it (that would make a cycle)"
        case .indexOutOfRange(let index, let count, let parent):
            "index \(index) is outside 0...\(count) for the sublayers of \(name(parent))"
        case .notASublayer(let sibling, let parent): "\(name(sibling)) is not a sublayer of \(name(parent))"
        case .layerIsMask(let layer, let owner): "\(name(layer)) is the mask of \(name(owner))"
        case .maskHasSuperlayer(let mask, let superlayer):
            "mask \(name(mask)) already has the superlayer \(name(superlayer))"
        case .property(_, let error): "\(error)"
        case .animation(_, let error): "\(error)"
        case .tooDeep(let id, let limit): "\(name(id)) would nest deeper than \(limit) levels"
        }
    }
}
