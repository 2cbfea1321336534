import CGLES3
import LaminaCore
import LaminaRenderList

/// Filter passes over offscreen images: a group's `filters` before it composites, a backdrop's
/// `backgroundFilters` over the copy of what is behind a layer.
///
/// Every pass draws a whole image into a pooled target with blending off. A blur wider than a few
/// pixels runs on a smaller copy — halved until its standard deviation is at most
/// `Renderer.fullResolutionSigma` texels there, at most five times, less the spread the halvings
/// themselves add — and the composite that shows it
/// scales it back up by linear filtering: a Gaussian that wide has no detail a full-resolution pass
/// would keep, and a 1920x1080 frosted panel costs a thirty-second of the taps.
extension Renderer {
    /// The widest blur (standard deviation in target pixels) run at full resolution.
    static let fullResolutionSigma = 1.5
    /// The same for a shadow, whose soft edge is drawn as it is, not seen through a frosted layer:
    /// up to 6 pixels (a tested analytic match), halved past that (a shadow 12 pixels soft cost more
    /// than the rest of a frame).
    static let fullResolutionShadowSigma = 6.0

    /// Runs `passes` over `source`; returns the result, which is `source` itself when no pass drew.
    /// Every other target it returns or used is the pool's to take back (the caller releases the
    /// result when it is not `source`).
    ///
    /// With a `region` (target pixels, top-left origin, in `source`'s size) the passes draw only the
    /// pixels of the region (scaled to each smaller copy, with a margin for its filtering): what a
    /// backdrop reads. The result is undefined outside it.
    func runFilters(_ passes: [FilterPass], on source: OffscreenTarget, region: PixelRegion? = nil) throws(RendererError) -> OffscreenTarget {
        var current = source
        for pass in passes {
            let next: OffscreenTarget
            switch pass {
            case .blur(let sigma): next = try downsampledBlur(current, sigma: sigma, region: region.map { scaled($0, from: source, to: current) })
            case .matrix(let m): next = try colorMatrix(current, m, region: region.map { scaled($0, from: source, to: current) })
            }
            if current !== source, current !== next { pool.release(current) }
            current = next
        }
        return current
    }

    /// `source` through a colour matrix, into a pooled target of its size.
    func colorMatrix(_ source: OffscreenTarget, _ m: [Float], region: PixelRegion? = nil) throws(RendererError) -> OffscreenTarget {
        let result = try pool.acquire(width: source.width, height: source.height)
        beginFullPass()
        scissor(region, in: source)
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
    /// often as the width allows, down to `fullResolution` texels there; the result may be smaller
    /// than `source`.
    func downsampledBlur(
        _ source: OffscreenTarget, sigma: Double, region: PixelRegion? = nil, fullResolution: Double = Renderer.fullResolutionSigma
    ) throws(RendererError) -> OffscreenTarget {
        var current = source
        var factor = 1.0
        while sigma / factor > fullResolution, factor < 32, current.width > 1 || current.height > 1 {
            let half = try pool.acquire(width: (current.width + 1) / 2, height: (current.height + 1) / 2)
            // One linear sample at the corner of four texels is their mean: a 2x2 box.
            beginFullPass()
            scissor(region.map { scaled($0, from: source, to: half) }, in: half)
            blurProgram.use()
            blurProgram.set(uniforms.blurSource, Int32(0))
            setBlurTaps(GaussianTaps(sigma: 1, radius: 0))
            half.bind()
            bind(offscreen: current.texture, unit: 0)
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            endFullPass()
            if current !== source { pool.release(current) }
            current = half
            factor *= 2
        }
        // Each halving averaged 2x2 texels: the boxes already spread the image by a variance of
        // (factor² − 1) / 12 pixels², which the Gaussian left to run need not add again.
        let remaining = (Swift.max(sigma * sigma - (factor * factor - 1) / 12, 0.25 * factor * factor)).squareRoot()
        let blurred = try blur(current, sigma: remaining / factor, region: region.map { scaled($0, from: source, to: current) })
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
        // Only the region the filtered copy is read in (all of it when a matrix adds alpha).
        let region = backdrop.region ?? PixelRegion(x: 0, y: 0, width: target.width, height: target.height)
        let (x0, y0) = (GLint(region.x), GLint(target.height - region.y - region.height))
        let (x1, y1) = (x0 + GLint(region.width), y0 + GLint(region.height))
        glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        let filtered = try runFilters(backdrop.passes, on: copy, region: region)
        resume(state)
        useLayerProgram()
        bind(offscreen: filtered.texture, unit: 0)
        if !backdrop.plain.isEmpty {
            use(.plain)
            drawInstances(first: backdrop.plain.lowerBound, count: backdrop.plain.count)
            use(.full)
        }
        if !backdrop.shaped.isEmpty { drawInstances(first: backdrop.shaped.lowerBound, count: backdrop.shaped.count) }
        if filtered !== copy { pool.release(filtered) }
        pool.release(copy)
    }

    /// `region` of `source`'s pixels in the pixels of `target`, a copy of it at another size, grown by
    /// two of `target`'s pixels for the linear filtering that reads it.
    func scaled(_ region: PixelRegion, from source: OffscreenTarget, to target: OffscreenTarget) -> PixelRegion {
        let (fx, fy) = (Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        let x0 = Int((Double(region.x) * fx).rounded(.down)) - 2, y0 = Int((Double(region.y) * fy).rounded(.down)) - 2
        let x1 = Int((Double(region.x + region.width) * fx).rounded(.up)) + 2
        let y1 = Int((Double(region.y + region.height) * fy).rounded(.up)) + 2
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            .intersection(PixelRegion(x: 0, y: 0, width: target.width, height: target.height))
    }

    /// Limits drawing to `region` of `target` (top-left origin), or lifts the limit for nil.
    func scissor(_ region: PixelRegion?, in target: OffscreenTarget) {
        guard let region else {
            glDisable(GLenum(GL_SCISSOR_TEST))
            return
        }
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(region.x), GLint(target.height - region.y - region.height), GLsizei(region.width), GLsizei(region.height))
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
        glDisable(GLenum(GL_SCISSOR_TEST))
    }
}
