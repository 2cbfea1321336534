import CEGL
import CGLES3

/// An OpenGL ES 3 context with no window, current on the thread that made it until `releaseCurrent()`:
/// for apps that render into GL layers and have no EGL context of their own (a headless app, a test,
/// an example).
///
/// It opens Mesa's surfaceless display where there is one (any machine, llvmpipe included), else EGL's
/// default display, and makes the context current with no surface: drawables are framebuffer objects,
/// so none is needed. An app with its own context (a toolkit's, a window's) uses that instead.
public final class GLContext {
    private let display: EGLDisplay
    private let context: EGLContext

    /// Makes the context and makes it current on this thread.
    public init() throws(GLLayerError) {
        let clientExtensions = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        let surfaceless = clientExtensions.split(separator: " ").contains("EGL_MESA_platform_surfaceless")
        guard
            let display = surfaceless
                ? eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) : eglGetDisplay(nil)
        else { throw .context(call: "eglGetDisplay", eglError: eglGetError()) }
        guard eglInitialize(display, nil, nil) == EGLBoolean(EGL_TRUE) else {
            throw .context(call: "eglInitialize", eglError: eglGetError())
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw .context(call: "eglBindAPI(EGL_OPENGL_ES_API)", eglError: eglGetError())
        }
        let extensions = eglQueryString(display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        let names = Set(extensions.split(separator: " ").map(String.init))
        guard names.contains("EGL_KHR_surfaceless_context") else {
            throw .context(call: "EGL_KHR_surfaceless_context (missing on this display)", eglError: EGL_BAD_MATCH)
        }
        var config: EGLConfig?
        if !names.contains("EGL_KHR_no_config_context") && !names.contains("EGL_MESA_configless_context") {
            let attributes: [EGLint] = [EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT), EGLint(EGL_NONE)]
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
                throw .context(call: "eglChooseConfig(OpenGL ES 3)", eglError: eglGetError())
            }
        }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        guard let context = eglCreateContext(display, config, nil, attributes) else {
            throw .context(call: "eglCreateContext(OpenGL ES 3)", eglError: eglGetError())
        }
        (self.display, self.context) = (display, context)
        try makeCurrent()
    }

    /// Makes the context current on the calling thread.
    public func makeCurrent() throws(GLLayerError) {
        guard eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw .context(call: "eglMakeCurrent", eglError: eglGetError())
        }
    }

    /// Makes no context current on the calling thread, so that another thread may make this one current.
    public func releaseCurrent() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
    }

    /// Runs `body` with the context current on the calling thread, and lets go of it after. The main
    /// actor's callbacks (display links, events) may come on different threads over an app's life, and
    /// an EGL context is current on one thread at a time: rendering a frame inside `withCurrent` works
    /// wherever the callback runs.
    public func withCurrent<R>(_ body: () throws(GLLayerError) -> R) throws(GLLayerError) -> R {
        try makeCurrent()
        defer { releaseCurrent() }
        return try body()
    }

    /// The GL renderer's name (`GL_RENDERER`), for logs.
    public var renderer: String {
        glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
    }
}
