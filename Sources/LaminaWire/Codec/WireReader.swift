/// Reads Lamina's primitive encodings from a message body, checking every length against the bytes
/// that are really there: a hostile count can make it fail, never read out of bounds or allocate more
/// than the message holds.
public struct WireReader: Sendable {
    /// The message body.
    public let bytes: [UInt8]
    /// The next byte to read.
    public private(set) var offset: Int
    /// Nesting depth of groups being read (bounded by `WireLimits.maxAnimationDepth`).
    var depth = 0

    /// A reader at the start of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
    }

    /// Bytes not read yet.
    public var remaining: Int { bytes.count - offset }

    /// An error at the current offset.
    public func error(_ message: String) -> WireError { WireError(offset: offset, message) }

    /// Fails unless every byte was read: trailing bytes mean the two sides disagree on the format.
    public func expectEnd(_ what: String) throws(WireError) {
        guard remaining == 0 else { throw error("\(remaining) unexpected bytes after the \(what)") }
    }

    /// Reads one byte.
    public mutating func u8(_ what: @autoclosure () -> String = "a byte") throws(WireError) -> UInt8 {
        guard remaining >= 1 else { throw error("the message ends inside \(what())") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a little-endian 16-bit integer.
    public mutating func u16(_ what: @autoclosure () -> String = "a u16") throws(WireError) -> UInt16 {
        try integer(UInt16.self, what())
    }

    /// Reads a little-endian 32-bit integer.
    public mutating func u32(_ what: @autoclosure () -> String = "a u32") throws(WireError) -> UInt32 {
        try integer(UInt32.self, what())
    }

    /// Reads a little-endian 64-bit integer.
    public mutating func u64(_ what: @autoclosure () -> String = "a u64") throws(WireError) -> UInt64 {
        try integer(UInt64.self, what())
    }

    /// Reads a little-endian two's-complement 32-bit integer.
    public mutating func i32(_ what: @autoclosure () -> String = "an i32") throws(WireError) -> Int32 {
        Int32(bitPattern: try integer(UInt32.self, what()))
    }

    /// Reads an IEEE 754 double; NaN is refused everywhere in the protocol.
    public mutating func f64(_ what: @autoclosure () -> String = "a number") throws(WireError) -> Double {
        let start = offset
        let v = Double(bitPattern: try integer(UInt64.self, what()))
        guard !v.isNaN else { throw WireError(offset: start, "\(what()) is NaN") }
        return v
    }

    /// Reads a double that must be finite.
    public mutating func finite(_ what: @autoclosure () -> String = "a number") throws(WireError) -> Double {
        let start = offset
        let v = try f64(what())
        guard v.isFinite else { throw WireError(offset: start, "\(what()) is \(v), not a finite number") }
        return v
    }

    /// Reads a boolean byte, which must be 0 or 1.
    public mutating func bool(_ what: @autoclosure () -> String = "a boolean") throws(WireError) -> Bool {
        let start = offset
        switch try u8(what()) {
        case 0: return false
        case 1: return true
        case let b: throw WireError(offset: start, "\(what()) is \(b), not 0 or 1")
        }
    }

    /// Reads a length-prefixed UTF-8 string of at most `limit` bytes.
    public mutating func string(
        _ what: @autoclosure () -> String = "a string", limit: Int = WireLimits.maxStringBytes
    ) throws(WireError) -> String {
        let start = offset
        let count = Int(try u32("the length of \(what())"))
        guard count <= limit else { throw WireError(offset: start, "\(what()) is \(count) bytes, over the limit of \(limit)") }
        guard count <= remaining else { throw WireError(offset: start, "\(what()) claims \(count) bytes; \(remaining) remain") }
        let slice = bytes[offset..<offset + count]
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw WireError(offset: start, "\(what()) is not valid UTF-8")
        }
        offset += count
        return s
    }

    /// Reads length-prefixed raw bytes.
    public mutating func data(_ what: @autoclosure () -> String = "data") throws(WireError) -> [UInt8] {
        let start = offset
        let count = Int(try u32("the length of \(what())"))
        guard count <= remaining else { throw WireError(offset: start, "\(what()) claims \(count) bytes; \(remaining) remain") }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads a presence byte and, when it is 1, the value.
    public mutating func optional<T>(
        _ what: @autoclosure () -> String, _ read: (inout WireReader) throws(WireError) -> T
    ) throws(WireError) -> T? {
        try bool("the presence byte of \(what())") ? try read(&self) : nil
    }

    /// Reads a u32 count and that many elements, each at least `minimumSize` bytes (so a count larger
    /// than the message could hold fails before anything is allocated).
    public mutating func array<T>(
        _ what: @autoclosure () -> String, minimumSize: Int, limit: Int = Int(UInt32.max),
        _ read: (inout WireReader, Int) throws(WireError) -> T
    ) throws(WireError) -> [T] {
        let start = offset
        let count = Int(try u32("the count of \(what())"))
        guard count <= limit else { throw WireError(offset: start, "\(count) \(what()) is over the limit of \(limit)") }
        guard count * Swift.max(minimumSize, 1) <= remaining else {
            throw WireError(offset: start, "\(count) \(what()) cannot fit in the \(remaining) bytes that remain")
        }
        var result: [T] = []
        result.reserveCapacity(count)
        for i in 0..<count { result.append(try read(&self, i)) }
        return result
    }

    /// Reads a byte that indexes `cases` (an enum's `allCases`).
    public mutating func enumeration<T>(_ cases: [T], _ what: @autoclosure () -> String) throws(WireError) -> T {
        let start = offset
        let raw = Int(try u8(what()))
        guard raw < cases.count else {
            throw WireError(offset: start, "\(what()) \(raw) is unknown (0...\(cases.count - 1))")
        }
        return cases[raw]
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type, _ what: String) throws(WireError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw error("the message ends inside \(what)") }
        var v: T = 0
        for i in 0..<size { v |= T(bytes[offset + i]) << (8 * i) }
        offset += size
        return v
    }
}
