/// How an offscreen target's colour buffer orders its bytes (pixels read back are RGBA either way): the
/// render list needs to know for a cached subtree, whose texture at full strength can be drawn by the
/// `blit` variant only when it is BGRA.
public enum TargetColorLayout: Hashable, Sendable {
    /// `GL_RGBA8`: every GLES 3 implementation renders to it.
    case rgba
    /// `GL_BGRA_EXT` (`EXT_texture_format_BGRA8888`, texture storage only): what llvmpipe's fast
    /// "linear" path writes, so the compositor's output uses it where the driver has it.
    case bgra
}
