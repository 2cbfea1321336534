import LaminaCore
import LaminaRaster
import Testing

/// CATextLayer's drawing through Pango, asserted from layout geometry (measured extents, line
/// heights, bounds) rather than from stored images: which pixels a glyph covers is Pango's and
/// FreeType's business; where the text sits, how it wraps, truncates and clips is the contract's.
@Suite("Text rasteriser")
struct TextRasterizerTests {
    /// The height of one line of `font` at `size` points, in points, as Pango lays it out.
    static func lineHeight(font: String = "DejaVu Sans", size: Double) throws -> Double {
        try TextRasterizer.measure(TextStyle(string: "Hill", font: font, fontSize: size)).height
    }

    @Test("An empty string gives a blank mask of the bounds' size in pixels, rounded up")
    func emptyString() throws {
        let mask = try TextRasterizer.rasterize(TextStyle(string: ""), width: 100.25, height: 20.2, scale: 2)
        #expect(mask.width == 201 && mask.height == 41)
        #expect(mask.alpha.count == 201 * 41)
        #expect(mask.alpha.allSatisfy { $0 == 0 })
        #expect(mask.unknownGlyphs == 0 && !mask.isClamped)

        // A product a hair above a whole pixel from floating point is that pixel.
        let tenth = try TextRasterizer.rasterize(TextStyle(string: "x"), width: 100, height: 10, scale: 1.1)
        #expect(tenth.width == 110 && tenth.height == 11)
        // Zero-size bounds and zero or negative font sizes draw nothing, without error.
        let flat = try TextRasterizer.rasterize(TextStyle(string: "Hello"), width: 0, height: 30, scale: 2)
        #expect(flat.width == 0 && flat.height == 60 && flat.alpha.isEmpty)
        for size in [0.0, -12] {
            let none = try TextRasterizer.rasterize(TextStyle(string: "Hello", fontSize: size), width: 50, height: 50, scale: 1)
            #expect(none.alpha.allSatisfy { $0 == 0 })
        }
    }

    @Test("Text starts at the bounds' top: the first line's ink sits within its ascent")
    func textStartsAtTop() throws {
        let style = TextStyle(string: "Hill", fontSize: 40)
        let mask = try TextRasterizer.rasterize(style, width: 200, height: 100, scale: 1)
        let rows = try #require(mask.inkRows)
        let line = try Self.lineHeight(size: 40)
        // DejaVu's ascent is 0.928 em and its cap height 0.729 em: "H" starts about 8 points down.
        #expect(rows.lowerBound > 2 && rows.lowerBound < 12)
        #expect(Double(rows.upperBound) < line)
    }

    @Test("Left, right and centre place the same ink at 0, at width minus the text's width, and halfway")
    func alignment() throws {
        let width = 300.0
        var style = TextStyle(string: "Lamina text", fontSize: 24, alignment: .left)
        let textWidth = try TextRasterizer.measure(style).width
        let left = try #require(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns)
        #expect(left.lowerBound <= 3)  // the "L"'s left side bearing only

        for (alignment, shift) in [(TextAlignmentMode.right, width - textWidth), (.center, (width - textWidth) / 2)] {
            style.alignment = alignment
            let ink = try #require(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns)
            #expect(abs(Double(ink.lowerBound - left.lowerBound) - shift) <= 1, "\(alignment)")
            #expect(abs(Double(ink.upperBound - left.upperBound) - shift) <= 1, "\(alignment)")
        }
        style.alignment = .right
        let right = try #require(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns)
        #expect(right.upperBound >= Int(width) - 4 && right.upperBound < Int(width))

        // Natural and justified are left for left-to-right text on one line.
        for alignment in [TextAlignmentMode.natural, .justified] {
            style.alignment = alignment
            #expect(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns == left)
        }
    }

