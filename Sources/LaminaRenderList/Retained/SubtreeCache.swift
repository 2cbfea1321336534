package import LaminaCore

/// One layer's body — background, contents, sublayers, border — drawn once into a texture of its
/// own and then shown as one textured quad wherever the layer goes: Core Animation's
/// `shouldRasterize`, and the compositor's own cache of a still subtree that moves as a whole.
///
/// The texture covers `extent` of the layer's space (its bounds and everything its sublayers draw
/// outside them) at `scale` pixels per point. It is drawn again only when something that shaped it
/// changes: a property of the layer other than where it is placed (`SubtreeCaches.placementKeys`), any
/// layer under it, a bitmap it shows, or the hierarchy.
public final class CachedSubtree {
    /// The layer.
    package let layer: LayerID
    /// Whether the compositor chose to cache it (a still subtree moving as a whole), rather than its
    /// `shouldRasterize`.
    let isAutomatic: Bool
    /// The rectangle of the layer's space the texture covers.
    package private(set) var extent = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Texture pixels per unit of the layer's space.
    package private(set) var scale = 1.0
    /// The texture's size.
    package private(set) var width = 0
    package private(set) var height = 0
    /// The layer's presented values when it was drawn (compared without the placement keys).
    private var signature = PropertyValues()
    /// The bitmaps' textures the drawing samples: repainting one invalidates the cache.
    private(set) var textures: Set<TextureHandle> = []
    /// The texture it is drawn into: the renderer makes an offscreen target of `width` x `height` in
    /// `layout` for it when it has none of that size, and lets it go when this record is released.
    package let handle: TextureHandle
    /// Where its release is posted.
    private let requests: TextureRequests
    /// The byte order of its texture.
    package let layout: TargetColorLayout
    /// The list that draws the layer's body into `target`, while it is to be drawn before the frame.
    package var pending: RenderList?
    /// The list last drawn into the texture, kept while `SubtreeCaches.keepsBodies` (for the invariant
    /// checks: it must equal a fresh build of the body as long as the cache is shown).
    package private(set) var body: RenderList?
    /// Whether what it draws changes with time alone (particles inside, replicator copies lagging over
    /// animations): then it is drawn again every frame it is shown, as nothing written or animated
    /// would tell.
    package private(set) var changesWithTime = false
    /// Whether the texture holds the layer's body as it is now.
    private(set) var isValid = false
    /// The frame that last drew it into a render list.
    var lastShown: UInt64 = 0

    init(layer: LayerID, isAutomatic: Bool, layout: TargetColorLayout, requests: TextureRequests) {
        self.handle = requests.makeHandle()
        self.requests = requests
        self.layer = layer
        self.isAutomatic = isAutomatic
        self.layout = layout
    }

    deinit {
        requests.post(.release(handle))
    }

    /// Something inside changed: draw it again before showing it.
    func invalidate() { isValid = false }

    /// The bytes its texture takes (with its stencil).
    var bytes: Int { width * height * 8 }

    /// Whether it holds the body drawn from `values` at `scale` pixels per point, the scale within a
    /// part in 10¹²: a turning layer's pixel scale is the length of a turned axis, √(cos² + sin²)
    /// times its scale, which rounds a unit in the last place off at most angles, and an exact test
    /// drew the cache of a still subtree turning whole again in 42 of 48 frames.
    func matches(_ values: PropertyValues, scale: Double) -> Bool {
        guard isValid, abs(scale - self.scale) <= 1e-12 * self.scale else { return false }
        // A shadow from a `shadowPath` is drawn inside the body (the group around the layer draws any
        // other): then its colour and strength shape what the texture holds.
        let placement = values[.shadowPath].isEmpty ? SubtreeCaches.placementKeys : SubtreeCaches.placementKeysBesidePathShadow
        for key in PropertyKey.allCases where !placement.contains(key) {
            if values.value(key) != signature.value(key) { return false }
        }
        return true
    }

    /// Records a new drawing: `list` draws the body from `values` into a `width` x `height` texture
    /// covering `extent` at `scale`.
    func redraw(_ list: RenderList, values: PropertyValues, extent: Rect, scale: Double, width: Int, height: Int, keepsBody: Bool) {
        self.extent = extent
        self.scale = scale
        self.width = width
        self.height = height
        signature = values
        textures = []
        for case .draw(_, _, .bitmap(let texture, _), _, _) in list.commands { textures.insert(texture.handle) }
        pending = list
        body = keepsBody ? list : nil
        changesWithTime = list.hasLiveParticles || !list.laggingReplicators.isEmpty
        isValid = true
    }

    /// The transform from the layer's space to the texture's pixels.
    var layerToTexture: Transform3D {
        Transform3D(translationX: -extent.minX, y: -extent.minY, z: 0).concatenating(Transform3D(scaleX: scale, y: scale, z: 1))
    }

