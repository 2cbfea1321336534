import LaminaCore
import LaminaRender
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
    static func container(at origin: Point, children: Int, _ rng: inout Seeded, rasterize: Bool = false) -> Transaction {
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
        return Transaction(operations: ops, bitmaps: [BitmapContents(id: BitmapID(1), image: image)])
    }

    static func mismatch(_ x: RGBAImage, _ y: RGBAImage) -> String? {
        guard x.bytes != y.bytes else { return nil }
        let i = (0..<(x.width * x.height)).first { x.bytes[$0 * 4..<$0 * 4 + 4] != y.bytes[$0 * 4..<$0 * 4 + 4] }!
        return "(\(i % x.width), \(i / x.width)): \(x[i % x.width, i / x.width]) vs \(y[i % x.width, i / x.width])"
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func aStillSubtreeMovedByWholePixelsDrawsFromItsCacheExactlyAsDirectly(seed: UInt64) throws {
        let result = try Self.gpu.perform { context in
            var rng = Seeded(state: seed)
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
                var t = Transaction(operations: ops)
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
}
