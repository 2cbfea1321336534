/// Why a `LayerTree` refused an edit or a query. Each case names the layers involved.
public enum LayerTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The handle names no live layer (never created, or destroyed).
    case unknownLayer(LayerID)
    /// The edit would put `layer` under `descendant`, which is already below it (through sublayers or
    /// masks), making a cycle.
    case cycle(layer: LayerID, descendant: LayerID)
    /// An index outside `0...count` of the parent's sublayers.
    case indexOutOfRange(index: Int, count: Int, parent: LayerID)
    /// `sibling` is not a sublayer of `parent`.
    case notASublayer(sibling: LayerID, parent: LayerID)
    /// A layer that is some layer's mask cannot also be a sublayer, nor the mask of another layer.
    case layerIsMask(LayerID, of: LayerID)
    /// A mask must not have a superlayer.
    case maskHasSuperlayer(mask: LayerID, superlayer: LayerID)
    /// A property could not be read or written.
    case property(LayerID, PropertyError)
    /// An animation was refused.
    case animation(LayerID, AnimationError)
    /// The layer would nest deeper than the limit (its superlayers and mask owners, counted up to its root).
    case tooDeep(LayerID, limit: Int)

    public var description: String {
        switch self {
        case .unknownLayer(let id): "unknown layer \(id)"
        case .cycle(let layer, let descendant):
            "\(layer) cannot go under \(descendant), which is already below it (that would make a cycle)"
        case .indexOutOfRange(let index, let count, let parent):
            "index \(index) is outside 0...\(count) for the sublayers of \(parent)"
        case .notASublayer(let sibling, let parent): "\(sibling) is not a sublayer of \(parent)"
        case .layerIsMask(let layer, let owner): "\(layer) is the mask of \(owner)"
        case .maskHasSuperlayer(let mask, let superlayer): "mask \(mask) already has the superlayer \(superlayer)"
        case .property(let id, let error): "\(id): \(error)"
        case .animation(let id, let error): "\(id): \(error)"
        case .tooDeep(let id, let limit): "\(id) would nest deeper than \(limit) levels"
        }
    }
}
