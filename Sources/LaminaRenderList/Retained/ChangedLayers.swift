package import LaminaCore

/// Which layers a frame changed, for `RetainedRenderList.update`: the layers whose presented values may
/// differ from the last frame's. Those are the layers written by the transactions applied (with the
/// superlayer of one whose `zPosition` was written: it orders that superlayer's sublayers), and those
/// animated in this frame or the last (a layer whose animation ended changed too); nil when the
/// hierarchy changed, since then anything may have.
///
/// One per retained list, kept from frame to frame: it remembers which layers animated last frame.
package struct ChangedLayers {
    /// The layers animated in the last frame, and those of them whose `zPosition` was.
    private var animatedBefore: ContiguousArray<LayerID> = []
    private var zAnimatedBefore: [LayerID] = []
    /// The slots animated in this frame: whether a layer animated last frame is listed already, without
    /// asking the presentation again.
    private var animatedNow = SlotMarks()
    /// The last answer's storage, reused.
    private var changedLayers: [LayerID] = []

    package init() {}

    /// The layers changed in a frame whose writes and hierarchy changes are `changes`, in `tree` as
    /// `presentation` (this frame's) shows it; nil when the hierarchy changed.
    package mutating func changed(_ changes: LayerChanges, in tree: LayerTree, _ presentation: Presentation) -> [LayerID]? {
        let animated = presentation.animatedLayers
        // Through locals: the loops below then check no exclusive access and retain nothing per pass.
        var (before, zBefore, marks) = (ContiguousArray<LayerID>(), [LayerID](), SlotMarks())
        swap(&before, &animatedBefore)
        swap(&zBefore, &zAnimatedBefore)
        swap(&marks, &animatedNow)
        let zPositions = presentation.animatedKeys & 1 &<< UInt128(PropertyKey.zPosition.rawValue) != 0
        // This frame's animated layers become the next frame's `before`, copied into the storage kept
        // from frame to frame (sharing the presentation's would make its next frame allocate anew);
        // not copied when they are the same layers already.
        var same = false
        defer {
            if !same {
                before.removeAll(keepingCapacity: true)
                before.append(contentsOf: animated)
            }
            zBefore.removeAll(keepingCapacity: true)
            if zPositions { for layer in animated where presentation.animates(.zPosition, of: layer) { zBefore.append(layer) } }
            swap(&before, &animatedBefore)
            swap(&zBefore, &zAnimatedBefore)
            swap(&marks, &animatedNow)
        }
        // The same layers animating as last frame (a steady scene of spinners): last frame's add none
        // that are not listed already, and no layer needs marking to tell.
        same = LayerID.same(before, animated)
        if !same {
            marks.startRound(slotCount: tree.slotCount)
            for layer in animated { marks.mark(Int(layer.index)) }
        }
        guard !changes.hierarchy else { return nil }
        var changedLayers: [LayerID] = []
        swap(&changedLayers, &self.changedLayers)
        defer { swap(&changedLayers, &self.changedLayers) }
        changedLayers.removeAll(keepingCapacity: true)
        func add(_ layer: LayerID, zPosition: Bool) {
            changedLayers.append(layer)
            if zPosition, let parent = (try? tree.superlayer(of: layer)) ?? nil { changedLayers.append(parent) }
        }
        for write in changes.writes { add(write.layer, zPosition: write.key == .zPosition) }
        // Appended whole unless some layer animates its zPosition (one by one, a hundred thousand
        // layers took a millisecond).
        if zPositions {
            for layer in animated { add(layer, zPosition: presentation.animates(.zPosition, of: layer)) }
        } else {
            changedLayers.append(contentsOf: animated)
        }
        // Last frame's animated layers that are not this frame's (an animation ended: they changed too).
        if !same {
            for layer in before where Int(layer.index) >= tree.slotCount || !marks.contains(Int(layer.index)) {
                if tree.contains(layer) { add(layer, zPosition: false) }
            }
        }
        // Those whose zPosition animated come again with their superlayer, whose order they changed.
        for layer in zBefore where tree.contains(layer) { add(layer, zPosition: true) }
        return changedLayers
    }
}
