import CEGL
import CGLES3

/// The OpenGL ES context as the render thread holds it: what every job submitted to a `GPUContext`
/// receives, and what every GL-owning type (`ShaderProgram`, `OffscreenTarget`) is made from.
///
/// GL state belongs to the thread the context is current on. `RenderContext` is deliberately not
/// `Sendable`, and neither is anything made from it, so the compiler keeps all of them on the render
/// thread: a job cannot return one, and a `@Sendable` job cannot smuggle one out through a capture.
/// Objects that must outlive a job live in `state(_:create:)`, which is emptied on the render thread
/// while the context is still current, so their GL names are deleted in the right place.
public final class RenderContext {
    /// The display the context is on.
    public let display: Display
    /// What the GL implementation is and can do.
    public let info: GLInfo

    /// The EGL context, current on the render thread.
    let context: EGLContext
    /// Long-lived render-thread objects by type.
    private var states: [ObjectIdentifier: AnyObject] = [:]

    /// Makes an OpenGL ES 3 context on `display` and makes it current on the calling thread (the render
    /// thread) with no surface: Lamina draws into framebuffer objects only.
    init(display: Display) throws(GPUContextError) {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw .bindAPIFailed(.last())
        }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        guard let context = eglCreateContext(display.handle, display.config, nil, attributes) else {
            throw .contextCreationFailed(display: display.name, .last())
        }
        guard eglMakeCurrent(display.handle, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            let code = EGLErrorCode.last()
            eglDestroyContext(display.handle, context)
            throw .makeCurrentFailed(code)
        }
        let info = GLInfo()
        guard info.major >= 3 else {
            eglMakeCurrent(display.handle, nil, nil, nil)
            eglDestroyContext(display.handle, context)
            throw .versionTooOld(version: info.version, major: info.major, minor: info.minor)
        }
        // Rows of any width read back and upload tightly packed.
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        self.display = display
        self.info = info
        self.context = context
    }

    /// The render thread's one `T`, made by `create` the first time it is asked for and kept until the
    /// context ends (or `removeState`): where a renderer keeps its programs and caches between jobs.
    public func state<T: AnyObject, E: Error>(
        _ type: T.Type = T.self, create: () throws(E) -> T
    ) throws(E) -> T {
        let key = ObjectIdentifier(type)
        if let existing = states[key] { return existing as! T }
        let made = try create()
        states[key] = made
        return made
    }

    /// Drops the kept `T`, if any (its GL objects are deleted now, on this thread).
    public func removeState<T: AnyObject>(_ type: T.Type) {
        states[ObjectIdentifier(type)] = nil
    }

    /// Waits until every GL command issued so far has executed (`glFinish`): for benchmarks and frame
    /// timing, which must count the GPU's work, not just its queueing.
    public func finish() {
        glFinish()
    }

    /// An extension entry point (`eglGetProcAddress`) as the C function type `F`, or `nil`.
    public func function<F>(_ name: String, as type: F.Type) -> F? {
        EGLFunctions.load(name, as: type)
    }

    /// Ends the context on the render thread: kept state first (its deinits delete GL names while the
    /// context is current), then the context itself, then EGL's per-thread state.
    func tearDown() {
        states = [:]
        eglMakeCurrent(display.handle, nil, nil, nil)
        eglDestroyContext(display.handle, context)
        eglReleaseThread()
    }
}

/// GL state is thread-bound: a `RenderContext` never leaves its render thread.
@available(*, unavailable)
extension RenderContext: Sendable {}
