import LaminaCore

// Tiled layers (`CATiledLayer`): the tiles the view needs, at the level of detail the layer is shown
// at, drawn from the tiles held (`TileTable`), a coarser tile's part standing in for one not drawn yet.
extension RenderListBuilder {
    /// A tiled layer's tiles: the level of detail for the scale the layer is shown at on the target
    /// (`TileGrid.level(forScale:)`), the tiles of that level the visible part of the bounds needs
    /// (`TileGrid.tiles(covering:level:)`), each drawn from its texture when held, else from the part
    /// of the nearest coarser tile held that covers it, else not at all; the missing ones are recorded
    /// in the table, nearest the view's centre first, for whoever draws them.
    mutating func drawTiles(
        _ id: LayerID, _ values: PresentedValues, world: Transform3D, matrix: GPUMatrix, localToClip: Transform3D?,
        opacity: Double, drawsOwn: Bool
    ) {
        // What a revisit draws may be new tiles in the same quads: their pixels are damage.
        forceDamage = true
        let tiles = generated.tiles
        let grid = Self.tileGrid(values)
        tiles.visit(id, grid: grid)
        guard drawsOwn, let visible = visibleTileRegion(under: world, bounds: grid.bounds) else { return }
        let middle = Point(x: grid.bounds.midX, y: grid.bounds.midY)
        let x = Self.targetVector(world, at: middle, by: SIMD2(1, 0)), y = Self.targetVector(world, at: middle, by: SIMD2(0, 1))
        let pixelsPerPoint = Swift.max((x * x).sum().squareRoot(), (y * y).sum().squareRoot())
        let level = grid.level(forScale: pixelsPerPoint / Swift.max(grid.contentsScale, .leastNormalMagnitude))
        let fadeDuration = values[.fadeDuration]
        for key in grid.tiles(covering: visible, level: level) {
            let rect = grid.rect(of: key)
            let held = tiles.tile(key, of: id)
            // Missing, or drawn anew by its owner (shown until the new drawing arrives): needed.
            if held?.isStale ?? true { tiles.need(key, of: id) }
            let fade = held.map { fadeIn($0, over: fadeDuration, of: id) } ?? 0
            // Under a tile still fading in, or in place of a missing one, the part of the nearest
            // coarser tile held (each covers whole finer tiles).
            if fade < 1 {
                for coarser in (level + 1)..<Swift.max(level + 1, grid.levelCount) {
                    let extent = grid.tileExtent(level: coarser)
                    let column = Int(((rect.midX - grid.bounds.minX) / extent.width).rounded(.down))
                    let row = Int(((rect.midY - grid.bounds.minY) / extent.height).rounded(.down))
                    guard let tile = tiles.tile(TileKey(level: coarser, column: column, row: row), of: id) else { continue }
                    let whole = grid.rect(of: TileKey(level: coarser, column: column, row: row))
                    let uv = SIMD4(
                        Float((rect.minX - whole.minX) / whole.width), Float((rect.minY - whole.minY) / whole.height),
                        Float((rect.maxX - whole.minX) / whole.width), Float((rect.maxY - whole.minY) / whole.height))
                    drawTile(tile, rect: rect, uv: uv, matrix: matrix, localToClip: localToClip,
                        opacity: opacity * fadeIn(tile, over: fadeDuration, of: id))
                    break
                }
            }
            if let held {
                drawTile(held, rect: rect, uv: SIMD4(0, 0, 1, 1), matrix: matrix, localToClip: localToClip, opacity: opacity * fade)
            }
        }
    }

    /// The grid of a tiled layer's values.
    static func tileGrid(_ values: PresentedValues) -> TileGrid {
        func whole(_ n: Double, _ range: ClosedRange<Double>) -> Int { Int(Swift.min(Swift.max(n.isNaN ? 0 : n, range.lowerBound), range.upperBound)) }
        return TileGrid(
            bounds: values[.bounds], tileSize: values[.tileSize], contentsScale: values[.contentsScale],
            levelsOfDetail: whole(values[.levelsOfDetail], 1...Double(TileGrid.maximumLevels)),
            levelsOfDetailBias: whole(values[.levelsOfDetailBias], 0...Double(TileGrid.maximumLevels)))
    }

    /// How far a tile has faded in at this frame's time, 0 to 1; a tile still fading marks its layer to
    /// be visited again next frame.
    func fadeIn(_ tile: TileTable.Tile, over duration: Double, of id: LayerID) -> Double {
        guard duration > 0, tile.arrival.isFinite else { return 1 }
        let progress = (presentation.time - tile.arrival) / duration
        guard progress < 1 else { return 1 }
        generated.tiles.markFading(id)
        return Swift.max(progress, 0)
    }

    /// The part of `bounds` the target shows, in the layer's space: the target (cut by the clip in
    /// force) mapped back through `world`, as a bounding box; nil when none of it shows or the plane is
    /// seen edge-on.
    func visibleTileRegion(under world: Transform3D, bounds: Rect) -> Rect? {
        guard var region = visibleRegion(under: world) else { return nil }
        // The clip in force, mapped from its layer's plane through the target into this one.
        if let clip, let toTarget = clip.fromTarget.inverted(), let fromTarget = Homography(planeOf: world).inverted() {
            var points: [Point] = []
            for corner in [Point(x: clip.rect.minX, y: clip.rect.minY), Point(x: clip.rect.maxX, y: clip.rect.minY),
                Point(x: clip.rect.minX, y: clip.rect.maxY), Point(x: clip.rect.maxX, y: clip.rect.maxY)]
            {
                guard let t = toTarget.apply(corner), let p = fromTarget.apply(t), p.x.isFinite, p.y.isFinite else {
                    points = []
                    break
                }
                points.append(p)
            }
            if !points.isEmpty { region = region.intersection(Rect.boundingBox(of: points)) }
        }
        let seen = region.intersection(bounds)
        return seen.width > 0 && seen.height > 0 ? seen : nil
    }

    /// One tile's quad over `rect`, sampling `uv` of its texture.
    mutating func drawTile(
        _ tile: TileTable.Tile, rect: Rect, uv: SIMD4<Float>, matrix: GPUMatrix, localToClip: Transform3D?, opacity: Double
    ) {
        guard opacity > 0 else { return }
        var instance = LayerInstance(matrix: matrix, rect: rect, color: SIMD4(repeating: Float(opacity)))
        instance.texture(.rgba, uv: uv)
        Self.applyClip(&instance, localToClip, clip)
        appendGenerated(instance, tile.texture)
    }
}
