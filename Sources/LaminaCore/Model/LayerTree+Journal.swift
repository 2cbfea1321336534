/// An undo log, so a transaction edits the tree in place and is rejected whole by undoing its edits,
/// instead of editing a copy of the whole tree (which cost every commit a copy of every layer's record).
///
/// `beginJournal()` starts one: from then on, the first edit of each slot saves the slot as it was,
/// and the tree's other fields are saved once. `rollBack()` puts all of it back (layers made since are
/// dropped, slots edited are restored); `commitJournal()` keeps the edits and forgets the log. Reads
/// of the tree as it was when the journal began (`existedBeforeJournal`,
/// `presentationValueBeforeJournal`) serve what a transaction needs of its own past: the presentation
/// value a value-less animation starts from.
extension LayerTree {
    /// The saved state: slots by index as they were before their first edit, and the other fields.
    @usableFromInline
    struct Journal: Sendable {
        var saved: [Int: Slot] = [:]
        var slotCount: Int
        var freeSlots: [UInt32]
        var count: Int
        var nextAnimationID: UInt64
        var changes: LayerChanges
        var staleParents: [LayerID]
    }

    /// Starts recording edits (keeping those of a journal still open).
    public mutating func beginJournal() {
        journal = Journal(
            slotCount: slots.count, freeSlots: freeSlots, count: count, nextAnimationID: nextAnimationID, changes: changes,
            staleParents: staleParents)
    }

    /// Keeps the edits made since `beginJournal()` and stops recording.
    public mutating func commitJournal() {
        journal = nil
    }

    /// Whether a journal is open.
    public var isJournaling: Bool { journal != nil }

    /// Undoes every edit since `beginJournal()` and stops recording; nothing happens with no journal.
    public mutating func rollBack() {
        guard let saved = journal else { return }
        journal = nil
        slots.removeLast(slots.count - saved.slotCount)
        for (index, slot) in saved.saved { slots[index] = slot }
        freeSlots = saved.freeSlots
        count = saved.count
        nextAnimationID = saved.nextAnimationID
        changes = saved.changes
        staleParents = saved.staleParents
        schedule.isStale = true
    }

    /// Saves slot `index` before its first edit under an open journal. Every edit of a slot calls it.
    @inlinable
    mutating func willEdit(_ index: Int) {
        if journal != nil { save(index) }
    }

    @usableFromInline
    mutating func save(_ index: Int) {
        guard index < journal!.slotCount, journal!.saved[index] == nil else { return }
        journal!.saved[index] = slots[index]
    }

    /// The slot as it was when the journal began (as it is, with none open).
    private func slotBeforeJournal(_ index: Int) -> Slot? {
        guard let journal else { return index < slots.count ? slots[index] : nil }
        guard index < journal.slotCount else { return nil }
        return journal.saved[index] ?? slots[index]
    }

    /// Whether `id` named a live layer when the journal began (now, with none open).
    public func existedBeforeJournal(_ id: LayerID) -> Bool {
        guard let slot = slotBeforeJournal(Int(id.index)) else { return false }
        return slot.isLive && slot.generation == id.generation
    }

    /// `presentationValue(_:of:at:)` of the tree as it was when the journal began.
    public func presentationValueBeforeJournal(_ path: LayerKeyPath, of id: LayerID, at time: Double) throws(LayerTreeError)
        -> PropertyValue
    {
        guard journal != nil else { return try presentationValue(path, of: id, at: time) }
        guard existedBeforeJournal(id), let node = slotBeforeJournal(Int(id.index))?.node else { throw .unknownLayer(id) }
        var chain: [Node] = []
        var current: Node? = node
        while let n = current, chain.count <= Self.maximumDepth + 1 {
            chain.append(n)
            current = (n.superlayer ?? n.maskOwner).flatMap { slotBeforeJournal(Int($0.index))?.node }
        }
        var t = time
        for n in chain.reversed() { t = n.localTime(t) }
        return Self.presentationValue(path, of: node, layerTime: t)
    }
}
