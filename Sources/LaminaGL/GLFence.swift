import CEGL
import CGLES3

/// Fences on the GPU work issued so far, as `sync_file` descriptors (`EGL_ANDROID_native_fence_sync`):
/// what a present sends with its commit (`acquireFence`, protocol version 12) instead of waiting in
/// `glFinish`, so the app's thread goes on while the GPU finishes and the daemon applies the frame
/// once the fence signals.
///
/// Made once, when a layer settles on DMA-BUF, with the display's entry points resolved then: a
/// present makes its fence without looking anything up.
struct GLFence {
    private let display: EGLDisplay
    private let create: PFNEGLCREATESYNCKHRPROC
    private let destroy: PFNEGLDESTROYSYNCKHRPROC
    private let duplicate: PFNEGLDUPNATIVEFENCEFDANDROIDPROC

    /// Fences on the current display, or nil when it cannot make them (it lacks the extensions or
    /// their entry points).
    init?() {
        let display = eglGetCurrentDisplay()
        guard let display, missingExtension(["EGL_KHR_fence_sync", "EGL_ANDROID_native_fence_sync"], on: display) == nil,
            let create = load("eglCreateSyncKHR", as: PFNEGLCREATESYNCKHRPROC.self),
            let destroy = load("eglDestroySyncKHR", as: PFNEGLDESTROYSYNCKHRPROC.self),
            let duplicate = load("eglDupNativeFenceFDANDROID", as: PFNEGLDUPNATIVEFENCEFDANDROIDPROC.self)
        else { return nil }
        (self.display, self.create, self.destroy, self.duplicate) = (display, create, destroy, duplicate)
    }

    /// A descriptor that becomes readable when the GPU has done what the current context issued so
    /// far (the caller owns it), or nil when the driver would not make one (the caller then waits with
    /// `glFinish`).
    func make() -> Int32? {
        let attributes: [EGLint] = [EGLint(EGL_SYNC_NATIVE_FENCE_FD_ANDROID), EGLint(EGL_NO_NATIVE_FENCE_FD_ANDROID), EGLint(EGL_NONE)]
        guard let sync = create(display, EGLenum(EGL_SYNC_NATIVE_FENCE_ANDROID), attributes) else { return nil }
        defer { _ = destroy(display, sync) }
        // The fence's descriptor exists once the commands it follows are flushed to the driver.
        glFlush()
        let fd = duplicate(display, sync)
        return fd >= 0 ? fd : nil
    }
}
