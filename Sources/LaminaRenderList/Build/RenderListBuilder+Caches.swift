import LaminaCore

/// Cached subtrees in the list: a layer whose body is drawn once into a texture (`shouldRasterize`, or
/// a still subtree moving whole) and shown as one quad, and the extent such a texture must cover.
extension RenderListBuilder {
    /// The cache to draw `id`'s body from — drawn anew first when stale — or nil to draw it directly:
    /// not rasterized, nor cached automatically in this frame, or too big for a texture or the budget.
    mutating func cachedBody(
        _ id: LayerID, _ values: PresentedValues, world: Transform3D, opacity: Double, sublayers: [LayerID]
    ) -> CachedSubtree? {
        let explicit = values[.shouldRasterize]
        // Most layers are leaves that do not rasterize: answered before the caches are touched.
        guard explicit || !sublayers.isEmpty, replicaDepth == 0, depthSpace == nil, let caches else { return nil }
        // A moving subtree is cached whole only where that draws what drawing it directly would: at
        // full strength (an opacity handed down applies to each sublayer apart, not to the group).
        let automatic = !explicit && !sublayers.isEmpty && opacity == 1 && caches.isAutomatic(id)
        guard explicit || automatic else { return nil }
        let scale = explicit ? values[.rasterizationScale] : Self.pixelScale(of: world)
        guard scale.isFinite, scale > 0 else { return nil }
        let entry = caches.entry(for: id, automatic: automatic)
        let current = presentation.values(of: id, in: tree)
        if entry.matches(current, scale: scale) { return entry }

        guard var extent = subtreeExtent(id, values), !extent.isNull else {
            caches.drop(id)
            return nil
        }
        extent = extent.insetBy(dx: -1 / scale, dy: -1 / scale)  // a pixel for anti-aliased edges
        // Texels on the output's pixel grid where the layer is now, so that wherever whole-pixel moves
        // take it the quad's texels land on whole pixels.
        if world.isAxisAlignedInPlane, world.row1.x > 0, world.row2.y > 0, abs(world.row1.x - scale) < 1e-9,
            abs(world.row2.y - scale) < 1e-9
        {
            let x = extent.minX * scale + world.row4.x, y = extent.minY * scale + world.row4.y
            let (dx, dy) = ((x - x.rounded(.down)) / scale, (y - y.rounded(.down)) / scale)
            extent = Rect(x: extent.minX - dx, y: extent.minY - dy, width: extent.width + dx, height: extent.height + dy)
        }
        let (w, h) = ((extent.width * scale).rounded(.up), (extent.height * scale).rounded(.up))
        guard w >= 1, h >= 1, w <= Double(textures.maximumSize), h <= Double(textures.maximumSize),
            caches.fits(Int(w) * Int(h) * 8, replacing: entry)
        else {
            caches.drop(id)
            return nil
        }
        let (width, height) = (Int(w), Int(h))
        // A backdrop reads the target it is drawn into, which a cache's is not.
        guard let body = bodyList(id, values, extent: extent, scale: scale, width: width, height: height, sublayers: sublayers, caches: caches)
        else {
            caches.drop(id)
            return nil
        }
        entry.redraw(body, values: current, extent: extent, scale: scale, width: width, height: height, keepsBody: caches.keepsBodies)
        caches.drew(entry)
        list.markFresh(entry)
        return entry
    }

    /// The list that draws `id`'s body (background, contents, sublayers, border) into a `width` x
    /// `height` cache texture covering `extent` of its space at `scale` pixels per point; nil when the
    /// body has a backdrop (which reads the target it is drawn into, and a cache's is not the output).
    func bodyList(
        _ id: LayerID, _ values: PresentedValues, extent: Rect, scale: Double, width: Int, height: Int, sublayers: [LayerID],
        caches: SubtreeCaches
    ) -> RenderList? {
        var body = RenderListBuilder(
            tree: tree, presentation: presentation, textures: textures, generated: generated, targetWidth: width, targetHeight: height,
            projection: ListTarget.projection(width: width, height: height), scale: scale, list: RenderList(), caches: caches)
        body.caching = id
        let layerToTexture = Transform3D(translationX: -extent.minX, y: -extent.minY, z: 0)
            .concatenating(Transform3D(scaleX: scale, y: scale, z: 0))
        body.drawBody(id, values, body.parts(of: id, values), world: layerToTexture, localToClip: nil, opacity: 1, sublayers: sublayers)
        guard body.list.backdrops.isEmpty else { return nil }
        if !body.list.usesDepth && !body.list.usesAdditive { body.list.cullOccluded(width: width, height: height) }
        body.list.chooseFastRuns()
        return body.list
    }

