/// One way to get an EGL display, tried in the order a `DisplaySelection` lists them.
///
/// The three are the three ways a headless Linux machine offers GLES: a DRM render node through GBM
/// (Mesa on real GPUs, and the same buffers KMS can scan out), the EGL device platform (how NVIDIA's
/// driver runs without a display server), and Mesa's surfaceless platform (llvmpipe on a machine with
/// no GPU at all). Naming them as values lets configuration and tests pick and reorder them.
public enum DisplayCandidate: Hashable, Sendable, CustomStringConvertible {
    /// GBM on a DRM render node: the node at `renderNode`, or when `nil` the first `/dev/dri/renderD*`.
    case gbm(renderNode: String?)
    /// The EGL device platform (`EGL_EXT_platform_device`): the device at `index` in
    /// `eglQueryDevicesEXT`'s list, or when `nil` the first GPU that works (Mesa's software device is
    /// skipped then: software rendering is what `.surfaceless` is for, and it is last in the order).
    case eglDevice(index: Int?)
    /// Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`).
    case surfaceless

    /// Reads the spelling `description` writes, for configuration files and command lines:
    /// `gbm`, `gbm:/dev/dri/renderD129`, `device`, `device:1`, `surfaceless`. `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let argument = parts.count == 2 ? String(parts[1]) : nil
        switch parts[0] {
        case "gbm":
            if let argument, argument.isEmpty { return nil }
            self = .gbm(renderNode: argument)
        case "device":
            guard let argument else {
                self = .eglDevice(index: nil)
                return
            }
            guard let index = Int(argument), index >= 0 else { return nil }
            self = .eglDevice(index: index)
        case "surfaceless" where argument == nil:
            self = .surfaceless
        default:
            return nil
        }
    }

    /// `gbm`, `gbm:PATH`, `device`, `device:N` or `surfaceless`: what `init(parsing:)` reads.
    public var description: String {
        switch self {
        case .gbm(nil): "gbm"
        case .gbm(let path?): "gbm:\(path)"
        case .eglDevice(nil): "device"
        case .eglDevice(let index?): "device:\(index)"
        case .surfaceless: "surfaceless"
        }
    }
}
