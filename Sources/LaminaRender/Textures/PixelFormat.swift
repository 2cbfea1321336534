/// The byte order of a bitmap's 8-bit pixels: what clients hand Lamina.
///
/// cairo's `CAIRO_FORMAT_ARGB32` on a little-endian machine and most Linux toolkits produce BGRA;
/// PNG decoding and GL readback produce RGBA. Both upload as-is: BGRA through the texture's swizzle,
/// not a CPU byte shuffle.
public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
    /// R, G, B, A bytes.
    case rgba8
    /// B, G, R, A bytes.
    case bgra8

    /// Bytes per pixel.
    public var bytesPerPixel: Int { 4 }
}
