import CGLES3
public import LaminaCore
public import LaminaRenderList

/// Draws presentation trees into offscreen targets with OpenGL ES 3: the GPU half of the compositor.
///
/// One per render thread (keep it in `RenderContext.state`). A frame is built on the CPU into a
/// `RenderList` (world transforms, culling, clips, groups, batching; see `RenderListBuilder`) and then
/// executed: all instances go up in one buffer, and each run of layers that share a texture is one
/// instanced draw of the `layer` program. Offscreen groups (group opacity, masks, shadows, transitions)
/// draw into pooled targets of the output's size and are composited back pixel for pixel.
///
/// Transitions need the layer's old appearance: `captureAppearance` draws it when the transition is
/// committed (the compositor calls it before applying the transaction that adds one), and frames that
/// draw the transition composite it against the live new appearance.
public final class Renderer {
    /// The bitmaps on the GPU.
    public let textures: TextureCache
    /// Textures made from layer properties: gradient stop tables, shape and text rasters.
    let generated: GeneratedTextures
    /// The GL textures behind every handle the list names, and what its builds asked of them.
    let gl: GLTextures

    /// Where the renderer reports what it cannot draw as asked (a font that is not installed, text too
    /// large to rasterise): once per font or failure.
    public var log: RenderLog {
        get { generated.log }
        set { generated.log = newValue }
    }

    /// Rasterises shape and text layers on a thread of their own from now on: a frame then shows a
    /// layer's last raster (or, for a new layer, nothing) until the new one is ready, so no layer's
    /// costly path or text holds up a frame. `onReady` is called on that thread whenever a raster is
    /// ready; the caller then draws a frame. Without this (offline rendering, tests) a frame draws
    /// every raster it needs before it is shown.
    public func rasterizeInBackground(onReady: @escaping @Sendable () -> Void) {
        guard generated.worker == nil else { return }
        generated.worker = RasterWorker(onReady: onReady)
    }

    /// Whether rasters asked of the background thread are not drawn yet.
    public var hasPendingRasters: Bool { generated.hasPendingRasters }

    /// Shapes and texts rasterised on the CPU since the renderer was made: a frame that only moves,
    /// recolours or fades them adds none.
    public var rasterizations: Int { generated.rasterizations }

    /// The rasters made from layer properties that are held (gradient stop tables, shape and text
    /// coverage), the texels they occupy, and the GPU bytes of their atlas pages and own textures.
    public var generatedTextures: (count: Int, texels: Int, bytes: Int) { (generated.count, generated.texels, generated.bytes) }
    /// Tiled layers' tiles, and the tiles they need (`TileTable`).
    package var tiles: TileTable { generated.tiles }

    let context: RenderContext
    let layerProgram: ShaderProgram
    let plainProgram: ShaderProgram
    let blitProgram: ShaderProgram
    let fillProgram: ShaderProgram
    /// The program compositing groups with a blend mode, where the driver has
    /// `GL_KHR_blend_equation_advanced` (nil elsewhere: blend modes then composite normally).
    let blendProgram: BlendProgram?

    /// `layer-blend` and the uniforms a composite sets.
    struct BlendProgram {
        let program: ShaderProgram
        let texture, secondMode, stencilOnly, complement: ShaderProgram.Uniform
    }
    /// The layer program variant in use.
    var variantInUse = DrawVariant.full
    let blurProgram: ShaderProgram
    /// `color-matrix` and its uniforms.
    let matrixProgram: ShaderProgram
    let matrixUniforms: (source: ShaderProgram.Uniform, rows: ShaderProgram.Uniform, offset: ShaderProgram.Uniform)
    let uniforms: Uniforms
    let samplers = SamplerCache()
    let pool: TargetPool
    let vertexArray: GLuint
    let cornerBuffer: GLuint
    /// The unit quad as two triangles (six corners), for `blit` and `fill` runs: what llvmpipe recognises as a
    /// rectangle (a strip never is, under GL's last-vertex provoking convention).
    let triangleCornerBuffer: GLuint
    /// The buffers the frames' instances are uploaded to, and the one this frame's are in.
    var instanceRing: InstanceRing
    /// The retained list's instances, kept on the GPU and updated where they changed.
    var retainedInstances: RetainedInstances
    /// Where the retained list's instances reach, for damaged frames (`InstanceGrid`).
    var grid = InstanceGrid()
    /// Where the instances of the list being drawn are: the buffer holding them whole, and the one its
    /// matrices are read from with their stride (the same buffer, a `LayerInstance` apart, for a list
    /// in the ring; packed apart for the retained list, see `RetainedInstances`).
    var instanceSource = (buffer: GLuint(0), matrices: GLuint(0), matrixStride: MemoryLayout<LayerInstance>.stride)
    /// 1x1 textures bound where nothing else is: white for colour-only draws, clear for a missing
    /// old appearance.
    let white: GLuint
    let clear: GLuint
    /// The frame's render list, kept from frame to frame, and how each frame brings it up to date.
    let retained: RetainedRenderList
    /// Subtrees drawn once and shown as one quad (`shouldRasterize`, still subtrees moving whole).
    var caches: SubtreeCaches { retained.caches }

