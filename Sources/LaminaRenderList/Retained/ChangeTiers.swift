import LaminaCore

/// What each retained path can take, by change class (the schema's `change:`, `PropertyKey.change`):
/// the one table the render list's key sets are made from. A new property takes its place in every
/// set through its row's class; a path that learns to take more changes says so here.
enum ChangeTiers {
    /// The classes a layer's own parts (`LayerParts`) are read from, but for their colours: a layer
    /// animating none of them keeps its parts from frame to frame (`LayerPartsTable`).
    static let parts: [PropertyChange] = [.bounds, .facing, .shape, .contents, .effects, .shadow]
    /// Those laid over kept parts each frame while they animate (`LayerParts.layOver`).
    static let laidOver: [PropertyChange] = [.bounds]
    /// Those painted over kept parts each frame while they animate (`LayerParts.paintBackground`).
    static let painted: [PropertyChange] = [.paint]
    /// Those a leaf drawn from its kept parts may animate (`RenderListBuilder.visitKeptLeaf`), besides
    /// its colours.
    static let keptLeaf: [PropertyChange] = [.placement, .reorders, .opacity]
    /// Those a leaf patched in place may animate (`LeafPatch`): not `reorders`, which moves it in the list.
    static let patched: [PropertyChange] = [.placement, .bounds, .opacity, .paint]
    /// Those that place a layer rather than shape what it draws: its cache (`CachedSubtree`) survives them.
    static let cachePlacement: [PropertyChange] = [.placement, .reorders, .opacity, .visibility, .facing, .shadow, .timing]
}
