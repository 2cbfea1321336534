import LaminaCore
import Testing
import LaminaTestSupport

/// The tree's undo log: a transaction edits the tree in place and a rejected one is undone whole.
@Suite("The model tree's journal")
struct JournalTests {
    /// Everything observable of a tree, as text: slots in order (live or not, with handles'
    /// generations), values, relations, names, animations, and what changed.
    static func dump(_ tree: LayerTree) -> String {
        var lines = ["count \(tree.count) roots \(tree.roots) changes \(tree.changes.hierarchy) \(tree.changes.writes.count)"]
        for id in tree.layers {
            let values = (try? tree.values(of: id)).map { v in PropertyKey.allCases.map { "\(v.value($0))" }.joined(separator: ",") }
            lines.append(
                "\(id) \(String(describing: try? tree.name(of: id))) super \(String(describing: try? tree.superlayer(of: id))) "
                    + "subs \(String(describing: try? tree.sublayers(of: id))) mask \(String(describing: try? tree.mask(of: id))) "
                    + "owner \(String(describing: try? tree.maskOwner(of: id))) "
                    + "animations \(((try? tree.animations(of: id)) ?? []).map { "\($0.id):\($0.key ?? "-")" }) values \(values ?? "")")
        }
        return lines.joined(separator: "\n")
    }

    /// A random edit of any kind (some fail, as edits in a rejected transaction do).
    static func edit(_ tree: inout LayerTree, _ rng: inout SeededGenerator, layers: inout [LayerID]) {
        let known = layers
        func pick(_ rng: inout SeededGenerator) -> LayerID { known.randomElement(using: &rng)! }
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: layers.append(tree.create(name: "n\(layers.count)"))
        case 1: _ = try? tree.destroy(pick(&rng))
        case 2: try? tree.addSublayer(pick(&rng), to: pick(&rng))
        case 3: try? tree.insertSublayer(pick(&rng), into: pick(&rng), at: 0)
        case 4: try? tree.removeFromSuperlayer(pick(&rng))
        case 5: try? tree.setMask(Bool.random(using: &rng) ? pick(&rng) : nil, of: pick(&rng))
        case 6: try? tree.setValue(.number(Double.random(in: 0...1, using: &rng)), at: LayerKeyPath(.opacity), of: pick(&rng))
        case 7:
            let fade = Animation.basic(LayerKeyPath(.opacity), to: .number(0), timing: MediaTiming(duration: 1))
            _ = try? tree.addAnimation(fade, forKey: Bool.random(using: &rng) ? "fade" : nil, to: pick(&rng))
        default:
            _ = try? tree.removeAllAnimations(from: pick(&rng))
        }
    }

    @Test(arguments: 1...40)
    func rollingBackRestoresEveryObservableThing(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var tree = LayerTree()
        var layers = (0..<6).map { tree.create(name: "l\($0)") }
        for _ in 0..<30 { Self.edit(&tree, &rng, layers: &layers) }
        _ = tree.takeChanges()
        let before = Self.dump(tree)
        let known = layers
        tree.beginJournal()
        for _ in 0..<Int.random(in: 1...40, using: &rng) { Self.edit(&tree, &rng, layers: &layers) }
        tree.rollBack()
        #expect(Self.dump(tree) == before)
        #expect(!tree.isJournaling)
        // The tree goes on as if the rolled-back edits never happened: new layers take the same slots.
        var copy = tree
        layers = known
        var again = rng
        for _ in 0..<10 { Self.edit(&tree, &rng, layers: &layers) }
        layers = known
        for _ in 0..<10 { Self.edit(&copy, &again, layers: &layers) }
        #expect(Self.dump(tree) == Self.dump(copy))
    }

    /// A slot saved by one journal is saved again by the next: the stamp that spares saving it twice
    /// in one transaction must not spare it in the following one.
    @Test func aSlotEditedInTwoJournalsRollsBackToTheFirstJournalsResult() throws {
        var tree = LayerTree()
        let (parent, a, b) = (tree.create(), tree.create(), tree.create())
        tree.beginJournal()
        try tree.addSublayer(a, to: parent)
        try tree.setValue(.number(0.5), at: LayerKeyPath(.opacity), of: parent)
        tree.commitJournal()
        let between = Self.dump(tree)
        tree.beginJournal()
        try tree.addSublayer(b, to: parent)
        try tree.setValue(.number(0.25), at: LayerKeyPath(.opacity), of: parent)
        try tree.removeFromSuperlayer(a)
        tree.rollBack()
        #expect(Self.dump(tree) == between)
        #expect(try tree.sublayers(of: parent) == [a])
        // And once more after a rollback.
        tree.beginJournal()
        try tree.setValue(.number(0), at: LayerKeyPath(.opacity), of: parent)
        tree.rollBack()
        #expect(tree[parent][.opacity] == 0.5)
    }

    /// A layer made in the slot of a destroyed one did not exist before the transaction, and rolling
    /// back frees the slot again: the next layer takes it, with the same handle generation.
    @Test func aFreeSlotTakenInAJournalIsFreeAgainAfterTheRollback() throws {
        var tree = LayerTree()
        let old = tree.create()
        try tree.destroy(old)
        let before = Self.dump(tree)
        tree.beginJournal()
        let revived = tree.create()
        #expect(revived.index == old.index && revived != old)
        #expect(!tree.existedBeforeJournal(revived))
        try tree.setValue(.number(0.5), at: LayerKeyPath(.opacity), of: revived)
        try tree.destroy(revived)
        let again = tree.create()
        #expect(!tree.existedBeforeJournal(again))
        tree.rollBack()
        #expect(Self.dump(tree) == before)
        #expect(!tree.contains(revived) && !tree.contains(again))
        #expect(tree.create() == revived)
    }

    @Test func aValueLessAnimationStartsFromThePresentationValueBeforeTheTransaction() throws {
        var tree = LayerTree()
        let layer = tree.create()
        try tree.setValue(.number(0.5), at: LayerKeyPath(.opacity), of: layer)
        tree.beginJournal()
        try tree.setValue(.number(0.25), at: LayerKeyPath(.opacity), of: layer)
        #expect(try tree.presentationValueBeforeJournal(LayerKeyPath(.opacity), of: layer, at: 0) == .number(0.5))
        #expect(try tree.presentationValue(LayerKeyPath(.opacity), of: layer, at: 0) == .number(0.25))
        let fresh = tree.create()
        #expect(!tree.existedBeforeJournal(fresh) && tree.existedBeforeJournal(layer))
        tree.commitJournal()
        #expect(try tree.presentationValueBeforeJournal(LayerKeyPath(.opacity), of: layer, at: 0) == .number(0.25))
    }
}
