public import LaminaCore

/// One tile of a tiled layer: its level of detail (0 the finest) and its column and row in that
/// level's grid, counted from the bounds' top-left corner.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var level: Int
    public var column: Int
    public var row: Int

    public init(level: Int, column: Int, row: Int) {
        (self.level, self.column, self.row) = (level, column, row)
    }

    public var description: String { "tile \(column),\(row) of level \(level)" }
}

/// The tiles of a tiled layer (`CATiledLayer`) as plain geometry, the part of the tiling that needs
/// neither a GPU nor a client: which level of detail an on-screen scale uses, where each tile lies in
/// the layer, and which tiles a view of the layer needs, nearest its centre first.
///
/// Level k is drawn at scale 2^(bias − k), k = 0 … levelsOfDetail − 1 (four levels with bias 2 are
/// 4x, 2x, 1x and 0.5x). A tile is `tileSize` pixels at the layer's `contentsScale` times the level's
/// scale, so it covers `tileSize / (contentsScale · scale)` points of the layer; the last column and
/// row are cut at the bounds.
public struct TileGrid: Hashable, Sendable {
    /// The layer's bounds: tiles are laid from their origin.
    public var bounds: Rect
    /// Pixels of one tile (`tileSize`, 256 x 256 by default).
    public var tileSize: Size
    public var contentsScale: Double
    public var levelsOfDetail: Int
    public var levelsOfDetailBias: Int

    /// The most tiles one query answers: a view that would need more (a huge layer seen at a tiny
    /// scale through the finest level) gets those nearest its centre.
    public static let maximumTilesPerQuery = 4_096

    public init(bounds: Rect, tileSize: Size = Size(width: 256, height: 256), contentsScale: Double = 1, levelsOfDetail: Int = 1, levelsOfDetailBias: Int = 0) {
        self.bounds = bounds
        self.tileSize = tileSize
        self.contentsScale = contentsScale
        self.levelsOfDetail = levelsOfDetail
        self.levelsOfDetailBias = levelsOfDetailBias
    }

    /// The number of levels, at least one and at most `maximumLevels`.
    public var levelCount: Int { min(max(levelsOfDetail, 1), Self.maximumLevels) }

    /// Levels of detail a grid has at most: 2^32 between the finest and the coarsest is beyond any
    /// zoom a view makes.
    public static let maximumLevels = 32

    /// The scale level `k` is drawn at: 2^(bias − k).
    public func scale(ofLevel k: Int) -> Double {
        Double(sign: .plus, exponent: min(max(levelsOfDetailBias - k, -1_000), 1_000), significand: 1)
    }

    /// The level an on-screen scale `s` uses: the one with the smallest scale at least `s`, clamped to
    /// the finest (0) and the coarsest. A scale that is not a positive number uses the coarsest.
    public func level(forScale s: Double) -> Int {
        guard s > 0, s.isFinite else { return levelCount - 1 }
        // The coarsest level still at least as fine as s; the finest when none is.
        return (0..<levelCount).last { scale(ofLevel: $0) >= s } ?? 0
    }

    /// The largest side of a tile, in pixels: a larger `tileSize` is drawn at this size (a tile is one
    /// texture, and one client's answer).
    public static let maximumTileSide = 2_048.0

    /// The pixels of a whole tile: `tileSize`, each side at least 1 and at most `maximumTileSide`.
    public var tilePixels: Size {
        func side(_ s: Double) -> Double { s.isNaN ? 1 : min(max(s, 1), Self.maximumTileSide) }
        return Size(width: side(tileSize.width), height: side(tileSize.height))
    }

    /// The points of the layer one tile of level `k` covers.
    public func tileExtent(level k: Int) -> Size {
        let pointsPerPixel = 1 / (max(contentsScale, .leastNormalMagnitude) * scale(ofLevel: k))
        return Size(width: tilePixels.width * pointsPerPixel, height: tilePixels.height * pointsPerPixel)
    }

    /// The pixels of tile `key`: `tileSize`, less for the last column and row where the bounds cut
    /// them; nil for a key outside the grid.
    public func pixelSize(of key: TileKey) -> (width: Int, height: Int)? {
        guard key.level >= 0, key.level < levelCount, key.column >= 0, key.row >= 0 else { return nil }
        let (columns, rows) = gridSize(level: key.level)
        guard key.column < columns, key.row < rows else { return nil }
        let r = rect(of: key), perPoint = contentsScale * scale(ofLevel: key.level)
        func pixels(_ length: Double, _ whole: Double) -> Int? {
            let n = (length * perPoint - 1e-6).rounded(.up)
            guard n.isFinite else { return nil }
            return Int(min(max(n, 1), whole))
        }
        guard let width = pixels(r.width, tilePixels.width), let height = pixels(r.height, tilePixels.height) else { return nil }
        return (width, height)
    }

