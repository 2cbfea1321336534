/// A stable handle to a layer in a `LayerTree`.
///
/// A slot index plus a generation: destroying a layer bumps its slot's generation, so a stale handle
/// never reaches a later layer that reuses the slot (the generational-index pattern). Handles are only
/// meaningful in the tree that made them.
public struct LayerID: Hashable, Sendable, CustomStringConvertible {
    /// The slot in the tree's storage.
    public let index: UInt32
    /// The slot's generation when the layer was created.
    public let generation: UInt32

    /// Creates a handle; normally only `LayerTree` does.
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `layer#index.generation`.
    public var description: String { "layer#\(index).\(generation)" }
}
