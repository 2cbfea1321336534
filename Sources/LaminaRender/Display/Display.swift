import LaminaRenderList
import CEGL

/// An initialised EGL display that can make OpenGL ES 3 contexts with no window: what display
/// selection returns and every `GPUContext` is made on.
///
/// EGL displays are process-wide (EGL hands out one handle per platform and native display, and
/// `eglTerminate` would pull it from under every context on it), so a `Display` is never terminated: the
/// selection keeps each one it opened for the life of the process and hands the same object out again.
/// The exception is a display on a Wayland window's connection (`wayland(window:connection:log:)`):
/// one a connection, owned by whoever made it, terminated when the last context on it has gone. It is `Sendable` because EGL's display-level calls are thread-safe; contexts, which are not, live on
/// render threads (`GPUContext`).
public final class Display: @unchecked Sendable, CustomStringConvertible {
    /// The platform behind a display.
    public enum Platform: Hashable, Sendable {
        /// GBM on a DRM render node.
        case gbm
        /// The EGL device platform.
        case eglDevice
        /// Mesa's surfaceless platform.
        case surfaceless
        /// EGL's Wayland platform, on a window's connection: contexts on it can draw into the window
        /// (`WindowSurface`) as well as into framebuffer objects.
        case wayland
    }

    /// Which platform this display is on.
    public let platform: Platform
    /// The candidate it was opened as, resolved: a GBM node's path and a device's index are explicit.
    /// Nil for a display on a connection someone else made (`.wayland`), which no selection can name.
    public let candidate: DisplayCandidate?
    /// What it is, for logs: `GBM on /dev/dri/renderD128`, `EGL device 0 (software)`, ...
    public let name: String
    /// `eglInitialize`'s major and minor version.
    public let eglVersion: (major: Int, minor: Int)
    /// `EGL_VENDOR`.
    public let vendor: String
    /// The display's extensions (`EGL_EXTENSIONS`).
    public let extensions: Set<String>

    /// The EGL display handle.
    let handle: EGLDisplay
    /// The config contexts are made with; `nil` with `EGL_KHR_no_config_context` (the usual case).
    let config: EGLConfig?
    /// Whatever must outlive the display: the GBM device and its file for GBM, the window whose
    /// connection it is on for Wayland, else `nil`.
    private let owner: AnyObject?

    /// Initialises `handle`, checks that it can make a surfaceless OpenGL ES 3 context by making (and
    /// destroying) one, and records what it is. `owner` is kept alive as long as the display.
    ///
    /// A display with a private `owner` (GBM: one native device per opening) is terminated when the
    /// check fails, since no one else can hold it; shared ones (device, surfaceless) are left alone.
    init(
        handle: EGLDisplay, platform: Platform, candidate: DisplayCandidate?, name: String, owner: AnyObject?,
        log: RenderLog
    ) throws(DisplayFailure) {
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(handle, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw .initializeFailed(.last())
        }
        do throws(DisplayFailure) {
            let extensions = EGLFunctions.extensions(of: handle)
            log("  \(name): EGL \(major).\(minor)")
            guard extensions.contains("EGL_KHR_surfaceless_context") else {
                throw DisplayFailure.missingDisplayExtension("EGL_KHR_surfaceless_context")
            }
            // A display that shows windows needs contexts whose config a window surface can share.
            let surfaceType = platform == .wayland ? EGLint(EGL_WINDOW_BIT) : 0
            let config = try Self.contextConfig(handle, extensions: extensions, surfaceType: surfaceType)
            guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
                throw DisplayFailure.contextFailed(.last())
            }
            let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
            guard let probe = eglCreateContext(handle, config, nil, attributes) else {
                throw DisplayFailure.contextFailed(.last())
            }
            eglDestroyContext(handle, probe)

            self.handle = handle
            self.platform = platform
            self.candidate = candidate
            self.name = name
            self.eglVersion = (Int(major), Int(minor))
            self.vendor = eglQueryString(handle, EGLint(EGL_VENDOR)).map { String(cString: $0) } ?? ""
            self.extensions = extensions
            self.config = config
            self.owner = owner
        } catch {
            if owner != nil { eglTerminate(handle) }
            throw error
        }
    }

    /// `nil` when contexts need no config (`EGL_KHR_no_config_context`), else the first config that
    /// renders OpenGL ES 3 on `surfaceType` (0, any: Lamina draws into framebuffer objects; a window's
    /// display asks for `EGL_WINDOW_BIT` and 8-bit RGBA, what `WindowSurface` makes its surface with).
    static func contextConfig(
        _ handle: EGLDisplay, extensions: Set<String>, surfaceType: EGLint
    ) throws(DisplayFailure) -> EGLConfig? {
        if surfaceType == 0,
            extensions.contains("EGL_KHR_no_config_context") || extensions.contains("EGL_MESA_configless_context")
        {
            return nil
        }
        var attributes: [EGLint] = [
            EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT),
            EGLint(EGL_SURFACE_TYPE), surfaceType,
        ]
        if surfaceType != 0 {
            attributes += [
                EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8, EGLint(EGL_ALPHA_SIZE), 8,
            ]
        }
        attributes.append(EGLint(EGL_NONE))
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(handle, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0,
            let config
        else {
            throw .noConfig(.last())
        }
        return config
    }

    /// A display on a window's connection is the one display that ends: when its last context has
    /// gone, it is terminated before its owner (the connection) is let go.
    deinit {
        if platform == .wayland { eglTerminate(handle) }
    }

    /// `name (vendor, EGL major.minor)`.
    public var description: String {
        "\(name) (\(vendor), EGL \(eglVersion.major).\(eglVersion.minor))"
    }
}
