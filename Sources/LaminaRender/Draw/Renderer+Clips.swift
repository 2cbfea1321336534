import CGLES3
import LaminaCore
import LaminaRenderList

/// The clip stack while a list executes: scissor boxes (axis-aligned clips, and the damaged box a
/// partial frame is drawn inside) and stencil levels (anything else), per target.
extension Renderer {
    func push(_ write: ClipWrite, _ state: inout TargetState) {
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

    func pop(_ state: inout TargetState) {
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

    func writeStencil(_ instance: Int) {
        use(.full)
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        layerProgram.set(uniforms.stencilOnly, true)
        bind(TextureBinding.none)
        drawDetached(instance)
        layerProgram.set(uniforms.stencilOnly, false)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
    }

    func applyScissor(_ state: TargetState) {
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

    func applyStencil(_ state: TargetState) {
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        if state.stencilLevel > 0 {
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(state.stencilLevel), 0xFF)
        } else {
            glDisable(GLenum(GL_STENCIL_TEST))
        }
    }

    /// Makes `target` current with no clips, cleared to transparent: all of it, or only `region` (top-left
    /// origin) when nothing outside it will be read (`GroupExtent`).
    func begin(_ target: OffscreenTarget, clearing region: PixelRegion? = nil) {
        glDisable(GLenum(GL_STENCIL_TEST))
        target.attachStencil(stencilInUse)
        target.bind()
        scissor(region, in: target)
        target.clear(to: Color(red: 0, green: 0, blue: 0, alpha: 0))
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Narrows the scissor in force in `state` to `region` (top-left origin) for what is drawn next;
    /// `applyScissor(state)` restores it. Nil leaves it as it is.
    func narrowScissor(_ state: TargetState, to region: PixelRegion?) {
        guard let region else { return }
        var narrowed = state
        narrowed.scissors.append(state.scissors.last.map { $0.intersection(region) } ?? region)
        applyScissor(narrowed)
    }

    /// Makes a target current again with its clips as they stood.
    func resume(_ state: TargetState) {
        state.target.bind()
        applyScissor(state)
        applyStencil(state)
    }
}
