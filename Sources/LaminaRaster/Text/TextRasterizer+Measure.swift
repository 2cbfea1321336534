/// Measuring text without drawing it: the size a text layer needs for its string.
extension TextRasterizer {
    /// The logical size of `style`'s text laid out in lines `width` points wide (wrapped or truncated
    /// as the style says), or unbounded when `width` is nil (each paragraph one line, nothing
    /// truncated): Core Animation's `preferredFrameSize` for a text layer is the unbounded size.
    /// Heights are not limited (every line counts), and the text limits of `rasterize` apply.
    ///
    /// A layer of exactly this size shows all of the text (rounding the size up to whole pixels).
    public static func measure(_ style: TextStyle, width: Double? = nil) throws(TextRasterError) -> TextExtent {
        if let width, !isLegal(points: width) { throw .invalidGeometry(width: width, height: 0, scale: 1) }
        try validate(fontSize: style.fontSize)
        guard style.fontSize > 0 else { return TextExtent(width: 0, height: 0, lineCount: 0) }
        let typesetter = Typesetter(style: style, width: width, cairo: nil)
        var string = style.string
        let walk = string.withUTF8 { bytes in
            var paragraphs = Paragraphs(
                bytes, totalLimit: maximumUTF8Bytes, paragraphLimit: maximumParagraphBytes(fontSize: style.fontSize)
            )
            return typesetter.walk(&paragraphs, bottom: nil) { _, _, _ in }
        }
        return TextExtent(width: walk.width, height: walk.height, lineCount: walk.lineCount)
    }
}
