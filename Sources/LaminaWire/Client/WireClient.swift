import Glibc

/// Why a `WireClient` call failed.
public enum WireClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed (connect, send, receive).
    case system(SystemCallError)
    /// The daemon sent bytes that are not a Lamina event.
    case malformed(WireError)
    /// The daemon closed the connection.
    case closed
    /// Nothing arrived in time.
    case timedOut(Double)
    /// The daemon refused the handshake or a request.
    case refused(ErrorReport)
    /// The daemon answered the handshake with something other than a welcome.
    case unexpected(ServerMessage)

    public var description: String {
        switch self {
        case .system(let error): "\(error)"
        case .malformed(let error): "the daemon sent a malformed message: \(error)"
        case .closed: "the daemon closed the connection"
        case .timedOut(let seconds): "no message from the daemon within \(seconds) s"
        case .refused(let report): "the daemon refused: \(report)"
        case .unexpected(let message): "unexpected \(message.opcode) from the daemon"
        }
    }
}

/// A blocking connection to `laminad`: connect, handshake, send requests, read events one at a time.
///
/// The building block of the client library's `Connection`, of `lamina`'s daemon commands and of the
/// end-to-end tests; it does nothing behind the caller's back (no threads, no buffering beyond one
/// partial message).
public final class WireClient {
    /// The socket.
    public let socket: Int32
    /// What the daemon said in its welcome.
    public private(set) var welcome: Welcome?
    private var framer: MessageFramer
    private var receiveBuffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Connects to the daemon's socket at `path` (no handshake yet).
    public init(path: String, maxMessageBytes: Int = 64 << 20) throws(WireClientError) {
        do { socket = try SystemCalls.connect(to: path) } catch { throw .system(error) }
        framer = MessageFramer(maxMessageBytes: maxMessageBytes)
    }

    deinit { SystemCalls.close(socket) }

    /// Connects and handshakes; throws `refused` with the daemon's error when it declines.
    public static func connect(path: String, name: String, version: UInt32 = laminaProtocolVersion, timeout: Double = 10)
        throws(WireClientError) -> WireClient
    {
        let client = try WireClient(path: path)
        try client.send(.hello(version: version, name: name))
        switch try client.receive(timeout: timeout) {
        case .welcome(let welcome): client.welcome = welcome
        case .error(let report): throw .refused(report)
        case let other: throw .unexpected(other)
        }
        return client
    }

    /// Sends a request (blocking until the kernel took all of it).
    public func send(_ message: ClientMessage) throws(WireClientError) {
        let raw = message.raw
        try sendRaw(raw.encoded, descriptors: raw.descriptors)
    }

    /// Sends bytes as they are, with descriptors on the first piece: for tests that speak wrongly on
    /// purpose.
    public func sendRaw(_ bytes: [UInt8], descriptors: [Int32] = []) throws(WireClientError) {
        var offset = 0
        var fds = descriptors
        while offset < bytes.count || !fds.isEmpty {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemCallError) -> Int? in
                    try SystemCalls.send(socket, UnsafeRawBufferPointer(rebasing: raw[offset...]), descriptors: fds)
                }
            }
            let sent: Int?
            switch result {
            case .success(let n): sent = n
            case .failure(let error):
                if error.code == EPIPE || error.code == ECONNRESET { throw .closed }
                throw .system(error)
            }
            guard let sent else { continue }  // blocking socket: only on EINTR-like spurious wakeups
            offset += sent
            fds = []
            if bytes.isEmpty { break }
        }
    }

    /// The next event, waiting at most `timeout` seconds.
    public func receive(timeout: Double = 10) throws(WireClientError) -> ServerMessage {
        while true {
            do throws(WireError) {
                if let raw = try framer.next() {
                    // Read in the version the session speaks, which the welcome says (a caller that
                    // sent its own hello gets the same).
                    let message = try ServerMessage(raw, version: welcome?.protocolVersion ?? laminaProtocolVersion)
                    if case .welcome(let given) = message { welcome = given }
                    return message
                }
            } catch {
                throw .malformed(error)
            }
            guard SystemCalls.waitReadable(socket, timeout: timeout) else { throw .timedOut(timeout) }
            let socket = self.socket
            let result = receiveBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try SystemCalls.receive(socket, into: buffer) }
            }
            let received: SystemCalls.Received?
            switch result {
            case .success(let r): received = r
            case .failure(let error):
                if error.code == ECONNRESET { throw .closed }
                throw .system(error)
            }
            guard let received else { continue }
            guard received.count > 0 else { throw .closed }
            let chunk = Array(receiveBuffer[..<received.count])
            let appended = chunk.withUnsafeBytes { raw in
                Result { () throws(WireError) in try framer.append(raw, descriptors: received.descriptors) }
            }
            if case .failure(let error) = appended { throw .malformed(error) }
        }
    }

    /// Reads events until `match` picks one out, waiting at most `timeout` seconds for each; the events
    /// passed over go to `skipped`.
    public func receive<T>(
        timeout: Double = 10, skipped: ((ServerMessage) -> Void)? = nil, until match: (ServerMessage) -> T?
    ) throws(WireClientError) -> T {
        while true {
            let message = try receive(timeout: timeout)
            if let value = match(message) { return value }
            skipped?(message)
        }
    }
}
