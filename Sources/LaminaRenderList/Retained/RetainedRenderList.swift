package import LaminaCore

/// The frame's render list, kept from frame to frame, and how each frame brings it up to date: the CPU
/// half of every frame the renderer draws, with no GL in it.
///
/// A frame that changed little does the least that leaves the list exactly as a fresh build would:
/// leaves that only moved, turned, faded or changed colour are patched in place (`LeafPatch`); other
/// changed subtrees are visited again and spliced in (`RenderListUpdate`); a whole build reuses each
/// layer's kept parts (`LayerPartsTable`); still subtrees moving whole are drawn from their caches
/// (`SubtreeCaches`). What it changed is `damage`, the pixels the next draw must redraw. The
/// invariant suite (`LaminaRenderListTests`) checks every path against a fresh build, frame by frame.
package final class RetainedRenderList {
    /// The client bitmaps as the list sees them.
    package let textures: BitmapTextureTable
    /// Gradient stop tables, shape, text and shadow rasters.
    package let generated: GeneratedTextures
    /// Subtrees drawn once and shown as one quad (`shouldRasterize`, still subtrees moving whole).
    package let caches: SubtreeCaches
    /// The last frame's list.
    package private(set) var list = RenderList()
    /// What the next draw redraws: what changed since the last one (`drawn(into:)`).
    package private(set) var damage = Damage.full

    /// Working storage for subtrees visited again (`RenderListUpdate`).
    private var scratch = RenderList()
    /// Working storage for leaves patched in place (`LeafPatch`).
    private var patchScratch = LeafPatch.Scratch()
    /// The target whose pixels are the last frame `list` drew, and the roots and scale it was built
    /// with: what a frame that changed little may draw over, redrawing only `damage`.
    private weak var retainedTarget: AnyObject?
    private var retainedRoots: [LayerID] = []
    private var retainedScale = 0.0

    /// Whether whole builds keep each layer's own parts for the next (`LayerPartsTable`), so that a
    /// layer that only moves, turns or fades is not read and digested again every frame. On by default;
    /// off, every build reads every layer afresh (a frame that redraws everything, which the damage
    /// tests compare the kept parts with).
    package var keepsLayerParts = true {
        didSet { if !keepsLayerParts { list.parts.removeAll() } }
    }

    /// The threads leaves patched in place are split across (`LeafPatch.apply`); one by default.
    package var threads = FrameThreads.single

    /// A list over `textures`, `generated` and `caches`, which share one `TextureRequests`.
    package init(textures: BitmapTextureTable, generated: GeneratedTextures, caches: SubtreeCaches) {
        self.textures = textures
        self.generated = generated
        self.caches = caches
    }

    /// A list with tables of its own, posting to `requests`: what tests and a renderer without
    /// background rasters use.
    package convenience init(requests: TextureRequests, maximumTextureSize: Int = 16384, textureBudget: Int = 512 << 20) {
        self.init(
            textures: BitmapTextureTable(budget: textureBudget, maximumSize: maximumTextureSize, bgraStorage: true, requests: requests),
            generated: GeneratedTextures(maximumSize: maximumTextureSize, requests: requests),
            caches: SubtreeCaches(requests: requests))
    }

    // MARK: Frames

    /// Drops the list and its scratch storage, which keep the capacity of the largest frame they held:
    /// the next `update` builds anew (and its draw redraws everything) at the size the scene has now.
    package func releaseSpareCapacity() {
        list = RenderList()
        scratch = RenderList()
        patchScratch = LeafPatch.Scratch()
        retainedTarget = nil
    }

    /// Builds the list anew for `target`: the next draw redraws everything.
    package func build(_ tree: LayerTree, _ presentation: Presentation, roots: [LayerID]? = nil, scale: Double = 1, for target: ListTarget) {
        _ = textures.takeChanges()
        _ = generated.collectResults()
        generated.tiles.beginFrame()
        _ = generated.tiles.takeChangedLayers()
        _ = caches.beginFrame(changed: nil, repainted: [], tree: tree, presentation: presentation)
        buildAll(tree, presentation, roots: roots ?? tree.roots, scale: scale, for: target)
    }

    /// The most changed layers (each listed up to three times) a frame sorts out for `RenderListUpdate`;
    /// more, and everything is built again. (Leaves patched in place, `LeafPatch`, do not count: any
    /// number of those is patched.)
    var changeLimit: Int { max(list.visitedLayers, 64) }

    /// Brings the list up to date for a frame that changed only `changed` layers (their values,
    /// written or animated) since the last `build` or `update` for the same `target`, roots and scale:
    /// visits only their subtrees again and leaves the rest of the last frame's list as it was, so the
    /// next draw redraws only the damage, the union of the old and new screen bounds of what changed
    /// (textures repainted since included). Falls back to a whole build, and a whole redraw, when the
    /// changes do not allow it: `changed` nil (the hierarchy changed), another target, a texture
    /// replaced, a change inside an offscreen group or under a stencil clip, or changes to most of the
    /// tree.
    ///
    /// `written`, when given, lists the layers of `changed` that transactions wrote since the last
    /// update (the rest only animate): the leaf patch then takes the leaves it patched last time, and
    /// nothing wrote since, without checking them against the tree again (`LeafPatch.KnownLeaves`).
    ///
    /// Returns the damage the next draw will redraw.
    @discardableResult
    package func update(
        _ tree: LayerTree, _ presentation: Presentation, changed: [LayerID]?, written: [LayerID]? = nil, roots: [LayerID]? = nil,
        scale: Double = 1, for target: ListTarget
    ) -> Damage {
        patchScratch.advance()
        let textureChanges = textures.takeChanges()
        // Rasters the background thread finished: their layers show something new.
        let rastered = generated.collectResults()
        // Tiled layers whose tiles arrived, or are fading in.
        generated.tiles.beginFrame()
        let tiled = generated.tiles.takeChangedLayers()
        // A rasterized tiled layer's cache holds its old tiles: its values did not change.
        for id in tiled { caches.invalidate(id) }
        let changed = rastered.isEmpty && tiled.isEmpty ? changed : changed.map { $0 + rastered + tiled }
        let roots = roots ?? tree.roots
        var changes = textureChanges.replaced ? nil : changed
        let retained =
            retainedTarget === target.identity && retainedRoots == roots && retainedScale == scale && !list.hasUnstableParticles
        let stale = caches.beginFrame(
            changed: changes, repainted: textureChanges.repainted, tree: tree, presentation: presentation, threads: threads,
            listBuild: list.stamp, subtreeSize: { self.list.drawnLayers(under: $0) })
        // Leaves that only moved, turned, faded or changed colour, however many: their instances are
        // rewritten in place; the rest of the changes go the usual way.
        if let all = changes, retained, keepsLayerParts, stale.isEmpty, textureChanges.repainted.isEmpty,
            list.particleEmitters.isEmpty, list.laggingReplicators.isEmpty
        {
            let patch = LeafPatch(
                tree: tree, presentation: presentation, projection: target.projection,
                target: PixelRegion(x: 0, y: 0, width: target.width, height: target.height))
            let (patched, rest) = patch.apply(to: &list, changed: all, written: written, scratch: &patchScratch, threads: threads)
            damage.formUnion(patched)
            if rest.isEmpty {
                textures.beginFrame()
                return damage
            }
            changes = rest
        }
        // More changes than layers drawn (each is listed up to three times): everything is rebuilt, and
        // sorting them out first would only add to that.
        let known = (changes?.count ?? 0) > changeLimit ? nil : changes
        if var changed = known, retained {
            changed += stale
            // Particles move whenever time passes, and lagging copies animate on.
            changed += list.particleEmitters
            changed += list.laggingReplicators
            textures.beginFrame()
            let keepsParts = keepsLayerParts
            let update = RenderListUpdate(tree: tree, width: target.width, height: target.height) { list in
                var builder = self.makeBuilder(tree, presentation, scale: scale, for: target, list: consume list)
                builder.keepsParts = keepsParts
                return builder
            }
            // The layers visited again take their kept parts too: the table rides in the scratch list.
            swap(&list.parts, &scratch.parts)
            let updated = update.update(
                &list, scratch: &scratch, changed: changed, repainted: textureChanges.repainted,
                regions: textureChanges.repaintedRegions)
            swap(&list.parts, &scratch.parts)
            if let updated {
                damage.formUnion(updated)
                return damage
            }
        }
        buildAll(tree, presentation, roots: roots, scale: scale, for: target)
        return damage
    }

    private func buildAll(_ tree: LayerTree, _ presentation: Presentation, roots: [LayerID], scale: Double, for target: ListTarget) {
        textures.beginFrame()
        // The list moves into the builder and back: a second reference while the builder empties it
        // would copy all of last frame's arrays.
        var taken = RenderList()
        swap(&taken, &list)
        var builder = makeBuilder(tree, presentation, scale: scale, for: target, list: consume taken)
        builder.keepsParts = keepsLayerParts
        builder.build(roots: roots)
        list = builder.list
        retainedTarget = target.identity
        retainedRoots = roots
        retainedScale = scale
        damage = .full
    }

    /// A builder of the frame's list for `target`, filling `list` (emptied first).
    private func makeBuilder(
        _ tree: LayerTree, _ presentation: Presentation, scale: Double, for target: ListTarget, list: consuming RenderList
    ) -> RenderListBuilder {
        makeBuilder(tree, presentation, width: target.width, height: target.height, scale: scale, list: list, caches: caches)
    }

    /// A builder over this list's textures of a list for a `width` x `height` target at `scale` pixels
    /// per point, filling `list` (emptied first), showing `caches` (nil: every layer drawn directly).
    func makeBuilder(
        _ tree: LayerTree, _ presentation: Presentation, width: Int, height: Int, scale: Double,
        list: consuming RenderList = RenderList(), caches: SubtreeCaches?
    ) -> RenderListBuilder {
        RenderListBuilder(
            tree: tree, presentation: presentation, textures: textures, generated: generated, targetWidth: width,
            targetHeight: height, projection: ListTarget.projection(width: width, height: height), scale: scale,
            list: consume list, caches: caches)
    }

    /// A list of `layer`'s subtree alone, as it appears in the whole tree (a transition's old
    /// appearance), for a `width` x `height` target; the retained list is left as it is.
    package func snapshot(
        of layer: LayerID, in tree: LayerTree, _ presentation: Presentation, scale: Double, width: Int, height: Int
    ) -> RenderList {
        var builder = makeBuilder(tree, presentation, width: width, height: height, scale: scale, caches: nil)
        builder.build(subtreeOf: layer)
        return builder.list
    }

    // MARK: Drawing

    /// The pixels the next draw into `target` redraws: the damage grown into the backdrops it touches,
    /// within the target; everything for a target the list was not last drawn into (only that one
    /// holds the pixels the damage is relative to).
    package func redraw(into target: ListTarget) -> Damage {
        guard retainedTarget === target.identity else { return .full }
        return Self.reach(of: damage, intoBackdropsOf: list).clipped(width: target.width, height: target.height)
    }

    /// Ends a frame the renderer drew into `target`: the caches the list shows are kept and the rest
    /// dropped, the textures it binds are marked in use, and textures and rasters nothing draws are
    /// let go (evicted over budget).
    package func drawn(into target: ListTarget) {
        caches.endFrame(showing: list.shownCaches)
        list.instanceChanges.clear()  // the renderer holds them now
        damage = .none
        retainedTarget = target.identity
        // A retained list draws textures this frame's update did not look up: eviction must spare them.
        for case .draw(_, _, .bitmap(let texture, _), _, _) in list.commands { textures.markDrawn(texture) }
        textures.evict()
        generated.evict { [list] in list.drawnLayers(under: $0) > 0 }
    }

    /// `damage` grown so that a backdrop it touches reads no pixel of last frame: a backdrop whose
    /// region (its box and the blur's reach) the box around the damage meets (a list with backdrops is
    /// drawn in one pass over that box) has all of that region redrawn, which may bring in another's.
    package static func reach(of damage: Damage, intoBackdropsOf list: RenderList) -> Damage {
        guard !list.backdrops.isEmpty, !damage.isEmpty else { return damage }
        var damage = damage
        var grown = true
        var rounds = 0
        while grown, !damage.isFull {
            grown = false
            rounds += 1
            if rounds > list.backdrops.count + 1 { return .full }
            for backdrop in list.backdrops {
                guard let region = backdrop.region else { return .full }
                // A list with backdrops is drawn in one pass over the box around the damage.
                guard let box = damage.box else { break }
                if !box.intersection(region).isEmpty, !box.contains(region) {
                    damage.add(region)
                    grown = true
                }
            }
        }
        return damage
    }
}

@available(*, unavailable)
extension RetainedRenderList: Sendable {}