    /// Draws a cached body: one quad of the cache's texture, placed by `world`.
    mutating func drawCached(_ entry: CachedSubtree, world: Transform3D, localToClip: Transform3D?, opacity: Double) {
        // What changes with time alone inside keeps the frames coming, as it would drawn directly.
        if entry.changesWithTime { list.hasLiveParticles = true }
        let toTarget = entry.textureToLayer.concatenating(world)
        let rect = Rect(x: 0, y: 0, width: Double(entry.width), height: Double(entry.height))
        guard Self.placement(of: rect, under: toTarget, in: target).visible else { return }
        var instance = LayerInstance(
            matrix: GPUMatrix(toTarget.concatenating(projection)), rect: rect, color: SIMD4(repeating: Float(opacity)))
        instance.texture(.rgba, uv: SIMD4(0, 1, 1, 0))  // GL rows run bottom-up in the offscreen texture
        Self.applyClip(&instance, localToClip.map { entry.textureToLayer.concatenating($0) }, clip)
        // Texels on whole pixels, one to one: nearest returns exactly the texel, as a direct draw would.
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        let exact = toTarget.isAxisAlignedInPlane && abs(toTarget.row1.x - 1) < 1e-9 && abs(toTarget.row2.y - 1) < 1e-9
            && whole(toTarget.row4.x) && whole(toTarget.row4.y)
        let filter: ContentsFilter = exact ? .nearest : .linear
        emit(instance, texture: .cache(entry, sampler: SamplerChoice(minification: filter, magnification: filter)))
        if list.isFresh(entry) { list.forceDamage(instance.pixelBounds(width: target.width, height: target.height)) }
    }

    /// The larger of the two scales `world` applies to the layer's plane at its origin: pixels per
    /// point of a cache that looks as sharp as drawing directly.
    static func pixelScale(of world: Transform3D) -> Double {
        let origin = world.project(Point(x: 0, y: 0))
        let x = world.project(Point(x: 1, y: 0)), y = world.project(Point(x: 0, y: 1))
        let sx = ((x.x - origin.x) * (x.x - origin.x) + (x.y - origin.y) * (x.y - origin.y)).squareRoot()
        let sy = ((y.x - origin.x) * (y.x - origin.x) + (y.y - origin.y) * (y.y - origin.y)).squareRoot()
        return Swift.max(sx, sy)
    }

    /// The rectangle of `id`'s space its body draws into: its bounds, and whatever visible sublayers
    /// (and their shadows) reach outside them unless it masks to bounds; nil when a sublayer reaches
    /// behind the eye.
    func subtreeExtent(_ id: LayerID, _ values: PresentedValues) -> Rect? {
        let bounds = values[.bounds]
        guard !values[.masksToBounds] else { return bounds }
        var extent = bounds
        if KindDrawing.of(values.model.kind).reachesPastBounds, let shape = Self.shapeExtent(values) { extent = extent.union(shape) }
        let sublayerSpace = values.sublayerSpaceTransform.flattened
        for child in (try? tree.sublayers(of: id)) ?? [] {
            let childValues = PresentedValues(model: tree[child], overlay: presentation.overlay(of: child))
            guard !childValues[.hidden], childValues[.opacity] > 0 else { continue }
            guard var reach = subtreeExtent(child, childValues) else { return nil }
            if childValues[.shadowOpacity] > 0 {
                let offset = childValues[.shadowOffset], blur = 3 * childValues[.shadowRadius] + 1
                reach = reach.union(reach.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -blur, dy: -blur))
            }
            let toParent = childValues.frameTransform.concatenating(sublayerSpace)
            for (x, y) in [(reach.minX, reach.minY), (reach.maxX, reach.minY), (reach.maxX, reach.maxY), (reach.minX, reach.maxY)] {
                let p = toParent.apply(SIMD4(x, y, 0, 1))
                guard p.w > 1e-9 else { return nil }
                extent = extent.union(Rect(x: p.x / p.w, y: p.y / p.w, width: 0, height: 0))
            }
        }
        return extent.minX.isFinite && extent.minY.isFinite && extent.width.isFinite && extent.height.isFinite ? extent : nil
    }
}
