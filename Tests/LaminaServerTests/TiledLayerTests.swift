import LaminaCompositor
import LaminaCore
import LaminaImage
import LaminaModel
import LaminaRender
import LaminaRenderList
import Testing

/// Tiled layers (`CATiledLayer`) through the compositor on llvmpipe: the tiles asked for at each zoom
/// are the ones the rule gives (computed here from the geometry, not by `TileGrid`), each tile drawn
/// is the one for the level the zoom uses, and a coarser tile stands in while a finer one is missing.
@Suite("tiled layers")
struct TiledLayerTests {
    /// The layer: 256 x 256 points centred on a 256 x 256 output, tiles of 64 pixels, three levels with
    /// bias 1 (scales 2, 1 and 0.5), zoomed about its centre by `transform`.
    static let levelScales = [2.0, 1.0, 0.5]

    /// A tile's colour, opaque, from its level, column and row.
    static func color(_ key: TileKey) -> SIMD4<UInt8> {
        SIMD4(UInt8(40 + key.level * 80), UInt8(30 + key.column * 12), UInt8(30 + key.row * 12), 255)
    }

    /// The level for zoom `s`: the coarsest whose scale is at least `s`, else the finest.
    static func level(forZoom s: Double) -> Int {
        levelScales.indices.last { levelScales[$0] >= s } ?? 0
    }

    /// The tiles of level `level` the part of the bounds the output shows at zoom `s` overlaps by more
    /// than an edge.
    static func expectedTiles(zoom s: Double, level: Int) -> Set<TileKey> {
        let half = min(128, 128 / s)
        let visible = (128 - half, 128 + half)
        let extent = 64 / levelScales[level]
        let count = Int((256 / extent).rounded(.up))
        var keys: Set<TileKey> = []
        for row in 0..<count {
            for column in 0..<count {
                let (x0, x1) = (Double(column) * extent, min(Double(column + 1) * extent, 256))
                let (y0, y1) = (Double(row) * extent, min(Double(row + 1) * extent, 256))
                if min(x1, visible.1) > max(x0, visible.0), min(y1, visible.1) > max(y0, visible.0) {
                    keys.insert(TileKey(level: level, column: column, row: row))
                }
            }
        }
        return keys
    }

