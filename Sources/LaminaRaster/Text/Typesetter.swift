internal import CCairo
internal import CPango
internal import LaminaCore

/// A Pango context and layout set up for one style, laying out the style's text a paragraph at a time
/// and placing each line in the bounds: the one place Lamina talks to Pango.
///
/// The layout must not depend on the scale, so that a mask at scale 2 is the mask at scale 1 at
/// twice the resolution and text does not reflow as `contentsScale` changes: hinting is off (outlines
/// and metrics alike) and Pango does not round glyph positions to device pixels (Pango 1.44+ rounds
/// them by default). Anti-aliasing is grayscale: the mask is one coverage value per pixel, tinted
/// later. (cairo still draws each glyph at a whole pixel; see `TextRasterizer`.)
///
/// Lines are placed here rather than by Pango's alignment for two reasons: with `auto_dir` on, Pango
/// swaps `left` and `right` in right-to-left paragraphs (Core Animation's are physical sides), and
/// without wrapping the layout has no width to align in (Pango aligns within its widest line).
///
/// Pango objects come from the calling thread's default font map (`pango_cairo_font_map_get_default`
/// is per thread since Pango 1.32), so calls on different threads share no Pango state; a typesetter
/// itself stays on the thread that made it.
struct Typesetter: ~Copyable {
    /// The `PangoContext *`.
    private let context: OpaquePointer
    /// The `PangoLayout *`, given each paragraph's text in turn.
    private let layout: OpaquePointer
    /// The alignment lines are placed by.
    private let alignment: TextAlignmentMode
    /// The width lines wrap, truncate and align in, in points; nil when unbounded (measuring).
    private let width: Double?
    /// Whether the layout's height limit is in use: wrapped and truncated text, where Pango truncates
    /// the last line that fits.
    private let limitsHeight: Bool

    /// A typesetter for `style`'s text in lines `width` points wide (nil: unbounded, so nothing wraps
    /// or truncates), drawing through `cairo` (a `cairo_t *` already scaled to points), or only
    /// measuring when it is nil.
    init(style: TextStyle, width: Double?, cairo: OpaquePointer?) {
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        if let cairo { pango_cairo_update_context(cairo, context) }

        layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.font)
        // Absolute: in the layout's units, which are points (cairo's matrix scales points to pixels).
        pango_font_description_set_absolute_size(font, style.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)

