public import LaminaCore
public import LaminaImage
public import LaminaModel
public import LaminaRender
public import LaminaRenderList

/// What became of a tile a client drew (`Compositor.provideTile(_:client:layer:key:)`).
public enum TileAnswer: Hashable, Sendable {
    /// Held: the layer shows it from the next frame.
    case held
    /// Not asked for, or no longer needed: ignored (and counted by the tracker).
    case notAsked
    /// Not the size asked: the tile's pixels, as asked.
    case wrongSize(width: Int, height: Int)
}

/// One tile a tiled layer (`CATiledLayer`) needs and the compositor does not hold: which layer of
/// which client, which tile, where it lies in the layer and how many pixels it has.
public struct TileRequest: Hashable, Sendable {
    /// The layer's owner, and its handle for the layer.
    public var client: ClientID
    public var layer: LayerHandle
    /// The tile: its level of detail, column and row.
    public var key: TileKey
    /// Where the tile lies in the layer's space, in points (cut at the bounds).
    public var rect: Rect
    /// The layer's bounds, which the grid is laid from.
    public var bounds: Rect
    /// The tile's pixels: `rect` at `scale` pixels per point, rounded up.
    public var width: Int
    public var height: Int
    /// Pixels per point of the layer at this tile's level (`contentsScale` times the level's scale).
    public var scale: Double

    public init(
        client: ClientID, layer: LayerHandle, key: TileKey, rect: Rect, bounds: Rect, width: Int, height: Int, scale: Double
    ) {
        (self.client, self.layer, self.key, self.rect, self.bounds) = (client, layer, key, rect, bounds)
        (self.width, self.height, self.scale) = (width, height, scale)
    }
}

extension Compositor {
    /// The tiles the tiled layers of the last frame's build need and lack, layer by layer, each layer's
    /// nearest its view's centre first.
    public var tileRequests: [TileRequest] {
        var requests: [TileRequest] = []
        for (id, keys) in renderer.tiles.missing {
            guard let (client, handle) = store.owner(of: id), let grid = renderer.tiles.grid(of: id) else { continue }
            for key in keys {
                guard let size = grid.pixelSize(of: key) else { continue }
                requests.append(
                    TileRequest(
                        client: client, layer: handle, key: key, rect: grid.rect(of: key), bounds: grid.bounds,
                        width: size.width, height: size.height, scale: grid.contentsScale * grid.scale(ofLevel: key.level)))
            }
        }
        return requests
    }

    /// Holds `image` as the tile `request` asked for; the layer shows it from the next build, faded
    /// in over its `fadeDuration` unless `tilesFadeIn` is off. False, and nothing held, when the layer is
    /// gone or its grid changed since, or the image is not the tile's size.
    @discardableResult
    public func provideTile(_ image: RGBAImage, for request: TileRequest) -> Bool {
        guard image.width == request.width, image.height == request.height,
            let id = store.layer(request.layer, of: request.client), renderer.tiles.grid(of: id)?.rect(of: request.key) == request.rect
        else { return false }
        return image.withPixelSource { source in
            renderer.tiles.insert(
                Self.premultipliedBGRA(source), width: image.width, height: image.height, key: request.key, of: id, at: presentation.time)
        }
    }

    /// Of the tiles the last build lacks, those to ask of their clients now (`TileRequestTracker`): not
    /// asked yet, or unanswered for `TileRequestTracker.askAgainAfter` frames.
    /// At most `maximumPerClient` of a client's tiles are needed at once (those first in
    /// `tileRequests`' order): the rest come forward as those are drawn.
    public func tilesToAsk(maximumPerClient: Int = 1_024) -> [TileRequest] {
        var counts: [ClientID: Int] = [:]
        let needed = tileRequests.filter { request in
            counts[request.client, default: 0] += 1
            return counts[request.client]! <= maximumPerClient
        }
        return tileTracker.toAsk(needed)
    }

