import CEGL
import CGLES3

/// A fence on the GPU work issued so far, as a `sync_file` descriptor (`EGL_ANDROID_native_fence_sync`):
/// what a present sends with its commit (`acquireFence`, protocol version 12) instead of waiting in
/// `glFinish`, so the app's thread goes on while the GPU finishes and the daemon applies the frame
/// once the fence signals.
enum GLFence {
    /// Why fences cannot be made on `display`, or nil when they can.
    static func unavailability(on display: EGLDisplay?) -> String? {
        missingExtension(["EGL_KHR_fence_sync", "EGL_ANDROID_native_fence_sync"], on: display)
    }

    /// A descriptor that becomes readable when the GPU has done what the current context issued so
    /// far (the caller owns it), or nil when the driver would not make one (the caller then waits with
    /// `glFinish`).
    static func make() -> Int32? {
        guard let display = eglGetCurrentDisplay(),
            let create = load("eglCreateSyncKHR", as: PFNEGLCREATESYNCKHRPROC.self),
            let destroy = load("eglDestroySyncKHR", as: PFNEGLDESTROYSYNCKHRPROC.self),
            let duplicate = load("eglDupNativeFenceFDANDROID", as: PFNEGLDUPNATIVEFENCEFDANDROIDPROC.self)
        else { return nil }
        let attributes: [EGLint] = [EGLint(EGL_SYNC_NATIVE_FENCE_FD_ANDROID), EGLint(EGL_NO_NATIVE_FENCE_FD_ANDROID), EGLint(EGL_NONE)]
        guard let sync = create(display, EGLenum(EGL_SYNC_NATIVE_FENCE_ANDROID), attributes) else { return nil }
        defer { _ = destroy(display, sync) }
        // The fence's descriptor exists once the commands it follows are flushed to the driver.
        glFlush()
        let fd = duplicate(display, sync)
        return fd >= 0 ? fd : nil
    }
}
