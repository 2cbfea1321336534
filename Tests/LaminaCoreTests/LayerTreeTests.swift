import LaminaCore
import Testing
import LaminaTestSupport

@Suite("The model tree: sublayers, masks, cycles")
struct LayerTreeTests {
    @Test func createAndDestroyWithStableHandles() throws {
        var tree = LayerTree()
        let a = tree.create(name: "a")
        let b = tree.create()
        #expect(tree.count == 2 && tree.contains(a) && tree.contains(b))
        try tree.destroy(a)
        #expect(!tree.contains(a) && tree.count == 1)
        let c = tree.create()
        #expect(c.index == a.index && c != a)  // the slot is reused, the handle is not
        #expect(!tree.contains(a))
        #expect(throws: LayerTreeError.unknownLayer(a)) { try tree.values(of: a) }
        #expect(throws: LayerTreeError.unknownLayer(a)) { try tree.destroy(a) }
        #expect(try tree.name(of: c) == nil)
    }

    @Test("releasing spare memory drops the free slots at the end, and no stale handle names a later layer")
    func releaseSpareMemory() throws {
        var tree = LayerTree()
        let (root, hole, kept) = (tree.create(), tree.create(), tree.create())
        var gone: [LayerID] = []
        for _ in 0..<100 {
            let layer = tree.create()
            try tree.addSublayer(layer, to: root)  // a long list: removals leave stale entries
            gone.append(layer)
        }
        try tree.addSublayer(kept, to: root)
        try tree.destroy(hole)
        for layer in gone { try tree.destroy(layer) }
        #expect(tree.slotCount == 103)
        tree.releaseSpareMemory()
        // The free slot below a live layer stays; the 100 after the last live one go.
        #expect(tree.slotCount == 3 && tree.count == 2)
        #expect(try tree.sublayers(of: root) == [kept])
        // A layer made now takes the hole first, then slots appended past every old generation.
        let refill = tree.create()
        #expect(refill.index == hole.index && refill != hole && !tree.contains(hole))
        for old in gone {
            let new = tree.create()
            #expect(new.index == old.index && new.generation > old.generation)
            #expect(!tree.contains(old) && tree.contains(new))
        }
        // Releasing with nothing spare keeps every layer.
        tree.releaseSpareMemory()
        #expect(tree.slotCount == 103 && tree.count == 103)
    }

