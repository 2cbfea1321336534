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
    /// The saved state: slots as they were before their first edit, and the other fields.
    @usableFromInline
    struct Journal: Sendable {
        /// Slots as they were, in the order first edited; a slot's `savedAt` is its place here.
        ///
        /// An array, not a dictionary by index: a commit destroying 30,000 layers saved 30,000 slots,
        /// and hashing them in, growing the table and faulting in its fresh pages cost more than the
        /// destroying. Its storage is kept from one journal to the next (`LayerTree.spareSaved`).
        var saved: [(index: Int32, slot: Slot)]
        /// Free slots a new layer took, with their generations: all a rollback needs to free them again.
        var revived: [(index: Int, generation: UInt32)] = []
        var slotCount: Int
        var freeSlots: [UInt32]
        var count: Int
        var nextAnimationID: UInt64
        var changes: LayerChanges
        var staleParents: [LayerID]
    }

    /// Starts recording edits (keeping those of a journal still open).
    public mutating func beginJournal() {
        journalEpoch += 1
        journaledSlots = slots.count
        var saved: [(index: Int32, slot: Slot)] = []
        swap(&saved, &spareSaved)
        journal = Journal(
            saved: saved, slotCount: slots.count, freeSlots: freeSlots, count: count, nextAnimationID: nextAnimationID,
            changes: changes,
            staleParents: staleParents)
    }

    /// Keeps the edits made since `beginJournal()` and stops recording.
    public mutating func commitJournal() {
        guard journal != nil else { return }
        keepSavedStorage()
        journal = nil
        journaledSlots = 0
    }

    /// Empties the journal's saved slots, keeping their storage for the next journal.
    private mutating func keepSavedStorage() {
        swap(&spareSaved, &journal!.saved)
        spareSaved.removeAll(keepingCapacity: true)
    }

    /// Whether a journal is open.
    public var isJournaling: Bool { journal != nil }

    /// Undoes every edit since `beginJournal()` and stops recording; nothing happens with no journal.
    public mutating func rollBack() {
        guard let saved = journal else { return }
        journal = nil
        journaledSlots = 0
        slots.removeLast(slots.count - saved.slotCount)
        for (index, slot) in saved.saved { slots[Int(index)] = slot }
        spareSaved = saved.saved
        spareSaved.removeAll(keepingCapacity: true)
        for (index, generation) in saved.revived {
            slots[index] = Slot(generation: generation, isLive: false, node: Node(), savedIn: journalEpoch)
        }
        freeSlots = saved.freeSlots
        count = saved.count
        nextAnimationID = saved.nextAnimationID
        changes = saved.changes
        staleParents = saved.staleParents
        schedule.isStale = true
    }

    /// Saves slot `index` before its first edit under an open journal. Every edit of a slot calls it.
    ///
    /// Why a stamp in the slot: a slot edited many times in one transaction (the parent of 30,000 new
    /// sublayers) is saved once, and each later edit is known to be saved without hashing its index;
    /// slots made since the journal began have nothing to save (a rollback drops them).
    @inlinable
    mutating func willEdit(_ index: Int) {
        if index < journaledSlots, slots[index].savedIn != journalEpoch { save(index) }
    }

    /// Records that free slot `index` is taken by a new layer: a free slot holds nothing but its
    /// generation, so that is all that is kept of it (a commit reusing the slots of 30,000 destroyed
    /// layers saved 30,000 empty records).
    mutating func willRevive(_ index: Int) {
        guard index < journaledSlots, slots[index].savedIn != journalEpoch else { return }
        slots[index].savedIn = journalEpoch
        slots[index].savedAt = -1
        journal!.revived.append((index, slots[index].generation))
    }

    @usableFromInline
    mutating func save(_ index: Int) {
        slots[index].savedIn = journalEpoch
        slots[index].savedAt = Int32(journal!.saved.count)
        journal!.saved.append((Int32(index), slots[index]))
    }

    /// The slot as it was when the journal began (as it is, with none open).
    private func slotBeforeJournal(_ index: Int) -> Slot? {
        guard let journal else { return index < slots.count ? slots[index] : nil }
        guard index < journal.slotCount else { return nil }
        guard slots[index].savedIn == journalEpoch else { return slots[index] }
        let at = Int(slots[index].savedAt)
        // Stamped but not saved: revived, so it was free.
        return at >= 0 ? journal.saved[at].slot : Slot(generation: slots[index].generation, isLive: false, node: Node())
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
