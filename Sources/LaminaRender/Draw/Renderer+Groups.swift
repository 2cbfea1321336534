import CGLES3
import LaminaCore
import LaminaRenderList

/// Offscreen groups: compositing a group's image back (opacity, mask, shadow, transition) and the
/// separable Gaussian blur a shadow is made with.
extension Renderer {
    func composite(
        _ group: RenderGroup, content original: OffscreenTarget, mask: OffscreenTarget?, list: RenderList, onto state: TargetState
    ) throws(RendererError) {
        // The layer's filters change its image before anything shows it, its shadow included.
        let extent = GroupExtent(group, width: original.width, height: original.height)
        let content = try runFilters(group.filters, on: original, region: extent?.filtered)
        defer { if content !== original { pool.release(content) } }
        if let shadow = group.shadow {
            // Filters may leave a smaller image (a wide blur runs on a reduced copy): the region in its pixels.
            let region = extent.map {
                content.width == original.width && content.height == original.height
                    ? $0.blurred : scaled($0.blurred, from: original, to: content)
            }
            let blurred = try downsampledBlur(content, sigma: shadow.sigma, region: region, fullResolution: Self.fullResolutionShadowSigma)
            resume(state)
            useLayerProgram()
            bind(offscreen: blurred.texture, unit: 0)
            let offset = list.instances[shadow.composite].rect
            narrowScissor(state, to: extent?.shadow(offset: SIMD2(offset.x, offset.y), width: original.width, height: original.height))
            drawDetached(shadow.composite)
            if blurred !== content { pool.release(blurred) }
        }
        resume(state)
        useLayerProgram()
        narrowScissor(state, to: extent?.content)
        defer { applyScissor(state) }
        if let transition = group.transition {
            let snapshot = snapshots[transition.progress.animation]
            snapshot?.drawn = true
            let old = snapshot?.target.texture ?? clear
            switch transition.progress.transition.type {
            case .fade:
                bind(offscreen: content.texture, unit: 0)
                bind(offscreen: old, unit: 1)
                layerProgram.set(uniforms.secondMode, SecondMode.crossFade.rawValue)
                layerProgram.set(uniforms.mix, Float(transition.progress.progress))
                drawDetached(group.composite)
                layerProgram.set(uniforms.secondMode, SecondMode.none.rawValue)
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
            layerProgram.set(uniforms.secondMode, SecondMode.mask.rawValue)
        }
        if group.blendMode != .normal {
            compositeBlended(group, masked: mask != nil)
        } else {
            drawDetached(group.composite)
        }
        layerProgram.set(uniforms.secondMode, SecondMode.none.rawValue)
    }

    /// Draws a group's composite with its blend mode: Core Graphics' `plusLighter` with additive
    /// blending, `plusDarker` by subtracting the composite's complement, the W3C modes with
    /// `GL_KHR_blend_equation_advanced`'s equations (or normally where the driver lacks them).
    func compositeBlended(_ group: RenderGroup, masked: Bool) {
        defer {
            glBlendEquation(GLenum(GL_FUNC_ADD))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            useLayerProgram()
        }
        if group.blendMode == .plusLighter {
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))  // min(1, S + D): the target's bytes clamp
            drawDetached(group.composite)
            return
        }
        guard let blend = blendProgram else {
            drawDetached(group.composite)
            return
        }
        blend.program.use()
        blend.program.set(blend.texture, Int32(0))
        blend.program.set(blend.secondMode, (masked ? SecondMode.mask : .none).rawValue)
        blend.program.set(blend.stencilOnly, false)
        if group.blendMode == .plusDarker {
            blend.program.set(blend.complement, true)
            glBlendEquation(GLenum(GL_FUNC_REVERSE_SUBTRACT))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
            drawDetached(group.composite)
            blend.program.set(blend.complement, false)
            return
        }
        blend.program.set(blend.complement, false)
        glBlendEquation(Self.advancedEquation(group.blendMode))
        drawDetached(group.composite)
    }

    /// `GL_KHR_blend_equation_advanced`'s equation for a W3C blend mode.
    static func advancedEquation(_ mode: BlendMode) -> GLenum {
        switch mode {
        case .multiply: 0x9294
        case .screen: 0x9295
        case .overlay: 0x9296
        case .darken: 0x9297
        case .lighten: 0x9298
        case .colorDodge: 0x9299
        case .colorBurn: 0x929A
        case .hardLight: 0x929B
        case .softLight: 0x929C
        case .difference: 0x929E
        case .exclusion: 0x92A0
        case .hue: 0x92AD
        case .saturation: 0x92AE
        case .color: 0x92AF
        case .luminosity: 0x92B0
        case .normal, .plusLighter, .plusDarker: GLenum(GL_FUNC_ADD)
        }
    }

    /// Draws one instance that no batch holds (a composite, a clip shape).
    func drawDetached(_ instance: Int) {
        drawInstances(first: instance, count: 1)
    }

    /// A separable Gaussian blur of `source` (horizontal, then vertical) into a pooled target.
    /// With a `region` (see `Renderer.scissor(_:in:)`) only those pixels are blurred; the rest of the
    /// result is undefined.
    func blur(_ source: OffscreenTarget, sigma: Double, region: PixelRegion? = nil) throws(RendererError) -> OffscreenTarget {
        guard sigma >= 0.5 else { return source }
        let horizontal = try pool.acquire(width: source.width, height: source.height)
        let vertical = try pool.acquire(width: source.width, height: source.height)
        glDisable(GLenum(GL_BLEND))
        scissor(region, in: source)
        glDisable(GLenum(GL_STENCIL_TEST))
        blurProgram.use()
        blurProgram.set(uniforms.blurSource, Int32(0))
        setBlurTaps(GaussianTaps(sigma: sigma, radius: RenderGroup.blurRadius(sigma: sigma)))
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
        glDisable(GLenum(GL_SCISSOR_TEST))
        pool.release(horizontal)
        return vertical
    }

    /// Gives the blur program its kernel (the program in use).
    func setBlurTaps(_ taps: GaussianTaps) {
        blurProgram.set(uniforms.blurCentre, taps.centre)
        blurProgram.set(uniforms.blurCount, Int32(taps.pairs.count))
        if !taps.pairs.isEmpty {
            let floats = taps.pairs.flatMap { [$0.x, $0.y] }
            glUniform2fv(uniforms.blurTaps.location, GLsizei(taps.pairs.count), floats)
        }
    }

    static func pixelTexture(_ rgba: [UInt8]) -> GLuint {
        let name = GLObjects.make(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 1, 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), rgba)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        return name
    }
}
