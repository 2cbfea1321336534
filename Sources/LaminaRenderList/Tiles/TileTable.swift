package import LaminaCore

/// The tiles of tiled layers (`CATiledLayer`) the renderer holds, and the tiles their layers need
/// and lack: the render list's side of a tiled layer, plain data but for the textures it names.
///
/// The builder asks it, for each tiled layer it draws, which of the tiles the view needs are held
/// (each a texture of its own, `GeneratedTexture`) and records the ones missing, nearest the view's
/// centre first. Whoever draws tiles (a scene file's image at once; a client, over the wire, some
/// frames later) answers with `insert`, and the layers whose tiles arrived, or are still fading in, are
/// visited again (`takeChangedLayers`).
///
/// A layer's tiles are kept for its grid (`TileGrid`: bounds, tile size, scale, levels): when that
/// changes they are dropped, as a new grid's tiles cover other rectangles. Each owner's tiles together
/// keep under `budget` bytes, the least recently shown evicted first, never one the frame being built
/// shows; a layer the frame does not draw lets its tiles go (`evict`).
package final class TileTable {
    /// The most bytes of tiles one owner (a client) keeps.
    package var budget: Int
    /// Whether a newly arrived tile fades in over its layer's `fadeDuration` (off for scene files, so
    /// that renders are deterministic).
    package var fades = true
    /// Tiles evicted for the budget since the table was made.
    package private(set) var evictions = 0
    /// The owner of a layer, whose budget its tiles count against (the daemon's client; one owner, 0,
    /// by default).
    package var owner: (LayerID) -> UInt64 = { _ in 0 }

    /// One tile held.
    package struct Tile {
        package let texture: GeneratedTexture
        /// The presentation time it arrived at (it fades in from then).
        package let arrival: Double
        /// The frame that last drew it.
        var lastShown: UInt64
        /// Whether it is to be drawn again (`invalidate`): shown until the new drawing arrives, and
        /// needed meanwhile.
        package var isStale = false
    }

    /// One tiled layer's tiles and needs.
    struct Layer {
        var grid: TileGrid
        var owner: UInt64
        var tiles: [TileKey: Tile] = [:]
        /// The tiles the last visit needed and did not hold, nearest the view's centre first.
        var missing: [TileKey] = []
        /// Whether a tile was still fading in at the last visit.
        var fading = false
    }

    private var layers: [LayerID: Layer] = [:]
    private let requests: TextureRequests
    /// Advances once per frame: tiles drawn in it carry it.
    private var frame: UInt64 = 1
    /// Layers whose tiles arrived since the last `takeChangedLayers`.
    private var arrived: Set<LayerID> = []

    package init(budget: Int = 64 << 20, requests: TextureRequests) {
        self.budget = budget
        self.requests = requests
    }

    /// Starts a frame: tiles drawn from now on are this frame's.
    package func beginFrame() { frame &+= 1 }

    /// The tile `key` of layer `id`, marked shown this frame; nil when not held.
    package func tile(_ key: TileKey, of id: LayerID) -> Tile? {
        guard var tile = layers[id]?.tiles[key] else { return nil }
        tile.lastShown = frame
        layers[id]!.tiles[key] = tile
        return tile
    }

    /// Records layer `id`'s grid as the builder visits it: its tiles are dropped when the grid
    /// changed, and its needs start empty.
    package func visit(_ id: LayerID, grid: TileGrid) {
        if layers[id]?.grid != grid {
            layers[id] = Layer(grid: grid, owner: owner(id))
        } else {
            layers[id]!.missing.removeAll(keepingCapacity: true)
            layers[id]!.fading = false
        }
    }

    /// Records that layer `id` needs tile `key` and lacks it (in the order the builder meets them,
    /// nearest the view's centre first).
    package func need(_ key: TileKey, of id: LayerID) {
        layers[id]?.missing.append(key)
    }

    /// Records that a tile of layer `id` is still fading in: the layer is visited again next frame.
    package func markFading(_ id: LayerID) {
        layers[id]?.fading = true
    }

    /// The grid layer `id` was last visited with, if it is a tiled layer the table knows.
    package func grid(of id: LayerID) -> TileGrid? { layers[id]?.grid }

    /// The tiles every visited layer needs and lacks, layer by layer, each nearest its view's centre
    /// first.
    package var missing: [(layer: LayerID, keys: [TileKey])] {
        layers.compactMap { $0.value.missing.isEmpty ? nil : ($0.key, $0.value.missing) }.sorted { $0.layer.index < $1.layer.index }
    }

    /// Holds `texels` (premultiplied BGRA, `width` x `height`, rows top first) as tile `key` of layer
    /// `id`, arrived at presentation time `time`; false when the layer is not a tiled layer the table
    /// knows, the key is not in its grid, or the size is not the tile's (`TileGrid.pixelSize`).
    @discardableResult
    package func insert(_ texels: [UInt8], width: Int, height: Int, key: TileKey, of id: LayerID, at time: Double) -> Bool {
        guard let layer = layers[id], let size = layer.grid.pixelSize(of: key), size == (width, height),
            texels.count == width * height * 4
        else { return false }
        let texture = GeneratedTexture(width: width, height: height, storage: .premultipliedBGRA, texels: texels, requests: requests)
        layers[id]!.tiles[key] = Tile(texture: texture, arrival: fades ? time : -.infinity, lastShown: frame)
        layers[id]!.missing.removeAll { $0 == key }
        arrived.insert(id)
        keepWithinBudget(of: layer.owner)
        return true
    }

    /// The layers to visit again this frame: those whose tiles arrived since the last call, and those
    /// with a tile still fading in.
    package func takeChangedLayers() -> [LayerID] {
        var changed = arrived
        for (id, layer) in layers where layer.fading { changed.insert(id) }
        arrived.removeAll(keepingCapacity: true)
        return changed.sorted { $0.index < $1.index }
    }

    /// Marks the tiles of layer `id` stale (its contents are to be drawn again: `setNeedsDisplay`), or
    /// only those whose rectangles meet `rect` (in the layer's space): each is shown until its new
    /// drawing arrives, and needed meanwhile.
    package func invalidate(_ id: LayerID, in rect: Rect? = nil) {
        guard let layer = layers[id] else { return }
        for (key, _) in layer.tiles {
            if let rect {
                let r = layer.grid.rect(of: key).intersection(rect)
                guard r.width > 0, r.height > 0 else { continue }
            }
            layers[id]!.tiles[key]!.isStale = true
        }
        arrived.insert(id)
    }

    /// Lets go of the layers `isDrawn` says the frame's list does not draw.
    package func evict(keeping isDrawn: (LayerID) -> Bool) {
        if layers.keys.contains(where: { !isDrawn($0) }) { layers = layers.filter { isDrawn($0.key) } }
    }

    /// Tiles held, and their bytes.
    package var count: Int { layers.values.reduce(0) { $0 + $1.tiles.count } }
    package var bytes: Int { layers.values.reduce(0) { $0 + Self.bytes(of: $1) } }
    /// The bytes of one owner's tiles.
    package func bytes(of owner: UInt64) -> Int {
        layers.values.reduce(0) { $0 + ($1.owner == owner ? Self.bytes(of: $1) : 0) }
    }

    private static func bytes(of layer: Layer) -> Int { layer.tiles.values.reduce(0) { $0 + $1.texture.bytes } }

    /// Evicts `owner`'s least recently shown tiles until its tiles fit the budget; tiles this frame
    /// shows stay, even over it.
    private func keepWithinBudget(of owner: UInt64) {
        var total = bytes(of: owner)
        guard total > budget else { return }
        var candidates: [(id: LayerID, key: TileKey, shown: UInt64, bytes: Int)] = []
        for (id, layer) in layers where layer.owner == owner {
            for (key, tile) in layer.tiles where tile.lastShown != frame {
                candidates.append((id, key, tile.lastShown, tile.texture.bytes))
            }
        }
        candidates.sort { ($0.shown, $0.id.index, $0.key.level, $0.key.row, $0.key.column) < ($1.shown, $1.id.index, $1.key.level, $1.key.row, $1.key.column) }
        for candidate in candidates where total > budget {
            layers[candidate.id]!.tiles[candidate.key] = nil
            total -= candidate.bytes
            evictions += 1
        }
    }
}

/// Its textures belong to the render thread.
@available(*, unavailable)
extension TileTable: Sendable {}
