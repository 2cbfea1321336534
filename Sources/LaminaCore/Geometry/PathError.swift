/// Why SVG path data could not be read, and where.
///
/// Every case carries the offset of the offending character, counted from 0 in the text's UTF-8 bytes.
/// The grammar is pure ASCII and parsing stops at the first character that does not fit, so everything
/// before an offset is ASCII and the offset is also the count of characters before it. An offset equal
/// to the text's length means the text ended too early.
///
/// Parsing is all-or-nothing, unlike a browser, which draws the path up to the first error: a keyframe
/// path that silently lost its tail would be a harder bug to find than a thrown error.
public enum PathError: Error, Hashable, Sendable {
    /// The first command was not a moveto (`M` or `m`); SVG requires every path to start with one.
    case expectedMoveTo(offset: Int)
    /// Something other than a command letter stood where a command had to start: an unknown letter,
    /// a stray character, or numbers after a `Z`, which takes none.
    case expectedCommand(offset: Int)
    /// A command needed another number (a coordinate or a radius) and found something else or the end,
    /// including after a comma, which must be followed by a number.
    case expectedNumber(offset: Int)
    /// An exponent marker (`e` or `E`, with an optional sign) was not followed by digits.
    case expectedExponent(offset: Int)
    /// An elliptical arc needed its large-arc or sweep flag, which must be the single character 0 or 1.
    case expectedFlag(offset: Int)
    /// A number was well formed but too large for a `Double` (such as `1e999`), which would give
    /// infinite coordinates.
    case numberOutOfRange(offset: Int)

    /// Where the problem is, in UTF-8 bytes (and characters) from the start of the text.
    public var offset: Int {
        switch self {
        case .expectedMoveTo(let offset), .expectedCommand(let offset), .expectedNumber(let offset),
            .expectedExponent(let offset), .expectedFlag(let offset), .numberOutOfRange(let offset):
            offset
        }
    }
}

extension PathError: CustomStringConvertible {
    /// A one-line message for logs and command-line tools, such as
    /// `path data: expected a number at offset 7`.
    public var description: String {
        switch self {
        case .expectedMoveTo(let offset):
            "path data: expected a moveto command (M or m) at offset \(offset)"
        case .expectedCommand(let offset):
            "path data: expected a command letter at offset \(offset)"
        case .expectedNumber(let offset):
            "path data: expected a number at offset \(offset)"
        case .expectedExponent(let offset):
            "path data: expected exponent digits at offset \(offset)"
        case .expectedFlag(let offset):
            "path data: expected an arc flag (0 or 1) at offset \(offset)"
        case .numberOutOfRange(let offset):
            "path data: number out of range at offset \(offset)"
        }
    }
}
