/// Why one display candidate could not be used: the reason an attempt in a `DisplaySelectionError`
/// carries, precise enough that an operator can fix the machine from the message alone.
public indirect enum DisplayFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `/dev/dri/renderD*` node exists (or the folder cannot be read: `errno`).
    case noRenderNode(directory: String, errno: Int32?)
    /// `open` failed on the node.
    case cannotOpen(path: String, errno: Int32)
    /// `gbm_create_device` refused the open file.
    case gbmDeviceFailed(path: String, errno: Int32)
    /// `gbm_create_device` accepted the file but a test `gbm_bo_create` failed: the file is not a DRM
    /// render node (GBM accepts any file descriptor, `/dev/null` included) or the driver cannot render.
    case gbmBufferFailed(path: String, errno: Int32)
    /// EGL lacks the client extension (platform) this candidate needs.
    case missingClientExtension(String)
    /// The extension is advertised but `eglGetProcAddress` gave no entry point for `function`.
    case missingEntryPoint(String)
    /// `eglQueryDevicesEXT` failed.
    case deviceQueryFailed(EGLErrorCode)
    /// `eglQueryDevicesEXT` listed no devices.
    case noDevices
    /// Every listed device is Mesa's software rasteriser (`EGL_MESA_device_software`): the device step
    /// is for GPUs, and software rendering is the surfaceless step's job (`device:N` forces one).
    case onlySoftwareDevices(count: Int)
    /// The configured device index is past the end of the list.
    case deviceIndexOutOfRange(index: Int, count: Int)
    /// Every listed device failed, each for its own reason (`device:N` named as tried).
    case everyDeviceFailed([DeviceAttempt])
    /// `eglGetPlatformDisplay` returned no display.
    case noDisplay(EGLErrorCode)
    /// `eglInitialize` failed.
    case initializeFailed(EGLErrorCode)
    /// The display lacks an extension Lamina's contexts need (e.g. `EGL_KHR_surfaceless_context`).
    case missingDisplayExtension(String)
    /// No EGL config can make an OpenGL ES 3 context (only looked for without `EGL_KHR_no_config_context`).
    case noConfig(EGLErrorCode)
    /// A test OpenGL ES 3 context could not be created.
    case contextFailed(EGLErrorCode)

    /// One device's attempt inside `everyDeviceFailed`.
    public struct DeviceAttempt: Hashable, Sendable, CustomStringConvertible {
        /// The device's index in `eglQueryDevicesEXT`'s list.
        public let index: Int
        /// What the device calls itself (`software`, its DRM node, ...).
        public let name: String
        /// Why it failed.
        public let failure: DisplayFailure

        /// `device:N (name): failure`.
        public var description: String { "device:\(index) (\(name)): \(failure)" }
    }

    /// One line saying what failed and, where it helps, what to check.
    public var description: String {
        switch self {
        case .noRenderNode(let directory, let code?):
            "cannot list \(directory): \(ErrnoText(code)) (no DRM render node)"
        case .noRenderNode(let directory, nil):
            "no renderD* node in \(directory) (no DRM GPU, or none passed into this container)"
        case .cannotOpen(let path, let code):
            "cannot open \(path): \(ErrnoText(code))"
        case .gbmDeviceFailed(let path, let code):
            "gbm_create_device failed on \(path): \(ErrnoText(code))"
        case .gbmBufferFailed(let path, let code):
            "gbm_bo_create failed on \(path): \(ErrnoText(code)) (gbm_create_device accepts any file; "
                + "a buffer proves a DRM render node: is \(path) one?)"
        case .missingClientExtension(let name):
            "EGL does not offer \(name)"
        case .missingEntryPoint(let name):
            "eglGetProcAddress has no \(name)"
        case .deviceQueryFailed(let code):
            "eglQueryDevicesEXT failed: \(code)"
        case .noDevices:
            "eglQueryDevicesEXT lists no devices"
        case .onlySoftwareDevices(let count):
            "the \(count == 1 ? "only EGL device is" : "\(count) EGL devices are") Mesa's software rasteriser "
                + "(left to the surfaceless platform; device:N forces one)"
        case .deviceIndexOutOfRange(let index, let count):
            "no EGL device \(index): eglQueryDevicesEXT lists \(count)"
        case .everyDeviceFailed(let attempts):
            "every EGL device failed: " + attempts.map(\.description).joined(separator: "; ")
        case .noDisplay(let code):
            "eglGetPlatformDisplay gave no display: \(code)"
        case .initializeFailed(let code):
            "eglInitialize failed: \(code)"
        case .missingDisplayExtension(let name):
            "the display lacks \(name)"
        case .noConfig(let code):
            "no EGL config renders OpenGL ES 3: \(code)"
        case .contextFailed(let code):
            "cannot create an OpenGL ES 3 context: \(code)"
        }
    }
}
