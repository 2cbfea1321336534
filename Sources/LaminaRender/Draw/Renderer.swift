import CGLES3
public import LaminaCore

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

    private let context: RenderContext
    private let layerProgram: ShaderProgram
    private let plainProgram: ShaderProgram
    private let blitProgram: ShaderProgram
    /// The layer program variant in use.
    private var variantInUse = DrawVariant.full
    private let blurProgram: ShaderProgram
    private let uniforms: Uniforms
    private let samplers = SamplerCache()
    private let pool: TargetPool
    private let vertexArray: GLuint
    private let cornerBuffer: GLuint
    /// The unit quad as two triangles (six corners), for `blit` runs: what llvmpipe recognises as a
    /// rectangle (a strip never is, under GL's last-vertex provoking convention).
    private let triangleCornerBuffer: GLuint
    /// The buffers the frames' instances are uploaded to, and the one this frame's are in.
    private var instanceRing: InstanceRing
    private var instanceBuffer: GLuint = 0
    /// 1x1 textures bound where nothing else is: white for colour-only draws, clear for a missing
    /// old appearance.
    private let white: GLuint
    private let clear: GLuint
    private var list = RenderList()
    /// Working storage for subtrees visited again (`RenderListUpdate`).
    private var scratch = RenderList()
    /// The target whose pixels are the last frame `list` drew, and the roots and scale it was built
    /// with: what a frame that changed little may draw over, redrawing only `damage`.
    private weak var retainedTarget: OffscreenTarget?
    private var retainedRoots: [LayerID] = []
    private var retainedScale = 0.0
    /// What the next `execute` redraws: what changed since the last one.
    private var damage = Damage.full
    /// Subtrees drawn once and shown as one quad (`shouldRasterize`, still subtrees moving whole).
    let caches = SubtreeCaches()

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
    private var stencilInUse = true
    private var snapshots: [AnimationID: Snapshot] = [:]

    private struct Uniforms {
        var texture, second, secondMode, mix, stencilOnly, plainTexture, blitTexture: ShaderProgram.Uniform
        var blurSource, blurStep, blurSigma, blurRadius: ShaderProgram.Uniform
    }

    /// A transition's captured old appearance.
    private final class Snapshot {
        let target: OffscreenTarget
        var drawn = false
        init(_ target: OffscreenTarget) { self.target = target }
    }

    /// Per-target drawing state: where clips stand.
    private struct TargetState {
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
            blurProgram = try ShaderProgram(context, .blur)
            uniforms = Uniforms(
                texture: try layerProgram.uniform("u_texture"), second: try layerProgram.uniform("u_second"),
                secondMode: try layerProgram.uniform("u_secondMode"), mix: try layerProgram.uniform("u_mix"),
                stencilOnly: try layerProgram.uniform("u_stencilOnly"),
                plainTexture: try plainProgram.uniform("u_texture"), blitTexture: try blitProgram.uniform("u_texture"),
                blurSource: try blurProgram.uniform("u_source"), blurStep: try blurProgram.uniform("u_step"),
                blurSigma: try blurProgram.uniform("u_sigma"), blurRadius: try blurProgram.uniform("u_radius"))
        } catch {
            throw .shader(error)
        }
        self.context = context
        textures = TextureCache(context, budget: textureBudget)
        caches.layout = OffscreenTarget.preferredLayout(context)
        pool = TargetPool(context)
        white = Self.pixelTexture([255, 255, 255, 255])
        clear = Self.pixelTexture([0, 0, 0, 0])

        var vertexArray: GLuint = 0
        var buffers: [GLuint] = [0, 0]
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(2, &buffers)
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
    }

    deinit {
        var names = [cornerBuffer, triangleCornerBuffer]
        glDeleteBuffers(2, &names)
        instanceRing.delete()
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
        _ = textures.takeChanges()
        _ = caches.beginFrame(changed: nil, repainted: [], tree: tree, presentation: presentation)
        buildAll(tree, presentation, roots: roots ?? tree.roots, scale: scale, for: target)
    }

    /// The CPU half of a frame that changed only `changed` layers (their values, written or animated)
    /// since the last `build` or `update` for the same `target`, roots and scale: visits only their
    /// subtrees again and leaves the rest of the last frame's list as it was, so the next `execute`
    /// redraws only the damage, the union of the old and new screen bounds of what changed (textures
    /// repainted since included). Falls back to a whole build, and a whole redraw, when the changes do
    /// not allow it: `changed` nil (the hierarchy changed), another target, a texture replaced, a change
    /// inside an offscreen group or under a stencil clip, or changes to most of the tree.
    ///
    /// Returns the damage the next `execute` will redraw.
    @discardableResult
    public func update(
        _ tree: LayerTree, _ presentation: Presentation, changed: [LayerID]?, roots: [LayerID]? = nil,
        scale: Double = 1, for target: OffscreenTarget
    ) -> Damage {
        let textureChanges = textures.takeChanges()
        let roots = roots ?? tree.roots
        // More changes than layers drawn (each is listed up to three times): everything is rebuilt, and
        // sorting them out first would only add to that.
        let known = textureChanges.replaced || (changed?.count ?? 0) > max(list.visitedLayers, 64) ? nil : changed
        let stale = caches.beginFrame(
            changed: known, repainted: textureChanges.repainted, tree: tree, presentation: presentation,
            subtreeSize: { self.list.drawnLayers(under: $0) })
        if var changed = known, retainedTarget === target, retainedRoots == roots, retainedScale == scale {
            changed += stale
            textures.beginFrame()
            let update = RenderListUpdate(
                tree: tree, presentation: presentation, textures: textures, width: target.width,
                height: target.height, projection: target.projection, scale: scale, caches: caches)
            if let frameDamage = update.update(&list, scratch: &scratch, changed: changed, repainted: textureChanges.repainted) {
                damage.formUnion(frameDamage)
                return damage
            }
        }
        buildAll(tree, presentation, roots: roots, scale: scale, for: target)
        return damage
    }

    private func buildAll(_ tree: LayerTree, _ presentation: Presentation, roots: [LayerID], scale: Double, for target: OffscreenTarget) {
        textures.beginFrame()
        // The list moves into the builder and back: a second reference while the builder empties it
        // would copy all of last frame's arrays.
        var taken = RenderList()
        swap(&taken, &list)
        var builder = RenderListBuilder(
            tree: tree, presentation: presentation, textures: textures, targetWidth: target.width,
            targetHeight: target.height, projection: target.projection, scale: scale, list: consume taken, caches: caches)
        builder.build(roots: roots)
        list = builder.list
        retainedTarget = target
        retainedRoots = roots
        retainedScale = scale
        damage = .full
    }

    /// The GPU half of a frame: draws the list `build` made into `target`, cleared first to
    /// `background`, then drops transition snapshots no longer drawn and evicts textures over budget.
    public func execute(
        into target: OffscreenTarget, background: Color = Color(red: 0, green: 0, blue: 0, alpha: 0)
    ) throws(RendererError) -> FrameStatistics {
        guard target.hasStencil else { throw .targetWithoutStencil(width: target.width, height: target.height) }
        // Only the target the list was last drawn into holds the pixels the damage is relative to.
        let redraw = retainedTarget === target ? damage.clipped(width: target.width, height: target.height) : .full
        let cacheRenders = caches.renders
        try drawCaches()
        try execute(list, into: target, background: background, damage: redraw)
        let shown = list.shownCaches
        caches.endFrame(showing: shown)
        damage = .none
        retainedTarget = target
        markBoundTextures()
        if !snapshots.isEmpty {
            let drawn = drawnTransitions(list)
            for (id, snapshot) in snapshots where snapshot.drawn && !drawn.contains(id) {
                snapshots[id] = nil  // its transition ended
            }
        }
        textures.evict()
        var statistics = FrameStatistics()
        statistics.damage = redraw
        statistics.cachedSubtrees = shown.count
        statistics.cacheRenders = cacheRenders
        statistics.visitedLayers = list.visitedLayers
        statistics.culledLayers = list.culledLayers
        statistics.occludedInstances = list.occludedInstances
        statistics.instances = list.instances.count
        statistics.drawCalls = list.drawCalls
        statistics.groups = list.groups.count
        return statistics
    }

    /// Draws the caches drawn anew in this frame into their textures, inner ones first.
    private func drawCaches() throws(RendererError) {
        for entry in caches.pending {
            guard let body = entry.pending else { continue }
            if entry.target == nil {
                do throws(OffscreenTargetError) {
                    entry.target = try OffscreenTarget(context, width: entry.width, height: entry.height, layout: entry.layout)
                } catch {
                    throw .target(error)
                }
            }
            try execute(body, into: entry.target!, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
            entry.pending = nil
        }
    }

    /// Marks every texture the list binds as drawn this frame: a retained list draws textures that
    /// this frame's update did not look up, and eviction must spare them.
    private func markBoundTextures() {
        for case .draw(_, _, .bitmap(let texture, _), _, _) in list.commands { textures.markDrawn(texture) }
    }

    /// The render list of the last frame (for tests and statistics).
    public var lastRenderList: RenderList { list }

    /// Captures how `layer` looks now, before a transition changes it: the old appearance the
    /// transition `animation` will draw from. Kept until a frame that drew the transition no longer
    /// does (it ended), or `releaseAppearance`.
    public func captureAppearance(
        of layer: LayerID, in tree: LayerTree, _ presentation: Presentation, scale: Double = 1,
        width: Int, height: Int, for animation: AnimationID
    ) throws(RendererError) {
        let target = try pool.acquire(width: width, height: height)
        var builder = RenderListBuilder(
            tree: tree, presentation: presentation, textures: textures, targetWidth: width, targetHeight: height,
            projection: target.projection, scale: scale, list: RenderList())
        builder.build(subtreeOf: layer)
        try execute(builder.list, into: target, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        snapshots[animation] = Snapshot(target)
    }

    /// Forgets a captured old appearance.
    public func releaseAppearance(for animation: AnimationID) {
        if let snapshot = snapshots.removeValue(forKey: animation) { pool.release(snapshot.target) }
    }

    /// The number of old appearances held.
    public var capturedAppearances: Int { snapshots.count }

    private func drawnTransitions(_ list: RenderList) -> Set<AnimationID> {
        Set(list.groups.compactMap { $0.transition?.progress.animation })
    }

    // MARK: Executing a list

    /// Draws `list` into `target`: everything, or only the `damage` boxes over the pixels the target
    /// holds (each scissored, skipping the instances outside it), or nothing. A list with offscreen
    /// groups is drawn once over the box around all the damage, so each group is drawn once.
    private func execute(
        _ list: RenderList, into target: OffscreenTarget, background: Color, damage: Damage = .full
    ) throws(RendererError) {
        if damage.isEmpty { return }
        let passes: [PixelRegion?] =
            damage.isFull ? [nil] : list.groups.isEmpty ? damage.boxes.map { $0 } : [damage.box]
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        stencilInUse = list.usesStencil
        target.attachStencil(stencilInUse)
        uploadInstances(list.instances)
        for box in passes {
            try executePass(list, into: target, background: background, box: box)
        }
        glBindVertexArray(0)
        do throws(GLError) {
            try GLError.check("drawing \(list.instances.count) instances into a \(target.width)x\(target.height) target")
        } catch {
            throw .gl(error)
        }
    }

    /// One pass of `execute`: clears `box` (or everything) and draws the list's commands inside it.
    private func executePass(
        _ list: RenderList, into target: OffscreenTarget, background: Color, box: PixelRegion?
    ) throws(RendererError) {
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        var base = TargetState(target: target)
        if let box {
            base.scissors = [box]
            applyScissor(base)  // the clear below, and every draw, stay inside the damage
        }
        target.clear(to: background)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        useLayerProgram()

        var states = [base]
        var groupTargets: [(content: OffscreenTarget, mask: OffscreenTarget?)] = []
        for command in list.commands {
            switch command {
            case .draw(let first, let count, let texture, let variant, let opaque):
                use(variant)
                bind(texture)
                // Opaque runs replace what is beneath: the same pixels as blending, for less work.
                if opaque { glDisable(GLenum(GL_BLEND)) }
                if let box, groupTargets.isEmpty {
                    drawInstances(
                        of: list, first: first, count: count, reaching: box, in: target, asTriangles: variant == .blit)
                } else {
                    drawInstances(first: first, count: count, asTriangles: variant == .blit)
                }
                if opaque { glEnable(GLenum(GL_BLEND)) }
            case .pushClip(let write):
                push(write, &states[states.count - 1])
            case .popClip:
                pop(&states[states.count - 1])
            case .beginGroup:
                let content = try pool.acquire(width: target.width, height: target.height)
                groupTargets.append((content, nil))
                states.append(TargetState(target: content))
                begin(content)
            case .beginMask:
                let mask = try pool.acquire(width: target.width, height: target.height)
                groupTargets[groupTargets.count - 1].mask = mask
                states[states.count - 1] = TargetState(target: mask)
                begin(mask)
            case .endGroup(let index):
                let (content, mask) = groupTargets.removeLast()
                states.removeLast()
                try composite(list.groups[index], content: content, mask: mask, list: list, onto: states[states.count - 1])
                pool.release(content)
                if let mask { pool.release(mask) }
            }
        }
    }

    /// Makes `variant`'s build of the layer program current.
    private func use(_ variant: DrawVariant) {
        guard variant != variantInUse else { return }
        switch variant {
        case .full: layerProgram.use()
        case .plain: plainProgram.use()
        case .blit: blitProgram.use()
        }
        variantInUse = variant
    }

    private func useLayerProgram() {
        blitProgram.use()
        blitProgram.set(uniforms.blitTexture, Int32(0))
        plainProgram.use()
        plainProgram.set(uniforms.plainTexture, Int32(0))
        layerProgram.use()
        variantInUse = .full
        layerProgram.set(uniforms.texture, Int32(0))
        layerProgram.set(uniforms.second, Int32(1))
        layerProgram.set(uniforms.secondMode, Int32(0))
        layerProgram.set(uniforms.stencilOnly, false)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
    }

    private func uploadInstances(_ instances: ContiguousArray<LayerInstance>) {
        instanceBuffer = instances.withUnsafeBytes { instanceRing.upload($0) }
    }

    /// Points the instance attributes at `first` and draws `count` instances (GLES 3 has no base
    /// instance, so the offset goes into the attribute pointers), each as a four-corner strip or, for
    /// `blit` runs, as two separate triangles.
    private func drawInstances(first: Int, count: Int, asTriangles: Bool = false) {
        let stride = MemoryLayout<LayerInstance>.stride
        for attribute in InstanceLayout.attributes {
            glVertexAttribPointer(
                GLuint(attribute.location), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                UnsafeRawPointer(bitPattern: first * stride + attribute.offset))
        }
        guard asTriangles else {
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
            return
        }
        let corner = GLuint(InstanceLayout.corner.location)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), triangleCornerBuffer)
        glVertexAttribPointer(corner, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(count))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        glVertexAttribPointer(corner, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
    }

    /// Draws the instances of a run that may reach `box` (target pixels): runs of them, skipping
    /// stretches of more than a few that lie wholly outside, which the scissor would discard anyway.
    private func drawInstances(
        of list: RenderList, first: Int, count: Int, reaching box: PixelRegion, in target: OffscreenTarget, asTriangles: Bool
    ) {
        let (x0, y0) = (Float(box.x), Float(box.y))
        let (x1, y1) = (Float(box.x + box.width), Float(box.y + box.height))
        let (width, height) = (target.width, target.height)
        var start = -1, lastInside = -1
        let end = first + count
        for index in first..<end {
            let instance = list.instances[index]
            if instance.isCollapsed { continue }
            let reaches: Bool
            if let b = instance.pixelBounds(width: width, height: height) {
                reaches = b.maxX >= x0 && b.minX <= x1 && b.maxY >= y0 && b.minY <= y1
            } else {
                reaches = true
            }
            guard reaches else { continue }
            if start >= 0, index - lastInside > 16 {
                drawInstances(first: start, count: lastInside + 1 - start, asTriangles: asTriangles)
                start = -1
            }
            if start < 0 { start = index }
            lastInside = index
        }
        if start >= 0 { drawInstances(first: start, count: lastInside + 1 - start, asTriangles: asTriangles) }
    }

    private func bind(_ binding: TextureBinding) {
        glActiveTexture(GLenum(GL_TEXTURE0))
        switch binding {
        case .none:
            glBindTexture(GLenum(GL_TEXTURE_2D), white)
            glBindSampler(0, 0)
        case .bitmap(let texture, let choice):
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
            glBindSampler(0, samplers.sampler(minification: choice.minification, magnification: choice.magnification))
        case .cache(let entry, let choice):
            glBindTexture(GLenum(GL_TEXTURE_2D), entry.target?.texture ?? clear)
            glBindSampler(0, samplers.sampler(minification: choice.minification, magnification: choice.magnification))
        }
    }

    private func bind(offscreen texture: GLuint, unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindSampler(GLuint(unit), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
    }

    // MARK: Clips

    private func push(_ write: ClipWrite, _ state: inout TargetState) {
        state.clips.append(write)
        switch write {
        case .scissor(let region):
            let clipped = state.scissors.last.map { $0.intersection(region) } ?? region
            state.scissors.append(clipped)
            applyScissor(state)
        case .stencil(let instance):
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(state.stencilLevel), 0xFF)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR))
            writeStencil(instance)
            state.stencilLevel += 1
            applyStencil(state)
        }
    }

    private func pop(_ state: inout TargetState) {
        guard let write = state.clips.popLast() else { return }
        switch write {
        case .scissor:
            state.scissors.removeLast()
            applyScissor(state)
        case .stencil(let instance):
            glStencilFunc(GLenum(GL_EQUAL), GLint(state.stencilLevel), 0xFF)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_DECR))
            writeStencil(instance)
            state.stencilLevel -= 1
            applyStencil(state)
        }
    }

    private func writeStencil(_ instance: Int) {
        use(.full)
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        layerProgram.set(uniforms.stencilOnly, true)
        bind(TextureBinding.none)
        drawDetached(instance)
        layerProgram.set(uniforms.stencilOnly, false)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
    }

    private func applyScissor(_ state: TargetState) {
        guard let region = state.scissors.last else {
            glDisable(GLenum(GL_SCISSOR_TEST))
            return
        }
        glEnable(GLenum(GL_SCISSOR_TEST))
        // GL counts rows from the bottom.
        glScissor(
            GLint(region.x), GLint(state.target.height - region.y - region.height), GLsizei(max(0, region.width)),
            GLsizei(max(0, region.height)))
    }

    private func applyStencil(_ state: TargetState) {
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        if state.stencilLevel > 0 {
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(state.stencilLevel), 0xFF)
        } else {
            glDisable(GLenum(GL_STENCIL_TEST))
        }
    }

    /// Makes `target` current with no clips, cleared to transparent.
    private func begin(_ target: OffscreenTarget) {
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        target.attachStencil(stencilInUse)
        target.clear(to: Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    /// Makes a target current again with its clips as they stood.
    private func resume(_ state: TargetState) {
        state.target.bind()
        applyScissor(state)
        applyStencil(state)
    }

    // MARK: Groups

    private func composite(
        _ group: RenderGroup, content: OffscreenTarget, mask: OffscreenTarget?, list: RenderList, onto state: TargetState
    ) throws(RendererError) {
        if let shadow = group.shadow {
            let blurred = try blur(content, sigma: shadow.sigma)
            resume(state)
            useLayerProgram()
            bind(offscreen: blurred.texture, unit: 0)
            drawDetached(shadow.composite)
            if blurred !== content { pool.release(blurred) }
        }
        resume(state)
        useLayerProgram()
        if let transition = group.transition {
            let snapshot = snapshots[transition.progress.animation]
            snapshot?.drawn = true
            let old = snapshot?.target.texture ?? clear
            switch transition.progress.transition.type {
            case .fade:
                bind(offscreen: content.texture, unit: 0)
                bind(offscreen: old, unit: 1)
                layerProgram.set(uniforms.secondMode, Int32(2))
                layerProgram.set(uniforms.mix, Float(transition.progress.progress))
                drawDetached(group.composite)
                layerProgram.set(uniforms.secondMode, Int32(0))
            case .moveIn, .push:
                bind(offscreen: old, unit: 0)
                drawDetached(transition.old)
                bind(offscreen: content.texture, unit: 0)
                drawDetached(group.composite)
            case .reveal:
                bind(offscreen: content.texture, unit: 0)
                drawDetached(group.composite)
                bind(offscreen: old, unit: 0)
                drawDetached(transition.old)
            }
            return
        }
        bind(offscreen: content.texture, unit: 0)
        if let mask {
            bind(offscreen: mask.texture, unit: 1)
            layerProgram.set(uniforms.secondMode, Int32(1))
        }
        drawDetached(group.composite)
        layerProgram.set(uniforms.secondMode, Int32(0))
    }

    /// Draws one instance that no batch holds (a composite, a clip shape).
    private func drawDetached(_ instance: Int) {
        drawInstances(first: instance, count: 1)
    }

    /// A separable Gaussian blur of `source` (horizontal, then vertical) into a pooled target.
    private func blur(_ source: OffscreenTarget, sigma: Double) throws(RendererError) -> OffscreenTarget {
        guard sigma >= 0.5 else { return source }
        let radius = Int32(min(96, (3 * sigma).rounded(.up)))
        let horizontal = try pool.acquire(width: source.width, height: source.height)
        let vertical = try pool.acquire(width: source.width, height: source.height)
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        blurProgram.use()
        blurProgram.set(uniforms.blurSource, Int32(0))
        blurProgram.set(uniforms.blurSigma, Float(sigma))
        blurProgram.set(uniforms.blurRadius, radius)
        glBindVertexArray(0)
        for (from, to, step) in [
            (source, horizontal, SIMD4<Float>(1 / Float(source.width), 0, 0, 0)),
            (horizontal, vertical, SIMD4<Float>(0, 1 / Float(source.height), 0, 0)),
        ] {
            to.bind()
            bind(offscreen: from.texture, unit: 0)
            glUniform2f(uniforms.blurStep.location, step.x, step.y)
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
        glEnable(GLenum(GL_BLEND))
        pool.release(horizontal)
        return vertical
    }

    private static func pixelTexture(_ rgba: [UInt8]) -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 1, 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), rgba)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        return name
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension Renderer: Sendable {}
