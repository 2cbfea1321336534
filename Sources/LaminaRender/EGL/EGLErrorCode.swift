import CEGL

/// An EGL error code (`eglGetError`), named as the specification names it.
///
/// Raw numbers such as 12289 mean nothing in a log; every EGL failure Lamina reports carries one of
/// these so the message reads `EGL_NOT_INITIALIZED`.
public struct EGLErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// The value `eglGetError` returned.
    public let rawValue: Int32

    /// Wraps a code.
    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Reads and clears the calling thread's last EGL error.
    public static func last() -> EGLErrorCode {
        EGLErrorCode(eglGetError())
    }

    /// The specification's name, or the number in hex when it is not a known code.
    public var description: String {
        switch rawValue {
        case EGL_SUCCESS: "EGL_SUCCESS"
        case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
        case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
        case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
        case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
        case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
        case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
        case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
        case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
        case EGL_BAD_MATCH: "EGL_BAD_MATCH"
        case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
        case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
        case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
        case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
        case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
        case EGL_BAD_DEVICE_EXT: "EGL_BAD_DEVICE_EXT"
        default: "EGL error 0x" + String(rawValue, radix: 16)
        }
    }
}
