import Glibc
import LaminaCore
import LaminaRender
import LaminaWire
import Logging

/// The I/O thread: accepts clients, reads and decodes their messages, checks what can be checked
/// without the tree (framing, handshake, limits, pools, bitmap ranges), forwards requests to the
/// compositor thread and writes the compositor's events back.
///
/// Sockets are non-blocking and every client has its own buffers. A client that stops reading has its
/// events queue up only to `ClientLimits.maxQueuedBytes`; past that it is disconnected rather than
/// allowed to grow the daemon's memory. A client whose byte stream is corrupt (bad framing) is
/// disconnected after an error naming the problem; a bad message inside good framing, or a bad
/// commit, is answered with an error and the session goes on.
final class ConnectionServer {
    private let configuration: DaemonConfiguration
    private let listeners: [Int32]
    private let requests: Mailbox<CompositorRequest>
    private let deliveries: Mailbox<ClientDelivery>
    private let stop: EventNotifier
    private let logger: Logger
    private let epoll: Epoll
    private let watchdog: Watchdog?
    private var clients: [UInt64: ClientConnection] = [:]
    private var nextClient: UInt64 = 1
    private var receiveBuffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Tokens below this are listeners and notifiers; client tokens are their ids plus it.
    private static let clientTokenBase: UInt64 = 1 << 32
    private static let deliveriesToken: UInt64 = 1
    private static let stopToken: UInt64 = 2
    private static let listenerTokenBase: UInt64 = 16

    init(
        configuration: DaemonConfiguration, listeners: [Int32], requests: Mailbox<CompositorRequest>,
        deliveries: Mailbox<ClientDelivery>, stop: EventNotifier, watchdog: Watchdog?, logger: Logger
    ) throws(SystemCallError) {
        self.configuration = configuration
        self.listeners = listeners
        self.requests = requests
        self.deliveries = deliveries
        self.stop = stop
        self.watchdog = watchdog
        self.logger = logger
        epoll = try Epoll()
        try epoll.add(deliveries.notifier.descriptor, token: Self.deliveriesToken)
        try epoll.add(stop.descriptor, token: Self.stopToken)
        for (i, listener) in listeners.enumerated() {
            try SystemCalls.setNonBlocking(listener)
            try epoll.add(listener, token: Self.listenerTokenBase + UInt64(i))
        }
    }

    /// Serves until the stop notifier fires; then every client is disconnected.
    func run() {
        while true {
            let timeout = watchdog.map { $0.interval / 2 } ?? -1
            for ready in epoll.wait(timeout: timeout) {
                switch ready.token {
                case Self.stopToken:
                    for client in Array(clients.values) { disconnect(client, reason: "the daemon is stopping") }
                    return
                case Self.deliveriesToken:
                    deliver(deliveries.take())
                case let token where token >= Self.clientTokenBase:
                    guard let client = clients[token - Self.clientTokenBase] else { continue }
                    if ready.readable || ready.hangup { read(client) }
                    if ready.writable, !client.closing { write(client) }
                default:
                    accept(listeners[Int(ready.token - Self.listenerTokenBase)])
                }
            }
            watchdog?.pingIfDue()
        }
    }

    // MARK: Connections

    private func accept(_ listener: Int32) {
        while true {
            let socket: Int32?
            do { socket = try SystemCalls.accept(listener) } catch {
                logger.warning("accept failed: \(error)")
                return
            }
            guard let socket else { return }
            let id = ClientID(nextClient)
            nextClient += 1
            let client = ClientConnection(id: id, socket: socket, maxMessageBytes: Int(configuration.limits.maxMessageBytes))
            do {
                try epoll.add(socket, token: Self.clientTokenBase + id.rawValue)
            } catch {
                logger.warning("cannot watch a new client: \(error)")
                continue
            }
            clients[id.rawValue] = client
            let peer = client.peer.map { "pid \($0.pid), uid \($0.uid)" } ?? "unknown peer"
            logger.debug("\(id) connected (\(peer))")
        }
    }

