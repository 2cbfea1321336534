/// A committer's handles mapped to its layers: an array indexed by handle for the handles a client
/// numbers densely from zero (what the client library does), a dictionary for any others.
///
/// Why not just a dictionary: every operation of a transaction names its layers by handle, so a
/// commit looks handles up several times per operation, and each dictionary lookup hashes the handle
/// with SipHash. A commit of 30,000 new sublayers spent a quarter of its time there. The array grows
/// only while it stays within twice the number of handles (and 1,024), so a client choosing sparse or
/// huge numbers costs no more memory than a dictionary; those numbers go to the dictionary.
public struct HandleMap: Sendable, Sequence {
    /// Layers by handle for handles below `dense.count`.
    private var dense: [LayerID?] = []
    /// Layers of handles not in `dense`.
    private var sparse: [LayerHandle: LayerID] = [:]
    /// How many handles are mapped.
    public private(set) var count = 0

    /// No handles.
    public init() {}

    /// Whether no handle is mapped.
    public var isEmpty: Bool { count == 0 }

    /// The layer `handle` names, if any.
    public subscript(handle: LayerHandle) -> LayerID? {
        handle.rawValue < UInt64(dense.count) ? dense[Int(handle.rawValue)] : sparse[handle]
    }

    /// Maps `handle` to `id`, returning the layer it named before.
    @discardableResult
    public mutating func updateValue(_ id: LayerID, forKey handle: LayerHandle) -> LayerID? {
        if handle.rawValue >= UInt64(dense.count), handle.rawValue < UInt64(Swift.max(1024, 2 * (count + 1))) {
            // Within reach of the array: grow it, taking the handles the dictionary held in between.
            let end = Int(handle.rawValue) + 1
            let start = dense.count
            dense.append(contentsOf: repeatElement(nil, count: end - start))  // grows geometrically
            if !sparse.isEmpty {
                for h in start..<end {
                    if let moved = sparse.removeValue(forKey: LayerHandle(UInt64(h))) { dense[h] = moved }
                }
            }
        }
        let old: LayerID?
        if handle.rawValue < UInt64(dense.count) {
            old = dense[Int(handle.rawValue)]
            dense[Int(handle.rawValue)] = id
        } else {
            old = sparse.updateValue(id, forKey: handle)
        }
        if old == nil { count += 1 }
        return old
    }

    /// Forgets `handle`, returning the layer it named.
    @discardableResult
    public mutating func removeValue(forKey handle: LayerHandle) -> LayerID? {
        let old: LayerID?
        if handle.rawValue < UInt64(dense.count) {
            old = dense[Int(handle.rawValue)]
            dense[Int(handle.rawValue)] = nil
        } else {
            old = sparse.removeValue(forKey: handle)
        }
        if old != nil { count -= 1 }
        return old
    }

    /// The mapped layers.
    public var values: [LayerID] { map(\.value) }

    /// Every mapping: the array's in handle order, then the dictionary's in no order.
    public func makeIterator() -> IndexingIterator<[(key: LayerHandle, value: LayerID)]> {
        var all: [(key: LayerHandle, value: LayerID)] = []
        all.reserveCapacity(count)
        for (handle, id) in dense.enumerated() {
            if let id { all.append((LayerHandle(UInt64(handle)), id)) }
        }
        for (handle, id) in sparse { all.append((handle, id)) }
        return all.makeIterator()
    }
}
