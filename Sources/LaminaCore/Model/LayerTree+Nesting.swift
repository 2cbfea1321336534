/// How deep layers nest. Every walk of the tree that recurses (the renderer's, geometry's) costs stack
/// in proportion to the depth, so the depth is bounded where transactions apply, and the walks that
/// must see any tree (the `tree` reply, this check) keep their own stack.
extension LayerTree {
    /// The bound on nesting: a layer's depth counts its superlayers and mask owners up to its root (a
    /// root is at depth 0). Real interfaces nest a few dozen levels. Edits that put a layer under one
    /// already at this depth throw `tooDeep` at once; a subtree deeper than the rest of the limit can
    /// still be attached, so whoever applies a transaction checks the result with `firstLayer(deeperThan:)`.
    public static let maximumDepth = 256

    /// The first layer (in the order of a walk from each root) deeper than `limit`, with its depth, or
    /// nil. Iterative, and it stops at the first offender, so a chain of any length costs no stack and
    /// at most `limit + 1` steps past the layers above the limit. O(layers).
    public func firstLayer(deeperThan limit: Int) -> (layer: LayerID, depth: Int)? {
        var stack: [(LayerID, Int)] = []
        for root in roots {
            stack.append((root, 0))
            while let (id, depth) = stack.popLast() {
                if depth > limit { return (id, depth) }
                let node = Int(id.index)
                for child in slots[node].node.sublayers where isSublayer(child, of: id) { stack.append((child, depth + 1)) }
                if let mask = slots[node].node.mask { stack.append((mask, depth + 1)) }
            }
        }
        return nil
    }
}
