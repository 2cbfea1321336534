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
        }

        /// Appends to `candidates` each layer of `changed` this `apply` meets for the first time, with
        /// its place in `changed`; marks `left` those past the list's `slotCount` slots. Through
        /// pointers: a hundred thousand turning layers pass here every frame, on one thread.
        mutating func gather(
            _ changed: [LayerID], slotCount: Int, into candidates: inout [(id: LayerID, order: Int32)], left: inout [Bool]
        ) {
            candidates.reserveCapacity(changed.count)
            met.withUnsafeMarks { met, round in
                left.withUnsafeMutableBufferPointer { left in
                    for (order, id) in changed.enumerated() {
                        let slot = Int(id.index)
                        guard slot < slotCount else {
                            left[order] = true
                            continue
                        }
                        guard met[slot] != round else { continue }
                        met[slot] = round
                        candidates.append((id, Int32(order)))
                    }
                }
            }
        }
    }
}
