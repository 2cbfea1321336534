import CGLES3
import LaminaCore
import LaminaRenderList

/// Executing a render list: the programs and their variants, the one upload of the frame's instances,
/// instanced draws (all of a run, or only the instances that reach a damaged box) and texture binds.
extension Renderer {
    /// Draws `list` into `target`: everything, or only the `damage` boxes over the pixels the target
    /// holds (each scissored, skipping the instances outside it), or nothing. Offscreen groups are drawn
    /// again in each box they reach (each costs only its content's size, `GroupExtent`); a list with backdrops is
    /// drawn once over the box around all the damage, since a backdrop copies what is behind it, which
    /// in one box's pass may lie in another box not yet redrawn.
    /// `retainedInstances`: `list` is the retained list, whose instances stay on the GPU between frames
    /// and are copied where they changed (`RetainedInstances`); any other list goes through the ring.
    func execute(
        _ list: RenderList, into target: OffscreenTarget, background: Color, damage: Damage = .full, retainedInstances retained: Bool = false
    ) throws(RendererError) {
        // What the builds asked of the textures, before anything samples them.
        gl.perform()
        // The retained list's changes are taken whether or not anything is redrawn (an instance that
        // changed off the damage must not stay stale on the GPU once the list forgets the change).
        if retained, damage.isEmpty { uploadRetained(list) }
        if damage.isEmpty { return }
        let passes: [PixelRegion?] =
            damage.isFull ? [nil] : list.backdrops.isEmpty ? damage.boxes.map { $0 } : [damage.box]
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        stencilInUse = list.usesStencil
        target.attachStencil(stencilInUse)
        if retained { uploadRetained(list) } else { uploadInstances(list.instances) }
        for box in passes {
            try executePass(list, into: target, background: background, box: box, retained: retained)
        }
        glBindVertexArray(0)
        do throws(GLError) {
            try GLError.check("drawing \(list.instances.count) instances into a \(target.width)x\(target.height) target")
        } catch {
            throw .gl(error)
        }
    }

    /// Whether an offscreen group drawn onto `target` may change a pixel of `box`: its content's or
    /// its shadow's extent meets it. A still card with a shadow far from the damage costs a damaged
    /// frame nothing, where it cost its clear, content, blur and composites every frame.
    private func reaches(_ group: RenderGroup, _ box: PixelRegion, in list: RenderList, target: OffscreenTarget) -> Bool {
        guard let extent = GroupExtent(group, width: target.width, height: target.height) else { return true }
        let offset = group.shadow.map { list.instances[$0.composite].rect }.map { SIMD2($0.x, $0.y) }
        return extent.reaches(box, shadowOffset: offset, width: target.width, height: target.height)
    }

