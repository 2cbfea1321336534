public import LaminaCore
public import LaminaImage
public import LaminaModel
public import LaminaRenderList

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
        return renderer.tiles.insert(
            Self.premultipliedBGRA(image), width: image.width, height: image.height, key: request.key, of: id, at: presentation.time)
    }

    /// Whether a newly arrived tile fades in over its layer's `fadeDuration` (on, as Core Animation's);
    /// off, tiles show at once, as a scene file's renders need to be the same every time.
    public var tilesFadeIn: Bool {
        get { renderer.tiles.fades }
        set { renderer.tiles.fades = newValue }
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

    /// `image`'s pixels as a tile texture holds them: premultiplied B, G, R, A.
    static func premultipliedBGRA(_ image: RGBAImage) -> [UInt8] {
        var texels = image.bytes
        let straight = image.alpha == .straight
        texels.withUnsafeMutableBufferPointer { t in
            var i = 0
            while i < t.count {
                let (r, g, b, a) = (t[i], t[i + 1], t[i + 2], t[i + 3])
                func premultiply(_ c: UInt8) -> UInt8 { straight ? UInt8((UInt32(c) * UInt32(a) + 127) / 255) : c }
                (t[i], t[i + 1], t[i + 2]) = (premultiply(b), premultiply(g), premultiply(r))
                i += 4
            }
        }
        return texels
    }
}