    /// Runs `body` with a compositor showing the tiled layer (handle 1) of client `client`.
    static func withTiledLayer(_ body: @escaping @Sendable (Compositor, ClientID) throws -> Void) throws {
        try DamageTests.gpu.perform { context in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 256, height: 256, background: .black))
            compositor.tilesFadeIn = false
            let client = compositor.addClient()
            let h = LayerHandle(1)
            compositor.commit(
                Commit(operations: [
                    .create(h, name: nil, kind: .tiled),
                    .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 256, height: 256))),
                    .set(h, LayerKeyPath(.position), .point(Point(x: 128, y: 128))),
                    .set(h, LayerKeyPath(.tileSize), .size(Size(width: 64, height: 64))),
                    .set(h, LayerKeyPath(.levelsOfDetail), .number(3)),
                    .set(h, LayerKeyPath(.levelsOfDetailBias), .number(1)),
                    .insertSublayer(h, into: nil, at: nil),
                ]), from: client)
            try body(compositor, client)
        }
    }

    static func zoom(_ s: Double) -> Commit<BitmapContents> {
        Commit(operations: [.set(LayerHandle(1), LayerKeyPath(.transform), .transform(Transform3D(scaleX: s, y: s, z: 1)))])
    }

    static func solid(_ request: TileRequest) -> RGBAImage {
        RGBAImage(width: request.width, height: request.height, filledWith: color(request.key), alpha: .premultiplied)
    }

    @Test("the tiles asked for at each zoom are those of the level for its scale that the view overlaps, nearest the centre first, each the size of its rectangle")
    func requestedTiles() throws {
        try Self.withTiledLayer { compositor, client in
            var held: Set<TileKey> = []
            var frame = 0
            for s in [1.0, 0.75, 0.4, 0.5, 1.5, 2, 3, 1.2, 0.3] {
                compositor.commit(Self.zoom(s), from: client)
                var asked: [TileRequest] = []
                compositor.tileSource = { request in
                    asked.append(request)
                    return Self.solid(request)
                }
                frame += 1
                _ = try compositor.frame(at: Double(frame) / 60)
                let level = Self.level(forZoom: s)
                let expected = Self.expectedTiles(zoom: s, level: level)
                #expect(Set(asked.map(\.key)) == expected.subtracting(held), "zoom \(s)")
                for request in asked {
                    #expect(request.layer == LayerHandle(1) && request.client == client)
                    let extent = 64 / Self.levelScales[request.key.level]
                    #expect(request.rect == Rect(x: Double(request.key.column) * extent, y: Double(request.key.row) * extent, width: extent, height: extent))
                    #expect(request.width == 64 && request.height == 64 && request.scale == Self.levelScales[request.key.level])
                }
                // Nearest the view's centre (the bounds' centre) first.
                let distances = asked.map { r in (r.rect.midX - 128) * (r.rect.midX - 128) + (r.rect.midY - 128) * (r.rect.midY - 128) }
                #expect(distances == distances.sorted(), "zoom \(s)")
                held.formUnion(asked.map(\.key))
                // The tiles came the same frame: none is asked for again.
                compositor.tileSource = { request in
                    Issue.record("asked again for \(request.key)")
                    return Self.solid(request)
                }
                frame += 1
                _ = try compositor.frame(at: Double(frame) / 60)
                #expect(compositor.tileRequests.isEmpty)
            }
        }
    }

    @Test("each tile shown is the one the level of the zoom gives for that point, and a coarser one stands in while it is missing")
    func pixels() throws {
        try Self.withTiledLayer { compositor, client in
            var frame = 0
            func show(_ s: Double, answering answers: @escaping (TileKey) -> Bool) throws -> RGBAImage {
                compositor.commit(Self.zoom(s), from: client)
                compositor.tileSource = { answers($0.key) ? Self.solid($0) : nil }
                frame += 1
                _ = try compositor.frame(at: Double(frame) / 60)
                return try compositor.readPixels()
            }
            // The output pixel (x, y) shows layer point 128 + (x + 0.5 - 128) / s: its tile at `level`.
            func key(at x: Int, _ y: Int, zoom s: Double, level: Int) -> TileKey {
                let extent = 64 / Self.levelScales[level]
                let (px, py) = (128 + (Double(x) + 0.5 - 128) / s, 128 + (Double(y) + 0.5 - 128) / s)
                return TileKey(level: level, column: Int(px / extent), row: Int(py / extent))
            }
            let probes: [(x: Int, y: Int)] = [(20, 20), (100, 130), (128, 128), (200, 60), (240, 240)]
            for s: Double in [0.5, 1, 0.75] {
                let image = try show(s, answering: { _ in true })
                for (x, y) in probes where Swift.abs(Double(x) + 0.5 - 128) < 128 * s - 2 && Swift.abs(Double(y) + 0.5 - 128) < 128 * s - 2 {
                    let k = key(at: x, y, zoom: s, level: Self.level(forZoom: s))
                    // Away from tile edges, where neighbours blend in.
                    let extent = 64 / Self.levelScales[k.level]
                    let (px, py) = (128 + (Double(x) + 0.5 - 128) / s, 128 + (Double(y) + 0.5 - 128) / s)
                    guard px.truncatingRemainder(dividingBy: extent) > 2 / s, extent - px.truncatingRemainder(dividingBy: extent) > 2 / s,
                        py.truncatingRemainder(dividingBy: extent) > 2 / s, extent - py.truncatingRemainder(dividingBy: extent) > 2 / s
                    else { continue }
                    #expect(image[x, y] == Self.color(k), "zoom \(s) at (\(x), \(y)): \(k)")
                }
            }
            // Zoomed to 3 (level 0, scale 2, never shown yet), its tiles unanswered: level 1's (held from
            // zooms 1 and 0.75) stand in.
            let waiting = try show(3, answering: { _ in false })
            #expect(waiting[128, 128] == Self.color(key(at: 128, 128, zoom: 3, level: 1)))
            #expect(waiting[100, 100] == Self.color(key(at: 100, 100, zoom: 3, level: 1)))
            #expect(!compositor.tileRequests.isEmpty && compositor.tileRequests.allSatisfy { $0.key.level == 0 })
            let answered = try show(3, answering: { _ in true })
            #expect(answered[128, 128] == Self.color(key(at: 128, 128, zoom: 3, level: 0)))
            #expect(answered[100, 100] == Self.color(key(at: 100, 100, zoom: 3, level: 0)))
            #expect(compositor.tileRequests.isEmpty)
        }
    }

    @Test("frame by frame through an animated zoom, the tiles asked for are those of the zoom's level the view overlaps, less those held")
    func animatedZoom() throws {
        try Self.withTiledLayer { compositor, client in
            // transform.scale from 0.4 to 3 over a second, linearly, starting at 0.
            let zoom = Animation.basic(
                try! LayerKeyPath("transform.scale"), from: .number(0.4), to: .number(3),
                timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .forwards))
            compositor.commit(Commit(operations: [.addAnimation(LayerHandle(1), zoom, key: "zoom")]), from: client)
            var held: Set<TileKey> = []
            for frame in 0...60 {
                let time = Double(frame) / 60
                var asked: [TileKey] = []
                compositor.tileSource = { request in
                    asked.append(request.key)
                    return Self.solid(request)
                }
                _ = try compositor.frame(at: time)
                let s = 0.4 + 2.6 * min(time, 1)
                let expected = Self.expectedTiles(zoom: s, level: Self.level(forZoom: s))
                #expect(Set(asked) == expected.subtracting(held), "frame \(frame), zoom \(s)")
                held.formUnion(asked)
            }
            #expect(held.contains { $0.level == 0 } && held.contains { $0.level == 2 }, "the zoom went through every level")
        }
    }

    @Test("a scroll over 100,000 tiles keeps the tiles within the budget, the tiles shown aside")
    func budgetUnderAScroll() throws {
        try DamageTests.gpu.perform { context in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 512, height: 16, background: .black))
            compositor.tilesFadeIn = false
            // 16-pixel tiles of 1 KiB; a budget of 64 of them, where a frame shows 33.
            compositor.tileBudget = 64 * 16 * 16 * 4
            let client = compositor.addClient()
            let h = LayerHandle(1)
            let width = 100_000.0 * 16
            compositor.commit(
                Commit(operations: [
                    .create(h, name: nil, kind: .tiled), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: width, height: 16))),
                    .set(h, LayerKeyPath(.anchorPoint), .point(Point(x: 0, y: 0))),
                    .set(h, LayerKeyPath(.tileSize), .size(Size(width: 16, height: 16))), .insertSublayer(h, into: nil, at: nil),
                ]), from: client)
            var drawn = 0
            compositor.tileSource = { request in
                drawn += 1
                return RGBAImage(width: request.width, height: request.height, filledWith: SIMD4(255, 255, 255, 255), alpha: .premultiplied)
            }
            var most = 0
            for frame in 0..<3_125 {
                compositor.commit(
                    Commit(operations: [.set(h, LayerKeyPath(.position), .point(Point(x: -Double(frame) * 512, y: 0)))]), from: client)
                _ = try compositor.frame(at: Double(frame) / 60)
                most = max(most, compositor.tileStatistics.bytes)
            }
            #expect(drawn >= 100_000, "every tile was drawn: \(drawn)")
            #expect(most <= compositor.tileBudget + 33 * 16 * 16 * 4, "at most the budget and a frame's tiles: \(most)")
            #expect(compositor.tileStatistics.evictions >= 100_000 - 64 - 33)
        }
    }

    @Test("a new tile fades in over fadeDuration above the coarser tile standing in for it")
    func fadesInOverTheStandIn() throws {
        try Self.withTiledLayer { compositor, client in
            compositor.tilesFadeIn = true
            compositor.commit(
                Commit(operations: [.set(LayerHandle(1), LayerKeyPath(.fadeDuration), .number(0.5))]), from: client)
            // Zoom 1 (level 1), its tiles shown whole after the fade.
            compositor.commit(Self.zoom(1), from: client)
            compositor.tileSource = { Self.solid($0) }
            _ = try compositor.frame(at: 0)
            _ = try compositor.frame(at: 1)
            // Zoom 3 (level 0): its tiles arrive at 2 s, shown over level 1's from 2 s to 2.5 s.
            compositor.commit(Self.zoom(3), from: client)
            _ = try compositor.frame(at: 2)
            let coarse = SIMD4<Double>(Self.color(TileKey(level: 1, column: 2, row: 2)))
            let fine = SIMD4<Double>(Self.color(TileKey(level: 0, column: 4, row: 4)))
            compositor.tileSource = nil
            for (time, progress) in [(2.0, 0.0), (2.25, 0.5), (2.5, 1.0)] {
                _ = try compositor.frame(at: time)
                let pixel = SIMD4<Double>(try compositor.readPixels()[128, 128])
                let expected = coarse * (1 - progress) + fine * progress
                #expect(((pixel - expected) * (pixel - expected)).max() <= 4, "at \(time) s: \(pixel), expected \(expected)")
            }
        }
    }
}
