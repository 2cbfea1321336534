/// Destroying many layers at once: what a client's departure does to its layers.
extension LayerTree {
    /// Destroys every layer of `ids` that is live (a departed client's layers), with the result of
    /// destroying them one by one with `destroy(_:)`: layers that stay lose them as sublayers, masks
    /// and mask owners, and become roots where one was their superlayer. Relations among the
    /// destroyed layers themselves are not undone first, so a client of 65,536 layers goes in one
    /// pass over them instead of 65,536 edits of lists about to vanish.
    ///
    /// Returns the attached animations, in the order of `ids`, which stop unfinished.
    public mutating func destroyAll(_ ids: [LayerID]) -> [AnimationEntry] {
        var doomed = [Bool](repeating: false, count: slots.count)
        var live: [LayerID] = []
        live.reserveCapacity(ids.count)
        for id in ids where contains(id) && !doomed[Int(id.index)] {
            doomed[Int(id.index)] = true
            live.append(id)
        }
        guard !live.isEmpty else { return [] }
        changes.changedHierarchy()
        func stays(_ other: LayerID?) -> LayerID? {
            guard let other, contains(other), !doomed[Int(other.index)] else { return nil }
            return other
        }
        var stopped: [AnimationEntry] = []
        for id in live {
            let slot = Int(id.index)
            // Relations to layers that stay are undone as `destroy` undoes them.
            let (superlayer, maskOwner) = slots.read(slot) { ($0.pointee.node.superlayer, $0.pointee.node.maskOwner) }
            if stays(superlayer) != nil || stays(maskOwner) != nil { detach(id) }
            let (sublayers, mask) = slots.read(slot) { ($0.pointee.node.sublayers, $0.pointee.node.mask) }
            for child in sublayers where !doomed[Int(child.index)] { orphan(child, of: id) }
            if let mask = stays(mask) {
                willEdit(Int(mask.index))
                slots[Int(mask.index)].node.maskOwner = nil
            }
            willEdit(slot)
            if !slots[slot].node.animations.isEmpty {
                stopped += slots[slot].node.animations
                schedule.isStale = true
            }
            slots[slot].node = Node()
            slots[slot].isLive = false
            slots[slot].generation &+= 1
            freeSlots.append(id.index)
            count -= 1
        }
        return stopped
    }
}
