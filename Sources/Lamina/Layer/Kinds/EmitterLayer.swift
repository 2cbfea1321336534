public import LaminaCore

/// A layer that emits particles (`CAEmitterLayer`): `emitterCells` say what kinds, how many and how they
/// move; the emitter shape, mode and multipliers say where and how much.
///
/// The daemon computes the particles from these values and the layer's time alone, every frame: the
/// app sends nothing per particle or per frame, and a frame at time T is the same whatever came before
/// (`seed` picks the random values). A cell's `contents` names a `Bitmap`: set it with
/// `EmitterCell.setContents(_:)`, and keep the bitmaps in `contentsBitmaps` (the layer holds them, as a
/// layer holds its own `contents`). The properties are generated from the schema (`Layer+Properties.swift`).
open class EmitterLayer: Layer {
    open override class var kind: LayerKind { .emitter }

    /// The bitmaps the cells show, held by the layer so that they stay uploaded while it shows them.
    public var contentsBitmaps: [Bitmap] = [] {
        didSet { for bitmap in contentsBitmaps { Session.shared.use(bitmap) } }
    }
}

extension EmitterCell {
    /// Shows `bitmap` as the cell's particle image (`CAEmitterCell.contents`); its pixels reach the
    /// daemon with the next commit. Keep it alive, in the emitter's `contentsBitmaps`.
    @MainActor public mutating func setContents(_ bitmap: Bitmap?) {
        if let bitmap { Session.shared.use(bitmap) }
        contents = bitmap?.id
    }
}
