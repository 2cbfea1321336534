import CGLES3
import LaminaCore

/// Offscreen groups: compositing a group's image back (opacity, mask, shadow, transition) and the
/// separable Gaussian blur a shadow is made with.
extension Renderer {
    func composite(
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
    func drawDetached(_ instance: Int) {
        drawInstances(first: instance, count: 1)
    }

    /// A separable Gaussian blur of `source` (horizontal, then vertical) into a pooled target.
    func blur(_ source: OffscreenTarget, sigma: Double) throws(RendererError) -> OffscreenTarget {
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

    static func pixelTexture(_ rgba: [UInt8]) -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 1, 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), rgba)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        return name
    }
}
