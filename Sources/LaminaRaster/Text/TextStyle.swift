public import LaminaCore

/// Everything about a text layer that decides its pixels, apart from the bounds' size and the scale:
/// the inputs of `TextRasterizer`, and a value a cache can key its masks by.
///
/// `foregroundColor` is not here on purpose: the rasteriser makes a coverage mask, and the renderer
/// tints it in the shader, so animating the colour never rasterises again. `fontSize` is here
/// (animating it does rasterise again, as in Core Animation).
public struct TextStyle: Hashable, Sendable {
    /// The text, any script; paragraphs are separated by line feeds, carriage returns (alone or
    /// before a line feed) and U+2029 PARAGRAPH SEPARATOR, as Pango separates them.
    public var string: String
    /// A fontconfig family name, or a comma-separated list of them tried in order. A family
    /// fontconfig does not have falls back to its best match (see `TextRasterizer.resolvedFamily`),
    /// and characters the chosen font lacks (CJK in DejaVu Sans, say) come from other installed fonts.
    public var font: String
    /// The font's size in points (the em square's height). Zero or less draws nothing.
    public var fontSize: Double
    /// Where lines sit across the bounds.
    public var alignment: TextAlignmentMode
    /// Whether paragraphs wrap at word boundaries (within a word too, when a word alone is wider than
    /// the bounds) to fit the bounds' width (CATextLayer's `isWrapped`).
    public var isWrapped: Bool
    /// What happens to text wider than the bounds.
    public var truncation: TruncationMode

    /// A style with Lamina's defaults: CATextLayer's, except the font, DejaVu Sans (Debian's default
    /// sans-serif, where Core Animation has Helvetica).
    public init(
        string: String = "",
        font: String = "DejaVu Sans",
        fontSize: Double = 36,
        alignment: TextAlignmentMode = .natural,
        isWrapped: Bool = false,
        truncation: TruncationMode = .none
    ) {
        self.string = string
        self.font = font
        self.fontSize = fontSize
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
    }
}
