import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import LaminaServer
import Testing

/// The frame pipeline on the real GPU (llvmpipe in CI): transactions applied atomically and in order,
/// per-client namespaces, events, uploads and pixels.
@Suite(.serialized) struct CompositorTests {
    static let gpu: GPUContext = try! GPUContext(display: DisplaySelection.standard().select())

    /// Runs `body` with a fresh 40x20-point compositor on the render thread.
    func withCompositor<T: Sendable>(
        _ body: @escaping @Sendable (Compositor) throws -> T
    ) throws -> T {
        try Self.gpu.perform { (context) throws -> T in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 40, height: 20))
            return try body(compositor)
        }
    }

    static let red = RGBAImage(width: 2, height: 2, filledWith: SIMD4(255, 0, 0, 255), alpha: .straight)

    /// A square layer `h` of `size` points at `origin`, on the root.
    static func square(_ h: UInt64, at origin: Point, size: Double = 10, color: Color = .white) -> [LayerOperation] {
        let handle = LayerHandle(h)
        return [
            .create(handle, name: "square\(h)"),
            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: size, height: size))),
            .set(handle, LayerKeyPath(.anchorPoint), .point(.zero)),
            .set(handle, LayerKeyPath(.position), .point(origin)),
            .set(handle, LayerKeyPath(.backgroundColor), .color(color)),
            .insertSublayer(handle, into: nil, at: nil),
        ]
    }

    @Test func appliesInCommitOrderAndStampsCommitTimes() throws {
        let (x, pixel) = try withCompositor { c in
            let client = c.addClient()
            c.commit(Commit(operations: Self.square(1, at: .zero), commitTime: 0), from: client)
            let slide = Animation.basic(LayerKeyPath(.position), from: .point(.zero), to: .point(Point(x: 20, y: 0)),
                                        timing: MediaTiming(duration: 1))
            c.commit(Commit(operations: [.addAnimation(LayerHandle(1), slide, key: "slide")], commitTime: 1), from: client)
            let report = try c.frame(at: 1.5)
            #expect(report.applied.map(\.commitTime) == [0, 1])
            let id = c.store.layer(LayerHandle(1), of: client)!
            let x = c.presentation.value(.position, of: id, in: c.tree).x
            return (x, try c.readPixels()[15, 5])
        }
        #expect(x == 10)  // begun at its commit (1.0), half-way at 1.5
        #expect(pixel == SIMD4(255, 255, 255, 255))
    }

    @Test func contentsChangesCrossFadeByDefault() throws {
        let blue = RGBAImage(width: 2, height: 2, filledWith: SIMD4(0, 0, 255, 255), alpha: .straight)
        var settings = TransactionSettings.initial
        settings.animationDuration = 1
        settings.animationTimingFunction = .linear
        let action = try #require(Actions.defaultAction(forKey: "contents", settings: settings))
        let pixels = try withCompositor { c in
            let client = c.addClient()
            var setup = Commit(operations: Self.square(1, at: .zero, size: 20), commitTime: 0)
            setup.operations.append(.set(LayerHandle(1), LayerKeyPath(.contents), .bitmap(BitmapID(1))))
            setup.bitmaps = [BitmapContents(id: BitmapID(1), image: Self.red), BitmapContents(id: BitmapID(2), image: blue)]
            c.commit(setup, from: client)
            try c.frame(at: 0)
            // What a committer sends when the property changes with actions on: the new contents and
            // the default action under its key.
            c.commit(
                Commit(
                    operations: [
                        .set(LayerHandle(1), LayerKeyPath(.contents), .bitmap(BitmapID(2))),
                        .addAnimation(LayerHandle(1), action, key: "contents"),
                    ], commitTime: 1), from: client)
            return try [1.25, 1.75, 2.5].map { t in
                try c.frame(at: t)
                return try c.readPixels()[10, 10]
            }
        }
        // Old red fading into new blue: a quarter, three quarters, then the new image alone.
        func near(_ p: SIMD4<UInt8>, _ r: Double, _ b: Double) -> Bool {
            abs(Double(p.x) - r * 255) <= 1.5 && p.y == 0 && abs(Double(p.z) - b * 255) <= 1.5 && p.w == 255
        }
        #expect(near(pixels[0], 0.75, 0.25), "\(pixels[0].x) \(pixels[0].z)")
        #expect(near(pixels[1], 0.25, 0.75), "\(pixels[1].x) \(pixels[1].z)")
        #expect(pixels[2] == SIMD4(0, 0, 255, 255))
    }

    @Test func aBadTransactionIsRejectedWholeAndNothingElseIsLost() throws {
        let result = try withCompositor { c in
            let a = c.addClient(), b = c.addClient()
            c.commit(Commit(operations: Self.square(1, at: .zero)), from: b)
            var bad = Self.square(1, at: Point(x: 20, y: 0))
            bad.append(.set(LayerHandle(9), LayerKeyPath(.opacity), .number(0.5)))
            c.commit(Commit(operations: bad), from: a)
            c.commit(Commit(operations: Self.square(2, at: Point(x: 30, y: 10))), from: a)
            let report = try c.frame(at: 0)
            let image = try c.readPixels()
            return (
                report.rejected.map { "\($0.client) \($0.error)" }, report.applied.count, c.tree.count,
                image[25, 5], image[5, 5], image[35, 15]
            )
        }
        #expect(result.0 == ["client#1 operation 6 (set opacity of layer@9): unknown layer layer@9"])
        #expect(result.1 == 2)
        #expect(result.2 == 3)  // the root, b's square, a's second square
        #expect(result.3 == SIMD4(0, 0, 0, 0))  // the rejected square was never made
        #expect(result.4 == SIMD4(255, 255, 255, 255))
        #expect(result.5 == SIMD4(255, 255, 255, 255))
    }

    @Test func treeErrorsAreToldInTheClientsHandles() throws {
        let errors = try withCompositor { c in
            let client = c.addClient()
            let (p, q) = (LayerHandle(1), LayerHandle(2))
            c.commit(Commit(operations: [.create(p, name: nil), .create(q, name: nil), .insertSublayer(q, into: p, at: nil)]), from: client)
            c.commit(Commit(operations: [.insertSublayer(p, into: q, at: nil)]), from: client)
            c.commit(Commit(operations: [.insertSublayer(p, into: nil, at: 5)]), from: client)
            c.commit(Commit(operations: [.create(p, name: nil)]), from: client)
            c.commit(Commit(operations: [.set(p, LayerKeyPath(.contents), .bitmap(BitmapID(7)))]), from: client)
            let other = c.addClient()
            c.commit(Commit(operations: [.destroy(p)]), from: other)
            return try c.frame(at: 0).rejected.map { "\($0.error)" }
        }
        #expect(errors == [
            "operation 0 (insert layer@1 into layer@2): layer@1 cannot go under layer@2, which is already below it (that would make a cycle)",
            "operation 0 (insert layer@1 into the root): index 5 is outside 0...0 for the sublayers of the canvas root",
            "operation 0 (create layer@1): layer@1 already exists",
            "operation 0 (set contents of layer@1): unknown bitmap#7",
            "operation 0 (destroy layer@1): unknown layer layer@1",
        ])
    }

    @Test func eventsReportStartsStopsAndReplacements() throws {
        let events = try withCompositor { c in
            let client = c.addClient()
            let h = LayerHandle(1)
            let fade = Animation.basic(LayerKeyPath(.opacity), from: .number(0), to: .number(1), timing: MediaTiming(duration: 1))
            c.commit(Commit(operations: [.create(h, name: nil), .insertSublayer(h, into: nil, at: nil), .addAnimation(h, fade, key: "fade")], commitTime: 0), from: client)
            var all = try c.frame(at: 0.5).events
            c.commit(Commit(operations: [.addAnimation(h, fade, key: "fade")], commitTime: 0.5), from: client)
            all += try c.frame(at: 0.6).events
            all += try c.frame(at: 2).events
            return all.map { "\($0.layer) \($0.key ?? "-") \($0.kind)" }
        }
        #expect(events == [
            "layer@1 fade started", "layer@1 fade stopped(completed: false)", "layer@1 fade started",
            "layer@1 fade stopped(completed: true)",
        ])
    }

    @Test func bitmapsUploadOnceAndDamageUpdatesOnlyTheirRectangle() throws {
        let (before, after, uploads) = try withCompositor { c in
            let client = c.addClient()
            let h = LayerHandle(1)
            var ops = Self.square(1, at: .zero, size: 20, color: .clear)
            ops.append(.set(h, LayerKeyPath(.contents), .bitmap(BitmapID(3))))
            ops.append(.set(h, LayerKeyPath(.magnificationFilter), .filter(.nearest)))
            c.commit(Commit(operations: ops, bitmaps: [BitmapContents(id: BitmapID(3), image: Self.red)]), from: client)
            try c.frame(at: 0)
            let before = try c.readPixels()
            var changed = Self.red
            changed.bytes[4..<8] = [0, 0, 255, 255]  // pixel (1, 0) turns blue
            c.commit(
                Commit(bitmaps: [BitmapContents(id: BitmapID(3), image: changed, damage: PixelRegion(x: 1, y: 0, width: 1, height: 1))]),
                from: client)
            try c.frame(at: 0)
            return (before, try c.readPixels(), c.textureStatistics.uploads)
        }
        #expect(before[15, 5] == SIMD4(255, 0, 0, 255))
        #expect(after[15, 5] == SIMD4(0, 0, 255, 255))
        #expect(after[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(uploads == 1)  // the second was a partial upload
    }

    @Test func removingAClientLeavesNothingBehind() throws {
        let (layers, textures, pixel) = try withCompositor { c in
            let client = c.addClient()
            var ops = Self.square(1, at: .zero)
            ops.append(.set(LayerHandle(1), LayerKeyPath(.contents), .bitmap(BitmapID(1))))
            c.commit(Commit(operations: ops, bitmaps: [BitmapContents(id: BitmapID(1), image: Self.red)]), from: client)
            try c.frame(at: 0)
            c.commit(Commit(operations: Self.square(2, at: .zero)), from: client)  // still queued
            c.removeClient(client)
            try c.frame(at: 0)
            return (c.tree.count, c.textureStatistics.count, try c.readPixels()[5, 5])
        }
        #expect(layers == 1)
        #expect(textures == 0)
        #expect(pixel == SIMD4(0, 0, 0, 0))
    }

    @Test func aFailedUploadRejectsTheTransactionWhole() throws {
        let (rejected, layers, textures, later) = try Self.gpu.perform { (context) throws -> ([String], Int, Int, Int) in
            // A 16-byte budget holds a 2x2 bitmap, not a 4x4 one.
            let c = try Compositor(context, output: OutputConfiguration(width: 40, height: 20), textureBudget: 16)
            let client = c.addClient()
            let big = RGBAImage(width: 4, height: 4, filledWith: SIMD4(0, 255, 0, 255), alpha: .straight)
            var ops = Self.square(1, at: .zero)
            ops.append(.set(LayerHandle(1), LayerKeyPath(.contents), .bitmap(BitmapID(1))))
            c.commit(
                Commit(operations: ops, bitmaps: [BitmapContents(id: BitmapID(2), image: Self.red), BitmapContents(id: BitmapID(1), image: big)]),
                from: client)
            let report = try c.frame(at: 0)
            // The same handles are free again afterwards: nothing of the rejected transaction stayed.
            c.commit(Commit(operations: Self.square(1, at: .zero)), from: client)
            let later = try c.frame(at: 0).applied.count
            return (report.rejected.map { "\($0.error)" }, c.tree.count, c.textureStatistics.count, later)
        }
        #expect(rejected.count == 1)
        #expect(rejected.first?.hasPrefix("upload bitmap#1: ") == true, "\(rejected)")
        #expect(layers == 2)  // the root and the square of the second transaction
        #expect(textures == 0)
        #expect(later == 1)
    }

    @Test func impossibleOutputsAreRefused() throws {
        let errors = Self.gpu.perform { (context) -> [String] in
            [OutputConfiguration(width: 0, height: 10), OutputConfiguration(width: 10, height: 10, scale: -1),
             OutputConfiguration(width: 20000, height: 10)].map { output in
                do {
                    _ = try Compositor(context, output: output)
                    return "made"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(errors == [
            "output: the size must be positive, not 0.0x10.0 points",
            "output: the scale must be a positive number, not -1.0",
            "output: 20000.0x10.0 pixels is outside 1...16384 pixels on a side",
        ])
    }
}

extension CompositorTests {
    @Test("with an apply budget a frame applies at least one transaction, by turns between clients, and keeps the rest in order")
    func applyBudgetTakesTurns() throws {
        let frames = try withCompositor { c in
            let a = c.addClient(), b = c.addClient()
            for serial in 1...3 as ClosedRange<UInt32> {
                c.commit(Commit(operations: Self.square(UInt64(serial), at: .zero), serial: serial), from: a)
            }
            c.commit(Commit(operations: Self.square(1, at: .zero), serial: 10), from: b)
            var frames: [[String]] = []
            for t in 0..<4 {
                // A budget of zero: one transaction per frame.
                let report = try c.frame(at: Double(t), applyBudget: 0)
                frames.append(report.applied.map { "\($0.client == a ? "a" : "b")\($0.serial)" })
            }
            return (frames, c.hasPendingTransactions)
        }
        #expect(frames.0 == [["a1"], ["b10"], ["a2"], ["a3"]])
        #expect(!frames.1)
    }
}