        alignment = style.alignment
        self.width = width
        let truncates = style.truncation != .none
        limitsHeight = truncates && style.isWrapped && width != nil
        if let width, style.isWrapped || truncates {
            pango_layout_set_width(layout, Self.units(width))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, Self.ellipsizeMode(style.truncation))
            // Unwrapped: -1 keeps each paragraph to its first line, truncated. Wrapped: the height
            // limit is set per paragraph, to what is left of the bounds.
            pango_layout_set_height(layout, -1)
        } else {
            pango_layout_set_width(layout, -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// What a walk over the lines saw.
    struct Walk {
        /// Glyphs no font had, over the paragraphs laid out.
        var unknownGlyphs = 0
        /// Lines laid out (whether drawn or not).
        var lineCount = 0
        /// The widest line's logical width, in points.
        var width = 0.0
        /// The last line's logical bottom, in points.
        var height = 0.0
        /// Whether combining marks past `ParagraphText.maximumCombiningMarks` in a row were left out.
        var droppedMarks = false
    }

    /// Lays out `paragraphs` one after another from the top and calls `body` with each
    /// line, where its origin goes (`x` at the left of its logical extent after alignment, `baseline`
    /// down from the top, in points). Stops at the first line whose top is at or below `bottom`
    /// (nil: lays out everything), and, with wrapped truncated text, before a paragraph whose first
    /// line does not fit whole (Pango shows only lines that fit, and at least one).
    func walk(
        _ paragraphs: inout Paragraphs, bottom: Double?,
        body: (_ line: UnsafeMutablePointer<PangoLayoutLine>, _ x: Double, _ baseline: Double) -> Void
    ) -> Walk {
        var walk = Walk()
        // Pango gives a paragraph without strong characters the direction of the paragraph before
        // it, and the first ones that of the text's first strong character.
        let bytes = paragraphs.laidOut
        var direction = Self.baseDirection(of: bytes)
        var top = 0.0
        layingOut: while let range = paragraphs.next() {
            if let bottom, top >= bottom { break }
            pango_context_set_base_dir(context, direction)
            pango_layout_context_changed(layout)
            if limitsHeight {
                pango_layout_set_height(layout, bottom.map { Self.units($0 - top) } ?? Int32.max)
            }
            if setText(UnsafeBufferPointer(rebasing: bytes[range])) { walk.droppedMarks = true }
            walk.unknownGlyphs += Int(pango_layout_get_unknown_glyphs_count(layout))

            let iterator = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iterator) }
            var first = true
            repeat {
                let line = pango_layout_iter_get_line_readonly(iterator)!
                var placed = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &placed)
                let lineTop = top + Self.points(placed.y)
                if let bottom {
                    if lineTop >= bottom { break layingOut }
                    if limitsHeight, first, top > 0, lineTop + Self.points(placed.height) > bottom { break layingOut }
                }
                var extent = PangoRectangle()
                pango_layout_line_get_extents(line, nil, &extent)
                let lineDirection = pango_layout_line_get_resolved_direction(line)
                if first { direction = lineDirection }
                first = false
                let lineWidth = Self.points(extent.width)
                let x = offset(ofLineWidth: lineWidth, rightToLeft: lineDirection == PANGO_DIRECTION_RTL)
                body(line, x - Self.points(extent.x), top + Self.points(pango_layout_iter_get_baseline(iterator)))
                walk.lineCount += 1
                walk.width = max(walk.width, lineWidth)
                walk.height = lineTop + Self.points(placed.height)
            } while pango_layout_iter_next_line(iterator) != 0
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            top += Self.points(logical.height)
        }
        return walk
    }

    /// Where a line `lineWidth` points wide starts: its alignment within the bounds' width.
    private func offset(ofLineWidth lineWidth: Double, rightToLeft: Bool) -> Double {
        guard let width else { return 0 }
        switch alignment {
        case .left: return 0
        case .right: return width - lineWidth
        case .center: return (width - lineWidth) / 2
        // A justified line fills the width, so only its paragraph's last line is placed here.
        case .natural, .justified: return rightToLeft ? width - lineWidth : 0
        }
    }

    /// Gives the layout one paragraph, filtered by `ParagraphText`. Returns whether combining marks
    /// were left out.
    private func setText(_ paragraph: UnsafeBufferPointer<UInt8>) -> Bool {
        if let (bytes, droppedMarks) = ParagraphText.filtered(paragraph) {
            bytes.withUnsafeBufferPointer { setBytes($0) }
            return droppedMarks
        }
        setBytes(paragraph)
        return false
    }

    private func setBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            pango_layout_set_text(layout, "", 0)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            pango_layout_set_text(layout, $0, Int32(bytes.count))
        }
    }

    /// The direction of the first strong character of `bytes`, left to right when there is none.
    private static func baseDirection(of bytes: UnsafeBufferPointer<UInt8>) -> PangoDirection {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return PANGO_DIRECTION_LTR }
        let found = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            lamina_pango_find_base_dir($0, Int32(clamping: bytes.count))
        }
        return found == PANGO_DIRECTION_RTL ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR
    }

    private static func ellipsizeMode(_ truncation: TruncationMode) -> PangoEllipsizeMode {
        switch truncation {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }

    /// Points in Pango units (1/1024 point), saturating: callers keep sizes within
    /// `TextRasterizer.maximumPoints`, far inside Int32's range.
    private static func units(_ points: Double) -> Int32 {
        let units = (points * Double(PANGO_SCALE)).rounded()
        return units >= Double(Int32.max) ? Int32.max : units <= 0 ? 0 : Int32(units)
    }

    /// Pango units in points.
    private static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
}
