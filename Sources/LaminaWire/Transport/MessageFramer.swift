/// Cuts a byte stream (and the descriptors that arrived with it) into messages.
///
/// Bytes arrive in whatever pieces the socket delivers; the framer keeps the partial tail until the
/// rest comes. A header that cannot be right (smaller than itself, larger than the limit, more
/// descriptors than a message may carry or than have arrived by the message's end) is a
/// `WireError`: the stream can no longer be trusted and the connection must end.
public struct MessageFramer: ~Copyable {
    /// The largest message accepted, header included.
    public let maxMessageBytes: Int
    /// The most descriptors allowed to wait unclaimed (a flood of descriptors is refused).
    public let maxQueuedDescriptors: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var descriptors: [Int32] = []

    /// A framer for messages of at most `maxMessageBytes`.
    public init(maxMessageBytes: Int, maxQueuedDescriptors: Int = WireLimits.maxDescriptorsPerMessage * 2) {
        self.maxMessageBytes = maxMessageBytes
        self.maxQueuedDescriptors = maxQueuedDescriptors
    }

    deinit {
        for fd in descriptors { _ = SystemCalls.close(fd) }
    }

    /// Bytes received and not yet framed.
    public var bufferedBytes: Int { buffer.count - start }

    /// Adds received bytes and descriptors (the framer owns the descriptors from now on).
    public mutating func append(_ bytes: UnsafeRawBufferPointer, descriptors new: [Int32]) throws(WireError) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
        descriptors += new
        guard descriptors.count <= maxQueuedDescriptors else {
            throw WireError(offset: 0, "\(descriptors.count) file descriptors arrived that no message claims")
        }
    }

    /// The next whole message, or nil until more bytes arrive.
    public mutating func next() throws(WireError) -> RawMessage? {
        guard buffer.count - start >= WireLimits.headerSize else { return nil }
        let header = MessageHeader(buffer[start..<start + WireLimits.headerSize])
        let size = Int(header.size)
        guard size >= WireLimits.headerSize else {
            throw WireError(offset: 0, "a message header gives the size \(size), smaller than the header itself")
        }
        guard size <= maxMessageBytes else {
            throw WireError(offset: 0, "a message of \(size) bytes is over the limit of \(maxMessageBytes)")
        }
        let count = Int(header.descriptorCount)
        guard count <= WireLimits.maxDescriptorsPerMessage else {
            throw WireError(offset: 0, "a message claims \(count) file descriptors; at most \(WireLimits.maxDescriptorsPerMessage) may travel with one")
        }
        guard buffer.count - start >= size else { return nil }
        // Descriptors ride with the message's first byte, so all of them are here once the whole message is.
        guard descriptors.count >= count else {
            throw WireError(offset: 0, "a message claims \(count) file descriptors but \(descriptors.count) arrived")
        }
        let body = Array(buffer[start + WireLimits.headerSize..<start + size])
        let fds = Array(descriptors.prefix(count))
        descriptors.removeFirst(count)
        start += size
        if start > 65536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return RawMessage(opcode: header.opcode, body: body, descriptors: fds)
    }
}
