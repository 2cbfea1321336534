import Glibc
import LaminaWire

/// The I/O thread's state for one connected client: its socket, the framer cutting its byte stream
/// into messages, its shared-memory pools, and the bytes waiting to be written to it.
final class ClientConnection {
    /// The compositor's number for the client (chosen at accept).
    let id: ClientID
    let socket: Int32
    /// Who is at the other end (SO_PEERCRED), for logs.
    let peer: (pid: Int32, uid: UInt32, gid: UInt32)?
    var framer: MessageFramer
    /// Set by `hello`.
    var name: String?
    var pools: [UInt32: SharedMemoryPool] = [:]
    var poolBytes: Int { pools.values.reduce(0) { $0 + $1.size } }
    /// Encoded messages not yet written, from `outputStart`.
    private var output: [UInt8] = []
    private var outputStart = 0
    /// Whether epoll watches the socket for writing (only while output waits).
    var watchingWrites = false
    /// Set once the connection must end (after what is queued has been tried).
    var closing = false

    init(id: ClientID, socket: Int32, maxMessageBytes: Int) {
        self.id = id
        self.socket = socket
        peer = try? SystemCalls.peerCredentials(socket)
        framer = MessageFramer(maxMessageBytes: maxMessageBytes)
    }

    deinit { SystemCalls.close(socket) }

    /// Bytes waiting to be written.
    var queuedBytes: Int { output.count - outputStart }

    /// Appends an encoded message to the output queue.
    func queue(_ bytes: [UInt8]) {
        if outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
        }
        output += bytes
    }

    /// Writes as much queued output as the socket takes; true when all of it went.
    func flush() throws(SystemCallError) -> Bool {
        while outputStart < output.count {
            let start = outputStart
            let result = output.withUnsafeBytes { raw in
                Result { () throws(SystemCallError) -> Int? in
                    try SystemCalls.send(socket, UnsafeRawBufferPointer(rebasing: raw[start...]))
                }
            }
            guard let sent = try result.get() else { return false }
            outputStart += sent
        }
        if outputStart > 0 {
            output.removeAll(keepingCapacity: output.count < 1 << 20)
            outputStart = 0
        }
        return true
    }
}
