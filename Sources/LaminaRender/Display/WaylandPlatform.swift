public import LaminaRenderList
import CEGL

/// Opening a display on EGL's Wayland platform (`EGL_KHR_platform_wayland`), on the connection of a
/// window the renderer is to draw into: how `laminad --output wayland` shows frames without copying
/// them through the CPU, where the driver can.
///
/// LaminaRender does not speak Wayland: the caller hands over the connection's `struct wl_display *`
/// and the object that owns it, which the display keeps until it is terminated.
extension Display {
    /// A display on the Wayland connection `nativeDisplay`, kept open by `connection` (the window that
    /// made it) for as long as the display lives. Not remembered by any selection: each connection is
    /// its own display.
    public static func wayland(
        nativeDisplay: UnsafeMutableRawPointer, connection: AnyObject, log: RenderLog = .silent
    ) throws(DisplayFailure) -> Display {
        let client = EGLFunctions.extensions(of: nil)
        guard client.contains("EGL_KHR_platform_wayland") || client.contains("EGL_EXT_platform_wayland") else {
            throw .missingClientExtension("EGL_KHR_platform_wayland")
        }
        guard let handle = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), nativeDisplay, nil) else {
            throw .noDisplay(.last())
        }
        return try Display(
            handle: handle, platform: .wayland, candidate: nil, name: "EGL on Wayland", owner: connection, log: log)
    }

    /// The driver behind the display as `EGL_MESA_query_driver` names it (`iris`, `radeonsi`, `swrast`
    /// for llvmpipe), or nil where EGL cannot say.
    public var driverName: String? {
        guard extensions.contains("EGL_MESA_query_driver"),
            let query = EGLFunctions.load("eglGetDisplayDriverName", as: PFNEGLGETDISPLAYDRIVERNAMEPROC.self),
            let name = query(handle)
        else { return nil }
        return String(cString: name)
    }

    /// Whether the display renders in software (Mesa's `swrast` and `kms_swrast`: llvmpipe), so that
    /// a window surface on it is an in-process copy into shared memory anyway.
    public var isSoftware: Bool {
        guard let driverName else { return false }
        return driverName.hasSuffix("swrast")
    }
}
