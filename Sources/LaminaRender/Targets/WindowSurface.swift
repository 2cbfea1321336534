public import LaminaCore
import CEGL
import CGLES3

/// An EGL window surface the renderer's frames are shown through: each frame, drawn into the
/// compositor's `OffscreenTarget` as always, is copied into the window's back buffer on the GPU
/// (`glBlitFramebuffer`, only the boxes that changed since that buffer was last shown) and swapped.
///
/// Frames keep being drawn into the target, not into the window, so screenshots, recording and the
/// damage-tracked retained output work the same with a window or without, and a window that goes
/// away takes nothing of the renderer with it. Made on the render thread from its `RenderContext`,
/// whose display must be on the window's platform (`Display.wayland`); the surface is current on the
/// render thread from the first present until it is destroyed.
public final class WindowSurface {
    private let display: EGLDisplay
    private let context: EGLContext
    private let surface: EGLSurface
    private let hasBufferAge: Bool
    private let swapWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC?

    /// A surface on `nativeWindow` (a `struct wl_egl_window *` for a Wayland display, which sets its
    /// size), made with the display's window config. Swaps do not wait for the window
    /// system (swap interval 0): the caller paces frames by the host's frame callbacks.
    public init(_ context: RenderContext, nativeWindow: UnsafeMutableRawPointer) throws(WindowSurfaceError) {
        let display = context.display
        guard display.platform == .wayland, let config = display.config else {
            throw .notAWindowDisplay(display.name)
        }
        guard let surface = eglCreatePlatformWindowSurface(display.handle, config, nativeWindow, nil) else {
            throw .creationFailed(.last())
        }
        guard eglMakeCurrent(display.handle, surface, surface, context.context) == EGLBoolean(EGL_TRUE) else {
            let code = EGLErrorCode.last()
            eglDestroySurface(display.handle, surface)
            throw .makeCurrentFailed(code)
        }
        eglSwapInterval(display.handle, 0)
        self.display = display.handle
        self.context = context.context
        self.surface = surface
        hasBufferAge = display.extensions.contains("EGL_EXT_buffer_age")
        swapWithDamage =
            display.extensions.contains("EGL_KHR_swap_buffers_with_damage")
            ? EGLFunctions.load("eglSwapBuffersWithDamageKHR", as: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
            : display.extensions.contains("EGL_EXT_swap_buffers_with_damage")
                ? EGLFunctions.load("eglSwapBuffersWithDamageEXT", as: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self) : nil
    }

    /// Makes the context current without the surface again, then destroys it (the render thread's
    /// context stays current, surfaceless, for the framebuffer objects it draws into).
    deinit {
        eglMakeCurrent(display, nil, nil, context)
        eglDestroySurface(display, surface)
    }

    /// How many swaps ago the back buffer's pixels were shown (`EGL_EXT_buffer_age`): 1 for the last
    /// frame's, 0 when they are undefined or the driver does not say, so all of it must be written.
    public var bufferAge: Int {
        guard hasBufferAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGLBoolean(EGL_TRUE) else { return 0 }
        return Int(max(age, 0))
    }

    /// Copies `regions` of `target` (top-first target pixels; nil: all of it) into the back buffer and
    /// swaps, telling the window system what changed. The native window must already have the
    /// target's size (EGL takes a resize with the next buffer).
    public func present(_ target: OffscreenTarget, regions: [PixelRegion]?) throws(WindowSurfaceError) {
        let whole = PixelRegion(x: 0, y: 0, width: target.width, height: target.height)
        let boxes = (regions ?? [whole]).map { $0.intersection(whole) }.filter { !$0.isEmpty }
        // GL's rows count from the bottom in both framebuffers: the same rectangle in each.
        let rectangles = boxes.map { (x: $0.x, y: target.height - $0.y - $0.height, width: $0.width, height: $0.height) }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        for r in rectangles {
            glBlitFramebuffer(
                GLint(r.x), GLint(r.y), GLint(r.x + r.width), GLint(r.y + r.height),
                GLint(r.x), GLint(r.y), GLint(r.x + r.width), GLint(r.y + r.height),
                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        do throws(GLError) {
            try GLError.check("copying \(rectangles.count) region(s) of a \(target.width)x\(target.height) frame into the window")
        } catch {
            throw .copyFailed(error)
        }
        let swapped: EGLBoolean
        if let swapWithDamage, regions != nil {
            var flat = rectangles.flatMap { [EGLint($0.x), EGLint($0.y), EGLint($0.width), EGLint($0.height)] }
            swapped = swapWithDamage(display, surface, &flat, EGLint(rectangles.count))
        } else {
            swapped = eglSwapBuffers(display, surface)
        }
        guard swapped == EGLBoolean(EGL_TRUE) else { throw .swapFailed(.last()) }
    }
}

/// EGL surfaces belong to the render thread's context.
@available(*, unavailable)
extension WindowSurface: Sendable {}
