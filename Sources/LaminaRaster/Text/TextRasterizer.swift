internal import CCairo
internal import CPango

/// CATextLayer's drawing: lays a `TextStyle` out with Pango and rasterises it with cairo into a
/// coverage mask the size of the layer's bounds, for the renderer to tint with `foregroundColor`.
///
/// Layout follows the "Text" section of the layer-types contract. Text is shaped by HarfBuzz
/// (ligatures, kerning, bidirectional and mixed scripts) with fontconfig's fallback fonts for
/// characters the font lacks. The first line's logical top (its ascent above the baseline) is the
/// bounds' top and lines follow at their logical heights; whatever falls below the bounds' bottom is
/// clipped (the mask ends there). Without wrapping each paragraph is one line: cut where it leaves
/// the bounds, or truncated with "…". Pango places glyphs without hinting or rounding, so the layout
/// (line breaks, positions in points) is the same at every scale. cairo 1.16's image backend then
/// draws each glyph image at the whole pixel nearest its position (cairo 1.17.4 added quarter
/// pixels), so a glyph may sit up to half a pixel off; filling outlines instead
/// (`pango_cairo_layout_line_path`) would be exact, at about six times the time (a label at scale 2:
/// 91 µs against 15 µs), and would draw nothing for bitmap-only glyphs such as colour emoji.
///
/// Limits, so that any string and any size a client sends finishes quickly and in bounded memory:
/// - masks of at most `maximumPixelSide` pixels on a side and `maximumPixelCount` pixels in all;
/// - sizes of at most `maximumPoints` points, and font sizes of at most `maximumFontSize` points;
/// - at most `maximumUTF8Bytes` bytes of the string are laid out, at most
///   `maximumParagraphBytes(fontSize:)` of each paragraph, and at most 30 combining marks in a row
///   (`ParagraphText`): each bounds a cost of Pango or HarfBuzz that grows faster than the text.
/// Text past a limit is left out, and the mask says so (`TextCoverage.isClamped`). Text below the
/// bounds is not laid out at all: rasterising stops at the first paragraph below the bottom.
///
/// Thread safety: call from any thread. Each thread uses its own Pango font map, and nothing made in
/// a call outlives it.
public enum TextRasterizer {
    /// The most pixels a mask has on a side, as for bitmaps and GL textures Lamina makes.
    public static let maximumPixelSide = 16_384
    /// The most pixels a mask has in all: 64 MiB of coverage (8192 x 8192). Time grows with the ink:
    /// glyphs filling the largest mask took about 2 s, a page of 8-point text in it 0.06 s.
    public static let maximumPixelCount = 64 << 20
    /// The largest bounds side, in points: Pango's 32-bit units (1/1024 point) reach about 2.1
    /// million points, and sizes are kept well inside them.
    public static let maximumPoints = 1_000_000.0
    /// The largest font size, in points: one glyph is then as tall as the largest mask at scale 1.
    /// A glyph costs about its area in pixels: 0.1 s for a 1000-pixel "Ag", 0.4 s at 2000 pixels.
    public static let maximumFontSize = 16_384.0
    /// The most bytes of the string's UTF-8 that are laid out; the rest is left out.
    ///
    /// 64 KiB is about 10,000 words, more than a layer shows legibly at once. Time is about linear in
    /// it (paragraphs are laid out one by one, see `Paragraphs`), and rasterising stops at the bounds'
    /// bottom, so a 10 MB string costs what its first 64 KiB cost: rasterising one into 400 x 300
    /// points took 0.3-7 ms and measuring it 2-100 ms (release build), where Pango given the whole
    /// string takes minutes (1 MB in 80-byte lines took 19 s, and that time grows with the square).
    public static let maximumUTF8Bytes = 65_536