    private func disconnect(_ client: ClientConnection, reason: String) {
        guard clients.removeValue(forKey: client.id.rawValue) != nil else { return }
        _ = try? client.flush()  // a last error message, if the socket takes it
        epoll.remove(client.socket)
        if client.name != nil { requests.post(.disconnect(client.id)) }
        logger.info("\(client.id) (\(client.name ?? "no handshake")) disconnected: \(reason)")
    }

    /// Sends an error; a fatal one ends the connection.
    private func fail(_ client: ClientConnection, _ report: ErrorReport) {
        logger.debug("\(client.id): \(report)")
        client.queue(ServerMessage.error(report).encoded)
        if report.code.isFatal {
            client.closing = true
            disconnect(client, reason: "\(report.code): \(report.message)")
        } else {
            write(client)
        }
    }

    // MARK: Reading

    private func read(_ client: ClientConnection) {
        // Bounded per wakeup so one busy client cannot starve the others.
        for _ in 0..<16 {
            let socket = client.socket
            let result = receiveBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try SystemCalls.receive(socket, into: buffer) }
            }
            let received: SystemCalls.Received
            switch result {
            case .failure(let error):
                disconnect(client, reason: "\(error)")
                return
            case .success(nil):
                return
            case .success(let r?):
                received = r
            }
            if received.truncated {
                for fd in received.descriptors { SystemCalls.close(fd) }
                fail(client, ErrorReport(serial: 0, code: .malformedFrame, message: "too many file descriptors in one message (MSG_CTRUNC)"))
                return
            }
            guard received.count > 0 else {
                for fd in received.descriptors { SystemCalls.close(fd) }
                disconnect(client, reason: "end of stream")
                return
            }
            let count = received.count
            let appended = receiveBuffer.withUnsafeBytes { raw in
                Result { () throws(WireError) in
                    try client.framer.append(UnsafeRawBufferPointer(rebasing: raw[..<count]), descriptors: received.descriptors)
                }
            }
            if case .failure(let error) = appended {
                fail(client, ErrorReport(serial: 0, code: .malformedFrame, message: error.message))
                return
            }
            while clients[client.id.rawValue] != nil {
                let raw: RawMessage?
                do { raw = try client.framer.next() } catch {
                    fail(client, ErrorReport(serial: 0, code: .malformedFrame, message: error.message))
                    return
                }
                guard let raw else { break }
                handle(raw, from: client)
            }
            guard clients[client.id.rawValue] != nil else { return }
        }
    }

    private func handle(_ raw: RawMessage, from client: ClientConnection) {
        let message: ClientMessage
        do {
            message = try ClientMessage(raw)
        } catch {
            for fd in raw.descriptors { SystemCalls.close(fd) }
            let opcode = ClientMessage.Opcode(rawValue: raw.opcode).map { "\($0)" } ?? "opcode \(raw.opcode)"
            fail(client, ErrorReport(serial: serial(of: raw), code: .malformedMessage, message: "\(opcode): \(error)"))
            return
        }
        guard client.name != nil else {
            guard case .hello(let version, let name) = message else {
                if case .createPool(_, _, let fd) = message { SystemCalls.close(fd) }
                fail(client, ErrorReport(serial: 0, code: .handshake, message: "the first message must be hello, not \(message.opcode)"))
                return
            }
            guard version == laminaProtocolVersion else {
                fail(
                    client,
                    ErrorReport(
                        serial: 0, code: .unsupportedVersion,
                        message: "protocol version \(version) is not supported; this daemon speaks \(laminaProtocolVersion)"))
                return
            }
            client.name = name.isEmpty ? "unnamed" : name
            let limits = configuration.limits
            requests.post(.connect(client.id, name: client.name ?? "unnamed", limits: LayerStore.Limits(layers: Int(limits.maxLayers), animations: Int(limits.maxAnimations))))
            let output = configuration.output
            client.queue(
                ServerMessage.welcome(
                    Welcome(
                        protocolVersion: laminaProtocolVersion, serverVersion: configuration.serverVersion,
                        mediaTime: MediaClock.now,
                        outputs: [
                            OutputInfo(
                                name: "headless-0", width: output.width, height: output.height, scale: output.scale,
                                refreshRate: configuration.refreshRate)
                        ], limits: limits)
                ).encoded)
            write(client)
            logger.info("\(client.id) is \(name)")
            return
        }
        switch message {
        case .hello:
            fail(client, ErrorReport(serial: 0, code: .handshake, message: "hello came twice"))
        case .createPool(let id, let size, let fd):
            createPool(id, size: size, descriptor: fd, for: client)
        case .destroyPool(let id):
            if client.pools.removeValue(forKey: id) == nil {
                fail(client, ErrorReport(serial: 0, code: .invalidPool, message: "destroyPool: unknown pool \(id)"))
            }
        case .commit(let commit):
            do {
                let transaction = try self.transaction(commit, from: client)
                requests.post(.commit(client.id, transaction))
            } catch {
                fail(client, error)
            }
        case .requestFrame(let serial):
            requests.post(.requestFrame(client.id, serial: serial))
        case .queryPresentation(let serial, let layer):
            requests.post(.queryPresentation(client.id, serial: serial, layer: layer))
        case .screenshot(let serial, .png):
            requests.post(.screenshot(client.id, serial: serial, pool: nil, offset: 0))
        case .screenshot(let serial, .pool(let id, let offset)):
            let output = configuration.output
            let needed = UInt64(output.pixelWidth * output.pixelHeight * 4)
            guard let pool = client.pools[id] else {
                fail(client, ErrorReport(serial: serial, code: .invalidPool, message: "screenshot: unknown pool \(id)"))
                return
            }
            guard pool.isWritable else {
                fail(client, ErrorReport(serial: serial, code: .invalidPool, message: "screenshot: pool \(id) was sent read-only"))
                return
            }
            guard offset <= UInt64(pool.size), needed <= UInt64(pool.size) - offset else {
                fail(
                    client,
                    ErrorReport(
                        serial: serial, code: .invalidPool,
                        message: "screenshot: \(needed) bytes at offset \(offset) do not fit pool \(id) of \(pool.size) bytes"))
                return
            }
            requests.post(.screenshot(client.id, serial: serial, pool: pool, offset: Int(offset)))
        case .stats(let serial):
            let pools = clients.values.reduce(0) { $0 + $1.pools.count }
            let bytes = clients.values.reduce(0) { $0 + $1.poolBytes }
            requests.post(.stats(client.id, serial: serial, pools: pools, poolBytes: bytes))
        case .tree(let serial):
            requests.post(.tree(client.id, serial: serial))
        }
    }

    /// The serial at the start of a body, for errors about messages that carry one.
    private func serial(of raw: RawMessage) -> UInt32 {
        guard let opcode = ClientMessage.Opcode(rawValue: raw.opcode), opcode != .hello, opcode != .createPool,
            opcode != .destroyPool, raw.body.count >= 4
        else { return 0 }
        var reader = WireReader(raw.body)
        return (try? reader.u32()) ?? 0
    }

    private func createPool(_ id: UInt32, size: UInt64, descriptor: Int32, for client: ClientConnection) {
        let limits = configuration.limits
        func refuse(_ code: ErrorCode, _ message: String) {
            SystemCalls.close(descriptor)
            fail(client, ErrorReport(serial: 0, code: code, message: "createPool \(id): \(message)"))
        }
        guard client.pools[id] == nil else { return refuse(.invalidPool, "pool \(id) already exists") }
        guard client.pools.count < Int(limits.maxPools) else {
            return refuse(.limitExceeded, "\(limits.maxPools) pools is the limit")
        }
        guard size <= limits.maxPoolBytes, UInt64(client.poolBytes) + size <= limits.maxPoolBytes else {
            return refuse(.limitExceeded, "\(size) more bytes would take the client's pools over \(limits.maxPoolBytes) bytes")
        }
        do {
            client.pools[id] = try SharedMemoryPool.map(descriptor: descriptor, size: Int(size))
        } catch {
            fail(client, ErrorReport(serial: 0, code: .invalidPool, message: "createPool \(id): \(error)"))
        }
    }

    /// A commit's bitmaps checked against the client's pools, and the transaction the compositor applies.
    private func transaction(_ commit: Commit, from client: ClientConnection) throws(ErrorReportError) -> Transaction {
        var bitmaps: [BitmapContents] = []
        for (i, b) in commit.bitmaps.enumerated() {
            func refuse(_ code: ErrorCode, _ message: String) -> ErrorReportError {
                ErrorReportError(ErrorReport(serial: commit.serial, code: code, message: "bitmap \(i) (\(b.id)): \(message)"))
            }
            guard let pool = client.pools[b.pool] else { throw refuse(.invalidPool, "unknown pool \(b.pool)") }
            let maxSide = UInt32(OutputConfiguration.maxPixels)
            guard b.width > 0, b.height > 0, b.width <= maxSide, b.height <= maxSide else {
                throw refuse(.invalidBitmap, "\(b.width)x\(b.height) is outside 1...\(maxSide) pixels on a side")
            }
            guard UInt64(b.stride) >= UInt64(b.width) * 4, b.stride % 4 == 0 else {
                throw refuse(.invalidBitmap, "the stride \(b.stride) must be a multiple of 4 and at least 4 x width \(b.width)")
            }
            guard b.offset <= UInt64(pool.size), b.byteCount <= UInt64(pool.size) - b.offset else {
                throw refuse(
                    .invalidBitmap, "\(b.byteCount) bytes at offset \(b.offset) lie outside pool \(b.pool) of \(pool.size) bytes")
            }
            var damage: PixelRegion?
            if let d = b.damage {
                guard d.width > 0, d.height > 0, UInt64(d.x) + UInt64(d.width) <= UInt64(b.width),
                    UInt64(d.y) + UInt64(d.height) <= UInt64(b.height)
                else {
                    throw refuse(.invalidBitmap, "damage \(d.width)x\(d.height)+\(d.x)+\(d.y) is not inside \(b.width)x\(b.height)")
                }
                damage = PixelRegion(x: Int(d.x), y: Int(d.y), width: Int(d.width), height: Int(d.height))
            }
            bitmaps.append(
                BitmapContents(
                    id: b.id,
                    pixels: .pool(
                        pool, offset: Int(b.offset), width: Int(b.width), height: Int(b.height), bytesPerRow: Int(b.stride),
                        format: PixelFormat(b.format), alpha: b.premultiplied ? .premultiplied : .straight),
                    damage: damage))
        }
        return Transaction(operations: commit.operations, bitmaps: bitmaps, serial: commit.serial)
    }

    // MARK: Writing

    private func deliver(_ batch: [ClientDelivery]) {
        var touched: [UInt64: ClientConnection] = [:]
        let limit = Int(configuration.limits.maxQueuedBytes)
        for delivery in batch {
            guard case .message(let id, let message) = delivery, let client = clients[id.rawValue] else { continue }
            if client.queuedBytes > limit {
                // Try to empty the queue first; what is still unread after that is the client's backlog.
                write(client)
                guard clients[id.rawValue] != nil else { continue }
                if client.queuedBytes > limit {
                    let report = ErrorReport(
                        serial: 0, code: .tooSlow,
                        message: "\(client.queuedBytes) bytes of events unread, over the limit of \(limit)")
                    fail(client, report)
                    continue
                }
            }
            client.queue(message.encoded)
            touched[id.rawValue] = client
        }
        for client in touched.values where clients[client.id.rawValue] != nil {
            write(client)
        }
    }

    private func write(_ client: ClientConnection) {
        do {
            let done = try client.flush()
            if done == client.watchingWrites {
                try epoll.modify(client.socket, token: Self.clientTokenBase + client.id.rawValue, writable: !done)
                client.watchingWrites = !done
            }
        } catch {
            disconnect(client, reason: "\(error)")
        }
    }
}

/// An `ErrorReport` thrown inside the I/O thread's checks.
struct ErrorReportError: Error {
    var report: ErrorReport
    init(_ report: ErrorReport) { self.report = report }
}

extension ConnectionServer {
    fileprivate func fail(_ client: ClientConnection, _ error: ErrorReportError) {
        fail(client, error.report)
    }
}