    @Test("Wrapped text breaks into as many lines as words fit, one line height apart")
    func wrapping() throws {
        let size = 20.0
        let one = try TextRasterizer.measure(TextStyle(string: "Hill", fontSize: size)).width
        let two = try TextRasterizer.measure(TextStyle(string: "Hill Hill", fontSize: size)).width
        let advance = two - one  // a space and a word
        // Three words fit, four do not: the width lies halfway between.
        let width = one + 2 * advance + advance / 2
        let words = 11
        let expectedLines = (words + 2) / 3
        let style = TextStyle(string: Array(repeating: "Hill", count: words).joined(separator: " "), fontSize: size, isWrapped: true)

        let line = try Self.lineHeight(size: size)
        let scale = 2.0
        let mask = try TextRasterizer.rasterize(style, width: width, height: 10 * line, scale: scale)
        let bands = mask.inkBands
        #expect(bands.count == expectedLines)
        #expect(try TextRasterizer.measure(style, width: width).lineCount == expectedLines)
        for (upper, lower) in zip(bands, bands.dropFirst()) {
            #expect(abs(Double(lower.lowerBound - upper.lowerBound) - line * scale) <= 1)
            #expect(abs(Double(lower.upperBound - upper.upperBound) - line * scale) <= 1)
        }
        // Each line holds three words: its ink is as wide as an unwrapped "Hill Hill Hill".
        let three = try #require(
            try TextRasterizer.rasterize(
                TextStyle(string: "Hill Hill Hill", fontSize: size), width: width, height: line, scale: scale
            ).inkColumns)
        #expect(mask.inkColumns(inRows: bands[0]) == three)