    /// Whether the last list drawn changes with time alone (an emitter's particles move though no value
    /// does): the caller should draw another frame even when nothing animates.
    public var isAnimating: Bool { retained.list.hasLiveParticles }

    /// Whether whole builds keep each layer's own parts for the next (`LayerPartsTable`), so that a layer
    /// that only moves, turns or fades is not read and digested again every frame. On by default; off,
    /// every build reads every layer afresh (a frame that redraws everything, which the damage tests
    /// compare the kept parts with).
    public var keepsLayerParts: Bool {
        get { retained.keepsLayerParts }
        set { retained.keepsLayerParts = newValue }
    }

    /// The threads a frame's leaves patched in place are split across (`FrameThreads`); one by
    /// default. The list they make is the same, bit for bit.
    public var threads: FrameThreads {
        get { retained.threads }
        set { retained.threads = newValue }
    }

    /// Whether a still subtree that moves as a whole is drawn once and moved as one textured quad
    /// while it moves (on by default; `shouldRasterize` caches regardless).
    public var cachesMovingSubtrees: Bool {
        get { caches.cachesMovingSubtrees }
        set { caches.cachesMovingSubtrees = newValue }
    }

    /// The most bytes the subtree caches hold (64 MiB by default); a subtree that does not fit is drawn
    /// directly.
    public var subtreeCacheBudget: Int {
        get { caches.budget }
        set { caches.budget = newValue }
    }
    /// Whether the list being executed clips through the stencil (its targets then need one).
    var stencilInUse = true
    /// Offscreen groups whose passes ran since it was last reset (`FrameStatistics.groupsDrawn`).
    var groupsDrawn = 0
    /// What frames cost the GPU side since the last `execute` returned its statistics.
    var counters = FrameCounters()
    /// `GLObjects.createdOnThisThread` when the last frame's statistics were taken.
    private var objectsAtLastFrame = GLObjects.createdOnThisThread
    var snapshots: [AnimationID: Snapshot] = [:]

    struct Uniforms {
        var texture, second, secondMode, mix, stencilOnly, plainTexture, blitTexture: ShaderProgram.Uniform
        var blurSource, blurStep, blurCentre, blurCount, blurTaps: ShaderProgram.Uniform
    }

    /// A transition's captured old appearance.
    final class Snapshot {
        let target: OffscreenTarget
        var drawn = false
        init(_ target: OffscreenTarget) { self.target = target }
    }

    /// Per-target drawing state: where clips stand.
    struct TargetState {
        var target: OffscreenTarget
        var stencilLevel = 0
        var scissors: [PixelRegion] = []
        var clips: [ClipWrite] = []
    }

