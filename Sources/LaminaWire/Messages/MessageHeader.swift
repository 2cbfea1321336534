/// The 8 bytes in front of every message: its whole size (header included), its opcode, and how many
/// file descriptors travel with it.
///
/// Descriptors ride as SCM_RIGHTS on the socket, not in the bytes; the receiver queues them in arrival
/// order and a message whose header says `n` takes the next `n`. So a sender must attach a message's
/// descriptors to a `sendmsg` that carries at least the message's first byte.
public struct MessageHeader: Hashable, Sendable {
    /// Header plus body, in bytes.
    public var size: UInt32
    public var opcode: UInt16
    public var descriptorCount: UInt16

    /// A header.
    public init(size: UInt32, opcode: UInt16, descriptorCount: UInt16) {
        self.size = size
        self.opcode = opcode
        self.descriptorCount = descriptorCount
    }

    /// Reads a header from the first 8 of `bytes` (the caller checks there are 8).
    public init(_ bytes: some RandomAccessCollection<UInt8>) {
        let b = Array(bytes.prefix(8))
        size = UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        opcode = UInt16(b[4]) | UInt16(b[5]) << 8
        descriptorCount = UInt16(b[6]) | UInt16(b[7]) << 8
    }
}

/// A whole message as it comes off the stream: header, body and the descriptors that came with it
/// (owned by whoever holds the message: close them or hand them on).
public struct RawMessage: Sendable {
    public var opcode: UInt16
    public var body: [UInt8]
    public var descriptors: [Int32]

    /// A message.
    public init(opcode: UInt16, body: [UInt8], descriptors: [Int32] = []) {
        self.opcode = opcode
        self.body = body
        self.descriptors = descriptors
    }

    /// Header and body as one buffer.
    public var encoded: [UInt8] {
        var w = WireWriter(capacity: body.count + 8)
        w.u32(UInt32(body.count + WireLimits.headerSize))
        w.u16(opcode)
        w.u16(UInt16(descriptors.count))
        var bytes = w.bytes
        bytes += body
        return bytes
    }
}
