/// A window surface could not be made or shown.
public enum WindowSurfaceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The render context's display cannot show windows (named): it is not on a window system's
    /// platform.
    case notAWindowDisplay(String)
    /// `eglCreatePlatformWindowSurface` failed.
    case creationFailed(EGLErrorCode)
    /// The surface could not be made current with the render context.
    case makeCurrentFailed(EGLErrorCode)
    /// GL failed copying the frame into the back buffer.
    case copyFailed(GLError)
    /// `eglSwapBuffers` failed (the window system went away, say).
    case swapFailed(EGLErrorCode)

    /// One line with the cause.
    public var description: String {
        switch self {
        case .notAWindowDisplay(let name): "\(name) cannot show windows"
        case .creationFailed(let code): "cannot make an EGL window surface: \(code)"
        case .makeCurrentFailed(let code): "cannot make the window surface current: \(code)"
        case .copyFailed(let error): "cannot copy the frame into the window: \(error)"
        case .swapFailed(let code): "cannot swap the window's buffers: \(code)"
        }
    }
}
