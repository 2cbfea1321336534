/// The bytes a session has encoded for its client and the socket has not taken yet.
///
/// The session appends; the shell writes from `pending` and reports what the socket took with
/// `consume(_:)`. Every byte queued counts against the client's `maxQueuedBytes`, whoever produced it
/// (the compositor's events and the I/O side's own error replies alike), so a client that never reads
/// cannot grow the daemon's memory past that limit plus one message.
public struct OutputQueue: Sendable {
    private var bytes: [UInt8] = []
    private var start = 0

    /// An empty queue.
    public init() {}

    /// Bytes waiting to be written.
    public var count: Int { bytes.count - start }

    /// Whether nothing waits.
    public var isEmpty: Bool { start == bytes.count }

    /// Appends one encoded message.
    public mutating func append(_ message: [UInt8]) {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            start = 0
        }
        bytes += message
    }

    /// Calls `body` with the bytes waiting, in order.
    public func withPending<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Drops the first `count` waiting bytes (the socket took them).
    public mutating func consume(_ count: Int) {
        start = min(start + max(count, 0), bytes.count)
        if start == bytes.count {
            // A queue that once held a big reply gives its memory back.
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 20, start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
    }

    /// Everything waiting, as one array (tests read replies this way).
    public var pendingBytes: [UInt8] { Array(bytes[start...]) }
}