        // Without wrapping it is one line, cut at the right edge.
        var unwrapped = style
        unwrapped.isWrapped = false
        let single = try TextRasterizer.rasterize(unwrapped, width: width, height: 10 * line, scale: scale)
        #expect(single.inkBands.count == 1)
        #expect(single.columnHasInk(single.width - 1) || single.columnHasInk(single.width - 2) || single.columnHasInk(single.width - 3))
    }

    @Test("Justified lines reach both edges; a paragraph's last line stays at the start")
    func justified() throws {
        let style = TextStyle(
            string: "The quick brown fox jumps over the lazy dog and keeps on running far away",
            fontSize: 18, alignment: .justified, isWrapped: true
        )
        let width = 220.0
        let mask = try TextRasterizer.rasterize(style, width: width, height: 400, scale: 1)
        let bands = mask.inkBands
        #expect(bands.count >= 3)
        for band in bands.dropLast() {
            let ink = try #require(mask.inkColumns(inRows: band))
            #expect(ink.lowerBound <= 3 && ink.upperBound >= Int(width) - 4)
        }
        let last = try #require(mask.inkColumns(inRows: bands[bands.count - 1]))
        #expect(last.lowerBound <= 3 && last.upperBound < Int(width) - 20)
    }

    @Test("Truncation keeps the line inside the bounds with an ellipsis; without it the line runs off the edge")
    func truncation() throws {
        let width = 200.0
        // Em dashes join into one rule, so ink reaches wherever the line is cut.
        let text = "Truncate " + String(repeating: "\u{2014}", count: 30)
        var style = TextStyle(string: text, fontSize: 20)
        let full = try TextRasterizer.measure(style).width
        #expect(full > 2 * width)

        let none = try TextRasterizer.rasterize(style, width: width, height: 30, scale: 1)
        #expect(none.columnHasInk(none.width - 1))

        style.truncation = .end
        let end = try TextRasterizer.rasterize(style, width: width, height: 30, scale: 1)
        let truncatedWidth = try TextRasterizer.measure(style, width: width).width
        #expect(truncatedWidth <= width && truncatedWidth > width - 30)
        #expect(!end.columnHasInk(end.width - 1))
        #expect(end.totalInk < none.totalInk)
        // The start of the line is untouched.
        #expect(end.inkColumns?.lowerBound == none.inkColumns?.lowerBound)
        let word = try #require(
            try TextRasterizer.rasterize(TextStyle(string: "Truncate", fontSize: 20), width: width, height: 30, scale: 1).inkColumns)
        for x in 0...word.upperBound {
            for y in 0..<end.height { #expect(end[x, y] == none[x, y]) }
        }
    }

    @Test("Start truncation keeps the end of the line: right-aligned, its last pixels match the whole line's")
    func startTruncationKeepsTheEnd() throws {
        let width = 200.0
        var style = TextStyle(string: "The beginning is cut, the end stays", fontSize: 20, alignment: .right)
        let whole = try TextRasterizer.rasterize(style, width: width, height: 30, scale: 1)
        style.truncation = .start
        let start = try TextRasterizer.rasterize(style, width: width, height: 30, scale: 1)
        style.truncation = .middle
        let middle = try TextRasterizer.rasterize(style, width: width, height: 30, scale: 1)
        #expect(try TextRasterizer.measure(style, width: width).width <= width)
        // Both end at the right edge with the same glyphs (to a level of rounding).
        for x in (start.width - 60)..<start.width {
            for y in 0..<start.height {
                #expect(abs(Int(start[x, y]) - Int(whole[x, y])) <= 2)
                #expect(abs(Int(middle[x, y]) - Int(whole[x, y])) <= 2)
            }
        }
        // The start-truncated line begins with an ellipsis, not with the cut-off start of "The".
        #expect(start.alpha != whole.alpha && middle.alpha != start.alpha)
    }

    @Test("Text below the bounds is clipped: the mask is the box and shows the top of the full text")
    func clipping() throws {
        let size = 20.0
        let line = try Self.lineHeight(size: size)
        let style = TextStyle(string: "Hill\nHill\nHill", fontSize: size, isWrapped: true)
        let tall = try TextRasterizer.rasterize(style, width: 100, height: 4 * line, scale: 2)
        #expect(tall.inkBands.count == 3)

        let short = try TextRasterizer.rasterize(style, width: 100, height: 1.5 * line, scale: 2)
        #expect(short.height == Int((1.5 * line * 2).rounded(.up)))
        #expect(Array(short.alpha) == Array(tall.alpha.prefix(short.alpha.count)))
        let bands = short.inkBands
        #expect(bands.count == 2)
        #expect(bands[0] == tall.inkBands[0])
        // The second line is cut at the bottom edge; the third is not there at all.
        #expect(bands[1].upperBound == short.height - 1)
        #expect(bands[1].lowerBound == tall.inkBands[1].lowerBound)
    }

    @Test("With wrapping and truncation only whole lines show, the last one ending in an ellipsis")
    func wrappedTruncation() throws {
        let size = 20.0
        let line = try Self.lineHeight(size: size)
        let text = Array(repeating: "Hill", count: 30).joined(separator: " ")
        let style = TextStyle(string: text, fontSize: size, isWrapped: true, truncation: .end)
        let mask = try TextRasterizer.rasterize(style, width: 150, height: 2.5 * line, scale: 1)
        #expect(mask.inkBands.count == 2)
        var plain = style
        plain.truncation = .none
        let untruncated = try TextRasterizer.rasterize(plain, width: 150, height: 2.5 * line, scale: 1)
        #expect(untruncated.inkBands.count == 3)
        // The first line is the same; the second differs (it ends in "…").
        let first = mask.inkBands[0]
        for y in first { for x in 0..<mask.width { #expect(mask[x, y] == untruncated[x, y]) } }
        #expect(mask.alpha != untruncated.alpha)
    }

    @Test("Scale 2 gives a mask twice the size with the ink twice as far in every direction")
    func scaleDoubles() throws {
        let style = TextStyle(string: "Scale", fontSize: 24, alignment: .center)
        let one = try TextRasterizer.rasterize(style, width: 150, height: 40, scale: 1)
        let two = try TextRasterizer.rasterize(style, width: 150, height: 40, scale: 2)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        let (columns1, columns2) = (try #require(one.inkColumns), try #require(two.inkColumns))
        let (rows1, rows2) = (try #require(one.inkRows), try #require(two.inkRows))
        #expect(abs(columns2.lowerBound - 2 * columns1.lowerBound) <= 2)
        #expect(abs((columns2.upperBound + 1) - 2 * (columns1.upperBound + 1)) <= 2)
        #expect(abs(rows2.lowerBound - 2 * rows1.lowerBound) <= 2)
        #expect(abs((rows2.upperBound + 1) - 2 * (rows1.upperBound + 1)) <= 2)
        // The same amount of ink per point: four times the coverage, within anti-aliasing.
        let ratio = Double(two.totalInk) / Double(one.totalInk)
        #expect(ratio > 3.8 && ratio < 4.2)
    }

    @Test("Chinese renders through a CJK font when the requested one lacks it")
    func cjk() throws {
        let style = TextStyle(string: "汉字测试", font: "DejaVu Sans", fontSize: 30)
        let mask = try TextRasterizer.rasterize(style, width: 200, height: 50, scale: 1)
        #expect(mask.totalInk > 0)
        #expect(mask.unknownGlyphs == 0)
        #expect(try TextRasterizer.families(in: style) == ["WenQuanYi Micro Hei"])
        let mixed = TextStyle(string: "Lamina 汉字", fontSize: 30)
        #expect(try TextRasterizer.families(in: mixed) == ["DejaVu Sans", "WenQuanYi Micro Hei"])
        // Four ideographs of one em each.
        #expect(abs(try TextRasterizer.measure(style).width - 4 * 30) < 1)
    }

    @Test("Right-to-left text aligned natural sits at the right edge; aligned left it sits at the left")
    func rightToLeft() throws {
        let width = 300.0
        for text in ["שלום עולם", "مرحبا بالعالم"] {
            var style = TextStyle(string: text, fontSize: 24, alignment: .natural)
            let textWidth = try TextRasterizer.measure(style).width
            let natural = try #require(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns)
            #expect(natural.upperBound >= Int(width) - 4 && natural.upperBound < Int(width), "\(text)")
            #expect(natural.lowerBound >= Int(width - textWidth) - 1, "\(text)")
            style.alignment = .left
            let left = try #require(try TextRasterizer.rasterize(style, width: width, height: 40, scale: 1).inkColumns)
            #expect(left.lowerBound <= 3, "\(text)")
            #expect(abs(Double(natural.lowerBound - left.lowerBound) - (width - textWidth)) <= 1, "\(text)")
        }
        // Each paragraph has its own direction; one without strong characters follows the one before.
        let mixed = TextStyle(string: "Hello\nשלום\n12345", fontSize: 20)
        let line = try Self.lineHeight(size: 20)
        let mask = try TextRasterizer.rasterize(mixed, width: width, height: 3 * line, scale: 1)
        let bands = mask.inkBands
        #expect(bands.count == 3)
        #expect(try #require(mask.inkColumns(inRows: bands[0])).lowerBound <= 3)
        #expect(try #require(mask.inkColumns(inRows: bands[1])).upperBound >= Int(width) - 4)
        #expect(try #require(mask.inkColumns(inRows: bands[2])).upperBound >= Int(width) - 4)
    }

    @Test("An unknown family falls back to an installed font and still draws")
    func unknownFamily() throws {
        let resolved = TextRasterizer.resolvedFamily("NoSuchFont123")
        #expect(resolved != "NoSuchFont123" && !resolved.isEmpty)
        #expect(TextRasterizer.resolvedFamily("DejaVu Sans") == "DejaVu Sans")
        #expect(TextRasterizer.resolvedFamily("WenQuanYi Micro Hei") == "WenQuanYi Micro Hei")
        let style = TextStyle(string: "Fallback", font: "NoSuchFont123", fontSize: 24)
        let mask = try TextRasterizer.rasterize(style, width: 200, height: 40, scale: 1)
        #expect(mask.totalInk > 0 && mask.unknownGlyphs == 0)
        #expect(try TextRasterizer.families(in: style) == [resolved])
    }

    @Test("Paragraphs split at LF, CR, CR LF and U+2029; a trailing separator adds an empty line")
    func paragraphSeparators() throws {
        let line = try Self.lineHeight(size: 12)
        for (text, lines) in [("a\r\nb\rc\u{2029}d", 4), ("a\n", 2), ("\n\n", 3), ("", 1), ("a\u{2028}b", 2)] {
            let extent = try TextRasterizer.measure(TextStyle(string: text, fontSize: 12))
            #expect(extent.lineCount == lines, "\(text.debugDescription)")
            #expect(abs(extent.height - Double(lines) * line) < 0.01, "\(text.debugDescription)")
        }
    }

    @Test("A NUL is not drawn and does not end the text")
    func nul() throws {
        let with = try TextRasterizer.rasterize(TextStyle(string: "ab\u{0}cd", fontSize: 20), width: 100, height: 30, scale: 1)
        let without = try TextRasterizer.rasterize(TextStyle(string: "abcd", fontSize: 20), width: 100, height: 30, scale: 1)
        #expect(with.alpha == without.alpha)
    }

    @Test("A 10 MB string is laid out only up to the documented limit, quickly and without crashing")
    func tenMegabytes() throws {
        let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. "
        let huge = String(repeating: sentence, count: 10_000_000 / sentence.utf8.count + 1)
        #expect(huge.utf8.count >= 10_000_000)
        for wrapped in [false, true] {
            let style = TextStyle(string: huge, fontSize: 12, isWrapped: wrapped)
            let mask = try TextRasterizer.rasterize(style, width: 400, height: 300, scale: 2)
            #expect(mask.width == 800 && mask.height == 600)
            #expect(mask.isClamped && mask.totalInk > 0)
            let extent = try TextRasterizer.measure(style, width: 400)
            #expect(extent.width <= (wrapped ? 400 : Double.infinity) && extent.height.isFinite)
        }
        // Lines only, and one paragraph of three-byte characters cut at the limits (never inside a
        // character: a broken UTF-8 sequence would be an unknown glyph).
        let newlines = try TextRasterizer.rasterize(
            TextStyle(string: String(repeating: "\n", count: 10_000_000)), width: 100, height: 100, scale: 1)
        #expect(newlines.isClamped && newlines.totalInk == 0)
        let ideographs = TextStyle(string: String(repeating: "汉", count: 100_000), fontSize: 12, isWrapped: true)
        let cut = try TextRasterizer.rasterize(ideographs, width: 300, height: 300, scale: 1)
        #expect(cut.isClamped && cut.unknownGlyphs == 0 && cut.totalInk > 0)
        #expect(TextRasterizer.maximumParagraphBytes(fontSize: 12) % 3 != 0)  // so the cut does fall inside one
    }

    @Test("Long runs of combining marks are cut to thirty")
    func combiningMarks() throws {
        let zalgo = TextStyle(string: "a" + String(repeating: "\u{0301}", count: 5000), fontSize: 12)
        let mask = try TextRasterizer.rasterize(zalgo, width: 100, height: 100, scale: 1)
        #expect(mask.isClamped && mask.totalInk > 0)
        let thirty = TextStyle(string: "a" + String(repeating: "\u{0301}", count: 30), fontSize: 12)
        #expect(try TextRasterizer.rasterize(thirty, width: 100, height: 100, scale: 1).alpha == mask.alpha)
    }

    @Test("Sizes outside the limits are refused with a typed error")
    func limits() {
        let style = TextStyle(string: "x")
        let notANumber = #expect(throws: TextRasterError.self) {
            try TextRasterizer.rasterize(style, width: .nan, height: 10, scale: 1)
        }
        if case .invalidGeometry(let width, 10, 1) = notANumber { #expect(width.isNaN) } else { Issue.record("\(String(describing: notANumber))") }
        #expect(throws: TextRasterError.invalidGeometry(width: 10, height: -1, scale: 1)) {
            try TextRasterizer.rasterize(style, width: 10, height: -1, scale: 1)
        }
        #expect(throws: TextRasterError.invalidGeometry(width: 10, height: 10, scale: 0)) {
            try TextRasterizer.rasterize(style, width: 10, height: 10, scale: 0)
        }
        #expect(throws: TextRasterError.tooLarge(width: 20_000, height: 10)) {
            try TextRasterizer.rasterize(style, width: 10_000, height: 5, scale: 2)
        }
        #expect(throws: TextRasterError.tooLarge(width: 10_000, height: 10_000)) {
            try TextRasterizer.rasterize(style, width: 10_000, height: 10_000, scale: 1)
        }
        #expect(throws: TextRasterError.invalidFontSize(.infinity)) {
            try TextRasterizer.rasterize(TextStyle(string: "x", fontSize: .infinity), width: 10, height: 10, scale: 1)
        }
        #expect(throws: TextRasterError.invalidFontSize(20_000)) {
            try TextRasterizer.measure(TextStyle(string: "x", fontSize: 20_000))
        }
        #expect(throws: TextRasterError.tooLarge(width: Int.max, height: Int.max)) {
            try TextRasterizer.rasterize(style, width: 10, height: 5, scale: .greatestFiniteMagnitude)
        }
        #expect(throws: TextRasterError.invalidGeometry(width: 2_000_000, height: 0, scale: 1)) {
            try TextRasterizer.measure(style, width: 2_000_000)
        }
        #expect(TextRasterError.tooLarge(width: 1, height: 2).description.contains("16384"))
    }

    @Test("Threads rasterising at once get the same pixels (each has its own font map)")
    func concurrentCalls() async throws {
        let style = TextStyle(string: "Concurrent 汉字 שלום", fontSize: 18, isWrapped: true)
        let reference = try TextRasterizer.rasterize(style, width: 120, height: 100, scale: 2)
        let masks = try await withThrowingTaskGroup(of: TextCoverage.self) { group in
            for _ in 0..<8 {
                group.addTask { try TextRasterizer.rasterize(style, width: 120, height: 100, scale: 2) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(masks.count == 8)
        #expect(masks.allSatisfy { $0 == reference })
    }
}
