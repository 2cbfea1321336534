import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import Testing

/// Damage through what draws other than plain instances — offscreen groups (shadows, masks, filters,
/// group opacity), backdrops, replicators, transform layers' 3D spaces and particles: each is patched
/// in place and redraws only what it reaches, and every frame equals a full redraw.
extension DamageTests {
    /// Layers moving behind a frosted panel (`backgroundFilters`) and inside a blurred layer
    /// (`filters`): each damaged frame equals a full redraw, and frames that change nothing near the
    /// panel are still redrawn in part.
    @Test func filtersAndBackdropsDamageWhatTheyReach() throws {
        let (partial, mismatches) = try Self.gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: OutputConfiguration(width: 160, height: 100, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            var rng = Seeded(seed: 11)
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            func square(_ h: UInt64, under parent: UInt64?, _ x: Double, _ y: Double, _ size: Double) -> [LayerOperation] {
                [
                    .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: size, height: size))),
                    set(h, .position, .point(Point(x: x, y: y))), set(h, .backgroundColor, .color(Self.color(&rng, opaque: false))),
                    .insertSublayer(LayerHandle(h), into: parent.map(LayerHandle.init), at: nil),
                ]
            }
            var ops: [LayerOperation] = []
            for h in UInt64(1)...8 { ops += square(h, under: nil, .random(in: 0...160, using: &rng), .random(in: 0...100, using: &rng), 14) }
            // A blurred layer with a sublayer that moves inside it.
            ops += square(9, under: nil, 130, 20, 30) + [set(9, .filters, .filters([LayerFilter(.blur(radius: 3)), LayerFilter(.saturation(0.3))]))]
            ops += square(10, under: 9, 10, 10, 8)
            // The frosted panel, rounded, over the middle.
            ops += [
                .create(LayerHandle(11), name: nil), set(11, .bounds, .rect(Rect(x: 0, y: 0, width: 70, height: 40))),
                set(11, .position, .point(Point(x: 70, y: 55))), set(11, .cornerRadius, .number(10)),
                set(11, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 0.2))),
                set(11, .backgroundFilters, .filters([LayerFilter(.blur(radius: 6)), LayerFilter(.brightness(0.1))])),
                .insertSublayer(LayerHandle(11), into: nil, at: nil),
            ]
            var partial = 0
            var mismatches: [String] = []
            for frame in 0..<40 {
                let moved = UInt64.random(in: 1...10, using: &rng)
                let transaction = frame == 0
                    ? Commit(operations: ops)
                    : Commit(operations: [set(moved, .position, .point(Point(x: .random(in: 0...160, using: &rng), y: .random(in: 0...100, using: &rng))))])
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                let report = try tracked.frame(at: Double(frame) * 0.1)
                try full.frame(at: Double(frame) * 0.1)
                if report.statistics.damage.box != nil { partial += 1 }
                let (x, y) = (try tracked.readPixels(), try full.readPixels())
                if x.bytes != y.bytes { mismatches.append("frame \(frame), layer \(moved) moved, damage \(report.statistics.damage)") }
            }
            return (partial, mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(partial >= 5, "only \(partial) of 40 frames were redrawn in part")
    }

    /// A still card with a shadow and a blurred one, far from a square that moves: a damaged frame
    /// does not draw their offscreen groups (clear, content, blur, composites) at all, only the boxes
    /// their composites reach, and still equals a full redraw; moving over them, it draws them.
    @Test func stillGroupsAwayFromTheDamageAreNotDrawn() throws {
        func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
        let setup = Commit(
            operations: Self.opaqueSquare(1, 10, 10, side: 30, red: 1) + Self.opaqueSquare(2, 60, 10, side: 30, red: 0.5)
                + Self.opaqueSquare(3, 150, 60, side: 10, red: 0)
                + [set(1, .shadowOpacity, .number(0.8)), set(1, .shadowRadius, .number(4)), set(1, .shadowOffset, .size(Size(width: 3, height: 3))),
                   set(2, .filters, .filters([LayerFilter(.blur(radius: 3))]))])
        // The square moves away from the cards, then under the shadowed one's shadow (below the card,
        // left of where the blurred one's blur reaches).
        let moves = [(170.0, 60.0), (160, 60), (20, 48)].map { Commit(operations: [set(3, .position, .point(Point(x: $0.0, y: $0.1)))]) }
        let result = try Self.run([setup] + moves, size: (200, 100))
        #expect(result.same)
        #expect(result.statistics.map(\.groupsDrawn) == [2, 0, 0, 1], "\(result.statistics.map(\.groupsDrawn))")
    }

    /// Offscreen groups whose opacity changes every frame — a masked layer, a layer with a shadow, a
    /// blurred one, each over still squares — are composited anew in place: each frame redraws the
    /// group's pixels (spread by its blur and shadow), not the output, and equals a full redraw.
    @Test func groupsWhoseOpacityChangesArePatchedInPlace() throws {
        func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
        var setup: [LayerOperation] = []
        for i in 0..<12 {
            setup += Self.opaqueSquare(UInt64(20 + i), 4 + Double(i % 6) * 32, 6 + Double(i / 6) * 50, side: 20, red: Double(i) / 12)
        }
        setup += Self.opaqueSquare(1, 10, 20, side: 30, red: 1) + Self.opaqueSquare(2, 80, 20, side: 30, red: 0.3)
            + Self.opaqueSquare(3, 150, 20, side: 30, red: 0.6)
        setup += [
            .create(LayerHandle(4), name: nil), set(4, .bounds, .rect(Rect(x: 0, y: 0, width: 20, height: 20))),
            set(4, .position, .point(Point(x: 15, y: 15))), set(4, .cornerRadius, .number(10)),
            set(4, .backgroundColor, .color(Color(red: 0, green: 0, blue: 0))), .setMask(LayerHandle(1), mask: LayerHandle(4)),
            set(2, .shadowOpacity, .number(0.8)), set(2, .shadowRadius, .number(3)),
            set(3, .filters, .filters([LayerFilter(.blur(radius: 3))])),
        ]
        var transactions = [Commit(operations: setup)]
        for frame in 1..<8 {
            let opacity = PropertyValue.number(1 - Double(frame) / 10)
            transactions.append(Commit(operations: [set(1, .opacity, opacity), set(2, .opacity, opacity), set(3, .opacity, opacity)]))
        }
        let result = try Self.run(transactions, size: (200, 100))
        #expect(result.same)
        for frame in 1..<8 {
            let damage = result.damages[frame]
            // The three groups' boxes (the shadow's and blur's reach around them), not the far squares.
            let area = damage.boxes.reduce(0) { $0 + $1.width * $1.height }
            #expect(!damage.isFull && area < 200 * 100 / 2, "frame \(frame): \(damage)")
        }
    }

    /// A frosted panel (`backgroundFilters`) sliding over still squares, its blur changing on the way:
    /// patched in place, each frame redrawing what its backdrop read and drew, where it was and is (not
    /// the far square), and equal to a full redraw.
    @Test func aFrostedPanelSlidingIsPatchedInPlace() throws {
        let (partial, mismatches) = try Self.gpu.perform { context in
            let output = OutputConfiguration(width: 200, height: 100, background: Color(red: 0.1, green: 0.2, blue: 0.3))
            let (tracked, full, a, b) = try Self.pair(context, output: output)
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            var ops: [LayerOperation] = []
            for i in 0..<20 {
                let (x, y): (Double, Double) = (4 + Double(i % 10) * 12, 10 + Double(i / 10) * 30)
                ops += Self.opaqueSquare(UInt64(10 + i), x, y, side: 8, red: Double(i) / 20)
            }
            ops += Self.opaqueSquare(40, 180, 80, side: 10, red: 1)  // far away
            ops += [
                .create(LayerHandle(1), name: nil), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 30))),
                set(1, .position, .point(Point(x: 30, y: 30))), set(1, .cornerRadius, .number(8)),
                set(1, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 0.2))),
                set(1, .backgroundFilters, .filters([LayerFilter(.blur(radius: 4))])),
                .insertSublayer(LayerHandle(1), into: nil, at: nil),
            ]
            var partial = 0
            var mismatches: [String] = []
            for frame in 0..<12 {
                var changes = [set(1, .position, .point(Point(x: 30 + Double(frame) * 6, y: 30 + Double(frame % 3))))]
                if frame % 4 == 2 { changes.append(set(1, .backgroundFilters, .filters([LayerFilter(.blur(radius: 2 + Double(frame) / 2))]))) }
                let transaction = Commit(operations: frame == 0 ? ops : changes)
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                let damage = try tracked.frame(at: Double(frame) * 0.1).statistics.damage
                try full.frame(at: Double(frame) * 0.1)
                if frame > 0, let box = damage.box, box.intersection(PixelRegion(x: 180, y: 80, width: 10, height: 10)).isEmpty {
                    partial += 1
                }
                if try tracked.readPixels().bytes != full.readPixels().bytes { mismatches.append("frame \(frame), damage \(damage)") }
            }
            return (partial, mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(partial == 11, "\(partial) of 11 frames redrawn in part")
    }

    /// A replicator whose copies lag an animated sublayer, edited while it runs (its transform, the
    /// sublayer's colour, a layer beside it): each damaged frame equals a full redraw, and is patched
    /// in place (the replicator visited again whole), not built again. Once the sublayer's own fade
    /// ends (`repeating` false), the lagging copies still fade for up to 0.875 s.
    @Test(arguments: [true, false])
    func replicatorCopiesDamageWhereTheyAre(repeating: Bool) throws {
        // Kept when it ends, so the layer's own copy stops changing while the lagging ones still fade.
        let fade = {
            var fade = Animation.basic(
                LayerKeyPath(.opacity), from: .number(1), to: .number(0.2),
                timing: MediaTiming(duration: repeating ? 1 : 0.3, repeatCount: repeating ? .infinity : 1))
            fade.removedOnCompletion = false
            return fade
        }()
        let (mismatches, partial) = try Self.gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: OutputConfiguration(width: 120, height: 80, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            let setup: [LayerOperation] = [
                .create(LayerHandle(1), name: nil, kind: .replicator), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 80, height: 80))),
                set(1, .position, .point(Point(x: 40, y: 40))), set(1, .instanceCount, .number(8)),
                set(1, .instanceTransform, .transform(Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1))),
                set(1, .instanceDelay, .number(0.125)), set(1, .instanceAlphaOffset, .number(-0.1)),
                .insertSublayer(LayerHandle(1), into: nil, at: nil),
                .create(LayerHandle(2), name: nil), set(2, .bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 16))),
                set(2, .position, .point(Point(x: 40, y: 12))), set(2, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1))),
                .insertSublayer(LayerHandle(2), into: LayerHandle(1), at: nil),
                .addAnimation(LayerHandle(2), fade, key: "fade"),
                .create(LayerHandle(3), name: nil), set(3, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                set(3, .position, .point(Point(x: 100, y: 10))), set(3, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 0.5))),
                .insertSublayer(LayerHandle(3), into: nil, at: nil),
            ]
            // Still squares, so that the replicator (nine visits) is not most of what is drawn.
            var squares: [LayerOperation] = []
            for i in 0..<16 {
                let (x, y): (Double, Double) = (84 + Double(i % 4) * 9, 40 + Double(i / 4) * 9)
                squares += Self.opaqueSquare(UInt64(10 + i), x, y, side: 6, red: 0.2)
            }
            var mismatches: [String] = []
            var partial = 0
            for frame in 0..<24 {
                var ops: [LayerOperation] = frame == 0 ? setup + squares : []
                if frame == 8 { ops.append(set(1, .instanceTransform, .transform(Transform3D(rotationAngle: .pi / 5, x: 0, y: 0, z: 1)))) }
                if frame == 12 { ops.append(set(2, .backgroundColor, .color(Color(red: 1, green: 0.5, blue: 0)))) }
                if frame % 5 == 3 { ops.append(set(3, .position, .point(Point(x: 100, y: 10 + Double(frame) * 2)))) }
                let transaction = Commit(operations: ops)
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                let report = try tracked.frame(at: Double(frame) / 20)
                try full.frame(at: Double(frame) / 20)
                if !report.statistics.damage.isFull { partial += 1 }
                if try tracked.readPixels().bytes != full.readPixels().bytes {
                    mismatches.append("frame \(frame), damage \(report.statistics.damage)")
                }
            }
            return (mismatches, partial)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        // Every frame but the first (and, without repeats, the one where the fade is removed).
        #expect(partial >= 22, "\(partial) of 24 frames redrawn in part")
    }

    /// A cube in a transform layer turning beside a layer that moves: the depth-tested frames, whole
    /// or damaged, equal full redraws.
    @Test func transformLayersDamageLikeAnyOther() throws {
        let mismatches = try Self.gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: OutputConfiguration(width: 120, height: 80, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            var setup: [LayerOperation] = [
                .create(LayerHandle(1), name: nil), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 80, height: 80))),
                set(1, .position, .point(Point(x: 40, y: 40))), set(1, .sublayerTransform, .transform(Transform3D(perspectiveDistance: 300))),
                .insertSublayer(LayerHandle(1), into: nil, at: nil),
                .create(LayerHandle(2), name: nil, kind: .transform), set(2, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 40))),
                set(2, .position, .point(Point(x: 40, y: 40))), .insertSublayer(LayerHandle(2), into: LayerHandle(1), at: nil),
                .addAnimation(
                    LayerHandle(2),
                    .basic(try LayerKeyPath("transform.rotation.y"), from: .number(0), to: .number(6.28), timing: MediaTiming(duration: 2, repeatCount: .infinity)),
                    key: "turn"),
            ]
            let faces: [(Double, Double, Double)] = [(0, 0, 1), (.pi, 0, 1), (.pi / 2, 0, 1), (-.pi / 2, 0, 1), (.pi / 2, 1, 0), (-.pi / 2, 1, 0)]
            for (k, face) in faces.enumerated() {
                let h = UInt64(10 + k)
                let turn = face.1 == 1 ? Transform3D(rotationAngle: face.0, x: 1, y: 0, z: 0) : Transform3D(rotationAngle: face.0, x: 0, y: 1, z: 0)
                setup += [
                    .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 40))),
                    set(h, .position, .point(Point(x: 20, y: 20))),
                    set(h, .transform, .transform(Transform3D(translationX: 0, y: 0, z: 20).concatenating(turn))),
                    set(h, .backgroundColor, .color(Color(red: Double(k) / 5, green: 1 - Double(k) / 5, blue: 0.5, alpha: k == 2 ? 0.6 : 1))),
                    .insertSublayer(LayerHandle(h), into: LayerHandle(2), at: nil),
                ]
            }
            setup += [
                .create(LayerHandle(3), name: nil), set(3, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                set(3, .position, .point(Point(x: 100, y: 10))), set(3, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 0.5))),
                .insertSublayer(LayerHandle(3), into: nil, at: nil),
            ]
            var mismatches: [String] = []
            var partial = 0
            for frame in 0..<16 {
                var ops: [LayerOperation] = frame == 0 ? setup : []
                if frame % 3 == 1 { ops.append(set(3, .position, .point(Point(x: 100, y: 10 + Double(frame) * 3)))) }
                // A face inside the 3D space changes too: the transform layer is visited again whole.
                if frame % 4 == 2 { ops.append(set(10, .backgroundColor, .color(Color(red: 1, green: Double(frame) / 16, blue: 0)))) }
                tracked.commit(Commit(operations: ops), from: a)
                full.commit(Commit(operations: ops), from: b)
                let report = try tracked.frame(at: Double(frame) / 10)
                try full.frame(at: Double(frame) / 10)
                if !report.statistics.damage.isFull { partial += 1 }
                if try tracked.readPixels().bytes != full.readPixels().bytes {
                    mismatches.append("frame \(frame), damage \(report.statistics.damage)")
                }
            }
            return (mismatches, partial)
        }
        #expect(mismatches.0.isEmpty, "\(mismatches.0.prefix(3))")
        // Patched in place but when the faces' far-to-near order changes (turning 18° a frame, half
        // the frames reorder some pair of the six faces), which builds the list again.
        #expect(mismatches.1 >= 8, "\(mismatches.1) of 16 frames redrawn in part")
    }

    /// The 3x3 light grey bitmap 1 that sparks show.
    static let sparkImage = RGBAImage(width: 3, height: 3, bytes: Array(repeating: 200, count: 36), alpha: .premultiplied)

    /// `spark` showing bitmap 1, and a rocket cell (birth rate, lifetime, velocity) trailing such
    /// sparks born at `trailRate`: cells that are born, die and spawn others.
    static func sparksAndRocket(
        _ spark: EmitterCell, rocket numbers: (birthRate: Double, lifetime: Double, velocity: Double), trailRate: Double
    ) -> [EmitterCell] {
        var spark = spark
        spark.contents = BitmapID(1)
        var rocket = EmitterCell(name: "rocket")
        (rocket[.birthRate], rocket[.lifetime], rocket[.velocity]) = numbers
        var trail = spark
        trail.name = "trail"
        trail[.birthRate] = trailRate
        rocket.emitterCells = [trail]
        return [spark, rocket]
    }

    /// An emitter whose cells show one bitmap keeps a block of fixed size in the list, so its frames
    /// are patched in place: each redraws where its particles were and are, not the output, and equals
    /// a full redraw, while particles are born, die and spawn others.
    @Test func emitterFramesRedrawOnlyWhereTheParticlesAre() throws {
        let (partial, mismatches) = try Self.gpu.perform { context in
            let output = OutputConfiguration(width: 160, height: 100, background: Color(red: 0.1, green: 0.2, blue: 0.3))
            let (tracked, full, a, b) = try Self.pair(context, output: output)
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            var spark = EmitterCell(name: "spark")
            (spark[.birthRate], spark[.lifetime], spark[.velocity], spark[.emissionRange], spark[.spin]) = (20, 0.8, 25, 6.28, 2)
            let cells = Self.sparksAndRocket(spark, rocket: (2, 0.6, 20), trailRate: 10)
            let image = Self.sparkImage
            var operations: [LayerOperation] = [
                .create(LayerHandle(1), name: nil, kind: .emitter), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 40))),
                set(1, .position, .point(Point(x: 30, y: 30))), set(1, .emitterPosition, .point(Point(x: 20, y: 20))),
                set(1, .emitterCells, .cells(cells)), set(1, .seed, .number(5)),
                .insertSublayer(LayerHandle(1), into: nil, at: nil),
            ]
            // Still squares, one over the emitter's corner.
            for (h, x, y) in [(UInt64(2), 40.0, 40.0), (3, 120, 70), (4, 140, 20)] {
                operations += Self.opaqueSquare(h, x, y, side: 16, red: 0.5)
            }
            var partial = 0
            var mismatches: [String] = []
            for frame in 0..<16 {
                let transaction = frame == 0
                    ? Commit(operations: operations, bitmaps: [BitmapContents(id: BitmapID(1), image: image)]) : Commit(operations: [])
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                let report = try tracked.frame(at: Double(frame) / 15)
                try full.frame(at: Double(frame) / 15)
                let damage = report.statistics.damage
                if frame > 0, !damage.isFull, !damage.boxes.contains(where: { !$0.intersection(PixelRegion(x: 120, y: 70, width: 16, height: 16)).isEmpty }) {
                    partial += 1
                }
                if try tracked.readPixels().bytes != full.readPixels().bytes { mismatches.append("frame \(frame), damage \(damage)") }
            }
            return (partial, mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(partial == 15, "frames patched in place, away from the far square: \(partial) of 15")
    }

    /// Particles depend on the time alone: a compositor that drew frames at uneven times up to T shows
    /// at T exactly what one that draws only T shows.
    @Test func emitterFramesDependOnTimeAlone() throws {
        let (same, animating) = try Self.gpu.perform { context in
            let (tracked, fresh, a, b) = try Self.pair(context, output: OutputConfiguration(width: 120, height: 80, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            var spark = EmitterCell(name: "spark")
            (spark[.birthRate], spark[.lifetime], spark[.velocity], spark[.velocityRange], spark[.emissionRange]) = (40, 1.5, 40, 20, 6.28)
            (spark[.spin], spark[.spinRange], spark[.alphaSpeed], spark[.yAcceleration]) = (1, 3, -0.5, 30)
            let cells = Self.sparksAndRocket(spark, rocket: (1, 1, 30), trailRate: 20)
            let image = Self.sparkImage
            let setup = Commit(
                operations: [
                    .create(LayerHandle(1), name: nil, kind: .emitter), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 120, height: 80))),
                    set(1, .position, .point(Point(x: 60, y: 40))), set(1, .emitterPosition, .point(Point(x: 60, y: 40))),
                    set(1, .emitterCells, .cells(cells)), set(1, .seed, .number(3)),
                    .insertSublayer(LayerHandle(1), into: nil, at: nil),
                ], bitmaps: [BitmapContents(id: BitmapID(1), image: image)])
            tracked.commit(setup, from: a)
            fresh.commit(setup, from: b)
            for t in [0.0, 0.1, 0.35, 0.36, 1.2, 2.0] { try tracked.frame(at: t) }
            try tracked.frame(at: 2.5)
            try fresh.frame(at: 2.5)
            let pixels = try tracked.readPixels()
            let background = pixels[0, 0]
            let lit = (0..<80).reduce(0) { n, y in n + (0..<120).filter { pixels[$0, y] != background }.count }
            return (try pixels.bytes == fresh.readPixels().bytes && lit > 50, tracked.isAnimating)
        }
        #expect(same, "the same pixels, with particles among them")
        #expect(animating, "live particles keep frames coming")
    }
}
