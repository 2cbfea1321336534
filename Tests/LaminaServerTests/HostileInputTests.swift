import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import LaminaServer
import Testing

/// Each input that once crashed, hung or stalled the daemon, run in process through the compositor's
/// whole path (apply, evaluate at several times, build, draw): legal extremes must draw, and what is
/// outside a documented domain must be refused whole with its reason, leaving everything else as it was.
@Suite(.serialized) struct HostileInputTests {
    static let gpu: GPUContext = try! GPUContext(display: DisplaySelection.standard().select())

    /// A 40x20 compositor with a white 10x10 "bystander" square at (30, 10), from another client, drawn
    /// above everything the attacker makes.
    func withCompositor<T: Sendable>(_ body: @escaping @Sendable (Compositor, ClientID) throws -> T) throws -> T {
        try Self.gpu.perform { (context) throws -> T in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 40, height: 20))
            let attacker = compositor.addClient(), bystander = compositor.addClient()
            compositor.commit(Commit(operations: Self.square(1000, at: Point(x: 30, y: 10))), from: bystander)
            _ = try compositor.frame(at: 0)
            return try body(compositor, attacker)
        }
    }

    static func square(_ h: UInt64, at origin: Point, color: Color = .white) -> [LayerOperation] {
        let handle = LayerHandle(h)
        return [
            .create(handle, name: nil),
            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
            .set(handle, LayerKeyPath(.anchorPoint), .point(.zero)),
            .set(handle, LayerKeyPath(.position), .point(origin)),
            .set(handle, LayerKeyPath(.backgroundColor), .color(color)),
            .insertSublayer(handle, into: nil, at: 0),
        ]
    }

    /// Commits `operations` at `time`, draws frames at `time` and the `later` times, and returns the
    /// rejection (if any) and the bystander's pixel after the last frame.
    static func run(
        _ c: Compositor, _ client: ClientID, _ operations: [LayerOperation], at time: Double = 1,
        later: [Double] = [1.5, 1e6, 1e300]
    ) throws -> (error: String?, bystander: SIMD4<UInt8>) {
        c.commit(Commit(operations: operations, commitTime: time), from: client)
        let report = try c.frame(at: time)
        for t in later { _ = try c.frame(at: t) }
        return (report.rejected.first.map { "\($0.error)" }, try c.readPixels()[35, 15])
    }

    static let white = SIMD4<UInt8>(255, 255, 255, 255)
    let h = LayerHandle(1)

    func animation(_ timing: MediaTiming, keyPath: LayerKeyPath = LayerKeyPath(.opacity)) -> Animation {
        Animation.basic(keyPath, from: .number(0), to: .number(1), timing: timing)
    }

    @Test("a transform.scale of 1e300 on an opaque layer draws (occlusion culling saturates)")
    func hugeScale() throws {
        let result = try withCompositor { c, a in
            try Self.run(c, a, Self.square(1, at: .zero) + [.set(h, try LayerKeyPath("transform.scale"), .number(1e300))])
        }
        #expect(result.error == nil)
        #expect(result.bystander == Self.white)
    }

    @Test("timeOffset 1e300, and duration 1e-300 repeated forever, evaluate without trapping")
    func extremeTiming() throws {
        let results = try withCompositor { c, a in
            var out: [String?] = []
            out.append(try Self.run(c, a, Self.square(1, at: .zero) + [
                .addAnimation(h, animation(MediaTiming(duration: 1, timeOffset: 1e300, repeatCount: .infinity)), key: "a"),
                .addAnimation(h, animation(MediaTiming(duration: 1e-300, repeatCount: .infinity)), key: "b"),
                .addAnimation(h, animation(MediaTiming(beginTime: -1e300, duration: 1e-300, speed: 1e300, repeatCount: .infinity)), key: "c"),
            ]).error)
            let opacity = c.presentation.value(Property<Double>.opacity, of: c.store.layer(h, of: a)!, in: c.tree)
            return (out, opacity)
        }
        #expect(results.0 == [nil])
        #expect((0...1).contains(results.1))
    }

    @Test("a cumulative whole-transform animation far into its repeats is closed-form, not a loop")
    func cumulativeTransform() throws {
        let turn = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
        let cumulative = BasicAnimation(
            keyPath: LayerKeyPath(.transform), fromValue: .transform(.identity), toValue: .transform(turn), cumulative: true)
        let result = try withCompositor { c, a in
            let timing = MediaTiming(duration: 1e-3, timeOffset: 1e15, repeatCount: .infinity)
            let r = try Self.run(c, a, Self.square(1, at: .zero) + [.addAnimation(h, Animation(.basic(cumulative), timing: timing), key: "spin")])
            return (r.error, c.presentation.value(Property<Transform3D>.transform, of: c.store.layer(h, of: a)!, in: c.tree))
        }
        #expect(result.0 == nil)
        #expect(result.1 != .identity)
    }

    @Test("a keyframe path with a control point at (1e40, 0) builds a bounded table and animates")
    func hugePath() throws {
        var path = Path()
        path.move(to: .zero)
        for i in 0..<2_000 {
            path.addCurve(to: Point(x: Double(i), y: 0), control1: Point(x: 1e40, y: 0), control2: Point(x: 0, y: -1e38))
        }
        let keyframes = KeyframeAnimation(keyPath: LayerKeyPath(.position), path: path, calculationMode: .paced)
        let result = try withCompositor { c, a in
            try Self.run(c, a, Self.square(1, at: .zero) + [.addAnimation(h, Animation(.keyframe(keyframes), timing: MediaTiming(duration: 2)), key: "move")])
        }
        #expect(result.error == nil)
        #expect(result.bystander == Self.white)
    }

    @Test("a chain deeper than the nesting limit is refused whole, attached or not; one at the limit draws")
    func deepChains() throws {
        let errors = try withCompositor { c, a in
            func chain(_ count: Int, attached: Bool, from start: UInt64) -> [LayerOperation] {
                var ops = Self.square(start, at: .zero)
                if !attached { ops.removeLast() }
                for i in 1..<UInt64(count) {
                    ops += [.create(LayerHandle(start + i), name: nil), .insertSublayer(LayerHandle(start + i), into: LayerHandle(start + i - 1), at: nil)]
                }
                return ops
            }
            // Clients' top layers sit at depth 1 under the canvas root, so 256 layers reach depth 256.
            let atLimit = try Self.run(c, a, chain(256, attached: true, from: 1)).error
            let attached = try Self.run(c, a, chain(20_000, attached: true, from: 1_000)).error
            let detached = try Self.run(c, a, chain(30_000, attached: false, from: 100_000)).error
            // Built from the bottom up, each new parent is a root: only the whole tree shows the depth.
            var bottomUp: [LayerOperation] = (0..<300).map { .create(LayerHandle(200_000 + $0), name: nil) }
            for i in 0..<299 as Range<UInt64> {
                bottomUp.append(.insertSublayer(LayerHandle(200_000 + i), into: LayerHandle(200_001 + i), at: nil))
            }
            let assembled = try Self.run(c, a, bottomUp).error
            return (atLimit, attached, detached, assembled, c.tree.count)
        }
        #expect(errors.0 == nil)
        #expect(errors.1 == "operation 517 (insert layer@1256 into layer@1255): layer@1256 would nest deeper than 256 levels")
        #expect(errors.2 == "operation 518 (insert layer@100257 into layer@100256): layer@100257 would nest deeper than 256 levels")
        #expect(errors.3 == "commit: layer@200042 would nest deeper than 256 levels")
        #expect(errors.4 == 1 + 1 + 256)  // the canvas, the bystander and the chain at the limit
    }

    @Test("keyframe counts past the limit are refused; paced modes at the limit sample by table")
    func keyframeLimits() throws {
        let many = (0..<100_000).map { PropertyValue.number(Double($0 % 2)) }
        let tooMany = KeyframeAnimation(keyPath: LayerKeyPath(.opacity), values: many, calculationMode: .cubicPaced)
        let atLimit = KeyframeAnimation(keyPath: LayerKeyPath(.opacity), values: Array(many.prefix(10_000)), calculationMode: .cubicPaced)
        let result = try withCompositor { c, a in
            let refused = try Self.run(c, a, Self.square(1, at: .zero) + [.addAnimation(h, Animation(.keyframe(tooMany)), key: "k")]).error
            let accepted = try Self.run(c, a, Self.square(1, at: .zero) + [.addAnimation(h, Animation(.keyframe(atLimit), timing: MediaTiming(duration: 10)), key: "k")], later: [1.25]).error
            return (refused, accepted)
        }
        #expect(result.0 == "operation 6 (add an animation of opacity for key 'k' to layer@1): keyframes of 'opacity': 100000 values is over the limit of 10000")
        #expect(result.1 == nil)
    }

    @Test("numbers outside their domain are refused whole with the property named")
    func nonFinite() throws {
        let errors = try withCompositor { c, a in
            [
                try Self.run(c, a, Self.square(1, at: .zero) + [.set(h, LayerKeyPath(.opacity), .number(.infinity))]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [.set(h, LayerKeyPath(.position), .point(Point(x: .nan, y: 0)))]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [
                    .set(h, LayerKeyPath(.transform), .transform(Transform3D(scaleX: 1, y: .infinity, z: 1))),
                ]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [
                    .addAnimation(h, Animation.basic(LayerKeyPath(.opacity), to: .number(.nan)), key: nil),
                ]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [
                    .addAnimation(h, Animation.basic(LayerKeyPath(.opacity), to: .number(0), timing: MediaTiming(duration: .infinity)), key: nil),
                ]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [.set(h, LayerKeyPath(.contentsScale), .number(0))]).error,
                try Self.run(c, a, Self.square(1, at: .zero) + [.set(h, LayerKeyPath(.rasterizationScale), .number(-2))]).error,
            ]
        }
        #expect(errors == [
            "operation 6 (set opacity of layer@1): 'opacity' takes finite numbers only (no infinity or NaN)",
            "operation 6 (set position of layer@1): 'position' takes finite numbers only (no infinity or NaN)",
            "operation 6 (set transform of layer@1): 'transform' takes finite numbers only (no infinity or NaN)",
            "operation 6 (add an animation of opacity to layer@1): toValue of an animation of 'opacity' must hold finite numbers only (no infinity or NaN)",
            "operation 6 (add an animation of opacity to layer@1): duration: must be a finite, non-negative number, got inf",
            "operation 6 (set contentsScale of layer@1): 'contentsScale' takes numbers > 0, not 0.0",
            "operation 6 (set rasterizationScale of layer@1): 'rasterizationScale' takes numbers > 0, not -2.0",
        ])
    }

    @Test("30,000 sublayers of one layer in one commit keep their order")
    func wideCommit() throws {
        let result = try withCompositor { c, a in
            var ops = Self.square(1, at: .zero)
            for i in 2...30_001 as ClosedRange<UInt64> {
                ops += [.create(LayerHandle(i), name: nil), .insertSublayer(LayerHandle(i), into: LayerHandle(1), at: nil)]
            }
            // Then one moved to the front and one to the back.
            ops += [.insertSublayer(LayerHandle(2), into: LayerHandle(1), at: nil), .insertSublayer(LayerHandle(30_001), into: LayerHandle(1), at: 0)]
            let error = try Self.run(c, a, ops, later: []).error
            guard let parent = c.store.layer(h, of: a) else { return (error, 0, false, false, false) }
            let sublayers = try c.tree.sublayers(of: parent)
            return (error, sublayers.count, sublayers.first == c.store.layer(LayerHandle(30_001), of: a),
                    sublayers.last == c.store.layer(LayerHandle(2), of: a), sublayers[1] == c.store.layer(LayerHandle(3), of: a))
        }
        #expect(result.0 == nil)
        #expect(result.1 == 30_000 && result.2 && result.3 && result.4)
    }

    @Test("emitters that would keep millions of particles alive are refused at commit, naming the limit; the bystander draws")
    func particleFloods() throws {
        let result = try Self.gpu.perform { (context) throws -> (String?, String?, SIMD4<UInt8>) in
            let c = try Compositor(context, output: OutputConfiguration(width: 40, height: 20))
            let attacker = ClientID(77)
            c.addClient(attacker, limits: LayerStore.Limits(particles: 100_000))
            let bystander = c.addClient()
            c.commit(Commit(operations: Self.square(1000, at: Point(x: 30, y: 10))), from: bystander)
            var flood = EmitterCell(name: "flood")
            flood[.birthRate] = 1e6
            flood[.lifetime] = 10
            let e = LayerHandle(1)
            let ops: [LayerOperation] = [
                .create(e, name: nil, kind: .emitter), .set(e, LayerKeyPath(.emitterCells), .cells([flood])),
                .insertSublayer(e, into: nil, at: nil),
            ]
            let (refused, _) = try Self.run(c, attacker, ops)
            // Within the limit per cell, but nested: 100 parents alive, each keeping 10,000 children.
            var child = EmitterCell(name: "child")
            (child[.birthRate], child[.lifetime]) = (1000, 10)
            var parent = EmitterCell(name: "parent")
            (parent[.birthRate], parent[.lifetime]) = (10, 10)
            parent.emitterCells = [child]
            let (nested, pixel) = try Self.run(
                c, attacker, [.create(e, name: nil, kind: .emitter), .set(e, LayerKeyPath(.emitterCells), .cells([parent]))])
            return (refused, nested, pixel)
        }
        #expect(result.0?.contains("the client's emitters would keep 10000000 particles alive (birth rates times lifetimes), over the limit of 100000") == true, "\(String(describing: result.0))")
        #expect(result.1?.contains("would keep 1000100 particles alive") == true, "\(String(describing: result.1))")
        #expect(result.2 == Self.white, "the bystander is drawn")
    }
}
