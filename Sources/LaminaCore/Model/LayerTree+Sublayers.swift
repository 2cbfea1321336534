/// Long sublayer lists and removal: a removal from a list of `lazyRemovalLength` or more sublayers
/// leaves the entry in place, marked only by the removed layer no longer naming that superlayer, and the
/// list is compacted once half of it is stale, or when the transaction ends (`compactSublayerLists`),
/// or before an edit that needs positions. So removing every sublayer of a layer costs O(siblings), not
/// O(siblings²), and appending stays O(1). Every read of a sublayer list goes through `isSublayer` or
/// `currentSublayers`, which skip stale entries.
extension LayerTree {
    /// Lists at least this long keep removed entries until they are compacted.
    static let lazyRemovalLength = 64

    /// Whether `entry`, found in `parent`'s sublayer list, is a sublayer of it (and not an entry a
    /// removal left behind).
    func isSublayer(_ entry: LayerID, of parent: LayerID) -> Bool {
        slots.read(Int(entry.index)) {
            $0.pointee.isLive && $0.pointee.generation == entry.generation && $0.pointee.node.superlayer == parent
        }
    }

    /// `parent`'s sublayers in order, without stale entries (the stored list itself when it has none).
    func currentSublayers(of parent: LayerID) -> [LayerID] {
        let node = Int(parent.index)
        guard slots[node].node.staleSublayers > 0 else { return slots[node].node.sublayers }
        return slots[node].node.sublayers.filter { isSublayer($0, of: parent) }
    }

    /// Drops the stale entries of `parent`'s sublayer list.
    mutating func compactSublayers(of parent: LayerID) {
        let p = Int(parent.index)
        guard contains(parent), slots[p].node.staleSublayers > 0 else { return }
        willEdit(p)
        let entries = slots[p].node.sublayers
        var kept: [LayerID] = []
        kept.reserveCapacity(entries.count - slots[p].node.staleSublayers)
        for entry in entries {
            if isSublayer(entry, of: parent) {
                kept.append(entry)
            } else {
                let e = Int(entry.index)
                if slots[e].isLive, slots[e].generation == entry.generation, slots[e].node.staleIn == parent {
                    willEdit(e)
                    slots[e].node.staleIn = nil
                }
            }
        }
        slots[p].node.sublayers = kept
        slots[p].node.staleSublayers = 0
    }

    /// Compacts every sublayer list that holds stale entries (the store calls it when a transaction
    /// has applied, so frames read clean lists).
    public mutating func compactSublayerLists() {
        guard !staleParents.isEmpty else { return }
        for parent in staleParents { compactSublayers(of: parent) }
        staleParents.removeAll()
    }
}
