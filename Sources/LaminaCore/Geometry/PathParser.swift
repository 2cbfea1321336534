/// Reads SVG path data (the `d` attribute; SVG 1.1 §8.3 and its grammar) into a ``Path``.
///
/// A hand-written scanner over the UTF-8 bytes rather than anything general, because the grammar is small
/// and the errors should say exactly where the text went wrong. It follows the grammar strictly: the
/// first command must be a moveto, a comma may only separate two numbers, and arc flags are single
/// characters (so `a1 1 0 0150 50` reads the flags `0`, `1` and then `50`). Relative commands are
/// resolved against the current point as they are read, and shorthand commands are expanded, so the
/// path holds only absolute moves, lines, curves and closes:
/// - `H`/`V` become lines;
/// - `S`/`T` become curves whose first control point reflects the previous curve's last one (when the
///   previous command was of the same family, otherwise it is the current point);
/// - `A` becomes cubic Béziers (see `Path.addEllipticalArc`).
struct PathParser {
    private let bytes: [UInt8]
    private var position = 0
    private var path = Path()
    /// The second control point of the previous command when it was `C`/`S`, for `S` to reflect.
    private var lastCubicControl: Point?
    /// The control point of the previous command when it was `Q`/`T`, for `T` to reflect.
    private var lastQuadControl: Point?

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses the whole text; an empty (or all-whitespace) text gives an empty path, as SVG allows.
    mutating func parse() throws(PathError) -> Path {
        skipWhitespace()
        guard let first = peek else { return path }
        guard first == ascii("M") || first == ascii("m") else {
            throw .expectedMoveTo(offset: position)
        }
        while true {
            skipWhitespace()
            guard let letter = peek else { break }
            guard Self.commandLetters.contains(letter) else {
                throw .expectedCommand(offset: position)
            }
            position += 1
            try run(letter)
        }
        return path
    }

    /// Every command letter of the grammar, upper and lower case.
    private static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    /// Runs one command letter and its implicit repetitions (argument groups with no letter in between).
    private mutating func run(_ letter: UInt8) throws(PathError) {
        if letter == ascii("Z") || letter == ascii("z") {
            path.closeSubpath()
            lastCubicControl = nil
            lastQuadControl = nil
            return
        }
        var command = letter
        repeat {
            try runArguments(of: command)
            // A moveto followed by more coordinate pairs means linetos (SVG 1.1 §8.3.2).
            if command == ascii("M") { command = ascii("L") }
            if command == ascii("m") { command = ascii("l") }
        } while try anotherArgumentGroupFollows()
    }

