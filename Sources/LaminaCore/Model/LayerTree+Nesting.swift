/// How deep layers nest. Every walk of the tree that recurses (the renderer's, geometry's) costs stack
/// in proportion to the depth, so the depth is bounded where transactions apply, and the walks that
/// must see any tree (the `tree` reply, this check) keep their own stack.
extension LayerTree {
    /// The bound on nesting: a layer's depth counts its superlayers and mask owners up to its root (a
    /// root is at depth 0). Real interfaces nest a few dozen levels. Edits that put a layer under one
    /// already at this depth throw `tooDeep` at once; a subtree deeper than the rest of the limit can
    /// still be attached, so whoever applies a transaction checks the result with
    /// `firstLayer(deeperThan:under:)`.
    public static let maximumDepth = 256

    /// A layer deeper than `limit` (with its depth) in the subtrees of `attached`, the layers a
    /// transaction put under others (as sublayers or masks), or nil. The layer named is at depth
    /// `limit + 1`: the first in the order of a walk from the earliest attached layer that has one.
    ///
    /// Why only those subtrees: a layer's depth changes only when a link above it changes, so with every
    /// layer within the limit before the transaction, a layer past it afterwards lies below a link the
    /// transaction made. Checking the whole tree cost every commit that nested a layer a walk of every
    /// client's layers. Each layer is visited at most once, whatever the attached layers share; the
    /// walks are iterative, so a chain of any length costs no stack.
    public func firstLayer(deeperThan limit: Int, under attached: [LayerID]) -> (layer: LayerID, depth: Int)? {
        guard !attached.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            // Depths found so far (-1: not yet), and the layers whose subtrees were walked.
            var depths = [Int32](repeating: -1, count: slots.count)
            var walked = [Bool](repeating: false, count: slots.count)
            var path: [Int] = []
            // Fields are read through pointers: see `LayerTree.slots`.
            let base = slots.baseAddress!
            func parent(_ i: Int) -> Int? {
                ((base + i).pointee.node.superlayer ?? (base + i).pointee.node.maskOwner).map { Int($0.index) }
            }
            func id(_ i: Int) -> LayerID { LayerID(index: UInt32(i), generation: (base + i).pointee.generation) }
            /// The depth of slot `i`, remembered for every layer on the way up.
            func depth(_ i: Int) -> Int {
                path.removeAll(keepingCapacity: true)
                var current = i
                var base = -1  // the depth of the first layer above the path
                while true {
                    if depths[current] >= 0 {
                        base = Int(depths[current])
                        break
                    }
                    path.append(current)
                    guard let p = parent(current) else { break }
                    current = p
                }
                for (k, layer) in path.reversed().enumerated() { depths[layer] = Int32(clamping: base + 1 + k) }
                return Int(depths[i])
            }
            var stack: [(slot: Int, depth: Int)] = []
            for layer in attached {
                let start = Int(layer.index)
                guard start < slots.count, (base + start).pointee.isLive, (base + start).pointee.generation == layer.generation,
                    !walked[start]
                else { continue }
                let d = depth(start)
                if d > limit {
                    // Deeper already: the layer named is its ancestor at `limit + 1`.
                    var current = start
                    for _ in 0..<(d - limit - 1) { current = parent(current)! }
                    return (id(current), limit + 1)
                }
                stack.append((start, d))
                while let (i, d) = stack.popLast() {
                    if d > limit { return (id(i), d) }
                    if walked[i] { continue }
                    walked[i] = true
                    depths[i] = Int32(d)
                    let parentID = id(i)
                    (base + i).pointee.node.sublayers.withUnsafeBufferPointer { sublayers in
                        for child in sublayers {
                            let c = base + Int(child.index)
                            if c.pointee.isLive, c.pointee.generation == child.generation, c.pointee.node.superlayer == parentID {
                                stack.append((Int(child.index), d + 1))
                            }
                        }
                    }
                    if let mask = (base + i).pointee.node.mask { stack.append((Int(mask.index), d + 1)) }
                }
            }
            return nil
        }
    }
}