    /// The most bytes of one paragraph that are laid out at `fontSize`: 8 KiB (about 1,400 words),
    /// less above 64 points.
    ///
    /// Two reasons. Pango lays a line out in time quadratic in its runs (a run per tab, per change of
    /// direction or font): 8,000 tabs on one line took 0.1 s, 16,000 took 0.46 s; 8 KiB keeps the
    /// worst paragraph near 0.1 s. And a paragraph's unwrapped width must stay inside Pango's 32-bit
    /// units (1/1024 point, about 2.1 million points), or its glyphs land at wrapped-around positions
    /// and wrapping stops working: at four ems a byte (a tab is about 2.5 ems, a wide glyph up to four
    /// ems in three or four bytes) that is `2_097_152 / (4 * fontSize)` bytes.
    public static func maximumParagraphBytes(fontSize: Double) -> Int {
        let paragraphLimit = 8_192
        guard fontSize > 0 else { return paragraphLimit }
        return Int(min(Double(paragraphLimit), (2_097_152 / (4 * fontSize)).rounded(.down)))
    }

    /// The coverage mask of `style` laid out in bounds `width` x `height` points, at `scale` pixels a
    /// point: `ceil(width * scale)` x `ceil(height * scale)` pixels (a product within a millionth of a
    /// whole pixel counts as that pixel, so 100 points at scale 1.1 are 110 pixels, not 111). An empty
    /// string, a font size of zero or less, or a zero-pixel side gives a mask that covers nothing.
    public static func rasterize(
        _ style: TextStyle, width: Double, height: Double, scale: Double
    ) throws(TextRasterError) -> TextCoverage {
        let (pixelWidth, pixelHeight) = try pixelSize(width: width, height: height, scale: scale)
        try validate(fontSize: style.fontSize)
        guard pixelWidth > 0, pixelHeight > 0, style.fontSize > 0, !style.string.isEmpty else {
            return .empty(width: pixelWidth, height: pixelHeight)
        }

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw .surfaceFailed("no surface")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .surfaceFailed(String(cString: cairo_status_to_string(status))) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, scale, scale)

        let typesetter = Typesetter(style: style, width: width, cairo: cairo)
        var string = style.string
        let (walk, isClamped) = string.withUTF8 { bytes in
            var paragraphs = Paragraphs(
                bytes, totalLimit: maximumUTF8Bytes, paragraphLimit: maximumParagraphBytes(fontSize: style.fontSize)
            )
            let walk = typesetter.walk(&paragraphs, bottom: height) { line, x, baseline in
                cairo_move_to(cairo, x, baseline)
                pango_cairo_show_layout_line(cairo, line)
            }
            return (walk, paragraphs.isClamped)
        }

        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let alpha = [UInt8](unsafeUninitializedCapacity: pixelWidth * pixelHeight) { out, count in
            for row in 0..<pixelHeight {
                UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(out)[(row * pixelWidth)..<((row + 1) * pixelWidth)])
                    .copyMemory(from: UnsafeRawBufferPointer(start: data + row * stride, count: pixelWidth))
            }
            count = pixelWidth * pixelHeight
        }
        return TextCoverage(
            width: pixelWidth, height: pixelHeight, alpha: alpha, unknownGlyphs: walk.unknownGlyphs, isClamped: isClamped || walk.droppedMarks
        )
    }

    /// The mask's size in pixels, after checking the bounds and scale against the limits.
    static func pixelSize(width: Double, height: Double, scale: Double) throws(TextRasterError) -> (Int, Int) {
        guard isLegal(points: width), isLegal(points: height), scale.isFinite, scale > 0 else {
            throw .invalidGeometry(width: width, height: height, scale: scale)
        }
        let pixels = { (points: Double) -> Double in max(0, (points * scale - 1e-6).rounded(.up)) }
        let (x, y) = (pixels(width), pixels(height))
        let limit = Double(maximumPixelSide)
        let count = { (pixels: Double) in pixels < 9e18 ? Int(pixels) : Int.max }
        guard x <= limit, y <= limit, x * y <= Double(maximumPixelCount) else { throw .tooLarge(width: count(x), height: count(y)) }
        return (Int(x), Int(y))
    }

    /// Whether `points` is a legal bounds side: finite, in 0...`maximumPoints`.
    static func isLegal(points: Double) -> Bool { points.isFinite && points >= 0 && points <= maximumPoints }

    /// Checks a font size against the limits (zero and negative sizes are legal: they draw nothing).
    static func validate(fontSize: Double) throws(TextRasterError) {
        guard fontSize.isFinite, fontSize <= maximumFontSize else { throw .invalidFontSize(fontSize) }
    }
}
