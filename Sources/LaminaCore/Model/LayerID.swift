/// A stable handle to a layer in a `LayerTree`.
///
/// A slot index plus a generation: destroying a layer bumps its slot's generation, so a stale handle
/// never reaches a later layer that reuses the slot (the generational-index pattern). Handles are only
/// meaningful in the tree that made them.
public struct LayerID: Hashable, Sendable, CustomStringConvertible {
    /// The slot in the tree's storage.
    public let index: UInt32
    /// The slot's generation when the layer was created.
    public let generation: UInt32

    /// Creates a handle; normally only `LayerTree` does.
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `layer#index.generation`.
    public var description: String { "layer#\(index).\(generation)" }
}

extension LayerID {
    /// Whether `a` and `b` list the same layers in the same order: `a == b`, compared eight layers at a
    /// time as 64-bit words (an ID is two `UInt32`s, no padding: equal exactly when its bytes are).
    /// Several lists of every animated layer are compared with last frame's every frame (the
    /// presentation's, the changed layers', the subtree caches' walk): element by element, each such
    /// comparison of a hundred thousand layers took a tenth of a millisecond, on one thread.
    public static func same(_ a: UnsafeBufferPointer<LayerID>, _ b: UnsafeBufferPointer<LayerID>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, a.baseAddress != b.baseAddress else { return true }
        let (x, y) = (UnsafeRawPointer(a.baseAddress!), UnsafeRawPointer(b.baseAddress!))
        let words = a.count * MemoryLayout<LayerID>.stride / 8
        var i = 0
        while i + 8 <= words {
            var difference: UInt64 = 0
            for k in i..<i + 8 {
                difference |= x.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)
            }
            if difference != 0 { return false }
            i += 8
        }
        while i < words {
            if x.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) {
                return false
            }
            i += 1
        }
        return true
    }

    /// `same(_:_:)` for two arrays.
    public static func same(_ a: ContiguousArray<LayerID>, _ b: ContiguousArray<LayerID>) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in same(a, b) } }
    }

    /// `same(_:_:)` for two arrays.
    public static func same(_ a: [LayerID], _ b: [LayerID]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in same(a, b) } }
    }
}
