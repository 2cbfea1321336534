import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import Testing
import LaminaTestSupport

/// Damage tracking: a frame that changed a few layers visits only their subtrees again and redraws only
/// the union of their old and new screen bounds over the last frame's pixels. Every test here drives
/// two compositors with the same transactions, one tracking damage and one redrawing everything, and
/// compares their pixels exactly: damage tracking must be invisible.
@Suite(.serialized) struct DamageTests {
    static let gpu: GPUContext = try! GPUContext(display: DisplaySelection.standard().select())

    /// A seeded generator (SplitMix64): the same scenes on every run.
    typealias Seeded = SeededGenerator

    /// Two 64x48-point compositors at `scale`: the first tracks damage, the second redraws everything.
    static func pair(_ context: RenderContext, output: OutputConfiguration) throws -> (Compositor, Compositor, ClientID, ClientID) {
        let tracked = try Compositor(context, output: output)
        let full = try Compositor(context, output: output)
        full.redrawsEverything = true
        return (tracked, full, tracked.addClient(), full.addClient())
    }

    static func pair(_ context: RenderContext, scale: Double = 1) throws -> (Compositor, Compositor, ClientID, ClientID) {
        let output = OutputConfiguration(width: 64, height: 48, scale: scale, background: Color(red: 0.1, green: 0.2, blue: 0.3))
        let tracked = try Compositor(context, output: output)
        let full = try Compositor(context, output: output)
        full.redrawsEverything = true
        // Moving subtrees drawn from a cache land between pixels as they move, resampled: that is
        // compared in SubtreeCacheTests, with whole-pixel moves.
        tracked.cachesMovingSubtrees = false
        return (tracked, full, tracked.addClient(), full.addClient())
    }

    /// Draws a frame at `time` with both compositors, keeps the tracked one's statistics and, when its
    /// pixels differ from the full redraw's, where.
    static func drawBoth(
        _ tracked: Compositor, _ full: Compositor, at time: Double, label: String, mismatches: inout [String],
        statistics: inout [FrameStatistics]
    ) throws {
        statistics.append(try tracked.frame(at: time).statistics)
        try full.frame(at: time)
        if let difference = firstDifference(try tracked.readPixels(), try full.readPixels()) {
            mismatches.append("\(label): \(difference)")
        }
    }

    /// Where two frames first differ, and how; nil when they are the same.
    static func firstDifference(_ x: RGBAImage, _ y: RGBAImage) -> String? {
        guard x.bytes != y.bytes else { return nil }
        let differing = (0..<(x.width * x.height)).first { x.bytes[$0 * 4..<$0 * 4 + 4] != y.bytes[$0 * 4..<$0 * 4 + 4] }!
        let (px, py) = (differing % x.width, differing / x.width)
        return "first difference at (\(px), \(py)): \(x[px, py]) vs \(y[px, py])"
    }

    static func color(_ rng: inout Seeded, opaque: Bool? = nil) -> Color {
        let alpha = (opaque ?? Bool.random(using: &rng)) ? 1 : Double.random(in: 0.2...0.9, using: &rng)
        return Color(
            red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
            blue: Double.random(in: 0...1, using: &rng), alpha: alpha)
    }

    static func image(_ rng: inout Seeded, opaque: Bool) -> RGBAImage {
        let (w, h) = (Int.random(in: 2...12, using: &rng), Int.random(in: 2...12, using: &rng))
        var bytes: [UInt8] = []
        for _ in 0..<(w * h) {
            bytes += [UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                      UInt8.random(in: 0...255, using: &rng), opaque ? 255 : UInt8.random(in: 0...255, using: &rng)]
        }
        return RGBAImage(width: w, height: h, bytes: bytes, alpha: .straight)
    }

