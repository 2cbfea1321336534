import CGLES3

/// A point in the GL command stream (`glFenceSync`): whether, or when, the GPU has executed every
/// command issued before it. The daemon's frames end with one instead of waiting in `glFinish`, so the
/// GPU works while the render thread sleeps until the next frame, and only that frame waits, if the
/// GPU is still busy by then.
public final class GPUFence {
    private let sync: GLsync

    /// A fence after every command issued so far, flushed so the GPU starts on them now.
    public init(_ context: RenderContext) {
        sync = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        glFlush()
    }

    deinit {
        glDeleteSync(sync)
    }

    /// Waits until the commands before the fence have executed, or `timeout` seconds; returns whether
    /// they have.
    @discardableResult
    public func wait(timeout: Double = 10) -> Bool {
        let nanoseconds = GLuint64(max(0, min(timeout, 3600)) * 1e9)
        let result = glClientWaitSync(sync, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), nanoseconds)
        return result == GLenum(GL_ALREADY_SIGNALED) || result == GLenum(GL_CONDITION_SATISFIED)
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension GPUFence: Sendable {}
