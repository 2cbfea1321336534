import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import Testing

/// Kept parts (`LayerPartsTable`, `RenderListBuilder.visitKeptLeaf`): a whole build draws a leaf that
/// only moves, turns or fades from what the last whole build read of its values. Every frame here
/// animates every layer, so every frame is built whole, and model changes land between frames; the
/// frames are compared pixel for pixel with a compositor that redraws everything and keeps nothing.
extension DamageTests {
    /// The keys a kept leaf may animate (its placement, bounds, opacity and colours), and one more it
    /// may not (`cornerRadius`: the long way).
    /// `reorders: false` leaves out `zPosition`, whose every change reorders the siblings (the list is
    /// then built whole).
    static func everyFrameAnimation(_ rng: inout Seeded, reorders: Bool = true) -> Animation {
        let timing = MediaTiming(duration: 0.7, repeatCount: .infinity, autoreverses: true)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .basic(try! LayerKeyPath("transform.rotation.z"), by: .number(.random(in: -2...2, using: &rng)), timing: timing)
        case 1:
            let by = Point(x: .random(in: -12...12, using: &rng), y: .random(in: -12...12, using: &rng))
            return .basic(LayerKeyPath(.position), by: .point(by), timing: timing)
        case 2: return .basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.2), timing: timing)
        case 3 where reorders: return .basic(LayerKeyPath(.zPosition), from: .number(-1), to: .number(1), timing: timing)
        case 3: return .basic(LayerKeyPath(.opacity), from: .number(0.9), to: .number(0.4), timing: timing)
        case 4: return .basic(LayerKeyPath(.backgroundColor), to: .color(color(&rng)), timing: timing)
        case 5: return .basic(LayerKeyPath(.borderColor), from: .color(color(&rng)), to: .color(color(&rng)), timing: timing)
        case 6:
            // Laid over the kept parts; contents are laid out for each frame's bounds.
            let size = SIMD2(Double.random(in: 2...30, using: &rng), Double.random(in: 2...30, using: &rng))
            return .basic(LayerKeyPath(.bounds), to: .rect(Rect(x: 0, y: 0, width: size.x, height: size.y)), timing: timing)
        default: return .basic(LayerKeyPath(.cornerRadius), from: .number(0), to: .number(5), timing: timing)
        }
    }

    /// A random scene of `count` layers, every one animating for ever, under random model changes
    /// (colours, bitmaps, bitmaps replaced by others of another size, positions, hidden, bounds,
    /// corners, layers made and destroyed); returns the frames' statistics, after checking each
    /// frame's pixels against the full redraw.
    static func animateEverything(
        seed: UInt64, count: UInt64, frames: Int, animatedOneIn share: Int = 1, hierarchyAndBitmaps: Bool = true
    ) throws -> (mismatches: [String], statistics: [FrameStatistics]) {
        try gpu.perform { context in
            var rng = Seeded(seed: seed)
            // Past the layers (which keep to the first 64x48 points) when only some animate: what an
            // update redraws is then a box of the output, not all of it.
            let (tracked, full, a, b) =
                share == 1
                ? try pair(context)
                : try pair(context, output: OutputConfiguration(width: 160, height: 120, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            var bitmaps = (0..<3).map { image(&rng, opaque: $0 == 0) }
            var setup = Commit(
                operations: [], bitmaps: bitmaps.enumerated().map { BitmapContents(id: BitmapID(UInt64($0.offset + 1)), image: $0.element) })
            var layers: [UInt64] = []
            for h in UInt64(1)...count {
                // Mostly leaves of the root: the kept leaves this is about. (All of them in the update
                // variant: a turning layer that clips its sublayers moves its clip, which an update
                // does not patch.)
                let parent = share > 1 || layers.isEmpty || Int.random(in: 0..<8, using: &rng) > 0 ? nil : layers.randomElement(using: &rng)
                // The update variant keeps to plain layers: a shape, text or gradient layer turning has its
                // raster drawn anew, and a frame that does builds the list whole.
                setup.operations += makeLayer(h, under: parent, bitmaps: 3, smoothEdges: share == 1, &rng)
                if h % UInt64(share) == 0 {
                    setup.operations.append(.addAnimation(LayerHandle(h), everyFrameAnimation(&rng, reorders: share == 1), key: "always"))
                }
                layers.append(h)
            }
            var next = count
            var mismatches: [String] = []
            var statistics: [FrameStatistics] = []
            for frame in 0..<frames {
                var transactions = frame == 0 || !hierarchyAndBitmaps ? [] : (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    change(&rng, layers: &layers, next: &next, bitmaps: bitmaps)
                }
                if frame == 0 { transactions = [setup] }
                if frame > 0, hierarchyAndBitmaps, Int.random(in: 0..<4, using: &rng) == 0 {
                    // A bitmap replaced by one of another size: the kept layout of its quads is stale.
                    let index = Int.random(in: 0..<bitmaps.count, using: &rng)
                    bitmaps[index] = image(&rng, opaque: index == 0)
                    transactions.append(
                        Commit(operations: [], bitmaps: [BitmapContents(id: BitmapID(UInt64(index + 1)), image: bitmaps[index])]))
                }
                if frame > 0, let h = layers.randomElement(using: &rng), let other = layers.randomElement(using: &rng) {
                    // A property a kept leaf's parts are read from, one it is placed by, and a colour.
                    let handle = LayerHandle(h)
                    transactions.append(
                        Commit(operations: [
                            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: .random(in: 3...30, using: &rng), height: .random(in: 3...30, using: &rng)))),
                            .set(handle, LayerKeyPath(.anchorPoint), .point(Point(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng)))),
                            .set(LayerHandle(other), LayerKeyPath(.backgroundColor), .color(color(&rng))),
                        ]))
                }
                for t in transactions {
                    tracked.commit(t, from: a)
                    full.commit(t, from: b)
                }
                try drawBoth(
                    tracked, full, at: Double(frame) / 30, label: "seed \(seed) frame \(frame)", mismatches: &mismatches,
                    statistics: &statistics)
            }
            return (mismatches, statistics)
        }
    }

    @Test("leaves drawn from kept parts equal a full redraw, frame by frame, while every layer animates and the model changes", arguments: [UInt64(11), 12, 13])
    func keptLeavesEqualAFullRedraw(seed: UInt64) throws {
        let (mismatches, statistics) = try Self.animateEverything(seed: seed, count: 90, frames: 40)
        #expect(mismatches.count == 0, "\(mismatches.prefix(3))")
        // Built whole every frame, and most leaves drawn from what the frame before kept.
        #expect(statistics.dropFirst().allSatisfy { $0.damage == .full })
        let kept = statistics.dropFirst(2).map(\.keptLeaves)
        #expect(kept.allSatisfy { $0 > 20 }, "leaves drawn from kept parts per frame: \(kept)")
    }

    @Test("a third of the layers animating: updated in place, the layers visited again drawn from kept parts, equal to a full redraw", arguments: [UInt64(21), 22])
    func keptLeavesInUpdatesEqualAFullRedraw(seed: UInt64) throws {
        let (mismatches, statistics) = try Self.animateEverything(
            seed: seed, count: 90, frames: 40, animatedOneIn: 3, hierarchyAndBitmaps: false)
        #expect(mismatches.count == 0, "\(mismatches.prefix(3))")
        // Most frames patched in place (a box of damage). Most animated leaves are rewritten where they
        // lie (`LeafPatch`); of those it leaves to the update, the kept ones are drawn from kept parts.
        let patched = statistics.dropFirst(2).filter { $0.damage != .full }
        #expect(patched.count > 20, "frames patched in place: \(patched.count) of \(statistics.count)")
        #expect(patched.allSatisfy { $0.patchedLeaves > 10 }, "leaves patched per frame: \(patched.map(\.patchedLeaves))")
        #expect(patched.filter { $0.keptLeaves > 2 }.count > patched.count / 2, "kept leaves per patched frame: \(patched.map(\.keptLeaves))")
        // From the first update on: the parts the whole build kept, not ones the update keeps apart.
        #expect((patched.first?.keptLeaves ?? 0) > 2, "kept leaves per patched frame: \(patched.map(\.keptLeaves))")
    }
}
