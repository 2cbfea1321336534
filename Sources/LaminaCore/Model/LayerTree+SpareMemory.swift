/// Giving back what a tree grew to hold once and no longer needs.
///
/// A tree's storage only grows while it is edited: a destroyed layer leaves its slot free for the
/// next, and every array keeps its capacity, so a tree that held 65,536 layers once keeps about 16 MiB
/// of slots after they are gone. That is right between frames (a client that makes and destroys
/// layers reuses them, allocating nothing), and wrong after a client of many layers has left for good,
/// which is when the daemon calls this.
extension LayerTree {
    /// Drops the free slots at the end of the slot array and reallocates every array the tree keeps
    /// at the size it now needs. Free slots before the last live one stay (a layer's identifier is its
    /// slot, so live layers cannot move), and an open journal is committed first.
    ///
    /// Identifiers stay safe: a slot appended later starts past every generation the dropped slots
    /// reached, so an identifier of a layer that lived in one of them never names a layer made later.
    public mutating func releaseSpareMemory() {
        commitJournal()
        // A stale entry in a long sublayer list may name a slot about to go.
        compactSublayerLists()
        var end = slots.count
        while end > 0, !slots[end - 1].isLive { end -= 1 }
        for index in end..<slots.count { freshGeneration = max(freshGeneration, slots[index].generation) }
        // Copies, not `removeLast`: an array keeps its capacity when shortened.
        slots = Array(slots[..<end])
        freeSlots = freeSlots.filter { Int($0) < end }
        staleParents = Array(staleParents)
        spareSaved = []
    }
}
