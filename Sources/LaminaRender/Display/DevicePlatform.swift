import LaminaRenderList
import CEGL

/// Opening a display on the EGL device platform (`EGL_EXT_platform_device`): how NVIDIA's driver, and
/// Mesa, offer GPUs with no window system. The functions are extensions, so they come from
/// `eglGetProcAddress`.
enum DevicePlatform {
    /// One device as `eglQueryDevicesEXT` lists it.
    struct Device {
        /// Its place in the list (what `device:N` names).
        let index: Int
        /// `EGLDeviceEXT`.
        let handle: EGLDeviceEXT
        /// For logs: its DRM node, `software`, or `unnamed`.
        let name: String
        /// Mesa's software device (`EGL_MESA_device_software`): skipped unless its index is configured.
        let isSoftware: Bool
    }

    /// Every device EGL lists.
    static func devices() throws(DisplayFailure) -> [Device] {
        let client = EGLFunctions.extensions(of: nil)
        guard client.contains("EGL_EXT_platform_device") else {
            throw .missingClientExtension("EGL_EXT_platform_device")
        }
        guard client.contains("EGL_EXT_device_enumeration") || client.contains("EGL_EXT_device_base") else {
            throw .missingClientExtension("EGL_EXT_device_enumeration")
        }
        guard let query = EGLFunctions.load("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self) else {
            throw .missingEntryPoint("eglQueryDevicesEXT")
        }
        let queryString = EGLFunctions.load("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
        var count: EGLint = 0
        guard query(0, nil, &count) == EGLBoolean(EGL_TRUE) else { throw .deviceQueryFailed(.last()) }
        guard count > 0 else { return [] }
        var handles = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard query(count, &handles, &count) == EGLBoolean(EGL_TRUE) else { throw .deviceQueryFailed(.last()) }
        return handles.prefix(Int(count)).enumerated().compactMap { index, handle in
            guard let handle else { return nil }
            func string(_ name: Int32) -> String? {
                queryString?(handle, EGLint(name)).map { String(cString: $0) }
            }
            let extensions = Set((string(EGL_EXTENSIONS) ?? "").split(separator: " ").map(String.init))
            let isSoftware = extensions.contains("EGL_MESA_device_software")
            var name = isSoftware ? "software" : "unnamed"
            if extensions.contains("EGL_EXT_device_drm_render_node"), let node = string(EGL_DRM_RENDER_NODE_FILE_EXT) {
                name = node
            } else if extensions.contains("EGL_EXT_device_drm"), let node = string(EGL_DRM_DEVICE_FILE_EXT) {
                name = node
            }
            return Device(index: index, handle: handle, name: name, isSoftware: isSoftware)
        }
    }

    /// A display on `device`.
    static func open(_ device: Device, log: RenderLog) throws(DisplayFailure) -> Display {
        guard let handle = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device.handle, nil) else {
            throw .noDisplay(.last())
        }
        return try Display(
            handle: handle, platform: .eglDevice, candidate: .eglDevice(index: device.index),
            name: "EGL device \(device.index) (\(device.name))", owner: nil, log: log)
    }
}