    /// One pass of `execute`: clears `box` (or everything) and draws the list's commands inside it.
    /// `retained`: `list` is the retained list, whose instances the grid files (`InstanceGrid`); any
    /// other list's runs are drawn whole in a box, which the scissor clips.
    func executePass(
        _ list: RenderList, into target: OffscreenTarget, background: Color, box: PixelRegion?, retained: Bool = false
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
        // Per target in `states`: whether a transform layer's depth test is on in it.
        var depthTested = [false]
        // Whether particles are being added (`beginAdditive`).
        var additive = false
        defer { glDisable(GLenum(GL_DEPTH_TEST)) }
        var groupTargets: [(content: OffscreenTarget, mask: OffscreenTarget?)] = []
        // A group drawn onto the target whose composites cannot reach the box: skipped to its end.
        var skipping: Int?
        for command in list.commands {
            if let group = skipping {
                if case .endGroup(group) = command { skipping = nil }
                continue
            }
            switch command {
            case .draw(let first, let count, let texture, let variant, let opaque):
                use(variant)
                bind(texture)
                // Opaque runs replace what is beneath: the same pixels as blending, for less work.
                if opaque && !additive { glDisable(GLenum(GL_BLEND)) }
                if let box, retained, groupTargets.isEmpty {
                    drawInstances(
                        of: list, first: first, count: count, reaching: box, in: target, asTriangles: variant.drawsTriangles)
                } else {
                    counters.instancesVisited += count
                    drawInstances(first: first, count: count, asTriangles: variant.drawsTriangles)
                }
                if opaque && !additive { glEnable(GLenum(GL_BLEND)) }
            case .pushClip(let write):
                withoutDepth(depthTested.last!) { push(write, &states[states.count - 1]) }
            case .popClip:
                withoutDepth(depthTested.last!) { pop(&states[states.count - 1]) }
            case .beginGroup(let index):
                if let box, groupTargets.isEmpty, !reaches(list.groups[index], box, in: list, target: target) {
                    skipping = index
                    continue
                }
                groupsDrawn += 1
                let content = try pool.acquire(width: target.width, height: target.height)
                groupTargets.append((content, nil))
                // Drawn only where it is cleared: nothing outside is read (`GroupExtent`), and a
                // masked group's content may reach far past what its mask shows.
                let cleared = GroupExtent(list.groups[index], width: target.width, height: target.height)?.cleared
                states.append(TargetState(target: content, scissors: cleared.map { [$0] } ?? []))
                if depthTested.last! { glDisable(GLenum(GL_DEPTH_TEST)) }
                depthTested.append(false)
                begin(content, clearing: cleared)
                applyScissor(states[states.count - 1])
            case .beginMask(let index):
                let mask = try pool.acquire(width: target.width, height: target.height)
                groupTargets[groupTargets.count - 1].mask = mask
                let cleared = GroupExtent(list.groups[index], width: target.width, height: target.height)?.cleared
                states[states.count - 1] = TargetState(target: mask, scissors: cleared.map { [$0] } ?? [])
                begin(mask, clearing: cleared)
                applyScissor(states[states.count - 1])
            case .endGroup(let index):
                let (content, mask) = groupTargets.removeLast()
                states.removeLast()
                depthTested.removeLast()
                try composite(list.groups[index], content: content, mask: mask, list: list, onto: states[states.count - 1])
                pool.release(content)
                if let mask { pool.release(mask) }
                if depthTested.last! { glEnable(GLenum(GL_DEPTH_TEST)) }
            case .backdrop(let index):
                if depthTested.last! { glDisable(GLenum(GL_DEPTH_TEST)) }
                try drawBackdrop(list.backdrops[index], onto: states[states.count - 1])
                if depthTested.last! { glEnable(GLenum(GL_DEPTH_TEST)) }
            case .beginDepth:
                // Far everywhere, within the scissor in force (the damage box).
                glDepthMask(GLboolean(GL_TRUE))
                glClearDepthf(1)
                glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
                glEnable(GLenum(GL_DEPTH_TEST))
                glDepthFunc(GLenum(GL_LEQUAL))
                depthTested[depthTested.count - 1] = true
            case .endDepth:
                glDisable(GLenum(GL_DEPTH_TEST))
                depthTested[depthTested.count - 1] = false
            case .beginAdditive:
                glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
                additive = true
            case .endAdditive:
                glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                additive = false
            }
        }
    }

    /// Runs `body` with the depth test off when `tested` (a clip's stencil shape, a backdrop, a group's
    /// composite are no faces of a 3D space), then on again.
    func withoutDepth(_ tested: Bool, _ body: () -> Void) {
        if tested { glDisable(GLenum(GL_DEPTH_TEST)) }
        body()
        if tested { glEnable(GLenum(GL_DEPTH_TEST)) }
    }

    /// Makes `variant`'s build of the layer program current.
    func use(_ variant: DrawVariant) {
        guard variant != variantInUse else { return }
        switch variant {
        case .full: layerProgram.use()
        case .plain: plainProgram.use()
        case .blit: blitProgram.use()
        case .fill: fillProgram.use()
        }
        variantInUse = variant
    }

    func useLayerProgram() {
        blitProgram.use()
        blitProgram.set(uniforms.blitTexture, Int32(0))
        plainProgram.use()
        plainProgram.set(uniforms.plainTexture, Int32(0))
        layerProgram.use()
        variantInUse = .full
        layerProgram.set(uniforms.texture, Int32(0))
        layerProgram.set(uniforms.second, Int32(1))
        layerProgram.set(uniforms.secondMode, SecondMode.none.rawValue)
        layerProgram.set(uniforms.stencilOnly, false)
        glBindVertexArray(vertexArray)
    }