    /// Columns and rows of level `k`'s grid (at least one each for bounds that are not empty).
    public func gridSize(level k: Int) -> (columns: Int, rows: Int) {
        let extent = tileExtent(level: k)
        func count(_ length: Double, _ tile: Double) -> Int {
            guard length > 0, tile > 0, !length.isNaN else { return 0 }
            let n = (length / tile).rounded(.up)
            return n >= Double(Int32.max) ? Int(Int32.max) : Int(n)
        }
        return (count(bounds.width, extent.width), count(bounds.height, extent.height))
    }

    /// Where tile `key` lies in the layer, cut at the bounds.
    public func rect(of key: TileKey) -> Rect {
        let extent = tileExtent(level: key.level)
        let x = bounds.minX + Double(key.column) * extent.width, y = bounds.minY + Double(key.row) * extent.height
        return Rect(x: x, y: y, width: min(extent.width, bounds.maxX - x), height: min(extent.height, bounds.maxY - y))
    }

    /// The tiles of level `k` that overlap `visible` (in the layer's space) by more than an edge,
    /// nearest `visible`'s centre first (ties by row, then column); none when it misses the bounds.
    public func tiles(covering visible: Rect, level k: Int) -> [TileKey] {
        let seen = visible.intersection(bounds)
        let extent = tileExtent(level: k)
        // Every number below must be finite for the grid arithmetic not to trap on a conversion.
        guard seen.width > 0, seen.height > 0, [seen.minX, seen.maxX, seen.minY, seen.maxY, bounds.minX, bounds.minY].allSatisfy(\.isFinite),
            extent.width.isFinite, extent.height.isFinite, extent.width > 0, extent.height > 0
        else { return [] }
        let (columns, rows) = gridSize(level: k)
        // Tiles whose half-open span [i·e, (i+1)·e) meets the open interval (a, b).
        func span(_ a: Double, _ b: Double, _ origin: Double, _ e: Double, _ count: Int) -> ClosedRange<Int> {
            let first = Int(min(max(((a - origin) / e).rounded(.down), 0), Double(count - 1)))
            let last = Int(min(max(((b - origin) / e).rounded(.up) - 1, 0), Double(count - 1)))
            return first...max(first, last)
        }
        var columnSpan = span(seen.minX, seen.maxX, bounds.minX, extent.width, columns)
        var rowSpan = span(seen.minY, seen.maxY, bounds.minY, extent.height, rows)
        let center = Point(x: visible.midX, y: visible.midY)
        // Past the limit, the window of tiles around the centre that the limit allows.
        let side = Int(Double(Self.maximumTilesPerQuery).squareRoot())
        func window(_ range: ClosedRange<Int>, around c: Double, _ origin: Double, _ e: Double) -> ClosedRange<Int> {
            guard range.count > side else { return range }
            let middle = Int(min(max(((c - origin) / e).rounded(.down), Double(range.lowerBound)), Double(range.upperBound)))
            let low = min(max(middle - side / 2, range.lowerBound), range.upperBound - side + 1)
            return low...(low + side - 1)
        }
        if columnSpan.count * rowSpan.count > Self.maximumTilesPerQuery {
            columnSpan = window(columnSpan, around: center.x, bounds.minX, extent.width)
            rowSpan = window(rowSpan, around: center.y, bounds.minY, extent.height)
        }
        var tiles: [(key: TileKey, distance: Double)] = []
        for row in rowSpan {
            for column in columnSpan {
                let key = TileKey(level: k, column: column, row: row)
                let r = rect(of: key)
                guard r.intersection(seen).width > 0, r.intersection(seen).height > 0 else { continue }
                let dx = r.midX - center.x, dy = r.midY - center.y
                tiles.append((key, dx * dx + dy * dy))
            }
        }
        tiles.sort { ($0.distance, $0.key.row, $0.key.column) < ($1.distance, $1.key.row, $1.key.column) }
        return tiles.map(\.key)
    }
}
