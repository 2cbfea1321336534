import CGLES3
import LaminaCore

/// Filter passes over offscreen images: a group's `filters` before it composites, a backdrop's
/// `backgroundFilters` over the copy of what is behind a layer.
///
/// Every pass draws a whole image into a pooled target with blending off. A blur wider than a few
/// pixels runs on a smaller copy — halved until its standard deviation is at most
/// `Renderer.fullResolutionSigma` texels there, at most five times — and the composite that shows it
/// scales it back up by linear filtering: a Gaussian that wide has no detail a full-resolution pass
/// would keep, and a 1920x1080 frosted panel costs a thirty-second of the taps.
extension Renderer {
    /// The widest blur (standard deviation in target pixels) run at full resolution.
    static let fullResolutionSigma = 2.0

    /// Runs `passes` over `source`; returns the result, which is `source` itself when no pass drew.
    /// Every other target it returns or used is the pool's to take back (the caller releases the
    /// result when it is not `source`).
    func runFilters(_ passes: [FilterPass], on source: OffscreenTarget) throws(RendererError) -> OffscreenTarget {
        var current = source
        for pass in passes {
            let next: OffscreenTarget
            switch pass {
            case .blur(let sigma): next = try downsampledBlur(current, sigma: sigma)
            case .matrix(let m): next = try colorMatrix(current, m)
            }
            if current !== source, current !== next { pool.release(current) }
            current = next
        }
        return current
    }

    /// `source` through a colour matrix, into a pooled target of its size.
    func colorMatrix(_ source: OffscreenTarget, _ m: [Float]) throws(RendererError) -> OffscreenTarget {
        let result = try pool.acquire(width: source.width, height: source.height)
        beginFullPass()
        matrixProgram.use()
        matrixProgram.set(matrixUniforms.source, Int32(0))
        let rows: [Float] = [
            m[0], m[1], m[2], m[3], m[5], m[6], m[7], m[8], m[10], m[11], m[12], m[13], m[15], m[16], m[17], m[18],
        ]
        glUniform4fv(matrixUniforms.rows.location, 4, rows)
        glUniform4f(matrixUniforms.offset.location, m[4], m[9], m[14], m[19])
        result.bind()
        bind(offscreen: source.texture, unit: 0)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        endFullPass()
        return result
    }

    /// A Gaussian blur of `source` (standard deviation `sigma` of its pixels), run on a copy halved as
    /// often as the width allows; the result may be smaller than `source`.
    func downsampledBlur(_ source: OffscreenTarget, sigma: Double) throws(RendererError) -> OffscreenTarget {
        var current = source
        var factor = 1.0
        while sigma / factor > Self.fullResolutionSigma, factor < 32, current.width > 1 || current.height > 1 {
            let half = try pool.acquire(width: (current.width + 1) / 2, height: (current.height + 1) / 2)
            // One linear sample at the corner of four texels is their mean: a 2x2 box.
            beginFullPass()
            blurProgram.use()
            blurProgram.set(uniforms.blurSource, Int32(0))
            blurProgram.set(uniforms.blurRadius, Int32(0))
            blurProgram.set(uniforms.blurSigma, Float(1))
            half.bind()
            bind(offscreen: current.texture, unit: 0)
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            endFullPass()
            if current !== source { pool.release(current) }
            current = half
            factor *= 2
        }
        let blurred = try blur(current, sigma: sigma / factor)
        if current !== source, current !== blurred { pool.release(current) }
        return blurred
    }

    /// Draws a backdrop: copies what `state`'s target holds, filters the copy, and draws it inside the
    /// layer's shape; then drawing goes on where it stood.
    func drawBackdrop(_ backdrop: Backdrop, onto state: TargetState) throws(RendererError) {
        let target = state.target
        let copy = try pool.acquire(width: target.width, height: target.height)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), copy.framebuffer)
        let (w, h) = (GLint(target.width), GLint(target.height))
        glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        let filtered = try runFilters(backdrop.passes, on: copy)
        resume(state)
        useLayerProgram()
        bind(offscreen: filtered.texture, unit: 0)
        drawDetached(backdrop.composite)
        if filtered !== copy { pool.release(filtered) }
        pool.release(copy)
    }

    /// State for a pass over a whole image: no blending, scissor or stencil, no vertex array.
    private func beginFullPass() {
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        glBindVertexArray(0)
    }

    private func endFullPass() {
        glEnable(GLenum(GL_BLEND))
    }
}
