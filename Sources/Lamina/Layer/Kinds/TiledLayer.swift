public import LaminaCore

/// A layer whose content is drawn in tiles, at levels of detail, as it is shown larger or smaller
/// (`CATiledLayer`): `tileSize`, `levelsOfDetail`, `levelsOfDetailBias` and `fadeDuration` are generated
/// from the schema (`Layer+Properties.swift`). The compositor decides which tiles the view needs; the
/// tiles of a scene file's tiled layer come from its `tiles` image.
open class TiledLayer: Layer {
    open override class var kind: LayerKind { .tiled }
}
