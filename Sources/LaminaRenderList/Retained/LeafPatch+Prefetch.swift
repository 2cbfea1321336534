import CLaminaPrefetch
import LaminaCore

/// The patch's reads asked for ahead. A patched leaf reads a dozen records (its segment, kept parts and
/// placement, the presentation's extent and affine, its slot in the tree, its instances), each a
/// stream with a stride of hundreds of bytes: too many for the hardware's prefetchers, so each read
/// waited on memory (the first load of the placement was a quarter of the patch's time). The loop
/// over a range's leaves asks for exactly the lines a leaf will read a few leaves before it gets there;
/// asking for more (all of the kept parts) made two threads, bound by the memory's bandwidth, slower.
extension LeafPatch {
    /// How many leaves ahead the patch asks for the lines a leaf's patch reads (`prefetch`), and half
    /// as many for its instances (`prefetchInstances`, which reads its segment to find them).
    static let prefetchDistance = 8

    /// Asks for the lines patching leaf `id` reads first: its segment, its kept record, its extent in
    /// the presentation, and unless it is known (`KnownLeaves`), its kept parts' key and its slot in
    /// the tree.
    func prefetch(
        _ id: LayerID, _ list: ListAccess, _ table: LayerPartsTable.Leaves, _ view: Presentation.AffineView, _ known: KnownLeaves
    ) {
        let slot = Int(id.index)
        guard slot < list.segments.count else { return }
        lamina_prefetch(list.segments.baseAddress! + slot)
        let isKnown = known.contains(slot)
        table.prefetch(slot, key: !isKnown)
        if let extent = view.extentAddress(of: id) { lamina_prefetch(extent) }
        guard !isKnown else { return }
        tree.withSlotAddress(of: id) { slot in
            guard let slot else { return }
            lamina_prefetch(slot)
            lamina_prefetch(slot + LayerTree.leafIdentityBytes - 1)
        }
    }

    /// Asks for leaf `id`'s instances (their matrix and colour) and its animated affine transform, which
    /// its segment and extent, asked for earlier, locate.
    func prefetchInstances(_ id: LayerID, _ list: ListAccess, _ view: Presentation.AffineView) {
        let slot = Int(id.index)
        guard slot < list.segments.count else { return }
        let segment = list.segments[slot]
        guard segment.records(id, stamp: list.stamp), segment.first >= 0, Int(segment.end) <= list.instances.count else { return }
        for index in Int(segment.first)..<Int(segment.end) {
            let instance = UnsafeRawPointer(list.instances.baseAddress! + index)
            lamina_prefetch_for_writing(instance)
            lamina_prefetch_for_writing(instance + MemoryLayout<LayerInstance>.offset(of: \.color)!)
        }
        if let affine = view.affineAddress(of: id) { lamina_prefetch(affine) }
    }
}