    /// Copies what changed of the retained list's instances to their buffer (`RetainedInstances`).
    func uploadRetained(_ list: RenderList) {
        encoding {
            counters.uploadedInstanceBytes += retainedInstances.upload(list, threads: threads)
            instanceSource = (retainedInstances.buffer, retainedInstances.matrices, RetainedInstances.matrixStride)
        }
    }

    /// Copies a list's instances into the next buffer of the ring (any list but the retained one).
    func uploadInstances(_ instances: ContiguousArray<LayerInstance>) {
        encoding {
            let buffer = instances.withUnsafeBytes { instanceRing.upload($0) }
            instanceSource = (buffer, buffer, MemoryLayout<LayerInstance>.stride)
            counters.uploadedInstanceBytes += instances.count * MemoryLayout<LayerInstance>.stride
        }
    }

    /// Runs an upload of instances, its time counted as the frame's `encode` phase.
    private func encoding(_ upload: () -> Void) {
        let clock = ContinuousClock()
        let start = clock.now
        upload()
        let elapsed = (clock.now - start).components
        counters.encodeSeconds += Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// Points the instance attributes at `first` and draws `count` instances (GLES 3 has no base
    /// instance, so the offset goes into the attribute pointers), each as a four-corner strip or, for
    /// `blit` and `fill` runs, as two separate triangles.
    func drawInstances(first: Int, count: Int, asTriangles: Bool = false) {
        // Each attribute reads the buffer bound when it is pointed: the matrix from where the list
        // keeps its matrices, the rest from its whole instances.
        func point(matrix: Bool, into buffer: GLuint, stride: Int) {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            for attribute in InstanceLayout.attributes where attribute.isMatrix == matrix {
                glVertexAttribPointer(
                    GLuint(attribute.location), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                    UnsafeRawPointer(bitPattern: first * stride + attribute.offset))
            }
        }
        point(matrix: true, into: instanceSource.matrices, stride: instanceSource.matrixStride)
        point(matrix: false, into: instanceSource.buffer, stride: MemoryLayout<LayerInstance>.stride)
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
    }

    /// Draws the instances of a run of the retained list that may reach `box` (target pixels), found
    /// by the grid (`InstanceGrid`) rather than by walking the run: runs of them, joined across gaps of a
    /// few, which the scissor discards anyway.
    func drawInstances(
        of list: RenderList, first: Int, count: Int, reaching box: PixelRegion, in target: OffscreenTarget, asTriangles: Bool
    ) {
        if !grid.isCurrent { grid.rebuild(list, width: target.width, height: target.height) }
        let reaching = grid.instances(reaching: box, in: first..<(first + count), of: list)
        counters.instancesVisited += reaching.count
        var start = -1, lastInside = -1
        for index in reaching {
            if start >= 0, index - lastInside > 16 {
                drawInstances(first: start, count: lastInside + 1 - start, asTriangles: asTriangles)
                start = -1
            }
            if start < 0 { start = index }
            lastInside = index
        }
        if start >= 0 { drawInstances(first: start, count: lastInside + 1 - start, asTriangles: asTriangles) }
    }

    func bind(_ binding: TextureBinding) {
        glActiveTexture(GLenum(GL_TEXTURE0))
        switch binding {
        case .none:
            glBindTexture(GLenum(GL_TEXTURE_2D), white)
            glBindSampler(0, 0)
        case .bitmap(let texture, let choice):
            glBindTexture(GLenum(GL_TEXTURE_2D), gl.name(of: texture.handle))
            glBindSampler(0, samplers.sampler(minification: choice.minification, magnification: choice.magnification))
        case .cache(let entry, let choice):
            glBindTexture(GLenum(GL_TEXTURE_2D), gl.targets[entry.handle]?.texture ?? clear)
            glBindSampler(0, samplers.sampler(minification: choice.minification, magnification: choice.magnification))
        case .generated(let texture):
            glBindTexture(GLenum(GL_TEXTURE_2D), gl.name(of: texture.handle))
            glBindSampler(0, 0)  // the texture's own filters (nearest for a float stop table)
        }
    }

    func bind(offscreen texture: GLuint, unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindSampler(GLuint(unit), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
    }
}