    /// Builds the programs and buffers on the render thread.
    public init(_ context: RenderContext, textureBudget: Int = 512 << 20) throws(RendererError) {
        do throws(ShaderError) {
            layerProgram = try ShaderProgram(context, .layer)
            plainProgram = try ShaderProgram(context, .plainLayer)
            blitProgram = try ShaderProgram(context, .blitLayer)
            fillProgram = try ShaderProgram(context, .fillLayer)
            blurProgram = try ShaderProgram(context, .blur)
            matrixProgram = try ShaderProgram(context, .colorMatrix)
            matrixUniforms = (
                try matrixProgram.uniform("u_source"), try matrixProgram.uniform("u_rows[0]"), try matrixProgram.uniform("u_offset")
            )
            if context.info.extensions.contains("GL_KHR_blend_equation_advanced") {
                let program = try ShaderProgram(context, .blendLayer)
                blendProgram = BlendProgram(
                    program: program, texture: try program.uniform("u_texture"), secondMode: try program.uniform("u_secondMode"),
                    stencilOnly: try program.uniform("u_stencilOnly"), complement: try program.uniform("u_complement"))
            } else {
                blendProgram = nil
            }
            uniforms = Uniforms(
                texture: try layerProgram.uniform("u_texture"), second: try layerProgram.uniform("u_second"),
                secondMode: try layerProgram.uniform("u_secondMode"), mix: try layerProgram.uniform("u_mix"),
                stencilOnly: try layerProgram.uniform("u_stencilOnly"),
                plainTexture: try plainProgram.uniform("u_texture"), blitTexture: try blitProgram.uniform("u_texture"),
                blurSource: try blurProgram.uniform("u_source"), blurStep: try blurProgram.uniform("u_step"),
                blurCentre: try blurProgram.uniform("u_centre"), blurCount: try blurProgram.uniform("u_count"),
                blurTaps: try blurProgram.uniform("u_taps[0]"))
        } catch {
            throw .shader(error)
        }
        self.context = context
        gl = GLTextures(bgraStorage: context.info.extensions.contains("GL_EXT_texture_format_BGRA8888"))
        textures = TextureCache(context, gl: gl, budget: textureBudget)
        generated = GeneratedTextures(maximumSize: context.info.maxTextureSize, requests: gl.requests)
        let caches = SubtreeCaches(requests: gl.requests)
        caches.layout = OffscreenTarget.preferredLayout(context)
        retained = RetainedRenderList(textures: textures.table, generated: generated, caches: caches)
        pool = TargetPool(context)
        white = Self.pixelTexture([255, 255, 255, 255])
        clear = Self.pixelTexture([0, 0, 0, 0])

        let vertexArray = GLObjects.make(.vertexArray)
        let buffers = GLObjects.make(.buffer, count: 2)
        glBindVertexArray(vertexArray)
        // Two triangles sharing a diagonal, both wound alike: (0,0) (1,0) (1,1), (0,0) (1,1) (0,1).
        let triangleCorners: [Float] = [0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffers[1])
        glBufferData(GLenum(GL_ARRAY_BUFFER), triangleCorners.count * 4, triangleCorners, GLenum(GL_STATIC_DRAW))
        let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffers[0])
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * 4, corners, GLenum(GL_STATIC_DRAW))
        let corner = GLuint(InstanceLayout.corner.location)
        glEnableVertexAttribArray(corner)
        glVertexAttribPointer(corner, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        for attribute in InstanceLayout.attributes {
            glEnableVertexAttribArray(GLuint(attribute.location))
            glVertexAttribDivisor(GLuint(attribute.location), 1)
        }
        glBindVertexArray(0)
        self.vertexArray = vertexArray
        cornerBuffer = buffers[0]
        triangleCornerBuffer = buffers[1]
        instanceRing = InstanceRing()
        retainedInstances = RetainedInstances()
    }

    deinit {
        generated.worker?.stop()
        var names = [cornerBuffer, triangleCornerBuffer]
        glDeleteBuffers(2, &names)
        instanceRing.delete()
        retainedInstances.delete()
        var vertexArray = vertexArray
        glDeleteVertexArrays(1, &vertexArray)
        var textures = [white, clear]
        glDeleteTextures(2, &textures)
    }

    // MARK: Frames

    /// Draws `roots` (default: every root of `tree`, in slot order) as `presentation` shows them into
    /// `target`, cleared first to `background`. `scale` is pixels per point. The same as `build` then
    /// `execute`, which the compositor calls apart to time them.
    @discardableResult
    public func draw(
        _ tree: LayerTree, _ presentation: Presentation, roots: [LayerID]? = nil, scale: Double = 1,
        background: Color = Color(red: 0, green: 0, blue: 0, alpha: 0), into target: OffscreenTarget
    ) throws(RendererError) -> FrameStatistics {
        build(tree, presentation, roots: roots, scale: scale, for: target)
        return try execute(into: target, background: background)
    }

    /// The CPU half of a frame: turns the presentation tree into the render list `execute` will draw
    /// into `target` (whose size and projection it is built for). Issues no GL call. The next
    /// `execute` redraws everything.
    public func build(
        _ tree: LayerTree, _ presentation: Presentation, roots: [LayerID]? = nil, scale: Double = 1,
        for target: OffscreenTarget
    ) {
        retained.build(tree, presentation, roots: roots, scale: scale, for: target.listTarget)
    }

    /// The CPU half of a frame that changed only `changed` layers (their values, written or animated)
    /// since the last `build` or `update` for the same `target`, roots and scale: visits only their
    /// subtrees again and leaves the rest of the last frame's list as it was, so the next `execute`
    /// redraws only the damage (see `RetainedRenderList.update`). Issues no GL call. `written`, when
    /// given, lists the layers of `changed` that transactions wrote since the last update (the rest
    /// only animate), which spares the leaves that only animate a check.
    ///
    /// Returns the damage the next `execute` will redraw.
    @discardableResult
    public func update(
        _ tree: LayerTree, _ presentation: Presentation, changed: [LayerID]?, written: [LayerID]? = nil,
        roots: [LayerID]? = nil, scale: Double = 1, for target: OffscreenTarget
    ) -> Damage {
        retained.update(tree, presentation, changed: changed, written: written, roots: roots, scale: scale, for: target.listTarget)
    }

    /// Gives back the storage sized for the largest frame drawn so far (the instance buffers, the
    /// retained list and its scratch), after the scene shrank for good: the next frame builds and
    /// uploads anew at today's size. Between frames, with the context current.
    public func releaseSpareMemory() {
        instanceRing.releaseStorage()
        retainedInstances.releaseStorage()
        grid = InstanceGrid()
        retained.releaseSpareCapacity()
        pool.removeAll()
    }

    /// Carries out what the builds since the last draw asked of the textures (made, written, mipmapped,
    /// released) without drawing: for a caller that builds frames it does not draw, whose requests would
    /// otherwise wait, texels and all, for the next draw.
    public func performTextureRequests() {
        gl.perform()
    }

    /// The GPU half of a frame: draws the list `build` made into `target`, cleared first to
    /// `background`, then drops transition snapshots no longer drawn and evicts textures over budget.
    public func execute(
        into target: OffscreenTarget, background: Color = Color(red: 0, green: 0, blue: 0, alpha: 0)
    ) throws(RendererError) -> FrameStatistics {
        guard target.hasStencil else { throw .targetWithoutStencil(width: target.width, height: target.height) }
        let redraw = retained.redraw(into: target.listTarget)
        let cacheRenders = caches.renders
        try drawCaches()
        groupsDrawn = 0
        let list = retained.list
        grid.follow(list, width: target.width, height: target.height)
        try execute(list, into: target, background: background, damage: redraw, retainedInstances: true)
        let groupsDrawn = self.groupsDrawn
        let shown = list.shownCaches
        retained.drawn(into: target.listTarget)
        if !snapshots.isEmpty {
            let drawn = drawnTransitions(list)
            for (id, snapshot) in snapshots where snapshot.drawn && !drawn.contains(id) {
                snapshots[id] = nil  // its transition ended
            }
        }
        var statistics = FrameStatistics()
        statistics.damage = redraw
        statistics.cachedSubtrees = shown.count
        statistics.cacheRenders = cacheRenders
        statistics.visitedLayers = list.visitedLayers
        statistics.culledLayers = list.culledLayers
        statistics.keptLeaves = list.keptLeaves
        statistics.patchedLeaves = list.patchedLeaves
        statistics.occludedInstances = list.occludedInstances
        statistics.instances = list.instances.count
        statistics.drawCalls = list.drawCalls
        statistics.groups = list.groups.count
        statistics.groupsDrawn = groupsDrawn
        // Counted from the end of the last frame: uploads the compositor made between frames (client
        // bitmaps) and objects made for them belong to this one.
        statistics.uploadedInstanceBytes = counters.uploadedInstanceBytes
        statistics.instancesVisited = counters.instancesVisited
        statistics.uploadedTextureBytes = gl.uploadedBytes
        pool.endFrame()
        statistics.glObjectsCreated = GLObjects.createdOnThisThread - objectsAtLastFrame
        statistics.encodeSeconds = counters.encodeSeconds
        counters = FrameCounters()
        gl.uploadedBytes = 0
        objectsAtLastFrame = GLObjects.createdOnThisThread
        return statistics
    }

    /// Draws the caches drawn anew in this frame into their textures, inner ones first.
    func drawCaches() throws(RendererError) {
        for entry in caches.pending {
            guard let body = entry.pending else { continue }
            let target: OffscreenTarget
            if let held = gl.targets[entry.handle], held.width == entry.width, held.height == entry.height {
                target = held
            } else {
                do throws(OffscreenTargetError) {
                    target = try OffscreenTarget(context, width: entry.width, height: entry.height, layout: entry.layout)
                } catch {
                    throw .target(error)
                }
                gl.targets[entry.handle] = target
            }
            try execute(body, into: target, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
            entry.pending = nil
        }
    }

    /// The render list of the last frame (for tests and statistics).
    public var lastRenderList: RenderList { retained.list }

    /// Captures how `layer` looks now, before a transition changes it: the old appearance the
    /// transition `animation` will draw from. Kept until a frame that drew the transition no longer
    /// does (it ended), or `releaseAppearance`.
    public func captureAppearance(
        of layer: LayerID, in tree: LayerTree, _ presentation: Presentation, scale: Double = 1,
        width: Int, height: Int, for animation: AnimationID
    ) throws(RendererError) {
        let target = try pool.acquire(width: width, height: height)
        let list = retained.snapshot(of: layer, in: tree, presentation, scale: scale, width: width, height: height)
        try execute(list, into: target, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        snapshots[animation] = Snapshot(target)
    }

    /// Forgets a captured old appearance.
    public func releaseAppearance(for animation: AnimationID) {
        if let snapshot = snapshots.removeValue(forKey: animation) { pool.release(snapshot.target) }
    }

    /// The number of old appearances held.
    public var capturedAppearances: Int { snapshots.count }

    func drawnTransitions(_ list: RenderList) -> Set<AnimationID> {
        Set(list.groups.compactMap { $0.transition?.progress.animation })
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension Renderer: Sendable {}
