/// Every attached animation in the order a frame evaluates them (slot order, then the order each layer's
/// animations were added), in one contiguous array: what `LayerTree.evaluate(at:into:events:)` walks.
///
/// Why a second list beside each layer's own: evaluating 10,000 animated layers through their node
/// records and per-layer arrays is bound by cache misses, one or more per layer. This list keeps what a
/// frame reads (the timing, the started and stopped flags, the compiled form) in a record per animation,
/// back to back, so a frame streams through memory. It is derived data: any change to a layer's
/// animations marks it stale, and the next frame rebuilds it (keeping its capacity). The layer's
/// `AnimationEntry` list stays the truth, and the flags are written through to it when they change.
struct AnimationSchedule: Sendable {
    /// One animation as a frame reads it.
    struct Item: Sendable {
        /// The layer's slot.
        var slot: UInt32
        /// The index of its `AnimationEntry` in the layer's list.
        var entry: UInt32
        var timing: MediaTiming
        /// `timing.activeDuration` and `timing.endTime`, which every frame needs.
        var activeDuration: Double
        var endTime: Double
        var hasStarted: Bool
        var hasStopped: Bool
        var removedOnCompletion: Bool
        /// The index of its flat form in `compiled`, or -1 for the entry's general path.
        var compiled: Int32
    }

    var items: ContiguousArray<Item> = []
    /// The compiled forms, in the same order: a second array so that they are read in place (an
    /// optional field of the item would be copied out to be unwrapped) and items stay small.
    var compiled: ContiguousArray<CompiledAnimation> = []
    /// Whether `items` no longer matches the layers' animation lists.
    var isStale = true

    /// Rebuilds the items from the slots.
    mutating func rebuild(from slots: UnsafeBufferPointer<LayerTree.Slot>) {
        items.removeAll(keepingCapacity: true)
        compiled.removeAll(keepingCapacity: true)
        for i in slots.indices where slots[i].isLive {
            slots[i].node.animations.withUnsafeBufferPointer { entries in
                for j in entries.indices {
                    var index: Int32 = -1
                    if let c = entries[j].compiled {
                        index = Int32(compiled.count)
                        compiled.append(c)
                    }
                    items.append(
                        Item(
                            slot: UInt32(i), entry: UInt32(j), timing: entries[j].timing,
                            activeDuration: entries[j].timing.activeDuration, endTime: entries[j].timing.endTime,
                            hasStarted: entries[j].hasStarted, hasStopped: entries[j].hasStopped,
                            removedOnCompletion: entries[j].animation.removedOnCompletion,
                            compiled: index))
                }
            }
        }
        isStale = false
    }
}
