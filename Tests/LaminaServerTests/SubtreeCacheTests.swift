import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import Testing

/// Cached subtrees: `shouldRasterize`, and still subtrees that move as a whole, drawn once into a
/// texture and shown as one quad. Pixels are read back from llvmpipe and compared with direct drawing
/// (a compositor that redraws everything) or with values computed from the geometry.
@Suite(.serialized) struct SubtreeCacheTests {
    static let gpu = DamageTests.gpu
    typealias Seeded = DamageTests.Seeded

    static func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
        .set(LayerHandle(h), LayerKeyPath(key), value)
    }

    /// A 40x30 container (anchor at its top left) at `origin` on the root, with `children` random
    /// sublayers (some nested, some reaching outside it, one showing bitmap 1).
    static func container(at origin: Point, children: Int, _ rng: inout Seeded, rasterize: Bool = false) -> Commit<BitmapContents> {
        var ops: [LayerOperation] = [
            .create(LayerHandle(1), name: "container"),
            set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 30))), set(1, .anchorPoint, .point(.zero)),
            set(1, .position, .point(origin)), set(1, .backgroundColor, .color(Color(red: 0.9, green: 0.9, blue: 0.8, alpha: 0.5))),
            .insertSublayer(LayerHandle(1), into: nil, at: nil),
        ]
        if rasterize { ops.append(set(1, .shouldRasterize, .bool(true))) }
        for h in UInt64(2)..<UInt64(2 + children) {
            ops += DamageTests.makeLayer(h, under: h > 4 && Bool.random(using: &rng) ? UInt64.random(in: 2..<h, using: &rng) : 1, bitmaps: 0, smoothEdges: false, &rng)
        }
        ops += [set(2, .contents, .bitmap(BitmapID(1)))]
        let image = DamageTests.image(&rng, opaque: false)
        return Commit(operations: ops, bitmaps: [BitmapContents(id: BitmapID(1), image: image)])
    }

    static func mismatch(_ x: RGBAImage, _ y: RGBAImage) -> String? {
        guard x.bytes != y.bytes else { return nil }
        let i = (0..<(x.width * x.height)).first { x.bytes[$0 * 4..<$0 * 4 + 4] != y.bytes[$0 * 4..<$0 * 4 + 4] }!
        return "(\(i % x.width), \(i / x.width)): \(x[i % x.width, i / x.width]) vs \(y[i % x.width, i / x.width])"
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func aStillSubtreeMovedByWholePixelsDrawsFromItsCacheExactlyAsDirectly(seed: UInt64) throws {
        let result = try Self.gpu.perform { context in
            var rng = Seeded(seed: seed)
            let (tracked, full, a, b) = try DamageTests.pair(context, output: OutputConfiguration(width: 96, height: 72))
            var origin = Point(x: 20, y: 15)
            let setup = Self.container(at: origin, children: 24, &rng)
            tracked.commit(setup, from: a)
            full.commit(setup, from: b)
            var shown = 0, renders = 0
            var mismatches: [String] = []
            for frame in 0..<48 {
                var ops: [LayerOperation] = []
                // Dragged by whole points most frames, resting some, with now and then a change inside.
                if frame % 12 < 9 {
                    origin.x += Double(Int.random(in: -3...3, using: &rng))
                    origin.y += Double(Int.random(in: -2...2, using: &rng))
                    ops.append(Self.set(1, .position, .point(origin)))
                }
                if frame % 10 == 7 {
                    ops.append(Self.set(UInt64.random(in: 2...25, using: &rng), .backgroundColor, .color(DamageTests.color(&rng))))
                }
                var t = Commit(operations: ops)
                if frame % 16 == 13 { t.bitmaps = [BitmapContents(id: BitmapID(1), image: DamageTests.image(&rng, opaque: true))] }
                tracked.commit(t, from: a)
                full.commit(t, from: b)
                let report = try tracked.frame(at: Double(frame) / 60)
                try full.frame(at: Double(frame) / 60)
                shown += report.statistics.cachedSubtrees
                renders += report.statistics.cacheRenders
                if let m = Self.mismatch(try tracked.readPixels(), try full.readPixels()) {
                    mismatches.append("frame \(frame) (damage \(report.statistics.damage), \(report.statistics.cachedSubtrees) cached): \(m)")
                }
            }
            return (shown, renders, mismatches)
        }
        #expect(result.2.isEmpty, "\(result.2.prefix(4))")
        // The cache was in use most moving frames, and drawn far less often than it was shown.
        #expect(result.0 >= 10, "shown in \(result.0) frames")
        #expect(result.1 * 2 <= result.0, "drawn \(result.1) times, shown \(result.0) times")
    }

    /// A rasterized container at the top left holding a 10x10-point red square at (10, 10), on a
    /// 40x30-point output at scale 2.
    static func rasterizedSquare(scale: Double, rasterize: Bool = true) -> [LayerOperation] {
        [
            .create(LayerHandle(1), name: "group"), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 30, height: 30))),
            set(1, .anchorPoint, .point(.zero)), set(1, .shouldRasterize, .bool(rasterize)),
            set(1, .rasterizationScale, .number(scale)), .insertSublayer(LayerHandle(1), into: nil, at: nil),
            .create(LayerHandle(2), name: "square"), set(2, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
            set(2, .anchorPoint, .point(.zero)), set(2, .position, .point(Point(x: 10, y: 10))),
            set(2, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1))),
            .insertSublayer(LayerHandle(2), into: LayerHandle(1), at: nil),
        ]
    }

    @Test func shouldRasterizeAtTheOutputsScaleDrawsWhatDrawingDirectlyDoes() throws {
        let (cached, direct, statistics) = try Self.gpu.perform { context in
            var rng = Seeded(seed: 7)
            let output = OutputConfiguration(width: 96, height: 72, scale: 2)
            let (a, b, ca, cb) = try DamageTests.pair(context, output: output)
            var scene = Self.container(at: Point(x: 20, y: 15), children: 12, &rng)
            b.commit(scene, from: cb)
            scene.operations += [Self.set(1, .shouldRasterize, .bool(true)), Self.set(1, .rasterizationScale, .number(2))]
            a.commit(scene, from: ca)
            let report = try a.frame(at: 0)
            try b.frame(at: 0)
            return (try a.readPixels(), try b.readPixels(), report.statistics)
        }
        #expect(statistics.cachedSubtrees == 1 && statistics.cacheRenders == 1)
        #expect(Self.mismatch(cached, direct) == nil)
    }

    @Test func rasterizationScaleSetsTheCachesResolution() throws {
        let rows = try Self.gpu.perform { context in
            try [2.0, 0.5].map { scale in
                let c = try Compositor(context, output: OutputConfiguration(width: 40, height: 30, scale: 2))
                c.commit(Commit(operations: Self.rasterizedSquare(scale: scale)), from: c.addClient())
                try c.frame(at: 0)
                let image = try c.readPixels()
                return (image[19, 30], image[20, 30], image[24, 30])
            }
        }
        // At 2 pixels per point the square's left edge at 10 points falls between pixels 19 and 20.
        #expect(rows[0].0 == SIMD4(0, 0, 0, 0))
        #expect(rows[0].1 == SIMD4(255, 0, 0, 255))
        // At half a pixel per point the cache's texels are 2 points wide, starting 2 points left of the
        // group (its one-texel margin); pixel 20's centre, at 10.25 points, samples 0.625 of the way
        // from the last clear texel's centre (9 points) to the first red one's (11): alpha 0.625.
        let expected = 0.625 * 255
        #expect(abs(Double(rows[1].1.w) - expected) <= 2 && rows[1].1.x == rows[1].1.w && rows[1].1.y == 0)
        #expect(rows[1].2 == SIMD4(255, 0, 0, 255))  // inside, away from the edge
    }

    @Test func aCacheIsDrawnAgainExactlyWhenSomethingInsideChanges() throws {
        let steps = try Self.gpu.perform { context in
            let c = try Compositor(context, output: OutputConfiguration(width: 40, height: 30, scale: 2))
            let client = c.addClient()
            var steps: [(renders: Int, pixel: SIMD4<UInt8>, moved: SIMD4<UInt8>)] = []
            func frame(_ ops: [LayerOperation], _ time: Double) throws {
                c.commit(Commit(operations: ops), from: client)
                let report = try c.frame(at: time)
                let image = try c.readPixels()
                steps.append((report.statistics.cacheRenders, image[24, 30], image[24 + 20, 30]))
            }
            try frame(Self.rasterizedSquare(scale: 2), 0)  // drawn once
            try frame([], 0.1)  // nothing changed: nothing drawn
            try frame([Self.set(2, .backgroundColor, .color(Color(red: 0, green: 0, blue: 1, alpha: 1)))], 0.2)  // inside
            try frame([Self.set(1, .position, .point(Point(x: 10, y: 0)))], 0.3)  // moved: the cache moves
            try frame([Self.set(1, .opacity, .number(0.5))], 0.4)  // placement too
            try frame([Self.set(1, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))], 0.5)  // its body
            return steps
        }
        #expect(steps.map(\.renders) == [1, 0, 1, 0, 0, 1])
        #expect(steps[0].pixel == SIMD4(255, 0, 0, 255))
        #expect(steps[2].pixel == SIMD4(0, 0, 255, 255))
        #expect(steps[3].moved == SIMD4(0, 0, 255, 255) && steps[3].pixel == SIMD4(0, 0, 0, 0))
        #expect(steps[4].moved == SIMD4(0, 0, 128, 128))
        #expect(steps[5].moved == SIMD4(0, 0, 128, 128) && steps[5].pixel == SIMD4(0, 128, 0, 128))
    }

    /// A still subtree turning as a whole keeps its cache: its pixel scale, a sum of the squares of the
    /// turn's sine and cosine, moves by a unit in the last place from angle to angle, which drew the
    /// cache again every such frame.
    @Test func aStillSubtreeTurningWholeIsDrawnOnce() throws {
        let (shown, renders) = try Self.gpu.perform { context in
            var rng = Seeded(seed: 7)
            let c = try Compositor(context, output: OutputConfiguration(width: 96, height: 72))
            let client = c.addClient()
            c.commit(Self.container(at: Point(x: 40, y: 30), children: 24, &rng), from: client)
            var (shown, renders) = (0, 0)
            for frame in 0..<48 {
                let turn = Transform3D(rotationAngle: 0.13 * Double(frame), x: 0, y: 0, z: 1)
                c.commit(Commit(operations: [Self.set(1, .transform, .transform(turn))]), from: client)
                let statistics = try c.frame(at: Double(frame) / 60).statistics
                (shown, renders) = (shown + statistics.cachedSubtrees, renders + statistics.cacheRenders)
            }
            return (shown, renders)
        }
        // Ten of these 48 angles put the scale an ulp off 1 (the matrices' own rounding adds more).
        #expect(shown >= 40, "shown in \(shown) frames")
        #expect(renders == 1, "drawn \(renders) times")
    }

    /// A still subtree growing whole is drawn directly: cached, it would be drawn into a new texture at
    /// every frame's scale, and every raster inside made again for it.
    @Test func aStillSubtreeGrowingWholeIsDrawnDirectly() throws {
        let (shown, renders, created) = try Self.gpu.perform { context in
            var rng = Seeded(seed: 7)
            let c = try Compositor(context, output: OutputConfiguration(width: 96, height: 72))
            let client = c.addClient()
            c.commit(Self.container(at: Point(x: 20, y: 15), children: 24, &rng), from: client)
            var (shown, renders, created) = (0, 0, 0)
            for frame in 0..<24 {
                let scale = 1 + 0.02 * Double(frame)
                c.commit(Commit(operations: [Self.set(1, .transform, .transform(Transform3D(scaleX: scale, y: scale, z: 1)))]), from: client)
                let statistics = try c.frame(at: Double(frame) / 60).statistics
                (shown, renders) = (shown + statistics.cachedSubtrees, renders + statistics.cacheRenders)
                if frame > 0 { created += statistics.glObjectsCreated }
            }
            return (shown, renders, created)
        }
        #expect(shown == 0 && renders == 0, "shown in \(shown) frames, drawn \(renders) times")
        #expect(created == 0, "\(created) GL objects made after the first frame")
    }

    @Test func aSmallSubtreeMovingWholeIsDrawnDirectly() throws {
        let shown = try Self.gpu.perform { context in
            var rng = Seeded(seed: 5)
            let c = try Compositor(context, output: OutputConfiguration(width: 96, height: 72))
            let client = c.addClient()
            c.commit(Self.container(at: Point(x: 20, y: 15), children: 3, &rng), from: client)
            var shown = 0
            for frame in 0..<12 {
                c.commit(Commit(operations: [Self.set(1, .position, .point(Point(x: 20 + Double(frame), y: 15)))]), from: client)
                shown += try c.frame(at: Double(frame) / 60).statistics.cachedSubtrees
            }
            return shown
        }
        // Four layers are cheaper to draw than a texture of their extent is to keep and draw.
        #expect(shown == 0)
    }
}
