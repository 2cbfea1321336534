package import LaminaCore

/// Which layers a frame changed, for `RetainedRenderList.update`: the layers whose presented values may
/// differ from the last frame's. Those are the layers written by the transactions applied (with the
/// superlayer of one whose `zPosition` was written: it orders that superlayer's sublayers), and those
/// animated in this frame or the last (a layer whose animation ended changed too); nil when the
/// hierarchy changed, since then anything may have.
///
/// One per retained list, kept from frame to frame: it remembers which layers animated last frame.
package struct ChangedLayers {
    /// The layers animated in the last frame, and whether their `zPosition` was.
    private var previouslyAnimated: [(layer: LayerID, zPosition: Bool)] = []
    private var animatedNow: [(layer: LayerID, zPosition: Bool)] = []
    /// Per slot, the frame (`frameCount`) it was last animated in: whether a layer animated last frame
    /// is listed already, without asking the presentation again.
    private var animatedInFrame: [UInt32] = []
    private var frameCount: UInt32 = 0
    /// The last answer's storage, reused.
    private var changedLayers: [LayerID] = []

    package init() {}

    /// The layers changed in a frame whose writes and hierarchy changes are `changes`, in `tree` as
    /// `presentation` (this frame's) shows it; nil when the hierarchy changed.
    package mutating func changed(_ changes: LayerChanges, in tree: LayerTree, _ presentation: Presentation) -> [LayerID]? {
        // Through locals: the loops below then check no exclusive access and retain nothing per pass.
        var (now, before, marks) = ([(layer: LayerID, zPosition: Bool)](), [(layer: LayerID, zPosition: Bool)](), [UInt32]())
        swap(&before, &animatedNow)  // last frame's
        swap(&now, &previouslyAnimated)  // the frame before's storage, emptied below for this frame's
        swap(&marks, &animatedInFrame)
        defer {
            swap(&now, &animatedNow)
            swap(&before, &previouslyAnimated)
            swap(&marks, &animatedInFrame)
        }
        now.removeAll(keepingCapacity: true)
        frameCount &+= 1
        if frameCount == 0 {  // wrapped: old marks could pass for this frame's
            for i in marks.indices { marks[i] = 0 }
            frameCount = 1
        }
        let frame = frameCount
        if marks.count < tree.slotCount { marks.append(contentsOf: repeatElement(0, count: tree.slotCount - marks.count)) }
        // Asked of each layer only when some layer animates its zPosition; else the lists are copied
        // whole (appended one by one, a hundred thousand layers took a millisecond).
        let zPositions = presentation.animatedKeys & 1 &<< UInt128(PropertyKey.zPosition.rawValue) != 0
        if zPositions {
            for layer in presentation.animatedLayers { now.append((layer, presentation.animates(.zPosition, of: layer))) }
        } else {
            now.append(contentsOf: presentation.animatedLayers.lazy.map { ($0, false) })
        }
        for layer in presentation.animatedLayers { marks[Int(layer.index)] = frame }
        guard !changes.hierarchy else { return nil }
        var changedLayers: [LayerID] = []
        swap(&changedLayers, &self.changedLayers)
        changedLayers.removeAll(keepingCapacity: true)
        func add(_ layer: LayerID, zPosition: Bool) {
            changedLayers.append(layer)
            if zPosition, let parent = (try? tree.superlayer(of: layer)) ?? nil { changedLayers.append(parent) }
        }
        for write in changes.writes { add(write.layer, zPosition: write.key == .zPosition) }
        if zPositions {
            for (layer, z) in now { add(layer, zPosition: z) }
        } else {
            changedLayers.append(contentsOf: presentation.animatedLayers)
        }
        for (layer, z) in before {
            // Listed already, unless its superlayer must come too (its zPosition animated then); the
            // marks are read first, being cheaper than asking the tree.
            if !z, marks[Int(layer.index)] == frame { continue }
            if tree.contains(layer) { add(layer, zPosition: z) }
        }
        self.changedLayers = changedLayers
        return changedLayers
    }
}
