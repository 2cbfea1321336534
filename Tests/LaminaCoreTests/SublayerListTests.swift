import LaminaCore
import Testing
import LaminaTestSupport

/// Long sublayer lists keep removed entries until compacted: every edit and read must see exactly
/// what a plain ordered list would. Checked against such a list, edit by edit, over random edits of
/// two parents with hundreds of sublayers.
@Suite("Long sublayer lists")
struct SublayerListTests {
    /// The reference: each parent's sublayers as a plain array, and each layer's superlayer.
    struct Model {
        var lists: [LayerID: [LayerID]] = [:]
        var parent: [LayerID: LayerID] = [:]

        mutating func remove(_ id: LayerID) {
            guard let p = parent.removeValue(forKey: id) else { return }
            lists[p]!.removeAll { $0 == id }
        }

        mutating func insert(_ id: LayerID, into p: LayerID, at index: Int) {
            remove(id)
            lists[p, default: []].insert(id, at: index)
            parent[id] = p
        }
    }

    @Test(arguments: 1...12)
    func randomEditsOfLongListsMatchPlainLists(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var tree = LayerTree()
        var model = Model()
        let parents = [tree.create(name: "a"), tree.create(name: "b")]
        for p in parents { model.lists[p] = [] }
        var layers: [LayerID] = []
        for i in 0..<300 {
            let id = tree.create()
            layers.append(id)
            let p = parents[i % 2]
            try tree.addSublayer(id, to: p)
            model.insert(id, into: p, at: model.lists[p]!.count)
        }
        for step in 0..<2_000 {
            let id = layers.randomElement(using: &rng)!
            let p = parents.randomElement(using: &rng)!
            let count = model.lists[p]!.count - (model.parent[id] == p ? 1 : 0)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                try tree.removeFromSuperlayer(id)
                model.remove(id)
            case 4..<6:
                try tree.addSublayer(id, to: p)
                model.insert(id, into: p, at: count)
            case 6:
                let index = Int.random(in: 0...count, using: &rng)
                try tree.insertSublayer(id, into: p, at: index)
                model.insert(id, into: p, at: index)
            case 7:
                let siblings = model.lists[p]!.filter { $0 != id }
                guard let sibling = siblings.randomElement(using: &rng) else { continue }
                try tree.insertSublayer(id, into: p, above: sibling)
                model.insert(id, into: p, at: siblings.firstIndex(of: sibling)! + 1)
            case 8:
                guard let old = model.lists[p]!.randomElement(using: &rng), old != id else { continue }
                let index = model.lists[p]!.filter { $0 != id }.firstIndex(of: old)!
                try tree.replaceSublayer(old, in: p, with: id)
                model.remove(old)
                model.insert(id, into: p, at: index)
            default:
                // Destroyed and replaced by a new layer, which may take the same slot.
                try tree.destroy(id)
                model.remove(id)
                let new = tree.create()
                layers[layers.firstIndex(of: id)!] = new
            }
            if step % 97 == 0 { tree.compactSublayerLists() }
            for p in parents {
                #expect(try tree.sublayers(of: p) == model.lists[p]!, "step \(step)")
                #expect(tree.sublayerCount(of: p) == model.lists[p]!.count)
                #expect(tree.links(of: p)?.sublayerCount == model.lists[p]!.count)
            }
            if tree.contains(id) {
                #expect(try tree.superlayer(of: id) == model.parent[id])
                // One read of the slot gives both, as the two queries give them.
                #expect(tree.links(of: id)?.superlayer == model.parent[id])
            } else {
                #expect(tree.links(of: id) == nil)
            }
        }
        for id in layers where tree.contains(id) {
            #expect(try tree.superlayer(of: id) == model.parent[id])
        }
    }

    @Test func rollingBackAfterRemovalsFromALongListRestoresIt() throws {
        var tree = LayerTree()
        let parent = tree.create()
        let children = (0..<200).map { _ in tree.create() }
        for c in children { try tree.addSublayer(c, to: parent) }
        tree.beginJournal()
        for c in children.prefix(150) { try tree.removeFromSuperlayer(c) }
        try tree.addSublayer(children[3], to: parent)
        #expect(try tree.sublayers(of: parent) == Array(children[150...]) + [children[3]])
        tree.rollBack()
        #expect(try tree.sublayers(of: parent) == children)
        #expect(try children.allSatisfy { try tree.superlayer(of: $0) == parent })
    }
}
