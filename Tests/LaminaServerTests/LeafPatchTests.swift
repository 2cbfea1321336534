import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import Testing

/// `LeafPatch`: a frame whose every change is a leaf that moved, turned, faded or changed colour
/// rewrites those leaves' instances in place instead of building the list. The frames are compared
/// pixel for pixel with a compositor that redraws everything and keeps nothing.
extension DamageTests {
    /// Every layer a plain leaf animating for ever something a patch takes: a turn, a move, its anchor,
    /// its bounds, a fade, its background or border colour; some with rounded corners; half of them
    /// inside a still layer that clips them.
    static func patchedScene(seed: UInt64, count: UInt64, frames: Int) throws -> (mismatches: [String], statistics: [FrameStatistics]) {
        try gpu.perform { context in
            var rng = Seeded(seed: seed)
            let (tracked, full, a, b) = try pair(
                context, output: OutputConfiguration(width: 200, height: 90, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            let bitmaps = (0..<2).map { image(&rng, opaque: $0 == 0) }
            var setup = Commit(
                operations: [], bitmaps: bitmaps.enumerated().map { BitmapContents(id: BitmapID(UInt64($0.offset + 1)), image: $0.element) })
            // The clipping layer: turned a little, so its clip is evaluated in the shader's plane, not
            // a scissor box.
            let clipper = LayerHandle(1000)
            setup.operations += [
                .create(clipper, name: nil), .set(clipper, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 50, height: 40))),
                .set(clipper, LayerKeyPath(.position), .point(Point(x: 70, y: 50))),
                .set(clipper, LayerKeyPath(.masksToBounds), .bool(true)),
                .set(clipper, LayerKeyPath(.transform), .transform(Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1))),
                .insertSublayer(clipper, into: nil, at: nil),
            ]
            let timing = MediaTiming(duration: 0.9, repeatCount: .infinity, autoreverses: true)
            for h in UInt64(1)...count {
                let handle = LayerHandle(h)
                func set(_ key: PropertyKey, _ value: PropertyValue) { setup.operations.append(.set(handle, LayerKeyPath(key), value)) }
                setup.operations.append(.create(handle, name: nil))
                // No offscreen group for a faded layer of two parts (those go the usual way).
                set(.allowsGroupOpacity, .bool(false))
                set(.bounds, .rect(Rect(x: 0, y: 0, width: .random(in: 3...24, using: &rng), height: .random(in: 3...24, using: &rng))))
                set(.position, .point(Point(x: .random(in: 0...110, using: &rng), y: .random(in: 0...80, using: &rng))))
                if Double.random(in: 0...1, using: &rng) < 0.8 { set(.backgroundColor, .color(color(&rng))) }
                if Double.random(in: 0...1, using: &rng) < 0.4 { set(.contents, .bitmap(BitmapID(UInt64.random(in: 1...2, using: &rng)))) }
                if Double.random(in: 0...1, using: &rng) < 0.25 {
                    set(.borderWidth, .number(.random(in: 0.5...3, using: &rng)))
                    set(.borderColor, .color(color(&rng)))
                }
                if Double.random(in: 0...1, using: &rng) < 0.3 { set(.opacity, .number(.random(in: 0.3...0.9, using: &rng))) }
                if Double.random(in: 0...1, using: &rng) < 0.25 { set(.cornerRadius, .number(.random(in: 1...6, using: &rng))) }
                let animation: Animation =
                    switch Int.random(in: 0..<7, using: &rng) {
                    case 0: .basic(try! LayerKeyPath("transform.rotation.z"), by: .number(.random(in: -2...2, using: &rng)), timing: timing)
                    case 1:
                        .basic(
                            LayerKeyPath(.position),
                            by: .point(Point(x: .random(in: -12...12, using: &rng), y: .random(in: -12...12, using: &rng))), timing: timing)
                    case 2: .basic(LayerKeyPath(.opacity), from: .number(0.9), to: .number(0.2), timing: timing)
                    case 3: .basic(LayerKeyPath(.backgroundColor), to: .color(color(&rng)), timing: timing)
                    case 4:
                        .basic(
                            LayerKeyPath(.anchorPoint), from: .point(Point(x: 0.5, y: 0.5)),
                            to: .point(Point(x: .random(in: -1...2, using: &rng), y: .random(in: -1...2, using: &rng))), timing: timing)
                    case 5:
                        .basic(
                            LayerKeyPath(.bounds),
                            to: .rect(Rect(x: 0, y: 0, width: .random(in: 2...30, using: &rng), height: .random(in: 2...30, using: &rng))),
                            timing: timing)
                    default: .basic(LayerKeyPath(.borderColor), from: .color(color(&rng)), to: .color(color(&rng)), timing: timing)
                    }
                setup.operations += [
                    .insertSublayer(handle, into: h % 2 == 0 ? clipper : nil, at: nil), .addAnimation(handle, animation, key: "always"),
                ]
            }
            tracked.commit(setup, from: a)
            full.commit(setup, from: b)
            var mismatches: [String] = []
            var statistics: [FrameStatistics] = []
            for frame in 0..<frames {
                try drawBoth(
                    tracked, full, at: Double(frame) / 30, label: "seed \(seed) frame \(frame)", mismatches: &mismatches,
                    statistics: &statistics)
            }
            return (mismatches, statistics)
        }
    }

    @Test("leaves that move, turn, shift their anchor, resize, fade or change colour are patched in place, frame after frame, equal to a full redraw", arguments: [UInt64(31), 32, 33])
    func patchedLeavesEqualAFullRedraw(seed: UInt64) throws {
        let (mismatches, statistics) = try Self.patchedScene(seed: seed, count: 60, frames: 40)
        #expect(mismatches.count == 0, "\(mismatches.prefix(3))")
        // After the first whole build, nearly every frame is a patch of most leaves (one leaf that
        // cannot be, a layer turned away or culled, sends a frame the usual way).
        let patched = statistics.dropFirst().map(\.patchedLeaves)
        #expect(patched.filter { $0 > 40 }.count > 30, "leaves patched per frame: \(patched)")
        // Below 256 leaves, the boxes around the patched quads (which keep to the left of the output).
        #expect(statistics.dropFirst().filter { $0.patchedLeaves > 0 && $0.damage != .full }.count > 30)
    }

    /// 256: `LeafPatch.preciseDamageLimit`.
    @Test("a patched frame whose leaves are too many to sum redraws everything, equal to a full redraw")
    func manyPatchedLeaves() throws {
        let (mismatches, statistics) = try Self.patchedScene(seed: 34, count: 400, frames: 6)
        #expect(mismatches.count == 0, "\(mismatches.prefix(3))")
        #expect(statistics.dropFirst().contains { $0.patchedLeaves > 256 && $0.damage == .full }, "\(statistics.map(\.patchedLeaves))")
    }

    /// The slide every leaf of the tests below runs for ever, so that every frame patches it.
    static let slide = Animation.basic(
        LayerKeyPath(.position), by: .point(Point(x: 3, y: 2)),
        timing: MediaTiming(duration: 0.7, repeatCount: .infinity, autoreverses: true))

    /// Plays `frames` frames (at 30 a second) of `setup` on a damage-tracked compositor and on one
    /// redrawing everything, committing `later` to both before frame `laterAt`: the frames that
    /// differ, and the tracked one's statistics.
    static func playBoth(
        _ setup: Commit<BitmapContents>, output: OutputConfiguration, frames: Int, later: Commit<BitmapContents>, at laterAt: Int
    ) throws -> (mismatches: [String], statistics: [FrameStatistics]) {
        try gpu.perform { context in
            let (tracked, full, a, b) = try Self.pair(context, output: output)
            tracked.commit(setup, from: a)
            full.commit(setup, from: b)
            var mismatches: [String] = []
            var statistics: [FrameStatistics] = []
            for frame in 0..<frames {
                if frame == laterAt {
                    tracked.commit(later, from: a)
                    full.commit(later, from: b)
                }
                try Self.drawBoth(
                    tracked, full, at: Double(frame) / 30, label: "frame \(frame)", mismatches: &mismatches, statistics: &statistics)
            }
            return (mismatches, statistics)
        }
    }

    @Test("a leaf whose parts animate for a while (bounds, corners, border width) is drawn anew when that ends, not patched from the parts kept before")
    func partsAnimationsEndingAreBuiltAgain() throws {
        // Twelve leaves sliding for ever (so patched every frame), whose parts were kept in the first
        // frames; at frame 5 each gets a finite animation of something its parts are read from. While
        // it runs the leaf is drawn the usual way; when it ends, the parts kept from before still
        // match the model, and a patch that trusted them left the last animated size on screen.
        var rng = Seeded(seed: 41)
        // Translucent, so nothing is culled (a moving opaque quad that hides something is left to the
        // update, which would hide what this test is about).
        var setup = Commit(operations: [], bitmaps: [BitmapContents(id: BitmapID(1), image: Self.image(&rng, opaque: false))])
        var later = Commit(operations: [])
        for h in UInt64(1)...12 {
            let handle = LayerHandle(h)
            func set(_ key: PropertyKey, _ value: PropertyValue) { setup.operations.append(.set(handle, LayerKeyPath(key), value)) }
            setup.operations.append(.create(handle, name: nil))
            set(.bounds, .rect(Rect(x: 0, y: 0, width: 24, height: 18)))
            set(.position, .point(Point(x: Double(h % 6) * 32 + 16, y: h > 6 ? 62 : 22)))
            set(.backgroundColor, .color(Self.color(&rng, opaque: false)))
            if h % 3 == 0 { set(.contents, .bitmap(BitmapID(1))) }
            if h % 2 == 0 {
                set(.borderWidth, .number(2))
                set(.borderColor, .color(Self.color(&rng)))
            }
            setup.operations += [.insertSublayer(handle, into: nil, at: nil), .addAnimation(handle, Self.slide, key: "slide")]
            let timing = MediaTiming(beginTime: 5.0 / 30, duration: 0.1 + Double(h % 4) * 0.05)
            let animation: Animation =
                switch h % 3 {
                case 0: .basic(try! LayerKeyPath("bounds.size.width"), from: .number(24), to: .number(9), timing: timing)
                case 1: .basic(LayerKeyPath(.cornerRadius), from: .number(0), to: .number(8), timing: timing)
                default: .basic(LayerKeyPath(.borderWidth), from: .number(2), to: .number(6), timing: timing)
                }
            later.operations.append(.addAnimation(handle, animation, key: "parts"))
        }
        let (mismatches, statistics) = try Self.playBoth(
            setup, output: OutputConfiguration(width: 200, height: 90, background: Color(red: 0.1, green: 0.2, blue: 0.3)),
            frames: 30, later: later, at: 5)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        let patched = statistics.map(\.patchedLeaves)
        // Patched before the parts animate and again once they have all ended (by frame 16).
        #expect(patched[1..<5].allSatisfy { $0 == 12 } && patched[20...].allSatisfy { $0 == 12 }, "\(patched)")
    }

    @Test("a leaf drawn with animated bounds laid over its kept parts is not patched from them when the animation ends")
    func boundsLaidOverEndingIsDrawnAgain() throws {
        // Four leaves sliding for ever, patched every frame; one narrows for three frames from frame 4.
        // While it does, its animated bounds are laid over the parts kept for the model's (the patch
        // makes its quads again, its contents laid out for each frame's bounds); the frame it ends only
        // position animates anywhere, so the whole frame is a patch, and one taking the kept parts for
        // what that leaf's instances show would leave its last narrow quads on screen.
        var rng = Seeded(seed: 7)
        var setup = Commit(operations: [], bitmaps: [BitmapContents(id: BitmapID(1), image: Self.image(&rng, opaque: false))])
        for h in UInt64(1)...4 {
            let handle = LayerHandle(h)
            setup.operations += [
                .create(handle, name: nil),
                .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 28, height: 20))),
                .set(handle, LayerKeyPath(.position), .point(Point(x: Double(h) * 36 - 12, y: 20))),
                .set(handle, LayerKeyPath(.backgroundColor), .color(Self.color(&rng, opaque: false))),
                .set(handle, LayerKeyPath(.contents), .bitmap(BitmapID(1))),
                .insertSublayer(handle, into: nil, at: nil),
                .addAnimation(handle, Self.slide, key: "slide"),
            ]
        }
        let narrow = Animation.basic(
            try! LayerKeyPath("bounds.size.width"), from: .number(28), to: .number(10),
            timing: MediaTiming(beginTime: 4.0 / 30, duration: 0.1))
        let (mismatches, statistics) = try Self.playBoth(
            setup, output: OutputConfiguration(width: 160, height: 40, background: Color(red: 0.1, green: 0.2, blue: 0.3)),
            frames: 12, later: Commit(operations: [.addAnimation(LayerHandle(2), narrow, key: "narrow")]), at: 4)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        // All four patched while it narrows (its quads made again for each frame's bounds) and after; the
        // frame it ends (7), drawn again from its kept parts.
        let (patched, kept) = (statistics.map(\.patchedLeaves), statistics.map(\.keptLeaves))
        #expect(patched[1..<7].allSatisfy { $0 == 4 } && patched[8...].allSatisfy { $0 == 4 }, "\(patched)")
        #expect(kept[7] == 1, "\(kept)")
    }
}
