/// The paragraphs of a text's UTF-8 bytes as Pango would split them, cut to the rasteriser's limits.
///
/// The rasteriser lays out one paragraph at a time instead of handing Pango the whole string because
/// Pango 1.50 works out each paragraph's character offset by counting from the start of the text
/// (`g_utf8_strlen`), so one layout of many paragraphs takes time proportional to paragraphs × bytes:
/// 64 KiB of two-byte paragraphs took 3.3 s. Laid out separately, time is linear in the bytes, and
/// the rasteriser can stop at the first paragraph below the bounds.
///
/// Separators are Pango's: LF, CR, CR LF, and U+2029 PARAGRAPH SEPARATOR. A text ending in a
/// separator has an empty paragraph after it (an empty last line), as Pango lays it out.
struct Paragraphs {
    /// The text.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the laid-out text ends: the text's end, or `TextRasterizer.maximumUTF8Bytes` rounded
    /// down to a character boundary.
    private let end: Int
    /// The most bytes of one paragraph that are laid out.
    private let paragraphLimit: Int
    /// The text that is laid out: `bytes` up to `end`.
    var laidOut: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[0..<end]) }
    /// Where the next paragraph starts, or nil when there is none.
    private var nextStart: Int?
    /// Whether some text was left out: the text passed the total limit, or a paragraph passed its own.
    private(set) var isClamped: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>, totalLimit: Int, paragraphLimit: Int) {
        self.bytes = bytes
        self.end = Self.boundary(in: bytes, atOrBefore: min(bytes.count, totalLimit), notBefore: 0)
        self.paragraphLimit = max(1, paragraphLimit)
        self.nextStart = 0
        self.isClamped = end < bytes.count
    }

    /// The next paragraph's bytes (without its separator), or nil after the last.
    mutating func next() -> Range<Int>? {
        guard let start = nextStart else { return nil }
        var index = start
        var separatorLength = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                separatorLength = 1
                break
            }
            if byte == 0x0D {
                separatorLength = index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
                break
            }
            if byte == 0xE2, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA9 {
                separatorLength = 3
                break
            }
            index += 1
        }
        // After a separator another paragraph follows, empty when the text ends there.
        nextStart = separatorLength > 0 ? index + separatorLength : nil
        if index - start > paragraphLimit {
            isClamped = true
            return start..<Self.boundary(in: bytes, atOrBefore: start + paragraphLimit, notBefore: start)
        }
        return start..<index
    }

    /// `index` moved back to the nearest character (Unicode scalar) boundary, so a cut never splits
    /// a UTF-8 sequence: the byte at a boundary is not a continuation byte (0b10xxxxxx).
    private static func boundary(in bytes: UnsafeBufferPointer<UInt8>, atOrBefore index: Int, notBefore floor: Int) -> Int {
        var index = index
        while index > floor, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }
}
