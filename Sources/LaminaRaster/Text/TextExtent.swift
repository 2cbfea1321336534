/// The size text takes when laid out, in points: what `TextRasterizer.measure` reports, for a text
/// layer's `preferredFrameSize` and for sizing a layer to its text.
///
/// These are logical extents (advance widths, and the fonts' ascent plus descent per line), not ink:
/// a glyph may reach past them (an italic overhang, a tall accent), and trailing spaces count.
public struct TextExtent: Hashable, Sendable {
    /// The widest line's width.
    public var width: Double
    /// All lines' heights added up: the first line's top to the last line's bottom.
    public var height: Double
    /// The number of lines laid out (an empty string is one empty line, as in Pango).
    public var lineCount: Int

    public init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }
}
