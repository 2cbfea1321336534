import LaminaCore

/// How the render list treats each layer kind: the one table a new kind starts in (the builder, the
/// update, the leaf patch, kept parts and caches all ask it, never `kind ==`). The switch in `of(_:)`
/// is exhaustive, so a kind added to `LayerKind` does not build until it has its row here.
struct KindDrawing {
    /// What the kind draws of its own between its background and contents and its sublayers
    /// (`RenderListBuilder+Kinds`, `+Particles`).
    enum Own {
        case nothing
        /// A gradient's stop table over the bounds, shaped like the background (drawn when the layer's
        /// bounds show).
        case gradient
        /// A text layer's glyphs, in the bounds (drawn when the bounds show).
        case text
        /// A shape's fill and stroke, placed by the path's own extent (drawn wherever that shows).
        case shape
        /// An emitter's particles, placed by where they flew (drawn wherever they are).
        case particles
        /// A tiled layer's tiles, those the view needs at the level of detail it is shown at (drawn
        /// when the layer's bounds show).
        case tiles
    }

    /// How its sublayers are visited.
    enum Sublayers {
        /// Flattened into the layer's plane, each visited once: every kind but two.
        case flattened
        /// Visited once per copy, each copy transformed, tinted and delayed (`CAReplicatorLayer`).
        case replicated
        /// Sharing one 3D space with depth, not flattened (`CATransformLayer`).
        case sharedSpace
    }

    let own: Own
    let sublayers: Sublayers

    /// Whether all a layer of the kind draws is its own parts (background, contents, border), so that
    /// a leaf of it can be drawn from kept parts (`visitKeptLeaf`) and patched in place (`LeafPatch`).
    var drawsOnlyParts: Bool { own == .nothing && sublayers == .flattened }
    /// Whether what it draws reaches past its bounds by a geometry of its own, which a cache of it must
    /// cover (`subtreeExtent`).
    var reachesPastBounds: Bool { own == .shape }
    /// Whether its subtree is drawn as a whole with it, so that an update visits a changed layer under
    /// it from the outermost such layer (`RenderListUpdate`).
    var drawsSubtreeWhole: Bool { sublayers != .flattened }

    /// The row of `kind`.
    @inline(__always)
    static func of(_ kind: LayerKind) -> KindDrawing {
        switch kind {
        // A GL layer's frames are its contents (a bitmap the client updates where each frame changed).
        case .layer, .scroll, .gl: KindDrawing(own: .nothing, sublayers: .flattened)
        case .gradient: KindDrawing(own: .gradient, sublayers: .flattened)
        case .text: KindDrawing(own: .text, sublayers: .flattened)
        case .shape: KindDrawing(own: .shape, sublayers: .flattened)
        case .emitter: KindDrawing(own: .particles, sublayers: .flattened)
        case .tiled: KindDrawing(own: .tiles, sublayers: .flattened)
        case .replicator: KindDrawing(own: .nothing, sublayers: .replicated)
        case .transform: KindDrawing(own: .nothing, sublayers: .sharedSpace)
        }
    }
}
