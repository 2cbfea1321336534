package import LaminaCore

/// Turns a presentation tree into a `RenderList`: world transforms, culling, z-order, opacity, clips,
/// offscreen groups, contents layout and batching, all on the CPU before any GL call.
///
/// World transforms follow Core Animation: a layer maps into its superlayer by `frameTransform`, then
/// the superlayer's `sublayerSpaceTransform`; each layer's sublayers are flattened into its plane
/// (z dropped, w kept, so perspective survives as a projective map), and the roots are scaled from
/// points to the target's pixels. Sublayers draw in order of `zPosition`, then of insertion.
///
/// A clip (`masksToBounds`) is evaluated in the fragment shader for the innermost clipping layer,
/// anti-aliased and exact under any transform; when clips nest, the outer ones move into the scissor
/// box (axis-aligned, square corners) or the stencil buffer.
package struct RenderListBuilder {
    let tree: LayerTree
    /// The presentation drawn: the frame's, or a replicator's delayed copy's (`drawReplicas`).
    var presentation: Presentation
    let textures: BitmapTextureTable
    /// Gradient stop tables, shape and text rasters.
    let generated: GeneratedTextures
    /// Target pixels to clip space.
    let projection: Transform3D
    /// The target's pixels.
    let target: PixelRegion
    /// Points to pixels.
    let scale: Double
    /// The list being built.
    package var list: RenderList
    /// The subtree caches (`shouldRasterize`, still subtrees moving whole); nil draws every layer
    /// directly (a transition's snapshot).
    let caches: SubtreeCaches?
    /// The layer whose body is being drawn into its cache (drawn directly, not from the cache).
    var caching: LayerID?
    /// The colour a replicator's copy multiplies everything it draws by (premultiplied form), if any.
    var tint: SIMD4<Float>?
    /// How many replicator copies enclose the layer being visited: a layer drawn once per copy has no
    /// one place in the list that an update could patch.
    var replicaDepth = 0
    /// The rasters replicated shape layers' copies chose in this build, by path and style.
    var replicatedShapes = ReplicaRasters<ShapeRasterKey.Drawn>()
    /// The stop tables replicated gradient layers' copies chose in this build, by stops.
    var replicatedGradients = ReplicaRasters<GradientStops>()
    /// The rasters replicated text layers' copies chose in this build, by key.
    var replicatedTexts = ReplicaRasters<TextRasterKey>()
    /// How many more replicator copies this build may draw (`RenderListBuilder.maximumReplicas`).
    var replicasLeft = RenderListBuilder.maximumReplicas
    /// How many more particles this build may draw (`RenderListBuilder.maximumParticles`).
    var particlesLeft = RenderListBuilder.maximumParticles
    /// Inside a delayed replicator copy: the replicator and its time in that copy.
    var replicaClock: (replicator: LayerID, time: Double)?
    /// Inside a transform layer's 3D space: the transform from the space sublayers are visited in to
    /// that space (unflattened), and the one from the layer being drawn (`RenderListBuilder+Depth`).
    var depthSpace: Transform3D?
    var layerDepth: Transform3D?
    /// Whether the layer whose own parts are being drawn has hard edges in its 3D space
    /// (`OwnPlacement.hardEdges`): `withDepth` marks its shaped instances so.
    var hardEdges = false
    /// Whether the layer kind being drawn has just drawn its raster or stop table anew, so its
    /// instances damage their screen bounds even where they are unchanged.
    var forceDamage = false
    /// Whether layers' parts are kept in the list's `LayerPartsTable` for the next build, and taken
    /// from it: set for the renderer's builds and updates (off when it redraws everything, so that its
    /// frames check the kept ones), not for a transition's snapshot or a cache's body.
    package var keepsParts = false

    /// The innermost clip, evaluated per fragment.
    var clip: ClipState?
    /// The innermost offscreen group enclosing the layer being visited, or -1.
    private var group = -1
    /// The last bitmap's texture: layers showing one image often come one after another, and this
    /// saves a dictionary lookup for each.
    private var lastTexture: (bitmap: BitmapID, texture: BitmapTexture)?

    /// A clip in force: the clipping layer's bounds and corner radius, how to find a target pixel in
    /// its plane (for composites), and how to push it to the scissor or stencil when an inner clip
    /// takes its place in the shader.
    struct ClipState {
        var rect: Rect
        var corners: CornerShape
        var fromTarget: Homography
        var write: ClipWrite
    }

    package init(
        tree: LayerTree, presentation: Presentation, textures: BitmapTextureTable, generated: GeneratedTextures,
        targetWidth: Int, targetHeight: Int, projection: Transform3D, scale: Double, list: RenderList,
        caches: SubtreeCaches? = nil
    ) {
        self.caches = caches
        self.generated = generated
        self.tree = tree
        self.presentation = presentation
        self.textures = textures
        self.projection = projection
        self.target = PixelRegion(x: 0, y: 0, width: targetWidth, height: targetHeight)
        self.scale = scale
        self.list = list
        self.list.reset(slotCount: tree.slotCount, targetWidth: targetWidth, targetHeight: targetHeight)
    }

    /// Adds `roots` (in order, each positioned in the target's point space) to the list. `occluded`,
    /// when given, are the instances to collapse instead of those occlusion culling finds: a fresh build
    /// made with a retained list's decisions, to compare the two (`RetainedRenderList.freshBuild`).
    package mutating func build(roots: [LayerID], occluded: [Int]? = nil) {
        let rootSpace = Transform3D(scaleX: scale, y: scale, z: 0)
        let context = list.addContext(VisitContext(toTarget: rootSpace, toClip: nil, opacity: 1, clip: nil))
        for root in roots where tree.contains(root) {
            visit(root, toTarget: rootSpace, toClip: nil, opacity: 1, context: context)
        }
        if keepsParts { list.dropPartsOfLayersNotVisited() }
        if let occluded {
            for index in occluded where index < list.instances.count && !list.instances[index].isCollapsed { list.collapse(index) }
        } else if list.backdrops.isEmpty && !list.usesDepth && !list.usesAdditive {
            list.cullOccluded(width: target.width, height: target.height)
        }
        list.chooseFastRuns()
    }

    /// Adds one layer's subtree as it appears inside the whole tree (a transition's old appearance).
    package mutating func build(subtreeOf layer: LayerID) {
        guard tree.contains(layer) else { return }
        visit(layer, toTarget: parentSpaceToTarget(of: layer), toClip: nil, opacity: 1, context: -1)
        if list.backdrops.isEmpty && !list.usesDepth && !list.usesAdditive { list.cullOccluded(width: target.width, height: target.height) }
        list.chooseFastRuns()
    }

    /// Visits one layer's subtree again, alone, with the context a full build recorded for it (see
    /// `RenderSegment`), recording the layers it visits.
    mutating func revisit(_ id: LayerID, with context: VisitContext, index: Int32) {
        clip = context.clip
        list.recordsVisits = true
        visit(id, toTarget: context.toTarget, toClip: context.toClip, opacity: context.opacity, context: index)
        clip = nil
    }

    /// `revisit`, into the list emptied first, with the budgets a fresh builder has: one builder
    /// visits every changed subtree of a frame (`RenderListUpdate`).
    mutating func revisitAfresh(_ id: LayerID, with context: VisitContext, index: Int32) {
        list.reset(slotCount: tree.slotCount, targetWidth: target.width, targetHeight: target.height)
        (replicasLeft, particlesLeft, forceDamage) = (Self.maximumReplicas, Self.maximumParticles, false)
        revisit(id, with: context, index: index)
    }

    // MARK: Traversal

    mutating func visit(
        _ id: LayerID, toTarget: Transform3D, toClip: Transform3D?, opacity: Double, context: Int32
    ) {
        let (firstInstance, special, visitedBefore) = (list.instances.count, list.specialCount, list.visitedLayers)
        let (firstCommand, firstGroup) = (list.commands.count, list.groups.count)
        let isLocal = replicaDepth == 0 && depthSpace == nil
        defer {
            list.record(
                id,
                RenderSegment(
                    stamp: list.stamp, generation: id.generation, context: context, first: Int32(firstInstance),
                    end: Int32(list.instances.count), visited: Int32(list.visitedLayers - visitedBefore),
                    isSimple: special == list.specialCount && isLocal, isLocal: isLocal,
                    firstCommand: Int32(firstCommand), endCommand: Int32(list.commands.count), firstGroup: Int32(firstGroup),
                    endGroup: Int32(list.groups.count), group: Int32(group)))
        }
        list.visitedLayers += 1
        if keepsParts, isLocal, visitKeptLeaf(id, toTarget: toTarget, toClip: toClip, opacity: opacity) { return }
        let overlay = presentation.overlay(of: id)
        let values = PresentedValues(model: tree[id], overlay: overlay)
        let layerOpacity = values[.opacity]
        guard !values[.hidden], layerOpacity > 0, opacity > 0 else {
            list.culledLayers += 1
            return
        }
        let frame = values.frameTransform
        let world = frame.concatenating(toTarget)
        let localToClip = toClip.map { frame.concatenating($0) }
        let sublayers = (try? tree.sublayers(of: id)) ?? []
        let mask = (try? tree.mask(of: id)) ?? nil
        let parts = self.parts(of: id, values)
        // A shadowPath shadow is drawn from its path, behind the layer, with no offscreen group.
        let hasShadow = parts.hasShadow
        let groupOpacity = parts.allowsGroupOpacity && layerOpacity < 1 && partCount(parts, values, sublayers) >= 2

        let kind = KindDrawing.of(values.model.kind)
        if kind.sublayers == .sharedSpace {
            visitTransformLayer(id, values, world: world, toClip: localToClip, opacity: opacity * layerOpacity, sublayers: sublayers)
            return
        }
        let blendMode = parts.blendMode
        guard mask != nil || hasShadow || overlay.transition != nil || groupOpacity || blendMode != .normal || parts.hasFilters
        else {
            drawBody(
                id, values, parts, world: world, localToClip: localToClip, opacity: opacity * layerOpacity, sublayers: sublayers)
            return
        }
        let filters = parts.hasFilters ? values[.filters] : []

        // An offscreen group: drawn unclipped at full strength, composited with what it needs.
        let index = list.groups.count
        let compositeOpacity = opacity * (values[.allowsGroupOpacity] ? layerOpacity : 1)
        list.groups.append(
            RenderGroup(
                layer: id, composite: -1, parent: group, blendMode: blendMode,
                filters: FilterPass.passes(filters, pixelsPerPoint: Self.pixelsPerPoint(values, world: world))))
        list.appendSpecial(.beginGroup(index))
        let contentStart = list.instances.count
        let enclosing = group
        group = index
        defer { group = enclosing }
        let siteClip = clip
        clip = nil
        drawBody(
            id, values, parts, world: world, localToClip: nil, opacity: values[.allowsGroupOpacity] ? 1 : layerOpacity,
            sublayers: sublayers)
        var maskStart: Int?  // where the mask's instances start, when they alone draw it (no backdrop)
        if let mask, tree.contains(mask) {
            list.groups[index].hasMask = true
            list.appendSpecial(.beginMask(index))
            let (start, backdrops) = (list.instances.count, list.backdrops.count)
            visit(mask, toTarget: Self.childSpace(.identity, world), toClip: nil, opacity: 1, context: -1)
            if list.backdrops.count == backdrops { maskStart = start }
        }
        clip = siteClip
        let (w, h) = (target.width, target.height)
        list.groups[index].bounds =
            if let maskStart, filters.isEmpty, !hasShadow, overlay.transition == nil {
                RenderGroup.maskedBounds(
                    content: list.pixelBounds(of: contentStart..<maskStart, width: w, height: h),
                    mask: list.pixelBounds(of: maskStart..<list.instances.count, width: w, height: h))
            } else {
                list.pixelBounds(of: contentStart..<list.instances.count, width: w, height: h)
            }

        let anchor = values.anchorInBounds
        let center = Point(x: anchor.x, y: anchor.y)
        if hasShadow {
            let offset = values[.shadowOffset]
            let shift = Self.targetVector(world, at: center, by: SIMD2(offset.width, offset.height))
            let c = values[.shadowColor].premultiplied
            let strength = values[.shadowOpacity] * compositeOpacity
            let color = SIMD4<Float>(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) * Float(strength)
            let unit = Self.targetVector(world, at: center, by: SIMD2(1, 0))
            let pixelsPerPoint = (unit.x * unit.x + unit.y * unit.y).squareRoot()
            list.groups[index].shadow = RenderGroup.Shadow(
                composite: list.appendDetached(composite(offset: shift, color: color, mode: .alpha)),
                sigma: values[.shadowRadius] * pixelsPerPoint)
        }
        let tint = SIMD4(repeating: Float(compositeOpacity))
        var newOffset = SIMD2<Double>.zero
        if let progress = overlay.transition {
            let bounds = values[.bounds]
            let direction: SIMD2<Double> =
                switch progress.transition.subtype {
                case .fromLeft: SIMD2(-bounds.width, 0)
                case .fromRight: SIMD2(bounds.width, 0)
                case .fromTop: SIMD2(0, -bounds.height)
                case .fromBottom: SIMD2(0, bounds.height)
                }
            let travel = Self.targetVector(world, at: Point(x: bounds.midX, y: bounds.midY), by: direction)
            let p = progress.progress
            let oldOffset: SIMD2<Double>
            (oldOffset, newOffset) =
                switch progress.transition.type {
                case .fade: (.zero, .zero)
                case .moveIn: (.zero, travel * (1 - p))
                case .push: (-travel * p, travel * (1 - p))
                case .reveal: (-travel * p, .zero)
                }
            list.groups[index].transition = RenderGroup.TransitionDraw(
                progress: progress, old: list.appendDetached(composite(offset: oldOffset, color: tint, mode: .rgba)))
        }
        list.groups[index].composite = list.appendDetached(composite(offset: newOffset, color: tint, mode: .rgba))
        list.appendSpecial(.endGroup(index))
    }

    /// Draws a layer's own parts and its sublayers: background, contents, sublayers (clipped when it
    /// masks to bounds), border on top, as Core Animation layers them.
    mutating func drawBody(
        _ id: LayerID, _ values: PresentedValues, _ parts: LayerParts, world: Transform3D, localToClip: Transform3D?,
        opacity: Double, sublayers: [LayerID]
    ) {
        if caching != id, parts.shouldRasterize || !sublayers.isEmpty,
            let entry = cachedBody(id, values, world: world, opacity: opacity, sublayers: sublayers)
        {
            drawCached(entry, world: world, localToClip: localToClip, opacity: opacity)
            return
        }
        if parts.hasPathShadow {
            drawPathShadow(id, values, world: world, localToClip: localToClip, opacity: opacity)
        }
        // Outside a transform layer's space (most layers) both are nil, and stay nil: nothing to save.
        let outerDepth = depthSpace == nil && layerDepth == nil ? nil : (space: depthSpace, layer: layerDepth)
        layerDepth = depthSpace.map { values.frameTransform.concatenating($0) }
        defer {
            if let outerDepth {
                (depthSpace, layerDepth) = (outerDepth.space, outerDepth.layer)
            } else {
                (depthSpace, layerDepth) = (nil, nil)
            }
        }
        let bounds = parts.bounds
        let own = OwnPlacement(parts, world: world, in: target, projection: projection, inDepthSpace: layerDepth != nil)
        hardEdges = own.hardEdges
        let drawsOwn = own.drawsOwn
        if !drawsOwn { list.culledLayers += 1 }
        let corners = parts.corners
        let masks = parts.masksToBounds
        let (matrix, edgeMargin) = (own.matrix, own.edgeMargin)

        if drawsOwn, parts.hasBackgroundFilters {
            drawBackdrop(id, values, world: world, opacity: opacity)
        }
        if drawsOwn {
            drawBackgroundAndContents(
                id, parts, own, world: world, localToClip: localToClip, opacity: opacity, identity: values.model.identity)
        }
        let kind = KindDrawing.of(values.model.kind)
        switch kind.own {
        case .nothing: break
        case .gradient:
            if drawsOwn { drawGradient(id, values, matrix: matrix, localToClip: localToClip, opacity: opacity, edgeMargin: edgeMargin) }
        case .text:
            if drawsOwn { drawText(id, values, matrix: matrix, localToClip: localToClip, opacity: opacity) }
        case .shape:
            // A shape may reach outside its bounds (or have none): it is placed by its own extent.
            drawShape(id, values, world: world, matrix: matrix, localToClip: localToClip, opacity: opacity)
        case .particles:
            drawParticles(id, values, world: world, localToClip: localToClip, opacity: opacity)
        case .tiles:
            drawTiles(id, values, world: world, matrix: matrix, localToClip: localToClip, opacity: opacity, drawsOwn: drawsOwn)
        }

        if !sublayers.isEmpty, !masks || own.isVisible {
            let sublayerSpace = values.sublayerSpaceTransform
            let childToTarget = Self.childSpace(sublayerSpace, world)
            depthSpace = layerDepth.map { sublayerSpace.flattened.concatenating($0) }
            let siteClip = clip
            var childToClip = localToClip.map { Self.childSpace(sublayerSpace, $0) }
            var pushed = false
            var drawsSublayers = true
            if masks {
                if let outer = clip {
                    list.appendSpecial(.pushClip(outer.write))
                    pushed = true
                }
                if let state = makeClip(bounds: bounds, corners: corners, world: world, matrix: matrix) {
                    clip = state
                    childToClip = Self.childSpace(sublayerSpace, .identity)
                } else {
                    drawsSublayers = false  // seen edge-on: nothing inside shows
                }
            }
            if drawsSublayers {
                let context = list.addContext(
                    VisitContext(toTarget: childToTarget, toClip: childToClip, opacity: opacity, clip: clip))
                if kind.sublayers == .replicated {
                    drawReplicas(
                        id, values, sublayers: ordered(sublayers), toTarget: childToTarget, toClip: childToClip, opacity: opacity,
                        context: context)
                } else {
                    for child in ordered(sublayers) {
                        visit(child, toTarget: childToTarget, toClip: childToClip, opacity: opacity, context: context)
                    }
                }
            }
            clip = siteClip
            if pushed { list.appendSpecial(.popClip) }
        }

        // The sublayers drew with their own edges.
        hardEdges = own.hardEdges
        if drawsOwn { drawBorder(parts, own, localToClip: localToClip, opacity: opacity) }
        hardEdges = false
    }

    mutating func drawContents(
        _ id: LayerID, _ contents: LayerParts.Contents, _ parts: LayerParts, world: Transform3D, matrix: GPUMatrix,
        localToClip: Transform3D?, opacity: Double, edgeMargin: Float?, identity: PropertyValues.Identity
    ) {
        let (bitmap, minification) = (contents.bitmap, contents.minification)
        let texture: BitmapTexture
        if lastTexture?.bitmap == bitmap, minification != .trilinear || lastTexture!.texture.hasMipmaps {
            texture = lastTexture!.texture
        } else {
            guard let found = textures.texture(for: bitmap, mipmapped: minification == .trilinear) else { return }
            texture = found
            lastTexture = (bitmap, found)
        }
        // A shared buffer has one level, the client's: trilinear would sample an incomplete texture.
        let filters = SamplerChoice(
            minification: texture.isShared && minification == .trilinear ? .linear : minification, magnification: contents.magnification)
        let exact = SamplerChoice(minification: .nearest, magnification: .nearest)
        let bounds = parts.bounds
        let corners = parts.corners
        let shaped = parts.masksToBounds && corners.isRounded
        let lodBias = contents.lodBias
        var contents = contents
        let laidOut = contents.forEachPiece(width: texture.width, height: texture.height, bounds: bounds) { piece in
            var instance = Self.contentsInstance(
                matrix: matrix, piece: piece, bounds: bounds, corners: corners, shaped: shaped, lodBias: lodBias, opacity: opacity,
                edgeMargin: edgeMargin)
            Self.applyClip(&instance, localToClip, clip)
            // Texels landing exactly on pixels: every filter returns the texel under the pixel centre, and
            // nearest is the cheapest way to get it (a software rasteriser skips the bilinear blend),
            // unless a bias asks for a smaller mip level.
            let pixelExact = lodBias == 0 && Self.isPixelExact(piece, world: world, width: texture.width, height: texture.height)
            emit(instance, texture: .bitmap(texture, sampler: pixelExact ? exact : filters))
        }
        // Only the model's layout is kept: the leaf patch takes the kept quad for the model's bounds.
        if laidOut, keepsParts, !parts.boundsLaidOver { list.parts.keepContents(contents, of: id, identity: identity) }
    }

    /// Whether a contents piece maps texels one to one onto whole target pixels under `world`: an
    /// axis-aligned translation (or flip) with the piece's pixel size equal to its texel size and both
    /// starting on whole pixels and texels.
    static func isPixelExact(_ piece: ContentsLayout.Piece, world: Transform3D, width: Int, height: Int) -> Bool {
        isPixelExact(piece, axes: pixelAxes(of: world), width: width, height: height)
    }

    /// `isPixelExact` for a world given by its lanes on the plane (`pixelAxes`, or a `PlanarMap`, which
    /// has no perspective); nil for a world that is not axis-aligned on the plane.
    static func isPixelExact(_ piece: ContentsLayout.Piece, axes: PlanarMap?, width: Int, height: Int) -> Bool {
        guard let axes, keepsAxes(axes) else { return false }
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        let pixelX = piece.rect.minX * axes.row1.x + axes.row4.x, pixelWidth = piece.rect.width * axes.row1.x
        let pixelY = piece.rect.minY * axes.row2.y + axes.row4.y, pixelHeight = piece.rect.height * axes.row2.y
        let texelX = piece.uv.x * Double(width), texelWidth = (piece.uv.z - piece.uv.x) * Double(width)
        let texelY = piece.uv.y * Double(height), texelHeight = (piece.uv.w - piece.uv.y) * Double(height)
        return whole(pixelX) && whole(pixelY) && whole(texelX) && whole(texelY)
            && abs(abs(pixelWidth) - abs(texelWidth)) < 1e-6 && abs(abs(pixelHeight) - abs(texelHeight)) < 1e-6
    }

    /// Whether lanes on the plane (`pixelAxes`) map x to x and y to y, as any world whose quads may land
    /// texels on pixels does (`isPixelExact`): a reader of the quad can ask this first.
    static func keepsAxes(_ axes: PlanarMap?) -> Bool {
        guard let axes else { return false }
        return axes.row1.y == 0 && axes.row2.x == 0
    }

    /// The x and y lanes of a world transform that is axis-aligned on the plane, without perspective
    /// (`Transform3D.isAxisAlignedInPlane`); nil for any other.
    static func pixelAxes(of world: Transform3D) -> PlanarMap? {
        guard world.isAxisAlignedInPlane else { return nil }
        return PlanarMap(
            row1: SIMD2(world.row1.x, world.row1.y), row2: SIMD2(world.row2.x, world.row2.y),
            row4: SIMD2(world.row4.x, world.row4.y))
    }

    // MARK: Helpers

    /// A quad covering the whole target (shifted by `offset` pixels) that shows an offscreen group,
    /// clipped by the clip in force here.
    private func composite(offset: SIMD2<Double>, color: SIMD4<Float>, mode: LayerInstance.TextureMode) -> LayerInstance {
        var instance = LayerInstance(
            matrix: GPUMatrix(projection),
            rect: Rect(x: offset.x, y: offset.y, width: Double(target.width), height: Double(target.height)),
            color: color)
        instance.texture(mode, uv: SIMD4(0, 1, 1, 0))  // GL rows run bottom-up in the offscreen texture
        if let clip {
            instance.clip(clip.rect, corners: clip.corners, map: clip.fromTarget)
        }
        return instance
    }

    /// How many separately blended parts a layer draws (its sublayers count as two: they may overlap).
    private func partCount(_ parts: LayerParts, _ values: PresentedValues, _ sublayers: [LayerID]) -> Int {
        (sublayers.isEmpty ? 0 : 2) + parts.count + kindPartCount(values)
    }

    /// A layer's own parts: those the list kept from an earlier build when they still hold (see
    /// `LayerPartsTable`), else read from its values (and kept, when nothing they are read from
    /// animates).
    mutating func parts(of id: LayerID, _ values: PresentedValues) -> LayerParts {
        guard keepsParts, !values.animatesAny(of: LayerParts.keys & ~LayerParts.laidOverKeys) else {
            // Read afresh while what they are read from animates, and drawn so. An entry kept from
            // before would still hold the model's parts, which a leaf patch takes for what the leaf's
            // instances show: the frame its animation ended, a leaf patched that way kept the last
            // animated bounds. Dropped, the leaf is built again then.
            if keepsParts { list.parts.forget(id) }
            return LayerParts(values)
        }
        let painted = values.animatesAny(of: LayerParts.paintKeys)
        let laidOver = values.animatesAny(of: LayerParts.laidOverKeys)
        var parts: LayerParts
        if let kept = list.parts.parts(of: id, identity: values.model.identity) {
            parts = kept
        } else {
            // Kept as the model has them; animated colours are painted over them each frame, and
            // animated bounds laid over them.
            parts =
                painted || laidOver
                ? LayerParts(PresentedValues(model: values.model, overlay: PresentationOverlay())) : LayerParts(values)
            list.parts.keep(parts, of: id, model: values.model)
        }
        if painted {
            parts.paintBackground(values[.backgroundColor])
            parts.paintBorder(values[.borderColor])
        }
        layOver(laidOver ? values[.bounds] : nil, on: &parts, of: id, identity: values.model.identity)
        return parts
    }

    /// Lays this frame's animated bounds (nil when they do not animate) over kept `parts`, and has the
    /// table remember whether the layer is drawn so: its instances are then not the kept parts' (see
    /// `LayerParts.boundsLaidOver`).
    mutating func layOver(_ bounds: Rect?, on parts: inout LayerParts, of id: LayerID, identity: PropertyValues.Identity) {
        let laidOver = bounds != nil
        if parts.boundsLaidOver != laidOver {
            list.parts.markBoundsLaidOver(laidOver, of: id, identity: identity)
            parts.boundsLaidOver = laidOver
        }
        if let bounds { parts.layOver(bounds: bounds) }
    }

    /// Sublayers back to front: by `zPosition`, equal ones in insertion order.
    private func ordered(_ sublayers: [LayerID]) -> [LayerID] {
        guard sublayers.count > 1 else { return sublayers }
        // Most layers never set a zPosition: find out without loading each sublayer's values.
        guard sublayers.contains(where: { tree.isWritten(.zPosition, of: $0) || presentation.animates(.zPosition, of: $0) })
        else { return sublayers }
        let depths = sublayers.map { presentation.value(Property<Double>.zPosition, of: $0, in: tree) }
        guard depths.contains(where: { $0 != 0 }) else { return sublayers }
        return sublayers.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
            .map { sublayers[$0] }
    }

    /// The transform from a layer's superlayer's sublayer space to target pixels, from the presentation
    /// values of its ancestors.
    private func parentSpaceToTarget(of layer: LayerID) -> Transform3D {
        var chain: [LayerID] = []
        var current = layer
        while let parent = (try? tree.superlayer(of: current)) ?? nil {
            chain.append(parent)
            current = parent
        }
        var m = Transform3D(scaleX: scale, y: scale, z: 0)
        for ancestor in chain.reversed() {
            let values = presentation.values(of: ancestor, in: tree)
            m = Self.childSpace(values.sublayerSpaceTransform, values.frameTransform.concatenating(m))
        }
        return m
    }

    /// The transform from a layer's sublayer space to where `world` takes the layer: the sublayer space
    /// transform flattened into the layer's plane (`Transform3D.flattened`, as `LayerTree`'s
    /// conversions and hit tests take it), then `world`.
    static func childSpace(_ sublayerSpace: Transform3D, _ world: Transform3D) -> Transform3D {
        if sublayerSpace.isIdentity {
            // identity.flattened · world, without the product: world with its z row dropped.
            var m = world
            m.row3 = .zero
            return m
        }
        return sublayerSpace.flattened.concatenating(world)
    }

    static func premultiplied(_ color: Color, _ opacity: Double) -> SIMD4<Float> {
        LayerParts.premultiplied(color) * Float(opacity)
    }
}