    /// The operations making layer `h` under `parent` with random looks.
    /// `smoothEdges: false` leaves out what llvmpipe anti-aliases by estimating derivatives over 2x2
    /// pixels (rounded corners, borders) and shadows blurred up to the output's edge: those differ by
    /// a few levels between a subtree drawn directly and one drawn from a cache at an odd offset.
    static func makeLayer(_ h: UInt64, under parent: UInt64?, bitmaps: Int, smoothEdges: Bool = true, _ rng: inout Seeded) -> [LayerOperation] {
        let handle = LayerHandle(h)
        func set(_ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(handle, LayerKeyPath(key), value) }
        // Shape, gradient and text layers too (smooth-edged, like borders): every kind damage-tracked.
        let kind: LayerKind = smoothEdges ? [.layer, .layer, .layer, .layer, .layer, .layer, .shape, .gradient, .text].randomElement(using: &rng)! : .layer
        var ops: [LayerOperation] = [
            .create(handle, name: nil, kind: kind),
            set(.bounds, .rect(Rect(x: 0, y: 0, width: .random(in: 3...30, using: &rng), height: .random(in: 3...30, using: &rng)))),
            set(.position, .point(Point(x: .random(in: -4...60, using: &rng), y: .random(in: -4...44, using: &rng)))),
        ]
        if Double.random(in: 0...1, using: &rng) < 0.8 { ops.append(set(.backgroundColor, .color(color(&rng)))) }
        if bitmaps > 0, Double.random(in: 0...1, using: &rng) < 0.35 {
            ops.append(set(.contents, .bitmap(BitmapID(UInt64.random(in: 1...UInt64(bitmaps), using: &rng)))))
        }
        if Double.random(in: 0...1, using: &rng) < 0.2, smoothEdges {
            ops.append(set(.borderWidth, .number(.random(in: 0.5...3, using: &rng))))
            ops.append(set(.borderColor, .color(color(&rng))))
        }
        if Double.random(in: 0...1, using: &rng) < 0.2, smoothEdges {
            ops.append(set(.cornerRadius, .number(.random(in: 1...6, using: &rng))))
        }
        if Double.random(in: 0...1, using: &rng) < 0.15 { ops.append(set(.masksToBounds, .bool(true))) }
        if Double.random(in: 0...1, using: &rng) < 0.15 {
            ops.append(set(.transform, .transform(Transform3D(rotationAngle: .random(in: -1...1, using: &rng), x: 0, y: 0, z: 1))))
        }
        if Double.random(in: 0...1, using: &rng) < 0.2 { ops.append(set(.opacity, .number(.random(in: 0.3...1, using: &rng)))) }
        if Double.random(in: 0...1, using: &rng) < 0.05, smoothEdges {
            ops.append(set(.shadowOpacity, .number(0.8)))
            ops.append(set(.shadowRadius, .number(2)))
        }
        if Double.random(in: 0...1, using: &rng) < 0.1 { ops.append(set(.zPosition, .number(.random(in: -2...2, using: &rng)))) }
        switch kind {
        case .shape:
            let box = Rect(x: .random(in: -5...10, using: &rng), y: .random(in: -5...10, using: &rng), width: .random(in: 2...30, using: &rng), height: .random(in: 2...30, using: &rng))
            ops.append(set(.path, .path(Bool.random(using: &rng) ? Path(ellipseIn: box) : Path(rect: box))))
            ops.append(set(.fillColor, .color(Bool.random(using: &rng) ? color(&rng) : .clear)))
            ops.append(set(.strokeColor, .color(color(&rng))))
            ops.append(set(.lineWidth, .number(.random(in: 0.5...4, using: &rng))))
            ops.append(set(.strokeEnd, .number(.random(in: 0.3...1, using: &rng))))
        case .gradient:
            ops.append(set(.colors, .colors((0..<Int.random(in: 1...3, using: &rng)).map { _ in color(&rng) })))
            ops.append(set(.gradientType, .keyword(UInt8.random(in: 0...2, using: &rng))))
        case .text:
            ops.append(set(.string, .string(["Lamina", "汉字 text", "שלום"].randomElement(using: &rng)!)))
            ops.append(set(.fontSize, .number(.random(in: 6...14, using: &rng))))
            ops.append(set(.foregroundColor, .color(color(&rng))))
        case .layer, .scroll, .replicator, .transform, .emitter, .tiled, .gl: break
        }
        ops.append(.insertSublayer(handle, into: parent.map(LayerHandle.init), at: nil))
        return ops
    }

