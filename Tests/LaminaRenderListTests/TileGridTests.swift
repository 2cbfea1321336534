import LaminaCore
import LaminaRenderList
import LaminaTestSupport
import Testing

/// CATiledLayer's geometry without a GPU: levels of detail, tile rectangles, and the tiles a view
/// needs, checked against a brute-force reading of the rule over every tile of the grid.
@Suite struct TileGridTests {
    @Test("the levels are 2^(bias − k); a scale uses the smallest level at least as fine, clamped")
    func levels() {
        let grid = TileGrid(bounds: Rect(x: 0, y: 0, width: 1_000, height: 1_000), levelsOfDetail: 4, levelsOfDetailBias: 2)
        #expect((0..<4).map(grid.scale(ofLevel:)) == [4, 2, 1, 0.5])
        let cases: [(Double, Int)] = [(10, 0), (4, 0), (3, 0), (2, 1), (1.5, 1), (1, 2), (0.7, 2), (0.5, 3), (0.3, 3), (0.01, 3)]
        for (scale, level) in cases {
            #expect(grid.level(forScale: scale) == level, "scale \(scale)")
        }
        #expect(grid.level(forScale: .nan) == 3 && grid.level(forScale: 0) == 3)
        // Core Animation's defaults: one level, at scale 1.
        let plain = TileGrid(bounds: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(plain.levelCount == 1 && plain.level(forScale: 8) == 0 && plain.scale(ofLevel: 0) == 1)
    }

    @Test("a tile covers tileSize / (contentsScale · scale) points, the last column and row cut at the bounds")
    func tileRectangles() {
        let grid = TileGrid(
            bounds: Rect(x: 10, y: 20, width: 1_000, height: 300), tileSize: Size(width: 256, height: 256), contentsScale: 2,
            levelsOfDetail: 4, levelsOfDetailBias: 2)
        #expect(grid.tileExtent(level: 2) == Size(width: 128, height: 128))
        #expect(grid.tileExtent(level: 0) == Size(width: 32, height: 32))
        #expect(grid.gridSize(level: 2) == (8, 3))
        #expect(grid.rect(of: TileKey(level: 2, column: 1, row: 0)) == Rect(x: 138, y: 20, width: 128, height: 128))
        #expect(grid.rect(of: TileKey(level: 2, column: 7, row: 2)) == Rect(x: 906, y: 276, width: 104, height: 44))
    }

    /// The rule, read plainly: every tile of the level whose rectangle overlaps the visible part of the
    /// bounds with a positive area, nearest the view's centre first (ties by row, then column).
    static func expected(_ grid: TileGrid, _ visible: Rect, level: Int) -> [TileKey] {
        let (columns, rows) = grid.gridSize(level: level)
        let seen = visible.intersection(grid.bounds)
        var tiles: [(TileKey, Double)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let key = TileKey(level: level, column: column, row: row)
                let overlap = grid.rect(of: key).intersection(seen)
                guard overlap.width > 0, overlap.height > 0 else { continue }
                let r = grid.rect(of: key)
                let d = (r.midX - visible.midX) * (r.midX - visible.midX) + (r.midY - visible.midY) * (r.midY - visible.midY)
                tiles.append((key, d))
            }
        }
        return tiles.sorted { ($0.1, $0.0.row, $0.0.column) < ($1.1, $1.0.row, $1.0.column) }.map(\.0)
    }