    /// Marks the tiles of `client`'s tiled layer `layer` that meet `rect` (all for nil) to be drawn
    /// again: each stays shown until its new drawing arrives, and is asked for at once. A layer the
    /// client does not have, or not a tiled one, is left alone.
    public func invalidateTiles(client: ClientID, layer: LayerHandle, in rect: Rect?) {
        guard let id = store.layer(layer, of: client) else { return }
        renderer.tiles.invalidate(id, in: rect)
        tileTracker.forget(client, layer: layer)
    }

    /// Forgets what was asked of `client` (it left).
    public func forgetTileRequests(of client: ClientID) {
        tileTracker.forget(client)
    }

    /// Holds the pixels a client drew for tile `key` of its layer `layer`, if it was asked for and is
    /// the size asked; a tile not asked for (or no longer needed) is ignored, and counted.
    public func provideTile(_ pixels: PixelSource, client: ClientID, layer: LayerHandle, key: TileKey) -> TileAnswer {
        guard let id = store.layer(layer, of: client), let grid = renderer.tiles.grid(of: id), let size = grid.pixelSize(of: key) else {
            _ = tileTracker.answer(client: client, layer: layer, key: key)
            return .notAsked
        }
        guard pixels.width == size.width, pixels.height == size.height else { return .wrongSize(width: size.width, height: size.height) }
        guard tileTracker.answer(client: client, layer: layer, key: key) else { return .notAsked }
        let texels = Self.premultipliedBGRA(pixels)
        renderer.tiles.insert(texels, width: size.width, height: size.height, key: key, of: id, at: presentation.time)
        return .held
    }

    /// Whether a newly arrived tile fades in over its layer's `fadeDuration` (on, as Core Animation's);
    /// off, tiles show at once, as a scene file's renders need to be the same every time.
    public var tilesFadeIn: Bool {
        get { renderer.tiles.fades }
        set { renderer.tiles.fades = newValue }
    }

    /// The tiles held: how many, their bytes, and how many were let go for the budget so far.
    public var tileStatistics: (count: Int, bytes: Int, evictions: Int) {
        (renderer.tiles.count, renderer.tiles.bytes, renderer.tiles.evictions)
    }

    /// The most bytes of tiles one client keeps (64 MiB by default); past it the least recently shown
    /// are let go.
    public var tileBudget: Int {
        get { renderer.tiles.budget }
        set { renderer.tiles.budget = newValue }
    }

    /// Asks `tileSource` for every tile the last build lacks and holds what it answers: true when any
    /// arrived (the frame builds again to show them).
    func fillTiles(from source: (TileRequest) -> RGBAImage?) -> Bool {
        var arrived = false
        for request in tileRequests {
            if let image = source(request), provideTile(image, for: request) { arrived = true }
        }
        return arrived
    }

    /// Pixels as a tile texture holds them: premultiplied B, G, R, A, rows tightly packed.
    static func premultipliedBGRA(_ source: PixelSource) -> [UInt8] {
        let (width, height) = (source.width, source.height)
        var texels = [UInt8](repeating: 0, count: width * height * 4)
        let straight = source.alpha == .straight
        let (bgr, opaque) = (source.format.isBGR, source.format.isOpaque)
        texels.withUnsafeMutableBufferPointer { t in
            for y in 0..<height {
                let row = y * source.bytesPerRow
                for x in 0..<width {
                    let i = row + x * 4, o = (y * width + x) * 4
                    let (c0, c1, c2) = (source.bytes[i], source.bytes[i + 1], source.bytes[i + 2])
                    let a = opaque ? 255 : source.bytes[i + 3]
                    func premultiply(_ c: UInt8) -> UInt8 { straight ? UInt8((UInt32(c) * UInt32(a) + 127) / 255) : c }
                    let (r, g, b) = bgr ? (c2, c1, c0) : (c0, c1, c2)
                    (t[o], t[o + 1], t[o + 2], t[o + 3]) = (premultiply(b), premultiply(g), premultiply(r), a)
                }
            }
        }
        return texels
    }
}
