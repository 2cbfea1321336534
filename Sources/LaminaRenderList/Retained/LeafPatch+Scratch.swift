import LaminaCore

extension LeafPatch {
    /// Working storage kept from frame to frame (by the renderer): a frame patching ten thousand
    /// leaves allocates nothing but the list of what it leaves.
    package struct Scratch {
        package init() {}
        /// The slots this `apply` met: a layer listed twice is taken once.
        private var met = SlotMarks()
        /// The leaves drawn by the last build, each once, whether each changed layer is left, and each
        /// range's state: kept with their capacity, so a steady frame allocates nothing for them.
        var candidates: [(id: LayerID, order: Int32)] = []
        var left: [Bool] = []
        var states: [State] = []

        mutating func takeCandidates() -> [(id: LayerID, order: Int32)] {
            var taken: [(id: LayerID, order: Int32)] = []
            swap(&taken, &candidates)
            taken.removeAll(keepingCapacity: true)
            return taken
        }

        mutating func takeLeft(count: Int) -> [Bool] {
            var taken: [Bool] = []
            swap(&taken, &left)
            if taken.count > count { taken.removeLast(taken.count - count) }
            taken.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
            while taken.count < count { taken.append(false) }
            return taken
        }

        mutating func keep(candidates: inout [(id: LayerID, order: Int32)], left: inout [Bool]) {
            swap(&self.candidates, &candidates)
            swap(&self.left, &left)
        }

        /// Starts an `apply` over a list of `slotCount` slots: no slot met yet.
        mutating func startApply(slotCount: Int) {
            met.startRound(slotCount: slotCount)
            if patchedIn.count < slotCount { patchedIn.append(contentsOf: repeatElement(0, count: slotCount - patchedIn.count)) }
        }

        // MARK: Leaves known from the last update

        /// Per slot, the update (`update`) in which the patch last moved the leaf: checked against the
        /// tree then, it needs no check now if nothing wrote it since (`KnownLeaves`).
        private var patchedIn: ContiguousArray<UInt32> = []
        /// Counts `RetainedRenderList.update`s (`advance()`), each frame's first and any other: a
        /// leaf patched in the one before this is known only if no update came between.
        private var update: UInt32 = 2
        /// The list's build when the last `apply` ended: a leaf patched in another is not known.
        var appliedToStamp: UInt32?
        /// The slots written since the last update.
        private var written = SlotMarks()

        /// Starts an update of the list.
        package mutating func advance() {
            update &+= 1
            if update == 0 {  // wrapped: a slot patched long ago could pass for one patched just now
                patchedIn.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                update = 2
            }
        }

        /// Calls `body` with the leaves this `apply` (of a list whose build is `stamp`, in an update
        /// whose transactions wrote `written`: nil when unknown) may take as known.
        mutating func withKnownLeaves<R>(stamp: UInt32, written: [LayerID]?, _ body: (KnownLeaves) -> R) -> R {
            let trusts = written != nil && appliedToStamp == stamp
            if let written, trusts {
                self.written.startRound(slotCount: patchedIn.count)
                for id in written where Int(id.index) < patchedIn.count { self.written.mark(Int(id.index)) }
            }
            let update = update
            return patchedIn.withUnsafeMutableBufferPointer { patchedIn in
                self.written.withUnsafeMarks { marks, round in
                    body(KnownLeaves(trusts: trusts, update: update, patchedIn: patchedIn, written: marks, writtenRound: round))
                }
            }
        }

        /// The leaves of `changed` this `apply` takes, each once, with its place in `changed`; marks
        /// `left` those past the list's `slotCount` slots, adding them to `count`. When `changed` lists each layer once, in
        /// increasing slots (a frame's animated layers, as the evaluation lists them), they are its
        /// first leaves themselves, in place (`Candidates.direct`); else each layer met for the first
        /// time is appended to `gathered`. Through pointers: a hundred thousand turning layers pass
        /// here every frame, on one thread (marking and copying each took half a millisecond).
        mutating func gather(
            _ changed: UnsafeBufferPointer<LayerID>, slotCount: Int, into gathered: inout [(id: LayerID, order: Int32)],
            left: inout [Bool], count: inout Int
        ) -> Candidates.Source {
            // In increasing slots, a layer cannot come twice, and those past the slots are the last.
            var (previous, inSlots) = (-1, changed.count)
            var increasing = true
            for (order, id) in changed.enumerated() {
                let slot = Int(id.index)
                guard slot > previous else {
                    increasing = false
                    break
                }
                if slot >= slotCount && inSlots == changed.count { inSlots = order }
                previous = slot
            }
            if increasing {
                for order in inSlots..<changed.count { left[order] = true }
                count += changed.count - inSlots
                return .direct(count: inSlots)
            }
            gathered.reserveCapacity(changed.count)
            met.withUnsafeMarks { met, round in
                left.withUnsafeMutableBufferPointer { left in
                    for (order, id) in changed.enumerated() {
                        let slot = Int(id.index)
                        guard slot < slotCount else {
                            left[order] = true
                            count += 1
                            continue
                        }
                        guard met[slot] != round else { continue }
                        met[slot] = round
                        gathered.append((id, Int32(order)))
                    }
                }
            }
            return .gathered
        }
    }

    /// The leaves an `apply` takes, in order, each with its place in `changed`: `changed`'s first
    /// leaves themselves, or those gathered from it (`Scratch.gather`).
    struct Candidates {
        enum Source: Equatable {
            case direct(count: Int)
            case gathered
        }
        let changed: UnsafeBufferPointer<LayerID>
        let gathered: UnsafeBufferPointer<(id: LayerID, order: Int32)>
        /// Whether the leaves are `changed`'s own.
        let direct: Bool
        let count: Int

        init(_ source: Source, changed: UnsafeBufferPointer<LayerID>, gathered: UnsafeBufferPointer<(id: LayerID, order: Int32)>) {
            (self.changed, self.gathered) = (changed, gathered)
            switch source {
            case .direct(let count): (direct, self.count) = (true, count)
            case .gathered: (direct, count) = (false, gathered.count)
            }
        }

        /// Leaf `c` and its place in `changed`.
        @inline(__always)
        subscript(c: Int) -> (id: LayerID, order: Int32) {
            direct ? (changed[c], Int32(truncatingIfNeeded: c)) : gathered[c]
        }
    }

    /// The leaves patched in the last update, of the same build of the list, that no transaction has
    /// written since: their model values are those the patch checked then, so their slot in the tree
    /// and their kept parts' key are not read again (a hundred thousand turning leaves read four cache
    /// lines a frame less). What else could change them changes the list's build (a hierarchy change,
    /// any whole build), or drops their kept parts (`LayerPartsTable.forget`, which clears the record
    /// the patch reads).
    struct KnownLeaves {
        let trusts: Bool
        let update: UInt32
        let patchedIn: UnsafeMutableBufferPointer<UInt32>
        let written: UnsafeMutableBufferPointer<UInt32>
        let writtenRound: UInt32

        /// Whether the leaf in `slot` is known.
        func contains(_ slot: Int) -> Bool {
            trusts && slot < patchedIn.count && patchedIn[slot] == update &- 1
                && (slot >= written.count || written[slot] != writtenRound)
        }

        /// Notes that the patch moved the leaf in `slot` in this update.
        func note(_ slot: Int) { patchedIn[slot] = update }
    }
}