    /// One random change of the kind clients make frame to frame: mostly one property of one layer,
    /// sometimes an animation, a repainted bitmap or a change of the hierarchy.
    static func change(_ rng: inout Seeded, layers: inout [UInt64], next: inout UInt64, bitmaps: [RGBAImage]) -> Commit<BitmapContents> {
        let h = LayerHandle(layers.randomElement(using: &rng)!)
        func set(_ key: PropertyKey, _ value: PropertyValue) -> Commit<BitmapContents> {
            Commit(operations: [.set(h, LayerKeyPath(key), value)])
        }
        let timing = MediaTiming(duration: 0.35)
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<22: return set(.backgroundColor, .color(color(&rng)))
        case 22..<30:
            // A layer kind's own property (refused whole, in both compositors, on a layer of another kind).
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return set(.strokeEnd, .number(.random(in: 0...1, using: &rng)))
            case 1: return set(.fillColor, .color(color(&rng)))
            case 2: return set(.colors, .colors([color(&rng), color(&rng)]))
            case 3: return set(.string, .string(["Core", "Animation 动画"].randomElement(using: &rng)!))
            case 4: return set(.foregroundColor, .color(color(&rng)))
            default:
                return Commit(operations: [.addAnimation(h, .basic(LayerKeyPath(.strokeEnd), to: .number(0), timing: timing), key: "stroke")])
            }
        case 30..<40: return set(.position, .point(Point(x: .random(in: -4...60, using: &rng), y: .random(in: -4...44, using: &rng))))
        case 40..<47: return set(.opacity, .number(.random(in: 0...1, using: &rng)))
        case 47..<52: return set(.hidden, .bool(Bool.random(using: &rng)))
        case 52..<56: return set(.zPosition, .number(.random(in: -2...2, using: &rng)))
        case 56..<60: return set(.borderColor, .color(color(&rng)))
        case 60..<64: return set(.contents, .bitmap(BitmapID(UInt64.random(in: 1...UInt64(bitmaps.count), using: &rng))))
        case 64..<72:
            let to = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
            return Commit(operations: [.addAnimation(h, .basic(LayerKeyPath(.backgroundColor), to: .color(to), timing: timing), key: "color")])
        case 72..<78:
            let by = Point(x: .random(in: -10...10, using: &rng), y: .random(in: -10...10, using: &rng))
            return Commit(operations: [.addAnimation(h, .basic(LayerKeyPath(.position), by: .point(by), timing: timing), key: "move")])
        case 78..<82:
            return Commit(operations: [.addAnimation(h, .basic(try! LayerKeyPath("transform.rotation.z"), by: .number(0.5), timing: timing), key: "turn")])
        case 82..<90:
            // A bitmap repainted in place: whole, or a damaged corner.
            let index = Int.random(in: 0..<bitmaps.count, using: &rng)
            var image = bitmaps[index]
            for i in stride(from: 0, to: image.bytes.count, by: 4) { image.bytes[i] = UInt8.random(in: 0...255, using: &rng) }
            let damage: PixelRegion? = Bool.random(using: &rng) ? PixelRegion(x: 0, y: 0, width: 2, height: 2) : nil
            return Commit(operations: [], bitmaps: [BitmapContents(id: BitmapID(UInt64(index + 1)), image: image, damage: damage)])
        case 90..<95:
            let parent = Bool.random(using: &rng) ? layers.randomElement(using: &rng) : nil
            next += 1
            layers.append(next)
            return Commit(operations: makeLayer(next, under: parent, bitmaps: bitmaps.count, &rng))
        default:
            guard layers.count > 2 else { return set(.backgroundColor, .color(color(&rng))) }
            layers.removeAll { $0 == h.rawValue }
            return Commit(operations: [.destroy(h)])
        }
    }

    /// Runs `frames` frames of random changes on a random scene; returns how many were redrawn in
    /// part (the rest whole or not at all), after checking every frame's pixels against a full redraw.
    static func compare(seed: UInt64, frames: Int, scale: Double) throws -> (partial: Int, mismatches: [String]) {
        try gpu.perform { context in
            var rng = Seeded(seed: seed)
            let (tracked, full, a, b) = try pair(context, scale: scale)
            let bitmaps = (0..<3).map { image(&rng, opaque: $0 == 0) }
            var setup = Commit(
                operations: [], bitmaps: bitmaps.enumerated().map { BitmapContents(id: BitmapID(UInt64($0.offset + 1)), image: $0.element) })
            var layers: [UInt64] = []
            for h in UInt64(1)...24 {
                setup.operations += makeLayer(h, under: layers.isEmpty || Bool.random(using: &rng) ? nil : layers.randomElement(using: &rng), bitmaps: 3, &rng)
                layers.append(h)
            }
            var next: UInt64 = 24
            var partial = 0
            var mismatches: [String] = []
            for frame in 0..<frames {
                let transactions = frame == 0 ? [setup] : (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    change(&rng, layers: &layers, next: &next, bitmaps: bitmaps)
                }
                for t in transactions {
                    tracked.commit(t, from: a)
                    full.commit(t, from: b)
                }
                let time = Double(frame) * 0.1
                let report = try tracked.frame(at: time)
                try full.frame(at: time)
                if report.statistics.damage.box != nil { partial += 1 }
                if let difference = Self.firstDifference(try tracked.readPixels(), try full.readPixels()) {
                    mismatches.append("seed \(seed) frame \(frame) (damage \(report.statistics.damage)): \(difference)")
                }
            }
            return (partial, mismatches)
        }
    }

    // Seeds whose scenes redraw at least 10 of their 60 frames in part. Seeds 2 and 6 fell short while
    // any change to a layer with a shadow (an offscreen group) redrew the whole output; since session
    // 15 such a layer is patched in place, and they pass too.
    @Test(arguments: [(UInt64(1), 1.0), (7, 1.0), (3, 2.0), (4, 1.0), (5, 1.5), (2, 1.0), (6, 1.0)])
    func damagedFramesEqualFullRedraws(seed: UInt64, scale: Double) throws {
        let (partial, mismatches) = try Self.compare(seed: seed, frames: 60, scale: scale)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        // The comparison means something only if frames were in fact drawn in part.
        #expect(partial >= 10, "only \(partial) of 60 frames were redrawn in part")
    }

    @Test func twoChangesFarApartAreTwoSmallBoxes() throws {
        let result = try Self.gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: OutputConfiguration(width: 200, height: 100))
            func square(_ h: UInt64, _ x: Double, _ y: Double) -> [LayerOperation] {
                [
                    .create(LayerHandle(h), name: nil),
                    .set(LayerHandle(h), LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                    .set(LayerHandle(h), LayerKeyPath(.anchorPoint), .point(.zero)),
                    .set(LayerHandle(h), LayerKeyPath(.position), .point(Point(x: x, y: y))),
                    .set(LayerHandle(h), LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 0, blue: 0))),
                    .insertSublayer(LayerHandle(h), into: nil, at: nil),
                ]
            }
            let setup = Commit(operations: square(1, 5, 5) + square(2, 180, 80) + square(3, 90, 40))
            let change = Commit(operations: [1, 2].map {
                .set(LayerHandle($0), LayerKeyPath(.backgroundColor), .color(Color(red: 0, green: 0, blue: 1)))
            })
            var reports: [FrameReport] = []
            for (t, transaction) in [(0.0, setup), (0.1, change)] {
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                reports.append(try tracked.frame(at: t))
                try full.frame(at: t)
            }
            return (reports[1].statistics.damage, try tracked.readPixels().bytes == full.readPixels().bytes)
        }
        // Each square's bounds and a pixel of margin on every side; the untouched one between them is
        // not redrawn.
        #expect(Set(result.0.boxes) == [PixelRegion(x: 4, y: 4, width: 12, height: 12), PixelRegion(x: 179, y: 79, width: 12, height: 12)])
        #expect(result.1)
    }

    /// An opaque square of `side` points at (x, y), anchored at its top left.
    static func opaqueSquare(_ h: UInt64, _ x: Double, _ y: Double, side: Double, red: Double) -> [LayerOperation] {
        [
            .create(LayerHandle(h), name: nil),
            .set(LayerHandle(h), LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: side, height: side))),
            .set(LayerHandle(h), LayerKeyPath(.anchorPoint), .point(.zero)),
            .set(LayerHandle(h), LayerKeyPath(.position), .point(Point(x: x, y: y))),
            .set(LayerHandle(h), LayerKeyPath(.backgroundColor), .color(Color(red: red, green: 0.5, blue: 0))),
            .insertSublayer(LayerHandle(h), into: nil, at: nil),
        ]
    }

    /// Runs `transactions` (one a frame, 0.1 s apart) through a damage-tracking compositor and a full
    /// one; returns each tracked frame's damage and whether every frame's pixels are equal.
    static func run(
        _ transactions: [Commit<BitmapContents>], size: (Double, Double)
    ) throws -> (damages: [Damage], statistics: [FrameStatistics], same: Bool) {
        try Self.gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: OutputConfiguration(width: size.0, height: size.1))
            var statistics: [FrameStatistics] = []
            var same = true
            for (i, transaction) in transactions.enumerated() {
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                statistics.append(try tracked.frame(at: Double(i) / 10).statistics)
                try full.frame(at: Double(i) / 10)
                same = try same && tracked.readPixels().bytes == full.readPixels().bytes
            }
            return (statistics.map(\.damage), statistics, same)
        }
    }

    @Test func anOpaqueLayerMovingDamagesItsOldAndNewBounds() throws {
        let move = Commit(operations: [.set(LayerHandle(1), LayerKeyPath(.position), .point(Point(x: 60, y: 30)))])
        let result = try Self.run([Commit(operations: Self.opaqueSquare(1, 10, 10, side: 20, red: 1)), move], size: (200, 100))
        // Its old and new bounds with a pixel of margin on every side; not the whole output.
        #expect(
            Set(result.damages[1].boxes) == [PixelRegion(x: 9, y: 9, width: 22, height: 22), PixelRegion(x: 59, y: 29, width: 22, height: 22)],
            "\(result.damages[1])")
        #expect(result.same)
    }

    @Test func aLayerWithAShadowMovingDamagesWhereItAndItsShadowWereAndAre() throws {
        // A 20-point square with a shadow 5 points down and right, blurred by a radius of 3 (a
        // Gaussian of sigma 3: it fades out within 3 sigma, 9 pixels), drawn through an offscreen group.
        var setup = Self.opaqueSquare(1, 10, 10, side: 20, red: 1)
        setup.insert(contentsOf: [
            .set(LayerHandle(1), LayerKeyPath(.shadowOpacity), .number(1)),
            .set(LayerHandle(1), LayerKeyPath(.shadowRadius), .number(3)),
            .set(LayerHandle(1), LayerKeyPath(.shadowOffset), .size(Size(width: 5, height: 5))),
        ], at: 5)
        let move = Commit(operations: [.set(LayerHandle(1), LayerKeyPath(.position), .point(Point(x: 120, y: 40)))])
        let result = try Self.run([Commit(operations: setup), move], size: (200, 100))
        let damage = result.damages[1]
        #expect(!damage.isFull && !damage.isEmpty)
        // The square and its blurred shadow before and after, each inside the damage: the shadow's
        // square (5 points on) spread by 9 pixels reaches from 4 pixels before the square to 14 past it.
        let before = PixelRegion(x: 10 + 5 - 9, y: 10 + 5 - 9, width: 20 + 18, height: 20 + 18)
        let after = PixelRegion(x: 120 + 5 - 9, y: 40 + 5 - 9, width: 20 + 18, height: 20 + 18)
        for region in [before, after] {
            #expect(damage.boxes.contains { $0.contains(region) }, "\(region) not inside \(damage)")
        }
        // ... and not the output between and around them.
        #expect(damage.boxes.reduce(0) { $0 + $1.width * $1.height } < 200 * 100 / 2, "\(damage.boxes)")
        #expect(result.same)
    }

    @Test(arguments: [false, true])
    func aChangeInsideNestedClipsDamagesOnlyItsBounds(roundedPanel: Bool) throws {
        // A clipping panel holding a rounded, clipping card with a label: the card's visit pushes the
        // panel's clip (a scissor box, or a stencil shape when the panel is rounded) and makes its own
        // rounded one, so it is not plain drawing; a colour change of the card is still patched in
        // place, and nothing else is redrawn.
        func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
        func layer(_ h: UInt64, under parent: UInt64?, _ frame: Rect, _ color: Color) -> [LayerOperation] {
            [
                .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                set(h, .anchorPoint, .point(.zero)), set(h, .position, .point(Point(x: frame.minX, y: frame.minY))),
                set(h, .backgroundColor, .color(color)), .insertSublayer(LayerHandle(h), into: parent.map(LayerHandle.init), at: nil),
            ]
        }
        let setup = Commit(
            operations: layer(1, under: nil, Rect(x: 10, y: 10, width: 180, height: 80), Color(red: 0.9, green: 0.9, blue: 0.9))
                + [set(1, .masksToBounds, .bool(true)), set(1, .cornerRadius, .number(roundedPanel ? 6 : 0))]
                + layer(2, under: 1, Rect(x: 20, y: 10, width: 60, height: 50), Color(red: 1, green: 1, blue: 1))
                + [set(2, .masksToBounds, .bool(true)), set(2, .cornerRadius, .number(8))]
                + layer(3, under: 2, Rect(x: -5, y: 30, width: 70, height: 10), Color(red: 0, green: 0, blue: 1)))
        let change = Commit(operations: [set(2, .backgroundColor, .color(Color(red: 1, green: 0.8, blue: 0.8)))])
        let result = try Self.run([setup, change], size: (200, 100))
        let damage = result.damages[1]
        // The card's box: x 30 to 90, y 20 to 70 in the output, a pixel of margin around.
        #expect(damage.boxes == [PixelRegion(x: 29, y: 19, width: 62, height: 52)], "\(damage)")
        #expect(result.same)
    }

    @Test func anOpaqueLayerThatHidAnotherUncoversItWhenItMoves() throws {
        // The small square is drawn first and wholly under the big opaque one: occlusion culling
        // collapses it. When the big one moves away, it must show again.
        let setup = Commit(operations: Self.opaqueSquare(1, 30, 30, side: 10, red: 0) + Self.opaqueSquare(2, 20, 20, side: 40, red: 1))
        let move = Commit(operations: [.set(LayerHandle(2), LayerKeyPath(.position), .point(Point(x: 120, y: 20)))])
        let back = Commit(operations: [.set(LayerHandle(2), LayerKeyPath(.position), .point(Point(x: 30, y: 30)))])
        let away = Commit(operations: [.set(LayerHandle(2), LayerKeyPath(.position), .point(Point(x: 160, y: 70)))])
        let result = try Self.run([setup, move, back, away], size: (200, 100))
        #expect(result.same, "the square the moved layer hid is drawn as a full redraw draws it")
        // Patched, not built again: the big square's old and new places (40 points and a pixel of
        // margin each), not the output. It brings back the square it hid instead.
        for frame in 1...3 {
            let damage = result.damages[frame]
            #expect(!damage.isFull && damage.boxes.reduce(0) { $0 + $1.width * $1.height } <= 2 * 42 * 42, "frame \(frame): \(damage)")
        }
        let shown = try Self.gpu.perform { context in
            let (tracked, _, a, _) = try Self.pair(context, output: OutputConfiguration(width: 200, height: 100))
            tracked.commit(setup, from: a)
            try tracked.frame(at: 0)
            tracked.commit(move, from: a)
            try tracked.frame(at: 0.1)
            return try tracked.readPixels()[35, 35]
        }
        #expect(shown == SIMD4(0, 128, 0, 255), "\(shown)")
    }
}