    /// Reads one argument group of `command` and draws it.
    private mutating func runArguments(of command: UInt8) throws(PathError) {
        let relative = command >= ascii("a")
        let current = path.currentPoint ?? .zero
        let base = relative ? current : .zero
        var cubicControl: Point?
        var quadControl: Point?
        switch command | 0x20 {  // lower-cased
        case ascii("m"):
            path.move(to: try point(from: base, first: true))
        case ascii("l"):
            path.addLine(to: try point(from: base, first: true))
        case ascii("h"):
            let x = try number(first: true)
            path.addLine(to: Point(x: base.x + x, y: current.y))
        case ascii("v"):
            let y = try number(first: true)
            path.addLine(to: Point(x: current.x, y: base.y + y))
        case ascii("c"):
            let c1 = try point(from: base, first: true)
            let c2 = try point(from: base, first: false)
            let end = try point(from: base, first: false)
            path.addCurve(to: end, control1: c1, control2: c2)
            cubicControl = c2
        case ascii("s"):
            let c2 = try point(from: base, first: true)
            let end = try point(from: base, first: false)
            let c1 = lastCubicControl.map { reflect($0, about: current) } ?? current
            path.addCurve(to: end, control1: c1, control2: c2)
            cubicControl = c2
        case ascii("q"):
            let c = try point(from: base, first: true)
            let end = try point(from: base, first: false)
            path.addQuadCurve(to: end, control: c)
            quadControl = c
        case ascii("t"):
            let end = try point(from: base, first: true)
            let c = lastQuadControl.map { reflect($0, about: current) } ?? current
            path.addQuadCurve(to: end, control: c)
            quadControl = c
        default:  // "a": the only letter left once the caller has handled Z.
            let rx = try number(first: true)
            let ry = try number(first: false)
            let rotation = try number(first: false)
            let largeArc = try flag()
            let sweep = try flag()
            let end = try point(from: base, first: false)
            path.addEllipticalArc(
                to: end, radiusX: rx, radiusY: ry, xAxisRotation: rotation, largeArc: largeArc, sweep: sweep)
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// After an argument group: whether another one follows. A comma there promises one.
    private mutating func anotherArgumentGroupFollows() throws(PathError) -> Bool {
        skipWhitespace()
        if peek == ascii(",") {
            position += 1
            skipWhitespace()
            guard startsNumber else { throw .expectedNumber(offset: position) }
            return true
        }
        return startsNumber
    }

    // MARK: Tokens

    /// A coordinate pair, offset by `base` (the current point for relative commands).
    private mutating func point(from base: Point, first: Bool) throws(PathError) -> Point {
        let x = try number(first: first)
        let y = try number(first: false)
        return Point(x: base.x + x, y: base.y + y)
    }

    /// One number: `sign? (digits ('.' digits?)? | '.' digits) (('e' | 'E') sign? digits)?`.
    ///
    /// The first number after a command letter may only be preceded by whitespace; later ones by
    /// whitespace and at most one comma, or nothing at all when the number starts with a sign or a dot
    /// (`10-5` and `-.5.5` are two numbers each).
    private mutating func number(first: Bool) throws(PathError) -> Double {
        if first { skipWhitespace() } else { skipCommaWhitespace() }
        let start = position
        var i = position
        if i < bytes.count, bytes[i] == ascii("+") || bytes[i] == ascii("-") { i += 1 }
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) {
            i += 1
            digits += 1
        }
        if i < bytes.count, bytes[i] == ascii(".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { throw .expectedNumber(offset: start) }
        if i < bytes.count, bytes[i] | 0x20 == ascii("e") {
            var j = i + 1
            if j < bytes.count, bytes[j] == ascii("+") || bytes[j] == ascii("-") { j += 1 }
            let exponentStart = j
            while j < bytes.count, isDigit(bytes[j]) { j += 1 }
            guard j > exponentStart else { throw .expectedExponent(offset: exponentStart) }
            i = j
        }
        // The scanner has checked the grammar, which the standard library's parser accepts as is.
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
            throw .numberOutOfRange(offset: start)
        }
        position = i
        return value
    }

    /// An arc flag: exactly one character, `0` or `1`, after the usual separators.
    private mutating func flag() throws(PathError) -> Bool {
        skipCommaWhitespace()
        guard let c = peek, c == ascii("0") || c == ascii("1") else {
            throw .expectedFlag(offset: position)
        }
        position += 1
        return c == ascii("1")
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether the next character can begin a number.
    private var startsNumber: Bool {
        guard let c = peek else { return false }
        return isDigit(c) || c == ascii("+") || c == ascii("-") || c == ascii(".")
    }

    /// Skips SVG whitespace: space, tab, line feed, form feed and carriage return.
    private mutating func skipWhitespace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D {
            position += 1
        }
    }

    /// Skips `wsp* ','? wsp*`, the separator allowed between two numbers.
    private mutating func skipCommaWhitespace() {
        skipWhitespace()
        if peek == ascii(",") {
            position += 1
            skipWhitespace()
        }
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= ascii("0") && c <= ascii("9") }

    private func reflect(_ p: Point, about center: Point) -> Point {
        Point(x: 2 * center.x - p.x, y: 2 * center.y - p.y)
    }
}

/// The byte of an ASCII character, for readable comparisons with UTF-8 text.
private func ascii(_ s: Unicode.Scalar) -> UInt8 { UInt8(ascii: s) }