    @Test("the tiles a view needs are those it overlaps by more than an edge, nearest its centre first")
    func neededTiles() {
        let grid = TileGrid(bounds: Rect(x: 0, y: 0, width: 1_000, height: 1_000), contentsScale: 2, levelsOfDetail: 4, levelsOfDetailBias: 2)
        // 128-point tiles at level 2: the view 100...300 meets columns and rows 0, 1 and 2.
        let view = Rect(x: 100, y: 100, width: 200, height: 200)
        let tiles = grid.tiles(covering: view, level: 2)
        #expect(tiles.count == 9)
        #expect(tiles.first == TileKey(level: 2, column: 1, row: 1), "the tile whose centre (192, 192) is nearest (200, 200)")
        #expect(tiles == Self.expected(grid, view, level: 2))
        // A view that only touches a tile's edge does not need it.
        #expect(grid.tiles(covering: Rect(x: 0, y: 0, width: 128, height: 128), level: 2) == [TileKey(level: 2, column: 0, row: 0)])
        // A view off the layer needs nothing; one past its edge only the tiles inside.
        #expect(grid.tiles(covering: Rect(x: 2_000, y: 0, width: 10, height: 10), level: 2).isEmpty)
        #expect(Set(grid.tiles(covering: Rect(x: 950, y: -50, width: 100, height: 100), level: 2)) == [TileKey(level: 2, column: 7, row: 0)])
    }

    @Test("random grids and views: the answer is the rule's, tile for tile and in order")
    func randomViews() {
        var generator = SeededGenerator(seed: 39)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        for _ in 0..<300 {
            let grid = TileGrid(
                bounds: Rect(x: random(-500...500), y: random(-500...500), width: random(1...3_000), height: random(1...3_000)),
                tileSize: Size(width: random(16...512).rounded(), height: random(16...512).rounded()), contentsScale: [1, 2, 3][Int.random(in: 0...2, using: &generator)],
                levelsOfDetail: Int.random(in: 1...6, using: &generator), levelsOfDetailBias: Int.random(in: 0...4, using: &generator))
            let view = Rect(x: random(-800...2_500), y: random(-800...2_500), width: random(1...1_500), height: random(1...1_500))
            let level = grid.level(forScale: random(0.05...20))
            guard grid.gridSize(level: level).columns * grid.gridSize(level: level).rows <= 40_000 else { continue }
            let got = grid.tiles(covering: view, level: level)
            let want = Self.expected(grid, view, level: level)
            if want.count <= TileGrid.maximumTilesPerQuery {
                #expect(got == want, "\(grid) \(view) level \(level)")
            }
        }
    }

    @Test("a view needing more tiles than a query answers gets the window of them nearest its centre")
    func boundedQueries() {
        // 1-point tiles over a 10,000-point square: 10^8 tiles; the query answers at most 4,096 of them.
        let grid = TileGrid(bounds: Rect(x: 0, y: 0, width: 10_000, height: 10_000), tileSize: Size(width: 1, height: 1))
        let tiles = grid.tiles(covering: grid.bounds, level: 0)
        #expect(tiles.count == TileGrid.maximumTilesPerQuery)
        #expect(tiles.first == TileKey(level: 0, column: 4_999, row: 4_999) || tiles.first == TileKey(level: 0, column: 5_000, row: 5_000))
        #expect(tiles.allSatisfy { abs($0.column - 5_000) <= 32 && abs($0.row - 5_000) <= 32 })
    }

    @Test("numbers that are not finite give no tiles rather than a trap")
    func extremeNumbers() {
        let grid = TileGrid(bounds: Rect(x: 0, y: 0, width: 100, height: 100), tileSize: Size(width: 16, height: 16), contentsScale: 0)
        // A contentsScale of 0 makes tiles infinitely large: nothing to ask for.
        #expect(grid.tiles(covering: Rect(x: 0, y: 0, width: 10, height: 10), level: 0).isEmpty)
        let huge = TileGrid(bounds: Rect(x: 0, y: 0, width: .infinity, height: 100))
        #expect(huge.tiles(covering: Rect(x: 0, y: 0, width: .infinity, height: 10), level: 0).isEmpty)
        let normal = TileGrid(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(normal.tiles(covering: Rect(x: .nan, y: 0, width: 10, height: 10), level: 0).isEmpty)
        #expect(normal.tiles(covering: Rect(x: 0, y: 0, width: 10, height: 10), level: 0) == [TileKey(level: 0, column: 0, row: 0)])
    }
}