    @Test("a presentation released to a smaller tree drops the overlays past it; the next frame evaluates as usual")
    func presentationReleasesSpareMemory() throws {
        var tree = LayerTree()
        let (a, b) = (tree.create(), tree.create())
        let slide = Animation.basic(
            try LayerKeyPath("position.x"), from: .number(0), to: .number(10), timing: MediaTiming(duration: 10))
        try tree.addAnimation(slide, forKey: "slide", to: a)
        try tree.addAnimation(slide, forKey: "slide", to: b)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 1, into: &presentation, events: &events)
        #expect(presentation.animatedLayers == [a, b])
        try tree.destroy(b)
        tree.releaseSpareMemory()
        presentation.releaseSpareMemory(slotCount: tree.slotCount)
        #expect(presentation.animatedLayers == [a])
        #expect(presentation.value(.position, of: a, in: tree).x == 1)
        tree.evaluate(at: 5, into: &presentation, events: &events)
        #expect(presentation.animatedLayers == [a] && presentation.value(.position, of: a, in: tree).x == 5)
    }

    @Test("destroying many layers at once leaves the tree that destroying them one by one leaves", arguments: UInt64(1)...20)
    func destroyAllEqualsOneByOne(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var tree = LayerTree()
        var layers: [LayerID] = []
        // A forest with long and short sublayer lists, masks both ways, and animations.
        for n in 0..<300 {
            let layer = tree.create(name: "l\(n)")
            if !layers.isEmpty, Int.random(in: 0..<10, using: &rng) < 8 {
                let parent = n > 100 && Bool.random(using: &rng) ? layers[0] : layers.randomElement(using: &rng)!
                try? tree.addSublayer(layer, to: parent)
            }
            if !layers.isEmpty, Int.random(in: 0..<20, using: &rng) == 0, let owner = layers.randomElement(using: &rng) {
                try? tree.setMask(layer, of: owner)
            }
            if Int.random(in: 0..<5, using: &rng) == 0 {
                try tree.addAnimation(
                    .basic(LayerKeyPath(.opacity), from: .number(0), to: .number(1), timing: MediaTiming(duration: 1)), forKey: "fade",
                    to: layer)
            }
            layers.append(layer)
        }
        // Some of the long list removed lazily before, as a client's earlier commits would.
        for layer in layers.shuffled(using: &rng).prefix(20) { try? tree.removeFromSuperlayer(layer) }
        let doomed = layers.filter { _ in Bool.random(using: &rng) }
        var oneByOne = tree
        var expected: [AnimationEntry] = []
        for layer in doomed where oneByOne.contains(layer) { expected += try oneByOne.destroy(layer) }
        let stopped = tree.destroyAll(doomed + doomed.prefix(3))  // listed twice: destroyed once
        #expect(Set(stopped.map(\.id)) == Set(expected.map(\.id)) && stopped.count == expected.count)
        #expect(tree.count == oneByOne.count && tree.layers == oneByOne.layers && tree.roots == oneByOne.roots)
        for layer in tree.layers {
            #expect(try tree.sublayers(of: layer) == oneByOne.sublayers(of: layer), "\(layer)")
            #expect(try tree.superlayer(of: layer) == oneByOne.superlayer(of: layer), "\(layer)")
            #expect(try tree.mask(of: layer) == oneByOne.mask(of: layer), "\(layer)")
        }
        for layer in doomed { #expect(!tree.contains(layer)) }
    }

    @Test func addInsertAndOrder() throws {
        var tree = LayerTree()
        let root = tree.create()
        let (a, b, c, d) = (tree.create(), tree.create(), tree.create(), tree.create())
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(b, to: root)
        try tree.insertSublayer(c, into: root, at: 0)
        #expect(try tree.sublayers(of: root) == [c, a, b])
        try tree.insertSublayer(d, into: root, above: a)
        #expect(try tree.sublayers(of: root) == [c, a, d, b])
        try tree.insertSublayer(b, into: root, below: c)
        #expect(try tree.sublayers(of: root) == [b, c, a, d])
        // Moving within the same parent counts the index without the moved layer.
        try tree.insertSublayer(b, into: root, at: 3)
        #expect(try tree.sublayers(of: root) == [c, a, d, b])
        #expect(throws: LayerTreeError.indexOutOfRange(index: 5, count: 4, parent: root)) {
            try tree.insertSublayer(tree.create(), into: root, at: 5)
        }
        let stranger = tree.create()
        #expect(throws: LayerTreeError.notASublayer(sibling: stranger, parent: root)) {
            try tree.insertSublayer(b, into: root, above: stranger)
        }
        #expect(try tree.superlayer(of: a) == root)
        #expect(Set(tree.roots).isSuperset(of: [root, stranger]))
    }

    @Test func addingMovesFromThePreviousParent() throws {
        var tree = LayerTree()
        let (p, q, child) = (tree.create(), tree.create(), tree.create())
        try tree.addSublayer(child, to: p)
        try tree.addSublayer(child, to: q)
        #expect(try tree.sublayers(of: p) == [])
        #expect(try tree.sublayers(of: q) == [child])
        try tree.removeFromSuperlayer(child)
        #expect(try tree.superlayer(of: child) == nil)
        #expect(try tree.sublayers(of: q) == [])
        try tree.removeFromSuperlayer(child)  // a root stays a root
    }

    @Test func replaceSublayer() throws {
        var tree = LayerTree()
        let (p, a, b, c) = (tree.create(), tree.create(), tree.create(), tree.create())
        try tree.addSublayer(a, to: p)
        try tree.addSublayer(b, to: p)
        try tree.replaceSublayer(a, in: p, with: c)
        #expect(try tree.sublayers(of: p) == [c, b])
        #expect(try tree.superlayer(of: a) == nil)
        #expect(throws: LayerTreeError.notASublayer(sibling: a, parent: p)) { try tree.replaceSublayer(a, in: p, with: c) }
        // Replacing with a sibling keeps the slot of the replaced one.
        try tree.replaceSublayer(b, in: p, with: c)
        #expect(try tree.sublayers(of: p) == [c])
    }

    @Test func cyclesAreRejectedAndChangeNothing() throws {
        var tree = LayerTree()
        let (a, b, c) = (tree.create(), tree.create(), tree.create())
        try tree.addSublayer(b, to: a)
        try tree.addSublayer(c, to: b)
        #expect(throws: LayerTreeError.cycle(layer: a, descendant: c)) { try tree.addSublayer(a, to: c) }
        #expect(throws: LayerTreeError.cycle(layer: a, descendant: a)) { try tree.addSublayer(a, to: a) }
        #expect(try tree.superlayer(of: a) == nil)
        #expect(try tree.sublayers(of: c) == [])
        // Through a mask: c's mask may not be its ancestor.
        #expect(throws: LayerTreeError.maskHasSuperlayer(mask: b, superlayer: a)) { try tree.setMask(b, of: c) }
        let m = tree.create()
        try tree.setMask(m, of: c)
        #expect(throws: LayerTreeError.cycle(layer: a, descendant: m)) { try tree.addSublayer(a, to: m) }
        let n = tree.create()
        #expect(throws: LayerTreeError.cycle(layer: n, descendant: n)) { try tree.setMask(n, of: n) }
        #expect(LayerTreeError.cycle(layer: a, descendant: c).description.contains("cycle"))
    }

    @Test func masksHaveNoSuperlayer() throws {
        var tree = LayerTree()
        let (layer, mask, other) = (tree.create(), tree.create(), tree.create())
        try tree.setMask(mask, of: layer)
        #expect(try tree.mask(of: layer) == mask)
        #expect(try tree.maskOwner(of: mask) == layer)
        #expect(try tree.superlayer(of: mask) == nil)
        #expect(!tree.roots.contains(mask))
        #expect(throws: LayerTreeError.layerIsMask(mask, of: layer)) { try tree.addSublayer(mask, to: other) }
        #expect(throws: LayerTreeError.layerIsMask(mask, of: layer)) { try tree.setMask(mask, of: other) }
        #expect(try tree.root(of: mask) == layer)
        // Replacing the mask frees the old one; removeFromSuperlayer unsets a mask.
        let second = tree.create()
        try tree.setMask(second, of: layer)
        #expect(try tree.maskOwner(of: mask) == nil)
        try tree.removeFromSuperlayer(second)
        #expect(try tree.mask(of: layer) == nil)
        try tree.setMask(mask, of: layer)
        try tree.setMask(nil, of: layer)
        #expect(try tree.maskOwner(of: mask) == nil)
    }

    @Test func destroyDetachesAndOrphans() throws {
        var tree = LayerTree()
        let (p, l, child, mask) = (tree.create(), tree.create(), tree.create(), tree.create())
        try tree.addSublayer(l, to: p)
        try tree.addSublayer(child, to: l)
        try tree.setMask(mask, of: l)
        try tree.destroy(l)
        #expect(try tree.sublayers(of: p) == [])
        #expect(try tree.superlayer(of: child) == nil)
        #expect(try tree.maskOwner(of: mask) == nil)
        #expect(Set(tree.roots) == [p, child, mask])
    }

    @Test func propertyAccessThroughTheTree() throws {
        var tree = LayerTree()
        let l = tree.create()
        try tree.setValue(.number(0.5), forKeyPath: "opacity", of: l)
        #expect(tree[l][.opacity] == 0.5)
        #expect(try tree.value(forKeyPath: "opacity", of: l) == .number(0.5))
        #expect(throws: LayerTreeError.property(l, .unknownKey("opacityy"))) {
            try tree.setValue(.number(1), forKeyPath: "opacityy", of: l)
        }
        try tree.setName("card", of: l)
        #expect(try tree.name(of: l) == "card")
    }

    /// A chain of `count` layers, each under the one before; returns them top first.
    static func chain(_ count: Int, in tree: inout LayerTree) throws -> [LayerID] {
        var layers = [tree.create()]
        for _ in 1..<count {
            let next = tree.create()
            try tree.addSublayer(next, to: layers.last!)
            layers.append(next)
        }
        return layers
    }

    /// The depth check a transaction ends with looks below the layers it attached, and names the layer
    /// at the first depth past the limit, whichever way the deep tree was put together.
    @Test func aLayerPastTheNestingLimitIsFoundBelowTheLayersATransactionAttached() throws {
        let limit = LayerTree.maximumDepth
        var tree = LayerTree()
        let upper = try Self.chain(100, in: &tree)  // depths 0...99
        let lower = try Self.chain(200, in: &tree)  // a detached chain, depths 0...199
        #expect(tree.firstLayer(deeperThan: limit, under: []) == nil)
        #expect(tree.firstLayer(deeperThan: limit, under: [upper[99]]) == nil)
        // Under the 100th layer, the lower chain's first layer is at depth 100, so its layer k is at
        // 100 + k: the one at limit + 1 is k = limit + 1 - 100.
        try tree.addSublayer(lower[0], to: upper[99])
        let found = try #require(tree.firstLayer(deeperThan: limit, under: [lower[0]]))
        #expect(found.layer == lower[limit + 1 - 100] && found.depth == limit + 1)
        // Attached below the top of the lower chain, or as a mask, it is found just the same.
        #expect(tree.firstLayer(deeperThan: limit, under: [lower[150]])?.layer == lower[limit + 1 - 100])
        try tree.removeFromSuperlayer(lower[0])
        #expect(tree.firstLayer(deeperThan: limit, under: [lower[0]]) == nil)
        try tree.setMask(lower[0], of: upper[99])
        #expect(tree.firstLayer(deeperThan: limit, under: [lower[0]])?.layer == lower[limit + 1 - 100])
        // Outside the attached layers' subtrees nothing is looked at.
        #expect(tree.firstLayer(deeperThan: limit, under: [upper[50]])?.layer == lower[limit + 1 - 100])
        #expect(tree.firstLayer(deeperThan: limit, under: [tree.create()]) == nil)
    }

    /// Built from the bottom up, every new parent a root: each link attaches the whole chain so far,
    /// and the layer named is the one at depth limit + 1 of the tree as it ends.
    @Test func aChainBuiltFromTheBottomUpIsCheckedAsTheTreeEnds() throws {
        var tree = LayerTree()
        let layers = (0..<300).map { _ in tree.create() }
        for i in 0..<299 { try tree.addSublayer(layers[i], to: layers[i + 1]) }
        // layers[299] is the root, so layers[i] is at depth 299 - i.
        let found = tree.firstLayer(deeperThan: LayerTree.maximumDepth, under: Array(layers.prefix(299)))
        #expect(found?.layer == layers[299 - (LayerTree.maximumDepth + 1)])
        #expect(found?.depth == LayerTree.maximumDepth + 1)
    }
}
