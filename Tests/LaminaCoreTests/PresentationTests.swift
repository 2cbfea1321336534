import LaminaCore
import Testing
import LaminaTestSupport

@Suite("Presentation: the engine over a tree")
struct PresentationTests {
    func setup() throws -> (LayerTree, LayerID, LayerID) {
        var tree = LayerTree()
        let root = tree.create()
        let layer = tree.create()
        try tree.addSublayer(layer, to: root)
        tree[layer][.position] = Point(x: 100, y: 100)
        return (tree, root, layer)
    }

    @Test("Presentation values, events, and removal on completion")
    func lifecycle() throws {
        var (tree, _, layer) = try setup()
        let move = Animation.basic(
            try LayerKeyPath("position.x"), from: .number(0), to: .number(10), timing: MediaTiming(beginTime: 1, duration: 1))
        let added = try tree.addAnimation(move, forKey: "move", to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 0.5, into: &presentation, events: &events)
        #expect(events.isEmpty)
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 100, y: 100))
        tree.evaluate(at: 1.5, into: &presentation, events: &events)
        #expect(events == [AnimationEvent(.started, layer: layer, animation: added.id, key: "move")])
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 5, y: 100))
        #expect(presentation.values(of: layer, in: tree)[.position] == Point(x: 5, y: 100))
        #expect(tree[layer][.position] == Point(x: 100, y: 100))  // the model is untouched
        events.removeAll()
        tree.evaluate(at: 2, into: &presentation, events: &events)
        #expect(events == [AnimationEvent(.stopped(completed: true), layer: layer, animation: added.id, key: "move")])
        #expect(try tree.animationKeys(of: layer) == [])
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 100, y: 100))
    }

    @Test("An animation kept after it ends fills forwards and reports its end once")
    func keptAnimation() throws {
        var (tree, _, layer) = try setup()
        var fade = Animation.basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0), timing: MediaTiming(duration: 1, fillMode: .forwards))
        fade.removedOnCompletion = false
        try tree.addAnimation(fade, forKey: "fade", to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 2, into: &presentation, events: &events)
        tree.evaluate(at: 3, into: &presentation, events: &events)
        #expect(events.map(\.kind) == [.started, .stopped(completed: true)])
        #expect(presentation.value(.opacity, of: layer, in: tree) == .number(0))
        #expect(try tree.animationKeys(of: layer) == ["fade"])
    }

    @Test("animatedKeys is every key some layer animates, the same split across threads, and empty once none animates")
    func animatedKeysUnion() throws {
        var tree = LayerTree()
        let root = tree.create()
        var layers: [LayerID] = []
        for _ in 0..<12 {
            let layer = tree.create()
            try tree.addSublayer(layer, to: root)
            try tree.addAnimation(
                Animation.basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0), timing: MediaTiming(duration: 1)),
                forKey: "fade", to: layer)
            layers.append(layer)
        }
        try tree.addAnimation(
            Animation.basic(try LayerKeyPath("position.x"), from: .number(0), to: .number(5), timing: MediaTiming(duration: 2)),
            forKey: "move", to: layers[3])
        try tree.addAnimation(
            Animation.basic(LayerKeyPath(.zPosition), from: .number(0), to: .number(1), timing: MediaTiming(duration: 2)),
            forKey: "rise", to: layers[11])
        // Split into a range per layer or more, each run in turn: the ranges after the first are joined.
        let split = FrameThreads(count: 4, minimumPerRange: 1) { n, body in for i in 0..<n { body(i) } }
        var (whole, parts) = (Presentation(), Presentation())
        var (splitTree, events) = (tree, [AnimationEvent]())
        func bit(_ key: PropertyKey) -> UInt128 { 1 << UInt128(key.rawValue) }
        tree.evaluate(at: 0.5, into: &whole, events: &events)
        splitTree.evaluate(at: 0.5, into: &parts, events: &events, threads: split)
        #expect(whole.animatedKeys == bit(.opacity) | bit(.position) | bit(.zPosition))
        #expect(parts.animatedKeys == whole.animatedKeys)
        tree.evaluate(at: 1.5, into: &whole, events: &events)
        splitTree.evaluate(at: 1.5, into: &parts, events: &events, threads: split)
        #expect(whole.animatedKeys == bit(.position) | bit(.zPosition), "the fades ended and left")
        #expect(parts.animatedKeys == whole.animatedKeys)
        // The layers that stopped animating read their model again, in every range.
        for (i, layer) in layers.enumerated() {
            let expected = i == 3 ? bit(.position) : i == 11 ? bit(.zPosition) : 0
            #expect(whole.animatedKeyMask(of: layer).keys == expected && parts.animatedKeyMask(of: layer).keys == expected, "layer \(i)")
            #expect(parts.overlay(of: layer).isEmpty == (expected == 0), "layer \(i)")
        }
        tree.evaluate(at: 3, into: &whole, events: &events)
        splitTree.evaluate(at: 3, into: &parts, events: &events, threads: split)
        #expect(whole.animatedKeys == 0 && parts.animatedKeys == 0)
    }

    @Test("Adding under a used key replaces; keys list in order; removal")
    func keys() throws {
        var (tree, _, layer) = try setup()
        let a = Animation.basic(LayerKeyPath(.opacity), to: .number(0))
        let first = try tree.addAnimation(a, forKey: "k", to: layer)
        try tree.addAnimation(a, forKey: "other", to: layer)
        let second = try tree.addAnimation(a, forKey: "k", to: layer)
        #expect(second.replaced?.id == first.id)
        #expect(try tree.animationKeys(of: layer) == ["other", "k"])
        #expect(try tree.animation(forKey: "k", of: layer) == a)
        #expect(try tree.removeAnimation(forKey: "other", from: layer)?.key == "other")
        #expect(try tree.removeAnimation(forKey: "missing", from: layer) == nil)
        try tree.addAnimation(a, forKey: nil, to: layer)
        #expect(try tree.removeAllAnimations(from: layer).count == 2)
        #expect(try tree.animations(of: layer).isEmpty)
    }

    @Test("Animations run in their layer's time: speeds and offsets nest")
    func layerTime() throws {
        var (tree, root, layer) = try setup()
        tree[root][.speed] = 2
        tree[layer][.timeOffset] = 1
        let move = Animation.basic(try LayerKeyPath("position.x"), from: .number(0), to: .number(100), timing: MediaTiming(beginTime: 2, duration: 4))
        try tree.addAnimation(move, forKey: nil, to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        // Layer time = 2·t + 1: at t = 1.5 it is 4, one half of the way.
        tree.evaluate(at: 1.5, into: &presentation, events: &events)
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 50, y: 100))
        // A paused subtree holds still.
        tree[root][.speed] = 0
        tree[root][.timeOffset] = 3  // the root's time at t = 1.5
        tree.evaluate(at: 100, into: &presentation, events: &events)
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 50, y: 100))
        #expect(try tree.stampedBeginTime(move, committedAt: 7, on: layer) == 2)
        tree[root][.speed] = 1
        tree[root][.timeOffset] = 0
        #expect(try tree.stampedBeginTime(Animation.basic(LayerKeyPath(.opacity)), committedAt: 7, on: layer) == 8)
    }

    @Test("Malformed animations are refused whole with the key path and field named")
    func validation() throws {
        var (tree, _, layer) = try setup()
        let wrong = Animation.basic(LayerKeyPath(.opacity), to: .point(.zero))
        #expect(throws: LayerTreeError.animation(layer, .valueType(keyPath: "opacity", field: "toValue", expected: .number, got: .point))) {
            try tree.addAnimation(wrong, forKey: "x", to: layer)
        }
        #expect(throws: LayerTreeError.animation(layer, .notAnimatable(keyPath: "contentsGravity"))) {
            try tree.addAnimation(.basic(LayerKeyPath(.contentsGravity), to: .gravity(.center)), forKey: nil, to: layer)
        }
        let keyTimes = Animation(.keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.opacity), values: [.number(0), .number(1)], keyTimes: [0, 0.5, 1])))
        #expect(throws: LayerTreeError.animation(layer, .keyframes(keyPath: "opacity", problem: "3 keyTimes for 2 keyframes (expected 2)"))) {
            try tree.addAnimation(keyTimes, forKey: nil, to: layer)
        }
        let badPath = Animation(.keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.opacity), path: Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)))))
        #expect(throws: LayerTreeError.animation(layer, .pathNeedsPoints(keyPath: "opacity"))) {
            try tree.addAnimation(badPath, forKey: nil, to: layer)
        }
        let negative = Animation.basic(LayerKeyPath(.opacity), to: .number(0), timing: MediaTiming(duration: -1))
        #expect(throws: LayerTreeError.animation(layer, .timing(field: "duration", problem: "must be a finite, non-negative number, got -1.0"))) {
            try tree.addAnimation(negative, forKey: nil, to: layer)
        }
        #expect(try tree.animations(of: layer).isEmpty)
    }

    @Test("Destroying a layer hands back its animations")
    func destroy() throws {
        var (tree, _, layer) = try setup()
        let added = try tree.addAnimation(.basic(LayerKeyPath(.opacity), to: .number(0)), forKey: "fade", to: layer)
        #expect(try tree.destroy(layer).map(\.id) == [added.id])
    }

    @Test("Animations added, removed and destroyed between frames are picked up by the next frame")
    func editsBetweenFrames() throws {
        var (tree, root, layer) = try setup()
        let other = tree.create()
        try tree.addSublayer(other, to: root)
        let fade = Animation.basic(LayerKeyPath(.opacity), from: .number(0), to: .number(1), timing: MediaTiming(duration: 10))
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 1, into: &presentation, events: &events)
        #expect(presentation.overlay(of: layer).isEmpty)

        try tree.addAnimation(fade, forKey: "fade", to: layer)
        try tree.addAnimation(fade, forKey: "fade", to: other)
        tree.evaluate(at: 5, into: &presentation, events: &events)
        #expect(presentation.value(.opacity, of: layer, in: tree) == .number(0.5))
        #expect(presentation.value(.opacity, of: other, in: tree) == .number(0.5))
        // An overlay read earlier is a snapshot: later frames do not change it.
        let earlier = presentation.overlay(of: layer)

        try tree.removeAnimation(forKey: "fade", from: layer)
        tree.evaluate(at: 6, into: &presentation, events: &events)
        #expect(presentation.overlay(of: layer).isEmpty)
        #expect(presentation.value(.opacity, of: other, in: tree) == .number(0.6))
        #expect(earlier.value(.opacity) == .number(0.5))

        // A destroyed layer's slot, reused by a new layer, starts without the old animations.
        try tree.destroy(other)
        let reused = tree.create()
        #expect(reused.index == other.index)
        tree.evaluate(at: 7, into: &presentation, events: &events)
        #expect(presentation.overlay(of: reused).isEmpty)
        #expect(presentation.value(.opacity, of: reused, in: tree) == .number(1))
        #expect(events.map(\.kind) == [.started, .started])
    }

    @Test("Compiled and general-path animations on one layer apply in the order they were added")
    func mixedPaths() throws {
        var (tree, _, layer) = try setup()
        let x = try LayerKeyPath("position.x")
        let keyframes = Animation(
            .keyframe(KeyframeAnimation(keyPath: x, values: [.number(0), .number(40)])), timing: MediaTiming(duration: 4))
        let nudge = Animation(
            .basic(BasicAnimation(keyPath: x, fromValue: .number(0), toValue: .number(4), additive: true)),
            timing: MediaTiming(duration: 4))
        try tree.addAnimation(keyframes, forKey: "path", to: layer)
        try tree.addAnimation(nudge, forKey: "nudge", to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 1, into: &presentation, events: &events)
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 11, y: 100))
        // The other way round the keyframes replace what the additive nudge added to the model.
        try tree.removeAllAnimations(from: layer)
        try tree.addAnimation(nudge, forKey: "nudge", to: layer)
        try tree.addAnimation(keyframes, forKey: "path", to: layer)
        tree.evaluate(at: 1, into: &presentation, events: &events)
        #expect(presentation.value(.position, of: layer, in: tree) == Point(x: 10, y: 100))
    }

    @Test("An animated transform is kept unboxed and read back exactly")
    func animatedTransform() throws {
        var (tree, _, layer) = try setup()
        let spin = Animation.basic(
            try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(.pi), timing: MediaTiming(duration: 2))
        try tree.addAnimation(spin, forKey: nil, to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 1, into: &presentation, events: &events)
        let overlay = presentation.overlay(of: layer)
        #expect(overlay.animatedKeys == [.transform])
        let quarter = try #require(overlay.transform(.transform))
        #expect(close(quarter, Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), 1e-12))
        #expect(overlay.value(.transform) == .transform(quarter))
        #expect(presentation.values(of: layer, in: tree)[.transform] == quarter)

        // A layer whose one animated value is a transform gets it inline; the overlay behaves the same
        // when written: the same key replaced, a second transform and a number added beside it.
        #expect(overlay.hasValues && !overlay.isEmpty)
        #expect(overlay.animatedKeyMask == 1 << PropertyKey.transform.rawValue)
        var edited = overlay
        edited.setTransform(.identity, for: .transform)
        #expect(edited.transform(.transform) == .identity && edited.animatedKeys == [.transform])
        let tilt = Transform3D(scaleX: 2, y: 1, z: 1)
        edited.setTransform(tilt, for: .sublayerTransform)
        edited.set(.number(0.5), for: .opacity)
        #expect(edited.transform(.transform) == .identity && edited.transform(.sublayerTransform) == tilt)
        #expect(Set(edited.animatedKeys) == [.transform, .sublayerTransform, .opacity])
        #expect(edited.value(.opacity) == .number(0.5))
        #expect(overlay.transform(.transform) == quarter && overlay.transform(.sublayerTransform) == nil)  // a copy
        edited.reset()
        #expect(edited.isEmpty && edited.animatedKeyMask == 0)
    }

    @Test("A turn, move or stretch over an unwritten transform is stored as its six numbers and read back the same way by every reader")
    func affineTransforms() throws {
        var tree = LayerTree()
        let root = tree.create()
        var layers: [LayerID] = []
        // A turn, a move and a stretch over an unwritten transform; a turn over a written one; a turn
        // with a second, additive turn after it; a uniform scale (which scales z too).
        let paths = ["transform.rotation.z", "transform.translation.x", "transform.scale.y", "transform.rotation.z",
            "transform.rotation.z", "transform.scale"]
        for (n, path) in paths.enumerated() {
            let layer = tree.create()
            try tree.addSublayer(layer, to: root)
            if n == 3 { try tree.setValue(.transform(Transform3D(translationX: 3, y: 0, z: 0)), at: LayerKeyPath(.transform), of: layer) }
            try tree.addAnimation(
                Animation.basic(try LayerKeyPath(path), from: .number(1), to: .number(2), timing: MediaTiming(duration: 2)),
                forKey: "a", to: layer)
            if n == 4 {
                var turn = Animation.basic(
                    try LayerKeyPath(path), from: .number(0), to: .number(1), timing: MediaTiming(duration: 2))
                if case .basic(var b) = turn.kind {
                    b.additive = true
                    turn.kind = .basic(b)
                }
                try tree.addAnimation(turn, forKey: "b", to: layer)
            }
            layers.append(layer)
        }
        // At t = 1 each first animation is at 1.5, the additive turn at 0.5.
        let (s, c) = (Double.sin(1.5), Double.cos(1.5))
        let expected: [AffineTransform?] = [
            AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0), AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 1.5, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: 1.5, tx: 0, ty: 0), nil, nil, nil,
        ]
        let split = FrameThreads(count: 3, minimumPerRange: 1) { n, body in for i in 0..<n { body(i) } }
        for threads in [FrameThreads.single, split] {
            var (presentation, events, evaluated) = (Presentation(), [AnimationEvent](), tree)
            evaluated.evaluate(at: 1, into: &presentation, events: &events, threads: threads)
            for (n, layer) in layers.enumerated() {
                #expect(presentation.animatedAffine(.transform, of: layer) == expected[n], "layer \(n)")
                // Every reader of the matrix sees the one the general path makes.
                var general = PresentationOverlay()
                for entry in try evaluated.animations(of: layer) {
                    // Added at time 0, its stamped timing is its own.
                    entry.animation.apply(at: 1, base: entry.base, model: evaluated[layer], id: entry.id, to: &general)
                }
                let matrix = try #require(general.transform(.transform))
                if let affine = expected[n] { #expect(matrix == Transform3D(affine: affine)) }
                #expect(presentation.animatedTransform(.transform, of: layer) == matrix, "layer \(n)")
                #expect(presentation.withAnimatedTransform(.transform, of: layer) { $0?.pointee } == matrix)
                #expect(presentation.overlay(of: layer).transform(.transform) == matrix)
                #expect(presentation.values(of: layer, in: evaluated)[.transform] == matrix)
                #expect(presentation.animatedKeyMask(of: layer).keys == 1 << PropertyKey.transform.rawValue)
            }
        }
    }
}
