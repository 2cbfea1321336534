import CLaminaPrefetch
import LaminaCore

/// Each layer's `LayerParts`, kept from frame to frame beside a copy of the model values they were
/// read from, by slot; and, for the leaves among them, the model values that place them
/// (`LeafPlacement`).
///
/// An entry holds while the layer's model values keep the identity of that copy
/// (`PropertyValues.Identity`: a write anywhere in them gives the layer storage of its own) and no
/// property the parts are read from animates (`LayerParts.keys`; a layer visited while one does loses
/// its entry, since the leaf patch takes an entry for what the leaf's instances show); the builder
/// then skips reading and digesting them. A lookup compares a few words and copies the parts out, without retaining anything:
/// ten thousand lookups a frame. Kept with the `RenderList` it serves, and emptied of the layers a whole
/// build no longer visits, so a freed layer's values are not kept alive.
package struct LayerPartsTable {
    fileprivate struct Key: Equatable {
        var generation: UInt32
        var values: PropertyValues.Identity
    }

    private var keys: ContiguousArray<Key?> = []
    private var parts: ContiguousArray<LayerParts> = []
    private var placements: ContiguousArray<LeafPlacement> = []
    /// What the leaf patch reads of each entry's parts and placement, packed (`LeafPatchRecord`).
    private var records: ContiguousArray<LeafPatchRecord> = []
    /// The copies whose storage the keys name, kept so that the storage stays shared (never read).
    private var copies: ContiguousArray<PropertyValues?> = []

    /// The parts kept for `id`, if they still hold for its model values, whose identity is `identity`.
    func parts(of id: LayerID, identity: PropertyValues.Identity) -> LayerParts? {
        let slot = Int(id.index)
        guard slot < keys.count, keys[slot] == Key(generation: id.generation, values: identity) else { return nil }
        return parts[slot]
    }

    /// The parts and placement kept for the leaf `id`, if they still hold for its model values, whose
    /// identity is `identity`.
    func leaf(of id: LayerID, identity: PropertyValues.Identity) -> (parts: LayerParts, placement: LeafPlacement)? {
        let slot = Int(id.index)
        guard slot < keys.count, keys[slot] == Key(generation: id.generation, values: identity) else { return nil }
        return (parts[slot], placements[slot])
    }

    /// The kept leaves in place, for readers on several threads at once (a split `LeafPatch`): pointers
    /// to the table's storage, valid inside `body`, so that no read retains it.
    func withLeaves<R>(_ body: (Leaves) -> R) -> R {
        keys.withUnsafeBufferPointer { keys in
            parts.withUnsafeBufferPointer { parts in
                placements.withUnsafeBufferPointer { placements in
                    records.withUnsafeBufferPointer { records in
                        body(Leaves(keys: keys, parts: parts, placements: placements, records: records))
                    }
                }
            }
        }
    }

    /// The table's storage in place (see `withLeaves`).
    struct Leaves {
        fileprivate let keys: UnsafeBufferPointer<Key?>
        fileprivate let parts: UnsafeBufferPointer<LayerParts>
        fileprivate let placements: UnsafeBufferPointer<LeafPlacement>
        fileprivate let records: UnsafeBufferPointer<LeafPatchRecord>

        /// Asks for the lines a patch of the leaf in `slot` reads of its entry: its record, and its key
        /// when `key`. Only those: with two threads asking for more (all of the parts' lines), the
        /// patch was slower.
        func prefetch(_ slot: Int, key: Bool) {
            guard slot < keys.count else { return }
            if key { lamina_prefetch(keys.baseAddress! + slot) }
            let record = UnsafeRawPointer(records.baseAddress! + slot)
            for offset in stride(from: 0, to: MemoryLayout<LeafPatchRecord>.size, by: 64) { lamina_prefetch(record + offset) }
            lamina_prefetch(record + MemoryLayout<LeafPatchRecord>.size - 1)
        }

        /// A kept leaf's record, parts and placement in place: pointers, valid while the table's storage
        /// is (`withLeaves`), so that only the fields read are loaded (ten thousand leaves patched a
        /// frame copied 560 bytes each out of `leaf(of:identity:)`).
        typealias Entry = (record: UnsafePointer<LeafPatchRecord>, parts: UnsafePointer<LayerParts>, placement: UnsafePointer<LeafPlacement>)

        /// The entry kept for the leaf `id`, if it still holds for its model values, whose identity is
        /// `identity`; or, with `identity` nil, the entry in its slot unchecked: for a leaf the caller
        /// knows it holds for (it was checked, and neither the values nor the entry changed since:
        /// `LeafPatch.KnownLeaves`). An entry dropped since has a record that patches nothing (`forget`).
        func leaf(_ id: LayerID, identity: PropertyValues.Identity?) -> Entry? {
            let slot = Int(id.index)
            guard slot < keys.count else { return nil }
            if let identity, keys[slot] != Key(generation: id.generation, values: identity) { return nil }
            return (records.baseAddress! + slot, parts.baseAddress! + slot, placements.baseAddress! + slot)
        }
    }

    /// Keeps `parts`, read from the model values `model`, for `id`.
    mutating func keep(_ parts: LayerParts, of id: LayerID, model: PropertyValues) {
        let slot = Int(id.index)
        let placement = LeafPlacement(model)
        if slot >= keys.count {
            let more = slot + 1 - keys.count
            keys.append(contentsOf: repeatElement(nil, count: more))
            self.parts.append(contentsOf: repeatElement(parts, count: more))
            placements.append(contentsOf: repeatElement(placement, count: more))
            records.append(contentsOf: repeatElement(LeafPatchRecord(parts, placement), count: more))
            copies.append(contentsOf: repeatElement(nil, count: more))
        }
        keys[slot] = Key(generation: id.generation, values: model.identity)
        self.parts[slot] = parts
        placements[slot] = placement
        records[slot] = LeafPatchRecord(parts, placement)
        copies[slot] = model
    }

    /// Replaces the contents kept for `id` (laid out anew), if its entry holds for `identity`.
    mutating func keepContents(_ contents: LayerParts.Contents, of id: LayerID, identity: PropertyValues.Identity) {
        let slot = Int(id.index)
        guard slot < keys.count, keys[slot] == Key(generation: id.generation, values: identity) else { return }
        parts[slot].contents = contents
        records[slot] = LeafPatchRecord(parts[slot], placements[slot])
    }

    /// Records whether `id` was drawn with animated bounds laid over its kept parts
    /// (`LayerParts.boundsLaidOver`), if its entry holds for `identity`.
    mutating func markBoundsLaidOver(_ laidOver: Bool, of id: LayerID, identity: PropertyValues.Identity) {
        let slot = Int(id.index)
        guard slot < keys.count, keys[slot] == Key(generation: id.generation, values: identity),
            parts[slot].boundsLaidOver != laidOver
        else { return }
        parts[slot].boundsLaidOver = laidOver
        if laidOver { records[slot].flags.insert(.boundsLaidOver) } else { records[slot].flags.remove(.boundsLaidOver) }
    }

    /// Drops `id`'s entry, if it has one.
    mutating func forget(_ id: LayerID) {
        let slot = Int(id.index)
        guard slot < keys.count, keys[slot] != nil else { return }
        keys[slot] = nil
        records[slot].flags = []
        copies[slot] = nil
    }

    /// Drops the entries of the slots `isVisited` says the last build did not visit.
    mutating func dropUnvisited(_ isVisited: (Int) -> Bool) {
        for slot in keys.indices where keys[slot] != nil && !isVisited(slot) {
            keys[slot] = nil
            records[slot].flags = []
            copies[slot] = nil
        }
    }

    /// Drops every entry.
    package mutating func removeAll() {
        keys.removeAll()
        parts.removeAll()
        placements.removeAll()
        records.removeAll()
        copies.removeAll()
    }
}
