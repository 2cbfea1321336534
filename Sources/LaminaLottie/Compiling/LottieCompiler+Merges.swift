import LaminaCore

/// Merge Paths items (`mm`) of modes 2 to 5: add, subtract, intersect and exclude intersections.
///
/// No layer draws the outline of paths combined so. A fill is drawn exactly all the same: a
/// rectangle around the paths, filled with the style and masked by the paths combined in order, the
/// first added and each next one by the merge's mode, as a layer's masks combine
/// (`combinedMask`: subtract, multiply and difference of their coverage). A stroke strokes each
/// path's own outline, reported as approximated. Mode 1 (merge) needs none of this: the paths are
/// one compound path, as a style painting several paths paints them.
extension LottieCompiler {
    /// A merge and the paths it took.
    struct Merge {
        /// Where the item is in its group.
        var index: Int
        /// `mm`: 2 add, 3 subtract, 4 intersect, 5 exclude intersections.
        var mode: Int
        var shapes: [LottieProperty<LottieBezier>]
        /// The item's JSON path.
        var path: String
    }

    /// Paints the paths `merge` combined with `style` into `container`.
    mutating func paintMerged(_ merge: Merge, with style: LottieNode, trims: [LottieNode], into container: LayerHandle) throws(LottieError) {
        let type = (try? style["ty"]?.string()) ?? "fl"
        guard type == "fl" || type == "gf" else {
            report(.approximated, "merged-strokes", at: merge.path, "a stroke of merged paths strokes each path's own outline")
            try paint(merge.shapes, with: style, trims: trims, into: container)
            return
        }
        guard let box = Self.reach(of: merge.shapes) else { return }
        let merged = try emitter.create(name: "merged paths", at: merge.path)
        placeAtOrigin(merged, size: .zero, at: merge.path)
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
        ]
        try paint([.constant(LottieBezier(polygon: corners))], with: style, trims: [], into: merged)
        let mode = ["a", "s", "i", "f"][merge.mode - 2]
        let parts = merge.shapes.enumerated().map { k, shape in
            MaskPath(mode: k == 0 ? "a" : mode, inverted: false, shape: shape, opacity: .constant(1), path: merge.path)
        }
        emitter.setMask(try combinedMask(parts, everywhere: box, at: merge.path), of: merged, at: merge.path)
        emitter.insert(merged, into: container, at: merge.path)
    }
}
