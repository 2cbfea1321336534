import Foundation
import Lamina
import LaminaCore
import LaminaTestSupport
import LaminaWire
import Testing

/// `TiledLayer` against a real `laminad`: the daemon asks for the tiles the rule gives for each zoom
/// (computed here from the geometry), the client library draws them with the layer's `tileDrawer` on
/// worker threads and sends them, and the screenshot shows each tile at its place; a tile of the
/// wrong size is refused naming it, and one nobody asked for is ignored.
@MainActor
@Suite("Tiled layers through the client library", .serialized)
struct TiledLayerClientTests {
    /// The tiles the drawer was asked for, from any thread.
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var tiles: [Tile] = []
        func add(_ tile: Tile) { lock.withLock { tiles.append(tile) } }
        var all: [Tile] { lock.withLock { tiles } }
    }

    /// A tile's colour, opaque, from its level, column and row.
    nonisolated static func color(level: Int, column: Int, row: Int) -> Color {
        Color(red: Double(40 + level * 80) / 255, green: Double(30 + column * 12) / 255, blue: Double(30 + row * 12) / 255)
    }

    /// Level scales of the layer below: three levels with bias 1.
    static let levelScales = [2.0, 1.0, 0.5]

    /// The tiles (level, column, row) of the level for zoom `s` that the 256-point view of the layer,
    /// zoomed about its centre, overlaps by more than an edge.
    static func expected(zoom s: Double) -> Set<[Int]> {
        let level = levelScales.indices.last { levelScales[$0] >= s } ?? 0
        let half = min(128, 128 / s), extent = 64 / levelScales[level]
        let count = Int((256 / extent).rounded(.up))
        var keys: Set<[Int]> = []
        for row in 0..<count {
            for column in 0..<count {
                let (x0, x1) = (Double(column) * extent, min(Double(column + 1) * extent, 256))
                let (y0, y1) = (Double(row) * extent, min(Double(row + 1) * extent, 256))
                if min(x1, 128 + half) > max(x0, 128 - half), min(y1, 128 + half) > max(y0, 128 - half) { keys.insert([level, column, row]) }
            }
        }
        return keys
    }

    @Test("the tiles asked for at zoom 1 and 2 are the rule's; drawn by the tile drawer, each shows at its place")
    func tilesDrawnAndShown() throws {
        let daemon = try DaemonProcess(["--size", "256x256"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "tiled-tests", path: daemon.socketPath)
        #expect(connection.protocolVersion == laminaProtocolVersion)
        let asked = Asked()
        let layer = TiledLayer()
        layer.frame = Rect(x: 0, y: 0, width: 256, height: 256)
        layer.tileSize = Size(width: 64, height: 64)
        layer.levelsOfDetail = 3
        layer.levelsOfDetailBias = 1
        layer.fadeDuration = 0
        layer.drawTiles { tile, context in
            asked.add(tile)
            // The whole layer drawn, as an app draws it: each tile keeps what falls inside it.
            let extent = 64 / tile.scale
            context.fill(
                Rect(x: Double(tile.column) * extent, y: Double(tile.row) * extent, width: extent, height: extent),
                with: Self.color(level: tile.level, column: tile.column, row: tile.row))
        }
        connection.addLayer(layer)
        try connection.synchronize()

        for zoom in [1.0, 2.0] {
            Transaction.begin()
            Transaction.disableActions = true
            layer.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
            Transaction.commit()
            let expected = Self.expected(zoom: zoom)
            try connection.wait(for: "the tiles of zoom \(zoom)", timeout: 20) {
                Set(asked.all.map { [$0.level, $0.column, $0.row] }).isSuperset(of: expected)
            }
            // What was asked is the rule's, each at 64 pixels for its rectangle.
            let level = expected.first![0]
            let atLevel = asked.all.filter { $0.level == level }
            #expect(Set(atLevel.map { [$0.level, $0.column, $0.row] }) == expected, "zoom \(zoom)")
            #expect(atLevel.allSatisfy { $0.width == 64 && $0.height == 64 && $0.scale == Self.levelScales[level] })
            // Each tile's middle shows its colour once they have all arrived.
            var image = try connection.screenshot()
            for _ in 0..<100 {
                let probe = image[128 + 16, 128 + 16]
                let extent = 64 / Self.levelScales[level]
                let p = 128 + (128 + 16.5 - 128) / zoom
                let c = Self.color(level: level, column: Int(p / extent), row: Int(p / extent))
                if probe == SIMD4(UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()), UInt8((c.blue * 255).rounded()), 255) { break }
                try connection.processEvents(timeout: 0.05)
                image = try connection.screenshot()
            }
            for (x, y) in [(20, 20), (100, 200), (144, 144), (230, 40)] {
                let extent = 64 / Self.levelScales[level]
                let (px, py) = (128 + (Double(x) + 0.5 - 128) / zoom, 128 + (Double(y) + 0.5 - 128) / zoom)
                guard px.truncatingRemainder(dividingBy: extent) > 2, py.truncatingRemainder(dividingBy: extent) > 2,
                    extent - px.truncatingRemainder(dividingBy: extent) > 2, extent - py.truncatingRemainder(dividingBy: extent) > 2
                else { continue }
                let c = Self.color(level: level, column: Int(px / extent), row: Int(py / extent))
                #expect(image[x, y] == SIMD4(UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()), UInt8((c.blue * 255).rounded()), 255), "zoom \(zoom) at (\(x), \(y))")
            }
        }
    }

    @Test("over the wire: a tile of the wrong size is an error naming the tile; a tile nobody asked for is ignored")
    func wrongAndUnaskedTiles() throws {
        let daemon = try DaemonProcess(["--size", "128x128"])
        defer { withExtendedLifetime(daemon) {} }
        let client = try WireClient.connect(path: daemon.socketPath, name: "raw-tiles")
        let pool = try SharedMemoryPool.create(name: "tiles", size: 1 << 16)
        try client.send(.createPool(id: 1, size: UInt64(pool.size), descriptor: pool.descriptor))
        let h = LayerHandle(1)
        try client.send(.commit(Commit(serial: 1, operations: [
            .create(h, name: "map", kind: .tiled), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 128, height: 128))),
            .set(h, LayerKeyPath(.position), .point(Point(x: 64, y: 64))), .set(h, LayerKeyPath(.tileSize), .size(Size(width: 64, height: 64))),
            .insertSublayer(h, into: nil, at: nil),
        ])))
        let requests = try client.receive(timeout: 10) { message -> [WireTileRequest]? in
            if case .tileRequests(let requests) = message { return requests } else { return nil }
        }
        #expect(Set(requests.map { [$0.tile.column, $0.tile.row] }) == [[0, 0], [1, 0], [0, 1], [1, 1]])
        #expect(requests.allSatisfy { $0.tile.layer == h && $0.tile.level == 0 && $0.width == 64 && $0.height == 64 && $0.scale == 1 })
        let small = WireBitmap(id: BitmapID(0), pool: 1, offset: 0, width: 8, height: 8, stride: 32, format: .bgra8, premultiplied: true)
        try client.send(.provideTile(WireTile(layer: h, level: 0, column: 0, row: 0), pixels: small))
        let error = try client.receive(timeout: 10) { message -> ErrorReport? in
            if case .error(let report) = message { return report } else { return nil }
        }
        #expect(error.code == .invalidBitmap && error.message == "provideTile: tile 0,0 of level 0 of layer@1 is 8x8 pixels; it was asked for at 64x64")
        // A tile outside the grid, and one asked for answered twice: ignored, no error; the next reply
        // is the frame asked for after them.
        let whole = WireBitmap(id: BitmapID(0), pool: 1, offset: 0, width: 64, height: 64, stride: 256, format: .bgra8, premultiplied: true)
        try client.send(.provideTile(WireTile(layer: h, level: 0, column: 5, row: 0), pixels: whole))
        try client.send(.provideTile(WireTile(layer: h, level: 0, column: 1, row: 1), pixels: whole))
        try client.send(.provideTile(WireTile(layer: h, level: 0, column: 1, row: 1), pixels: whole))
        try client.send(.requestFrame(serial: 9))
        let next = try client.receive(timeout: 10) { message -> ServerMessage? in
            switch message {
            case .error, .frame: message
            default: nil
            }
        }
        guard case .frame(let serial, _, _) = next else {
            Issue.record("expected the frame, got \(next)")
            return
        }
        #expect(serial == 9)
    }

    /// A number the drawer reads from any thread.
    final class Shade: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var current: Int {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    /// A 128-point tiled layer of four 64-pixel tiles, shown at once (no fade), each filled with
    /// `color()` as it is drawn and recorded in `asked`.
    static func fourTiles(_ asked: Asked, color: @escaping @Sendable () -> Color) -> TiledLayer {
        let layer = TiledLayer()
        layer.frame = Rect(x: 0, y: 0, width: 128, height: 128)
        layer.tileSize = Size(width: 64, height: 64)
        layer.fadeDuration = 0
        layer.drawTiles { tile, context in
            asked.add(tile)
            context.fill(tile.rect, with: color())
        }
        return layer
    }

    @Test("setNeedsDisplay(_:) has the tiles it meets drawn again, the others kept; setNeedsDisplay() all of them")
    func redrawTiles() throws {
        let daemon = try DaemonProcess(["--size", "128x128"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "tiled-redraw", path: daemon.socketPath)
        let asked = Asked(), shade = Shade()
        let layer = Self.fourTiles(asked) { Color(red: Double(shade.current) / 255, green: 0.5, blue: 0) }
        connection.addLayer(layer)
        try connection.synchronize()
        func showsEverywhere(_ red: [UInt8]) throws -> Bool {
            let image = try connection.screenshot()
            return zip([(32, 32), (96, 32), (32, 96), (96, 96)], red).allSatisfy { image[$0.0, $0.1] == SIMD4($1, 128, 0, 255) }
        }
        func keys(from start: Int) -> Set<[Int]> { Set(asked.all.dropFirst(start).map { [$0.column, $0.row] }) }
        try connection.wait(for: "the first tiles", timeout: 20) { (try? showsEverywhere([0, 0, 0, 0])) ?? false }
        #expect(keys(from: 0) == [[0, 0], [1, 0], [0, 1], [1, 1]])
        // The top right tile's rectangle: only it is drawn again. (A slow machine may see a tile asked
        // twice, the daemon asking again after 30 frames: the sets, not the counts, are the rule's.)
        var start = asked.all.count
        shade.current = 200
        layer.setNeedsDisplay(Rect(x: 70, y: 10, width: 20, height: 20))
        Transaction.flush()
        try connection.wait(for: "the top right tile again", timeout: 20) { (try? showsEverywhere([0, 200, 0, 0])) ?? false }
        #expect(keys(from: start) == [[1, 0]])
        start = asked.all.count
        shade.current = 100
        layer.setNeedsDisplay()
        Transaction.flush()
        try connection.wait(for: "every tile again", timeout: 20) { (try? showsEverywhere([100, 100, 100, 100])) ?? false }
        #expect(keys(from: start) == [[0, 0], [1, 0], [0, 1], [1, 1]])
    }

    @Test("after the daemon restarts, the new one asks for the tiles again and shows them")
    func tilesAfterARestart() throws {
        let first = try DaemonProcess(["--size", "128x128"])
        let connection = try Connection(name: "tiled-restart", path: first.socketPath)
        let asked = Asked()
        let layer = Self.fourTiles(asked) { Color(red: 0, green: 0, blue: 1) }
        connection.addLayer(layer)
        try connection.synchronize()
        try connection.wait(for: "the first tiles", timeout: 20) { asked.all.count >= 4 }
        let before = asked.all.count
        let second = try first.restarted(["--size", "128x128"])
        defer { withExtendedLifetime(second) {} }
        layer.opacity = 0.999  // the next commit finds the daemon gone and connects to the new one
        try connection.synchronize()
        #expect(connection.reconnections == 1)
        try connection.wait(for: "the tiles asked again", timeout: 20) {
            asked.all.count >= before + 4 && ((try? connection.screenshot()[96, 96].z) ?? 0) >= 254
        }
        #expect(Set(asked.all.dropFirst(before).map { [$0.column, $0.row] }) == [[0, 0], [1, 0], [0, 1], [1, 1]])
    }
}
