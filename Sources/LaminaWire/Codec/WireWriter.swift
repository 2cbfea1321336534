/// Appends Lamina's primitive encodings to a byte buffer: little-endian integers, IEEE 754 doubles,
/// length-prefixed UTF-8 strings, presence-tagged optionals and count-prefixed arrays
/// (`docs/protocol.md`, "Primitive types").
public struct WireWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends an unsigned byte.
    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    /// Appends a little-endian 16-bit integer.
    public mutating func u16(_ v: UInt16) { append(littleEndian: v) }

    /// Appends a little-endian 32-bit integer.
    public mutating func u32(_ v: UInt32) { append(littleEndian: v) }

    /// Appends a little-endian 64-bit integer.
    public mutating func u64(_ v: UInt64) { append(littleEndian: v) }

    /// Appends a little-endian two's-complement 32-bit integer.
    public mutating func i32(_ v: Int32) { append(littleEndian: UInt32(bitPattern: v)) }

    /// Appends an IEEE 754 double (its bits, little-endian).
    public mutating func f64(_ v: Double) { append(littleEndian: v.bitPattern) }

    /// Appends a boolean as one byte, 0 or 1.
    public mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }

    /// Appends a string: its UTF-8 length as u32, then the bytes (no terminator).
    public mutating func string(_ v: String) {
        let utf8 = v.utf8
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Appends raw bytes with a u32 length in front.
    public mutating func data(_ v: [UInt8]) {
        u32(UInt32(v.count))
        bytes.append(contentsOf: v)
    }

    /// Appends a presence byte (0 absent, 1 present) and, when present, the value.
    public mutating func optional<T>(_ v: T?, _ write: (inout WireWriter, T) -> Void) {
        if let v {
            u8(1)
            write(&self, v)
        } else {
            u8(0)
        }
    }

    /// Appends a u32 count and then each element.
    public mutating func array<C: Collection>(_ v: C, _ write: (inout WireWriter, C.Element) -> Void) {
        u32(UInt32(v.count))
        for element in v { write(&self, element) }
    }

    /// Overwrites 4 bytes at `offset` with `v` (to patch a length written before its body).
    public mutating func patch(u32 v: UInt32, at offset: Int) {
        withUnsafeBytes(of: v.littleEndian) { raw in
            for i in 0..<4 { bytes[offset + i] = raw[i] }
        }
    }

    private mutating func append<T: FixedWidthInteger>(littleEndian v: T) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
