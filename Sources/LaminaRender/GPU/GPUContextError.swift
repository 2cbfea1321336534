/// Why a `GPUContext` could not be made.
public enum GPUContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `pthread_create` failed with `errno`.
    case threadCreationFailed(errno: Int32)
    /// `eglBindAPI(EGL_OPENGL_ES_API)` failed on the render thread.
    case bindAPIFailed(EGLErrorCode)
    /// `eglCreateContext` failed for an OpenGL ES 3 context on `display`.
    case contextCreationFailed(display: String, EGLErrorCode)
    /// `eglMakeCurrent` with no surface failed.
    case makeCurrentFailed(EGLErrorCode)
    /// The context is older than OpenGL ES 3.0 (`version` is `GL_VERSION`).
    case versionTooOld(version: String, major: Int, minor: Int)

    /// One line naming the step and the cause.
    public var description: String {
        switch self {
        case .threadCreationFailed(let code): "cannot start the render thread: \(ErrnoText(code))"
        case .bindAPIFailed(let code): "eglBindAPI(EGL_OPENGL_ES_API) failed: \(code)"
        case .contextCreationFailed(let display, let code):
            "cannot create an OpenGL ES 3 context on \(display): \(code)"
        case .makeCurrentFailed(let code): "eglMakeCurrent failed: \(code)"
        case .versionTooOld(let version, let major, let minor):
            "OpenGL ES \(major).\(minor) (\(version)) is older than the 3.0 Lamina needs"
        }
    }
}