    /// The transform from the texture's pixels to the layer's space.
    var textureToLayer: Transform3D {
        Transform3D(scaleX: 1 / scale, y: 1 / scale, z: 1).concatenating(Transform3D(translationX: extent.minX, y: extent.minY, z: 0))
    }
}

@available(*, unavailable)
extension CachedSubtree: Sendable {}

/// The renderer's cached subtrees (see `CachedSubtree`), and what decides which subtrees to cache.
///
/// A layer is cached when its `shouldRasterize` says so, or automatically while it moves as a whole —
/// a frame changed its placement only — after nothing inside it changed for `stillFrames` frames, as
/// long as its subtree is worth it (at least `minimumLayers` layers). An automatic cache is shown only
/// in frames where the layer moves: once it rests, it is drawn directly again, pixel for pixel what a
/// full redraw shows, and the cache is dropped. Caches not shown in a frame are dropped at its end.
/// All of them together keep under `budget` bytes; a subtree that does not fit is drawn directly.
package final class SubtreeCaches {
    /// The properties that place a layer rather than shape what it draws: a cache survives changes
    /// to them.
    static let placementKeys = PropertyChange.keys(ChangeTiers.cachePlacement)
    /// `placementKeys` for a layer whose shadow comes from its `shadowPath`, drawn inside its body.
    static let placementKeysBesidePathShadow = placementKeys.subtracting(PropertyChange.keys([.shadow]))
    /// Frames a subtree must stay unchanged inside before it is cached automatically.
    static let stillFrames: UInt64 = 3
    /// The fewest layers a subtree has for automatic caching to be worth a texture.
    static let minimumLayers = 16

    /// The most bytes of textures the caches hold (64 MiB: a 1920x1080 output's subtree eight times
    /// over, with stencil).
    package var budget = 64 << 20
    /// Whether each cache keeps the list last drawn into it (`CachedSubtree.body`): for the invariant
    /// checks, which build each shown cache's body afresh and compare.
    package var keepsBodies = false
    /// Whether still subtrees that move are cached without `shouldRasterize`.
    package var cachesMovingSubtrees = true
    /// The byte order of the caches' textures: BGRA where the driver stores it natively, which lets a
    /// cache at full strength be drawn by the `blit` variant (llvmpipe's fast path).
    package var layout = TargetColorLayout.rgba
    /// Where the caches' handles come from and their releases go.
    let requests: TextureRequests
    /// Caches by layer slot.
    package private(set) var entries: [Int32: CachedSubtree] = [:]
    /// Caches drawn in this frame, inner ones first: drawn before the frame's list.
    package private(set) var pending: [CachedSubtree] = []
    /// The current frame (starting past `stillFrames`, so a layer never changed counts as still).
    private(set) var frame: UInt64 = 10
    /// Per slot, the frame in which something inside the layer last changed.
    private var insideChanged: ContiguousArray<UInt64> = []
    /// The changed layers with sublayers, in `beginFrame`: its storage, kept from frame to frame.
    private var changedParents: [LayerID] = []
    /// The first steps of the walks up from the changed layers (`readLinks`), kept with their capacity:
    /// read split across `threads` before the walks, which then touch no slot of the tree for their
    /// first step (a slot read per layer was most of a frame's walk over a hundred thousand).
    private var changedSteps: [[Step]] = []
    /// The changed layers `changedSteps` were read for, and the build of the list then (`beginFrame`'s
    /// `listBuild`): a frame that changes the same layers in the same build (a steady scene of
    /// spinners) takes the same first steps without reading a slot of the tree, since the links change
    /// only with the hierarchy, and a change of the hierarchy makes the list whole again.
    private var stepsChanged: [LayerID] = []
    private var stepsBuild: UInt32?
    /// Per slot, the frame in which the layer last changed its placement or anything else, and its
    /// presented values then (for layers with sublayers).
    private var lastSeen: [Int32: (frame: UInt64, values: PropertyValues)] = [:]
    /// The layers cached automatically in this frame.
    private(set) var automatic: Set<Int32> = []
    /// Caches drawn (again) in this frame.
    package private(set) var renders = 0

    /// No caches yet; their handles from `requests`.
    package init(requests: TextureRequests) {
        self.requests = requests
    }

    /// The bytes held.
    var bytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    /// A changed layer's links, as the walk up from it reads them.
    fileprivate typealias Step = (layer: LayerID, superlayer: LayerID?, sublayerCount: Int)

    /// The links of the layers of `changed` that the walk up from them needs (`tree.links(of:)`), in
    /// order, one list per range of `threads` (each range appends to its own): a layer gone is left
    /// out, and so is one without sublayers whose superlayer is that of the layer before it, whose walk
    /// marked it already. A hundred thousand turning siblings leave one step per range, where the walk
    /// over all of them on one thread cost half a millisecond a frame.
    private static func readLinks(of changed: [LayerID], in tree: LayerTree, into steps: inout [[Step]], threads: FrameThreads) {
        let ranges = threads.ranges(for: changed.count)
        if steps.count > ranges { steps.removeLast(steps.count - ranges) }
        while steps.count < ranges { steps.append([]) }
        changed.withUnsafeBufferPointer { changed in
            steps.withUnsafeMutableBufferPointer { steps in
                // The tree by value: each range holds its own reference, so reading a slot retains
                // nothing (through a pointer, every read retained the slots' storage, which two
                // threads then fought over).
                let shared = Unshared((changed, steps, tree))
                threads.forEach(ranges) { r in
                    let (changed, steps, tree) = shared.value
                    var own: [Step] = []
                    swap(&own, &steps[r])
                    defer { swap(&own, &steps[r]) }
                    own.removeAll(keepingCapacity: true)
                    var last: LayerID?? = .none  // the superlayer of the last layer listed
                    for i in changed.count * r / ranges..<changed.count * (r + 1) / ranges {
                        guard let links = tree.links(of: changed[i]) else { continue }
                        if links.sublayerCount == 0, last == .some(links.superlayer) { continue }
                        own.append((changed[i], links.superlayer, links.sublayerCount))
                        last = .some(links.superlayer)
                    }
                }
            }
        }
    }

    /// Draws `layer`'s own cache again before it is next shown: what it draws changed though none of
    /// its values did (a tiled layer's tiles arrived, or fade in).
    package func invalidate(_ layer: LayerID) {
        if let entry = entries[Int32(layer.index)], entry.layer == layer { entry.invalidate() }
    }

    /// Starts a frame whose changes are `changed` (nil: anything may have changed), with the
    /// textures in `repainted` drawn anew; returns the cached layers that must be visited again (a
    /// cache of theirs went stale).
    ///
    /// `subtreeSize` tells how many layers the last frame drew under a layer (itself included), or 0
    /// when it did not draw it: small subtrees are drawn directly. `listBuild`, when given, names the
    /// build of the list the frame updates (`RenderList.stamp`), which changes with any whole build.
    package func beginFrame(
        changed: [LayerID]?, repainted: Set<TextureHandle>, tree: LayerTree, presentation: Presentation,
        threads: FrameThreads = .single, listBuild: UInt32? = nil, subtreeSize: (LayerID) -> Int = { _ in .max }
    ) -> [LayerID] {
        frame += 1
        renders = 0
        // A drawing made for a frame that was never executed never reached its texture.
        for entry in pending where entry.pending != nil {
            entry.pending = nil
            entry.invalidate()
        }
        pending.removeAll(keepingCapacity: true)
        automatic.removeAll(keepingCapacity: true)
        if insideChanged.count < tree.slotCount {
            insideChanged.append(contentsOf: repeatElement(0, count: tree.slotCount - insideChanged.count))
        }
        guard let changed else {
            stepsBuild = nil
            for entry in entries.values { entry.invalidate() }
            for i in insideChanged.indices { insideChanged[i] = frame }
            lastSeen.removeAll()
            return []
        }
        var stale: [LayerID] = []
        // Through locals: a class's stored array is checked for exclusive access on every use, which
        // in a loop over ten thousand changed layers cost more than the walk.
        var (insideChanged, parents, steps) = (ContiguousArray<UInt64>(), [LayerID](), [[Step]]())
        swap(&insideChanged, &self.insideChanged)
        swap(&parents, &changedParents)
        swap(&steps, &changedSteps)
        defer {
            swap(&insideChanged, &self.insideChanged)
            swap(&parents, &changedParents)
            swap(&steps, &changedSteps)
        }
        parents.removeAll(keepingCapacity: true)
        if listBuild == nil || stepsBuild != listBuild || !LayerID.same(stepsChanged, changed) {
            Self.readLinks(of: changed, in: tree, into: &steps, threads: threads)
            stepsChanged.removeAll(keepingCapacity: true)
            stepsChanged.append(contentsOf: changed)
            stepsBuild = listBuild
        }
        for step in steps.joined() {
            if step.sublayerCount > 0 { parents.append(step.layer) }
            var ancestor = step.superlayer
            while let a = ancestor {
                let slot = Int(a.index)
                if insideChanged[slot] == frame { break }  // this walk was taken already
                insideChanged[slot] = frame
                if let entry = entries[Int32(slot)], entry.layer == a, entry.isValid {
                    entry.invalidate()
                    stale.append(a)
                }
                ancestor = tree.links(of: a)?.superlayer
            }
        }
        for entry in entries.values where entry.isValid && entry.changesWithTime {
            entry.invalidate()
            stale.append(entry.layer)
        }
        if !repainted.isEmpty {
            for entry in entries.values where entry.isValid && !entry.textures.isDisjoint(with: repainted) {
                entry.invalidate()
                stale.append(entry.layer)
            }
        }
        guard cachesMovingSubtrees else { return stale }
        // A layer with sublayers that changed is cached automatically when only its placement did,
        // and nothing inside it changed for a few frames.
        for layer in parents {
            let slot = Int32(layer.index)
            let values = presentation.values(of: layer, in: tree)
            if let seen = lastSeen[slot], seen.frame != frame, Self.samePlacementFree(seen.values, values),
                !Self.samePlacement(seen.values, values), Self.sameScale(seen.values, values),
                frame - insideChanged[Int(slot)] >= Self.stillFrames,
                entries[slot]?.isAutomatic == true || subtreeSize(layer) >= Self.minimumLayers
            {
                automatic.insert(slot)
            } else if lastSeen[slot]?.frame != frame, !Self.samePlacementFree(lastSeen[slot]?.values, values) {
                insideChanged[Int(slot)] = frame  // the layer's own body changed
            }
            lastSeen[slot] = (frame, values)
        }
        if lastSeen.count > 4096 { lastSeen = lastSeen.filter { frame - $0.value.frame < 8 } }
        return stale
    }

    /// Whether two sets of values place a layer alike (so it is not moving).
    private static func samePlacement(_ a: PropertyValues, _ b: PropertyValues) -> Bool {
        placementKeys.allSatisfy { a.value($0) == b.value($0) }
    }

    /// Whether two sets of values show a layer at the same scale: its transform's x and y axes as long
    /// (within a part in 10¹², which a turn's rounding stays inside) and its perspective the same. A
    /// layer moved or turned keeps its cache; one that grows or shrinks would draw it again at every
    /// frame's scale (a new texture and every raster inside made again), dearer than drawing directly.
    private static func sameScale(_ a: PropertyValues, _ b: PropertyValues) -> Bool {
        let (m, n) = (a.transform(.transform), b.transform(.transform))
        func axes(_ t: Transform3D) -> SIMD2<Double> {
            SIMD2((t.m11 * t.m11 + t.m12 * t.m12 + t.m13 * t.m13).squareRoot(), (t.m21 * t.m21 + t.m22 * t.m22 + t.m23 * t.m23).squareRoot())
        }
        let (x, y) = (axes(m), axes(n))
        return m.m14 == n.m14 && m.m24 == n.m24 && m.m34 == n.m34 && m.m44 == n.m44
            && abs(x.x - y.x) <= 1e-12 * x.x && abs(x.y - y.y) <= 1e-12 * x.y
    }

    /// Whether two sets of values draw a layer's body alike (everything but the placement is equal).
    private static func samePlacementFree(_ a: PropertyValues?, _ b: PropertyValues) -> Bool {
        guard let a else { return false }
        for key in PropertyKey.allCases where !placementKeys.contains(key) && a.value(key) != b.value(key) {
            return false
        }
        return true
    }

    /// The cache to show for `layer` in this frame, if it is to be shown as one: an existing one, or a
    /// new one the caller draws (its `isValid` false).
    func entry(for layer: LayerID, automatic: Bool) -> CachedSubtree {
        let slot = Int32(layer.index)
        if let entry = entries[slot], entry.layer == layer, entry.isAutomatic == automatic {
            entry.lastShown = frame
            return entry
        }
        let entry = CachedSubtree(layer: layer, isAutomatic: automatic, layout: layout, requests: requests)
        entry.lastShown = frame
        entries[slot] = entry
        return entry
    }

    /// Whether `layer` is cached automatically in this frame.
    func isAutomatic(_ layer: LayerID) -> Bool { automatic.contains(Int32(layer.index)) }

    /// Whether `bytes` more fit in the budget.
    func fits(_ bytes: Int, replacing entry: CachedSubtree) -> Bool {
        self.bytes - entry.bytes + bytes <= budget
    }

    /// Records that `entry` was drawn anew in this frame (after any cache drawn inside it).
    func drew(_ entry: CachedSubtree) {
        pending.append(entry)
        renders += 1
    }

    /// Drops a cache (the layer is drawn directly now).
    func drop(_ layer: LayerID) {
        if let entry = entries[Int32(layer.index)], entry.layer == layer { entries[Int32(layer.index)] = nil }
    }

    /// Ends a frame whose list shows `shown`: forgets the other caches, and the drawings made.
    package func endFrame(showing shown: [CachedSubtree]) {
        for entry in pending { entry.pending = nil }
        pending.removeAll(keepingCapacity: true)
        for entry in shown { entry.lastShown = frame }
        entries = entries.filter { $0.value.lastShown == frame }
    }
}

@available(*, unavailable)
extension SubtreeCaches: Sendable {}
