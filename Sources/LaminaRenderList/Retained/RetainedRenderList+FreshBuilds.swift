package import LaminaCore

/// Fresh builds to compare the retained list with (`LaminaRenderListChecks`): what a whole build makes
/// of the same tree, with the same caches and the same occlusion decisions, reading every layer afresh.
extension RetainedRenderList {
    /// A whole build of `roots` for `target`, reading every layer afresh (no kept parts), showing the
    /// caches the retained list shows, and collapsing exactly the instances `occluded` (the retained
    /// list's occlusion decisions) instead of culling anew. Leaves the retained list as it is.
    package func freshBuild(
        _ tree: LayerTree, _ presentation: Presentation, roots: [LayerID]? = nil, scale: Double = 1, for target: ListTarget,
        occluded: [Int]
    ) -> RenderList {
        var builder = makeBuilder(tree, presentation, width: target.width, height: target.height, scale: scale, caches: caches)
        builder.build(roots: roots ?? tree.roots, occluded: occluded)
        return builder.list
    }

    /// A fresh build of what `entry`'s texture must hold: its layer's body as it is now, at the
    /// extent, scale and size the cache was drawn with; nil when the layer is gone.
    package func freshBody(of entry: CachedSubtree, in tree: LayerTree, _ presentation: Presentation) -> RenderList? {
        guard tree.contains(entry.layer) else { return nil }
        let builder = makeBuilder(tree, presentation, width: entry.width, height: entry.height, scale: entry.scale, caches: caches)
        let values = PresentedValues(model: tree[entry.layer], overlay: presentation.overlay(of: entry.layer))
        return builder.bodyList(
            entry.layer, values, extent: entry.extent, scale: entry.scale, width: entry.width, height: entry.height,
            sublayers: (try? tree.sublayers(of: entry.layer)) ?? [], caches: caches)
    }
}
