/// The bytes Pango is given for one paragraph: the paragraph's own, less what Pango must not see.
///
/// - U+0000 is left out: Pango reads text as a C string, so a NUL would end the paragraph there, and
///   it has nothing to draw.
/// - After 30 combining marks in a row (characters of nonzero canonical combining class), the rest
///   of the run is left out, as Unicode's Stream-Safe Text Format (UAX #15) bounds such runs:
///   HarfBuzz positions the marks of one cluster in time quadratic in their number (16,000 marks on
///   one letter took 1.1 s), and thirty already stack far above any line.
enum ParagraphText {
    /// The most combining marks in a row that are laid out.
    static let maximumCombiningMarks = 30

    /// The bytes to lay out for `paragraph` (valid UTF-8), or nil when they are `paragraph` itself;
    /// `droppedMarks` tells whether combining marks were left out.
    static func filtered(_ paragraph: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], droppedMarks: Bool)? {
        // Combining marks are U+0300 and above: ASCII text without NUL needs nothing.
        guard paragraph.contains(where: { $0 == 0 || $0 >= 0x80 }) else { return nil }
        var kept: [UInt8] = []
        var changed = false, droppedMarks = false
        var marks = 0
        var index = 0
        while index < paragraph.count {
            let length = sequenceLength(leadingByte: paragraph[index])
            let end = min(index + length, paragraph.count)
            let scalar = decode(paragraph, index, end)
            var keep = scalar != 0
            if scalar >= 0x300, let value = Unicode.Scalar(scalar), value.properties.canonicalCombiningClass.rawValue != 0 {
                marks += 1
                if marks > maximumCombiningMarks {
                    keep = false
                    droppedMarks = true
                }
            } else {
                marks = 0
            }
            if keep {
                if changed { kept.append(contentsOf: paragraph[index..<end]) }
            } else if !changed {
                changed = true
                kept.reserveCapacity(paragraph.count)
                kept.append(contentsOf: paragraph[0..<index])
            }
            index = end
        }
        return changed ? (kept, droppedMarks) : nil
    }

    /// The length of the UTF-8 sequence a leading byte starts.
    private static func sequenceLength(leadingByte byte: UInt8) -> Int {
        switch byte {
        case ..<0x80: 1
        case 0xF0...: 4
        case 0xE0...: 3
        default: 2
        }
    }

    /// The scalar value of the sequence `bytes[start..<end]`.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let length = end - start
        guard length > 1 else { return UInt32(bytes[start]) }
        var value = UInt32(bytes[start]) & (0x7F >> UInt32(length))
        for i in (start + 1)..<end { value = value << 6 | UInt32(bytes[i] & 0x3F) }
        return value
    }
}
