public import LaminaCore

/// One tile of one of a client's tiled layers, as the wire names it: the layer, the level of detail
/// (0 the finest) and the column and row in that level's grid, counted from the bounds' top-left.
public struct WireTile: Hashable, Sendable, CustomStringConvertible {
    public var layer: LayerHandle
    public var level: UInt32
    public var column: UInt32
    public var row: UInt32

    public init(layer: LayerHandle, level: UInt32, column: UInt32, row: UInt32) {
        (self.layer, self.level, self.column, self.row) = (layer, level, column, row)
    }

    /// `tile 3,1 of level 0 of layer@5`.
    public var description: String { "tile \(column),\(row) of level \(level) of \(layer)" }
}

/// A tile the daemon asks a client to draw (the `tileRequests` event, version 10): where it lies in the
/// layer, in points, and the pixels the answer must have.
public struct WireTileRequest: Hashable, Sendable {
    public var tile: WireTile
    /// The tile's rectangle in the layer's space (cut at the bounds).
    public var rect: Rect
    /// The pixels of the answer: `rect` at `scale` pixels per point, rounded up.
    public var width: UInt32
    public var height: UInt32
    /// Pixels per point of the layer at the tile's level (`contentsScale` times the level's scale).
    public var scale: Double

    public init(tile: WireTile, rect: Rect, width: UInt32, height: UInt32, scale: Double) {
        (self.tile, self.rect, self.width, self.height, self.scale) = (tile, rect, width, height, scale)
    }
}

extension WireWriter {
    mutating func tile(_ t: WireTile) {
        u64(t.layer.rawValue); u32(t.level); u32(t.column); u32(t.row)
    }

    mutating func tileRequest(_ r: WireTileRequest) {
        tile(r.tile)
        f64(r.rect.origin.x); f64(r.rect.origin.y); f64(r.rect.size.width); f64(r.rect.size.height)
        u32(r.width); u32(r.height); f64(r.scale)
    }

    /// A tile's pixels: a bitmap reference without an id or damage (a tile is whole).
    mutating func tilePixels(_ b: WireBitmap) {
        pixelsReference(b)
    }
}

extension WireReader {
    mutating func tile() throws(WireError) -> WireTile {
        WireTile(layer: LayerHandle(try u64("a layer handle")), level: try u32("a level"), column: try u32("a column"), row: try u32("a row"))
    }

    mutating func tileRequest() throws(WireError) -> WireTileRequest {
        let tile = try tile()
        let rect = Rect(x: try finite("a tile's x"), y: try finite("a tile's y"), width: try finite("a tile's width"), height: try finite("a tile's height"))
        return WireTileRequest(tile: tile, rect: rect, width: try u32("width"), height: try u32("height"), scale: try finite("a scale"))
    }

    mutating func tilePixels() throws(WireError) -> WireBitmap {
        try pixelsReference(id: BitmapID(0))
    }
}
