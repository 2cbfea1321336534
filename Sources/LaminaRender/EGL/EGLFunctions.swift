import CEGL

/// Extension entry points come from `eglGetProcAddress`, never from the link: glvnd's `libEGL` and
/// `libGLESv2` export only core symbols, so linking against an extension function fails or, worse,
/// reaches a dispatch stub for the wrong vendor.
enum EGLFunctions {
    /// The entry point `name` as the C function type `F` (one of the `PFN...PROC` types), or `nil` when
    /// the implementation does not provide it.
    static func load<F>(_ name: String, as type: F.Type) -> F? {
        guard let pointer = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(pointer, to: F.self)
    }

    /// The space-separated extension string of `display` (`nil`: the client extensions, which say which
    /// platforms exist before any display does), as a set. Empty when EGL answers nothing.
    static func extensions(of display: EGLDisplay?) -> Set<String> {
        guard let raw = eglQueryString(display, EGLint(EGL_EXTENSIONS)) else { return [] }
        return Set(String(cString: raw).split(separator: " ").map(String.init))
    }
}
