import CCairo
public import LaminaCore

/// A layer whose content is drawn in tiles, at levels of detail, as it is shown larger or smaller
/// (`CATiledLayer`): `tileSize`, `levelsOfDetail`, `levelsOfDetailBias` and `fadeDuration` are generated
/// from the schema (`Layer+Properties.swift`). The compositor decides which tiles the view needs and
/// asks for them; `tileDrawer` draws each, on worker threads, and the tiles fade in as they arrive.
/// A scene file's tiled layer takes its tiles from its `tiles` image instead.
///
/// Tiled layers need protocol version 10: a connection pinned to an older version cannot make one.
open class TiledLayer: Layer {
    open override class var kind: LayerKind { .tiled }

    /// Draws the tiles the compositor asks for, off the main actor (nil: the layer's tiles stay empty).
    /// `LayerDelegate` is `@MainActor`, so tiles have a drawer of their own: it reads only what it
    /// captured, and may be called for several tiles at once.
    public var tileDrawer: (any TileDrawer)?

    /// Has the tiles that `setNeedsDisplay()` (all) or `setNeedsDisplay(_:)` (those meeting the
    /// rectangle) marked drawn again: the daemon asks for them anew and shows the old ones until the new
    /// ones arrive. A tiled layer has no `contents` of its own to draw.
    open override func display() {
        let rect = displayDamage
        wantsDisplay = false
        displayDamage = nil
        guard let handle, Session.shared.isCommitted(handle), let connection = Session.shared.connection else { return }
        connection.invalidateTiles(of: handle, in: rect)
    }

    /// Draws tiles with `draw` (a closure form of `tileDrawer`).
    public func drawTiles(_ draw: @escaping @Sendable (Tile, DrawingContext) -> Void) {
        tileDrawer = ClosureTileDrawer(body: draw)
    }
}

/// One tile the compositor asks a tiled layer for: its level of detail (0 the finest), its column and
/// row in that level's grid, where it lies in the layer, and the pixels it is drawn at.
public struct Tile: Hashable, Sendable {
    public var level: Int
    public var column: Int
    public var row: Int
    /// The tile's rectangle in the layer's space, in points (cut at the bounds).
    public var rect: Rect
    /// Pixels per point (`contentsScale` times the level's scale, 2^(bias − level)).
    public var scale: Double
    /// The tile's pixels.
    public var width: Int
    public var height: Int
}

/// Draws a tiled layer's tiles (Core Animation's `draw(in:)` of a `CATiledLayer`, called per tile on
/// background threads). `Sendable`: it runs on worker threads, for several tiles at once.
public protocol TileDrawer: Sendable {
    /// Draws `tile`: `context` is in the layer's points, scaled to the tile's pixels and clipped to its
    /// rectangle (draw the whole content as if for the whole layer; what falls outside is cut).
    func draw(_ tile: Tile, in context: DrawingContext)
}

struct ClosureTileDrawer: TileDrawer {
    let body: @Sendable (Tile, DrawingContext) -> Void
    func draw(_ tile: Tile, in context: DrawingContext) { body(tile, context) }
}

extension Tile {
    /// The tile's pixels drawn by `drawer`: premultiplied B, G, R, A, rows tightly packed; nil when the
    /// size is one cairo refuses.
    func render(with drawer: any TileDrawer) -> [UInt8]? {
        try? Bitmap.render(width: width, height: height, scale: 1, opaque: false, over: nil, in: nil) { context in
            cairo_scale(context.cairo, scale, scale)
            cairo_translate(context.cairo, -rect.minX, -rect.minY)
            cairo_rectangle(context.cairo, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(context.cairo)
            drawer.draw(self, in: DrawingContext(context.cairo, size: rect.size))
        }
    }
}
