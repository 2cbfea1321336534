/// A rasterised text layer: how much of each pixel the glyphs cover, 0 (none) to 255 (all).
///
/// A coverage mask rather than coloured pixels because the renderer tints it with the layer's
/// `foregroundColor` in the shader: a colour animation then costs nothing here, and one mask serves
/// every colour. Coverage is linear (cairo's grayscale anti-aliasing, no hinting), so
/// `colour × coverage / 255` is the premultiplied pixel.
public struct TextCoverage: Hashable, Sendable {
    /// Pixels across: the bounds' width in points times the scale, rounded up.
    public let width: Int
    /// Pixels down: the bounds' height in points times the scale, rounded up. Text below it was clipped.
    public let height: Int
    /// `width * height` coverage values, row by row from the top, each row left to right, no padding.
    public let alpha: [UInt8]
    /// How many glyphs no installed font has (drawn as hex boxes), in the text laid out (rasterising
    /// stops at the bounds' bottom): nonzero means a script has no font on this machine, which a
    /// caller may want to log once.
    public let unknownGlyphs: Int
    /// Whether some of the text was left out of the layout because it passed
    /// `TextRasterizer.maximumUTF8Bytes` or a paragraph passed `TextRasterizer.maximumParagraphBytes(fontSize:)`.
    public let isClamped: Bool

    init(width: Int, height: Int, alpha: [UInt8], unknownGlyphs: Int, isClamped: Bool) {
        precondition(alpha.count == width * height, "a coverage mask has one byte per pixel")
        self.width = width
        self.height = height
        self.alpha = alpha
        self.unknownGlyphs = unknownGlyphs
        self.isClamped = isClamped
    }

    /// A mask of `width` x `height` pixels that covers nothing.
    static func empty(width: Int, height: Int, isClamped: Bool = false) -> TextCoverage {
        TextCoverage(
            width: width, height: height, alpha: [UInt8](repeating: 0, count: width * height),
            unknownGlyphs: 0, isClamped: isClamped
        )
    }

    /// The coverage of the pixel in column `x` and row `y` (row 0 is the top).
    public subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        return alpha[y * width + x]
    }
}
