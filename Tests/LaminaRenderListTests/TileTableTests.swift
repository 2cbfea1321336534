import LaminaCore
import LaminaRenderList
import Testing

/// The tiles the renderer holds for tiled layers, without a GPU: what is held and asked for, what a
/// grid change drops, what a wrong answer is refused for, and the per-owner budget.
@Suite struct TileTableTests {
    static let layer = LayerID(index: 3, generation: 1)
    /// 256 x 256 points, tiles of 64 pixels, two levels (scales 1 and 0.5): 16 tiles, then 4.
    static let grid = TileGrid(bounds: Rect(x: 0, y: 0, width: 256, height: 256), tileSize: Size(width: 64, height: 64), levelsOfDetail: 2)

    static func texels(_ width: Int, _ height: Int) -> [UInt8] { [UInt8](repeating: 255, count: width * height * 4) }

    @Test("a tile is held once answered at its size, refused at another or outside the grid, and its layer is visited again")
    func insertAndNeeds() {
        let requests = TextureRequests()
        let table = TileTable(requests: requests)
        table.visit(Self.layer, grid: Self.grid)
        let key = TileKey(level: 0, column: 1, row: 2)
        table.need(key, of: Self.layer)
        #expect(table.missing.map(\.keys) == [[key]])
        #expect(!table.insert(Self.texels(32, 64), width: 32, height: 64, key: key, of: Self.layer, at: 0))
        #expect(!table.insert(Self.texels(64, 64), width: 64, height: 64, key: TileKey(level: 0, column: 4, row: 0), of: Self.layer, at: 0))
        #expect(!table.insert(Self.texels(64, 64), width: 64, height: 64, key: key, of: LayerID(index: 9, generation: 1), at: 0))
        #expect(table.count == 0 && table.takeChangedLayers().isEmpty)
        #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key, of: Self.layer, at: 0))
        #expect(table.count == 1 && table.bytes == 64 * 64 * 4 && table.missing.isEmpty)
        #expect(table.takeChangedLayers() == [Self.layer] && table.takeChangedLayers().isEmpty)
        #expect(table.tile(key, of: Self.layer) != nil && table.tile(TileKey(level: 1, column: 0, row: 0), of: Self.layer) == nil)
        // The same grid keeps the tiles; another drops them (they cover other rectangles).
        table.visit(Self.layer, grid: Self.grid)
        #expect(table.count == 1)
        var larger = Self.grid
        larger.bounds.size.width = 300
        table.visit(Self.layer, grid: larger)
        #expect(table.count == 0)
    }

    @Test("setNeedsDisplay marks the tiles a rectangle meets, or all of them, stale until drawn again; a layer not drawn lets its tiles go")
    func invalidateAndEvict() {
        let table = TileTable(requests: TextureRequests())
        table.visit(Self.layer, grid: Self.grid)
        func key(_ column: Int) -> TileKey { TileKey(level: 0, column: column, row: 0) }
        for column in 0..<4 {
            #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(column), of: Self.layer, at: 0))
        }
        _ = table.takeChangedLayers()
        table.invalidate(Self.layer, in: Rect(x: 70, y: 10, width: 100, height: 10))  // columns 1 and 2
        #expect((0..<4).map { table.tile(key($0), of: Self.layer)?.isStale } == [false, true, true, false])
        #expect(table.takeChangedLayers() == [Self.layer])
        // Drawn again: no longer stale.
        #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(1), of: Self.layer, at: 0))
        #expect(table.tile(key(1), of: Self.layer)?.isStale == false && table.count == 4)
        table.invalidate(Self.layer)
        #expect((0..<4).allSatisfy { table.tile(key($0), of: Self.layer)?.isStale == true })
        table.evict(keeping: { _ in false })
        #expect(table.grid(of: Self.layer) == nil && table.count == 0)
    }

    @Test("each owner's tiles keep within the budget, the least recently shown let go first, never one shown this frame")
    func budget() {
        let table = TileTable(budget: 3 * 64 * 64 * 4, requests: TextureRequests())
        let other = LayerID(index: 4, generation: 1)
        table.owner = { $0 == other ? 2 : 1 }
        table.visit(Self.layer, grid: Self.grid)
        table.visit(other, grid: Self.grid)
        func key(_ column: Int) -> TileKey { TileKey(level: 0, column: column, row: 0) }
        for column in 0..<3 {
            table.beginFrame()
            #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(column), of: Self.layer, at: 0))
        }
        // Another owner's tiles count against its own budget.
        #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(0), of: other, at: 0))
        #expect(table.bytes(of: 1) == 3 * 64 * 64 * 4 && table.evictions == 0)
        // Column 0 shown again: column 1 is now the least recently shown, and goes.
        table.beginFrame()
        _ = table.tile(key(0), of: Self.layer)
        #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(3), of: Self.layer, at: 0))
        #expect(table.evictions == 1 && table.bytes(of: 1) == 3 * 64 * 64 * 4)
        #expect(table.tile(key(1), of: Self.layer) == nil && table.tile(key(2), of: Self.layer) != nil)
        // Everything shown this frame stays, over the budget.
        table.beginFrame()
        for column in [0, 2, 3] { _ = table.tile(key(column), of: Self.layer) }
        #expect(table.insert(Self.texels(64, 64), width: 64, height: 64, key: key(1), of: Self.layer, at: 0))
        #expect(table.count == 5 && table.evictions == 1)
    }
}
