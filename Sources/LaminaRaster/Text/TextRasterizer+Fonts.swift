internal import CPango

/// Which fonts fontconfig and Pango actually use, so a caller can log a fallback once instead of
/// wondering why text looks different from the family it asked for.
extension TextRasterizer {
    /// The family fontconfig resolves `family` to: `family` itself when it is installed, otherwise
    /// its best match (an unknown name ends at the default sans-serif font, DejaVu Sans on Debian).
    /// Characters the resolved font lacks still fall back further, per character; see `families(in:)`.
    public static func resolvedFamily(_ family: String) -> String {
        let fontMap = pango_cairo_font_map_get_default()!
        let context = pango_font_map_create_context(fontMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, 36 * Double(PANGO_SCALE))
        guard let font = pango_font_map_load_font(fontMap, context, description) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        return familyName(of: font)
    }

    /// The families of the fonts `style`'s text is drawn with, each once, in the order of first use
    /// along the laid-out lines: the resolved family, then any fallback that supplied glyphs it lacks
    /// (WenQuanYi Micro Hei for Chinese in DejaVu Sans, say). Laid out unbounded, as `measure` does.
    public static func families(in style: TextStyle) throws(TextRasterError) -> [String] {
        try validate(fontSize: style.fontSize)
        guard style.fontSize > 0 else { return [] }
        let typesetter = Typesetter(style: style, width: nil, cairo: nil)
        var families: [String] = []
        var string = style.string
        string.withUTF8 { bytes in
            var paragraphs = Paragraphs(
                bytes, totalLimit: maximumUTF8Bytes, paragraphLimit: maximumParagraphBytes(fontSize: style.fontSize)
            )
            _ = typesetter.walk(&paragraphs, bottom: nil) { line, _, _ in
                var run = line.pointee.runs
                while let node = run {
                    if let glyphItem = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                        let font = glyphItem.pointee.item.pointee.analysis.font
                    {
                        let family = familyName(of: font)
                        if !families.contains(family) { families.append(family) }
                    }
                    run = node.pointee.next
                }
            }
        }
        return families
    }

    /// The family name of a loaded `PangoFont`.
    private static func familyName(of font: UnsafeMutablePointer<PangoFont>) -> String {
        let description = pango_font_describe(font)
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    }
}
