/// The byte order of a bitmap's 8-bit pixels: what clients hand Lamina. One type for the client
/// library, the wire (which numbers the cases, `docs/protocol.md` section 8), the compositor and the
/// renderer.
///
/// cairo's `CAIRO_FORMAT_ARGB32` on a little-endian machine and most Linux toolkits produce BGRA;
/// PNG decoding and GL readback produce RGBA. Both upload as-is: BGRA through the texture's swizzle,
/// not a CPU byte shuffle.
///
/// The `x` formats say the bitmap is opaque: the fourth byte is ignored and read as 255 (cairo's
/// `RGB24`, `wl_shm`'s XRGB8888). That is worth saying: the renderer draws opaque contents without
/// blending and skips whatever they cover.
public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
    /// R, G, B, A bytes.
    case rgba8
    /// B, G, R, A bytes.
    case bgra8
    /// R, G, B bytes and one ignored: opaque.
    case rgbx8
    /// B, G, R bytes and one ignored: opaque.
    case bgrx8

    /// Bytes per pixel.
    public var bytesPerPixel: Int { 4 }

    /// Whether the fourth byte is ignored and every pixel opaque.
    public var isOpaque: Bool { self == .rgbx8 || self == .bgrx8 }

    /// Whether red and blue are stored swapped (B first).
    public var isBGR: Bool { self == .bgra8 || self == .bgrx8 }
}
