import LaminaCompositor
import LaminaModel
import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWire
import Logging
import LaminaSession

/// The I/O thread's shell: accepts clients and moves bytes between their sockets and their
/// `ClientSession`s, which hold every protocol decision; forwards the sessions' requests to the
/// compositor thread and writes the compositor's events back.
///
/// Sockets are non-blocking and each client has its own session. Output waits in the session's queue;
/// a client that stops reading has it grow only to `ClientLimits.maxQueuedBytes`, whether the bytes
/// are the compositor's events or the session's own error replies, and past that it is disconnected
/// rather than allowed to grow the daemon's memory.
final class ConnectionServer {
    private let configuration: DaemonConfiguration
    private let listeners: [Int32]
    private let requests: Mailbox<CompositorRequest>
    private let deliveries: Mailbox<ClientDelivery>
    private let stop: EventNotifier
    private let logger: Logger
    private let epoll: Epoll
    private let watchdog: Watchdog?
    private var settings: SessionSettings
    private var clients: [UInt64: Client] = [:]
    private var nextClient: UInt64 = 1
    private var receiveBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Clients whose last turn used its budget with whole messages left, in the order they stopped:
    /// each gets one more turn per pass of the loop, after the sockets that are ready.
    private var backlog: [Client] = []
    /// Clients whose session holds a commit for its acquire fences, by id: their deadlines bound
    /// epoll's wait.
    private var fenced: [UInt64: Client] = [:]

    /// A connected client: its socket and its session.
    private final class Client {
        let socket: Int32
        let session: ClientSession
        /// Whether epoll watches the socket for writing (only while output waits).
        var watchingWrites = false
        /// Whether epoll watches the socket for reading (not while the session holds its input back).
        var watchingReads = true
        /// Whether the client waits in the backlog of turns to serve.
        var inBacklog = false

        init(socket: Int32, session: ClientSession) {
            self.socket = socket
            self.session = session
        }

        deinit { SystemCalls.close(socket) }
    }

    /// Tokens below this are listeners and notifiers; client tokens are their ids plus it.
    private static let clientTokenBase: UInt64 = 1 << 32
    /// Tokens of the acquire fences watched: the client's id plus it (one fence a client at a time).
    private static let fenceTokenBase: UInt64 = 1 << 48
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
        settings = configuration.sessionSettings
        epoll = try Epoll()
        try epoll.add(deliveries.notifier.descriptor, token: Self.deliveriesToken)
        try epoll.add(stop.descriptor, token: Self.stopToken)
        for (i, listener) in listeners.enumerated() {
            try SystemCalls.setNonBlocking(listener)
            try epoll.add(listener, token: Self.listenerTokenBase + UInt64(i))
        }
    }

    /// What clients are told when the daemon stops (`goodbye`) and what the log says.
    static let stoppingReason = "laminad is stopping (it was asked to: SIGTERM, SIGINT or systemctl stop)"

    /// Serves until the stop notifier fires; then every client is told `goodbye` and disconnected.
    func run() {
        while true {
            // With turns waiting, only look at the sockets, then serve them.
            let timeout = backlog.isEmpty ? fenceWait(watchdog.map { $0.interval / 2 } ?? -1) : 0
            for ready in epoll.wait(timeout: timeout) {
                switch ready.token {
                case Self.stopToken:
                    for client in Array(clients.values) {
                        _ = client.session.sayGoodbye(reason: Self.stoppingReason)
                        close(client, reason: Self.stoppingReason)
                    }
                    return
                case Self.deliveriesToken:
                    deliver(deliveries.take())
                case let token where token >= Self.fenceTokenBase:
                    guard let client = clients[token - Self.fenceTokenBase] else { continue }
                    fenceSignalled(client)
                case let token where token >= Self.clientTokenBase:
                    guard let client = clients[token - Self.clientTokenBase] else { continue }
                    if ready.readable || ready.hangup { read(client, hungUp: ready.hangup) }
                    if ready.writable, clients[client.session.id.rawValue] != nil { write(client) }
                default:
                    accept(listeners[Int(ready.token - Self.listenerTokenBase)])
                }
            }
            serveBacklog()
            expireFences()
            watchdog?.pingIfDue()
        }
    }

    /// One more turn for each client whose last turn used its budget.
    private func serveBacklog() {
        let waiting = backlog
        backlog.removeAll(keepingCapacity: true)
        for client in waiting {
            client.inBacklog = false
            resumeInput(client)
        }
    }

    /// Puts a client whose turn stopped at its budget in the backlog.
    private func postpone(_ client: Client) {
        guard !client.inBacklog, clients[client.session.id.rawValue] != nil else { return }
        client.inBacklog = true
        backlog.append(client)
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
            let peer = try? SystemCalls.peerCredentials(socket)
            let credentials = peer.map {
                PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid, groups: SystemCalls.peerGroups(socket))
            }
            let session = ClientSession(id: id, peer: credentials, settings: settings, host: host)
            let client = Client(socket: socket, session: session)
            do {
                try epoll.add(socket, token: Self.clientTokenBase + id.rawValue)
            } catch {
                logger.warning("cannot watch a new client: \(error)")
                continue
            }
            clients[id.rawValue] = client
            logger.debug("\(id) connected (\(credentials.map { "\($0)" } ?? "unknown peer"))")
        }
    }

    /// What sessions need from the daemon: the media clock, pool mapping, every client's pools.
    private var host: SessionHost {
        SessionHost(
            now: { MediaClock.now },
            poolTotals: { [unowned self] in
                (clients.values.reduce(0) { $0 + $1.session.pools.count }, clients.values.reduce(0) { $0 + $1.session.poolBytes })
            },
            unwatchFence: { [unowned self] fd in epoll.remove(fd) })
    }

    /// Ends a connection: tries once to write what is queued (a last error), then forgets it.
    private func close(_ client: Client, reason: String) {
        guard clients.removeValue(forKey: client.session.id.rawValue) != nil else { return }
        let effects = client.session.end(reason: reason)
        _ = try? flush(client)  // a last error message, if the socket takes it
        epoll.remove(client.socket)
        fenced[client.session.id.rawValue] = nil
        post(effects)
        logger.info("\(client.session.id) (\(client.session.name ?? "no handshake")) disconnected: \(reason)")
    }

    /// Posts a session's requests and writes what it queued; ends a session that closed itself.
    private func apply(_ effects: ClientSession.Effects, to client: Client) {
        post(effects)
        watchFence(effects, of: client)
        if case .closed(let reason) = client.session.state {
            close(client, reason: reason)
        } else if effects.wroteOutput {
            do { _ = try flush(client) } catch { close(client, reason: "\(error)") }
        }
    }

    private func post(_ effects: ClientSession.Effects) {
        for request in effects.requests { requests.post(request) }
    }

    // MARK: Reading

    private func read(_ client: Client, hungUp: Bool) {
        // A paused client's input waits in the kernel (its socket is not watched for reading); a full
        // hang-up or a socket error still arrives, and ends it, since nothing more can be read or written.
        guard client.session.wantsInput else {
            if hungUp { close(client, reason: "the socket hung up") } else { settle(client) }
            return
        }
        // Bounded per wakeup so one busy client cannot starve the others: at most 16 reads, and what
        // they bring is handled within one turn's budget.
        client.session.beginTurn()
        for _ in 0..<16 {
            let socket = client.socket
            let result = receiveBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try SystemCalls.receive(socket, into: buffer) }
            }
            let received: SystemCalls.Received
            switch result {
            case .failure(let error):
                close(client, reason: "\(error)")
                return
            case .success(nil):
                break
            case .success(let r?):
                received = r
                guard received.count > 0 || received.truncated else {
                    for fd in received.descriptors { SystemCalls.close(fd) }
                    close(client, reason: "end of stream")
                    return
                }
                let count = received.count
                let effects = receiveBuffer.withUnsafeBytes { raw in
                    client.session.receive(
                        UnsafeRawBufferPointer(rebasing: raw[..<count]), descriptors: received.descriptors,
                        controlTruncated: received.truncated)
                }
                apply(effects, to: client)
                guard clients[client.session.id.rawValue] != nil else { return }
                // Replies the client has not read stop its input: past the limit after writing, it goes.
                if client.session.isOverQueueLimit {
                    apply(client.session.refuseBacklog(), to: client)
                    return
                }
                if effects.deferredInput { postpone(client) }
                if client.session.wantsInput { continue }
            }
            break
        }
        settle(client)
    }

    /// Brings epoll's interest in a client's socket in line with its session: reading while the session
    /// takes input, writing while output waits.
    private func settle(_ client: Client) {
        guard clients[client.session.id.rawValue] != nil else { return }
        let readable = client.session.wantsInput
        let writable = !client.session.output.isEmpty
        guard readable != client.watchingReads || writable != client.watchingWrites else { return }
        do {
            try epoll.modify(
                client.socket, token: Self.clientTokenBase + client.session.id.rawValue, readable: readable, writable: writable)
            client.watchingReads = readable
            client.watchingWrites = writable
        } catch {
            close(client, reason: "\(error)")
        }
    }

    /// Gives one turn to input that waited (for replies, for the output to drain, or for the other
    /// clients' turns) once the session takes it; a turn that uses its budget goes back in the backlog.
    private func resumeInput(_ client: Client) {
        guard clients[client.session.id.rawValue] != nil, client.session.isReadyToResume
            || (client.session.wantsInput && client.session.hasBufferedInput)
        else {
            settle(client)
            return
        }
        let effects = client.session.resume()
        post(effects)
        watchFence(effects, of: client)
        if case .closed(let reason) = client.session.state {
            close(client, reason: reason)
            return
        }
        _ = try? flush(client)
        if effects.deferredInput { postpone(client) }
        settle(client)
    }

    // MARK: Acquire fences

    /// Watches the fence a session now waits on (`ClientSession+Fences.swift`); one that epoll cannot
    /// watch (a regular file, not a `sync_file`) fails its commit.
    private func watchFence(_ effects: ClientSession.Effects, of client: Client) {
        let id = client.session.id.rawValue
        fenced[id] = client.session.isWaitingForFence ? client : nil
        guard let fd = effects.watchFence, clients[id] != nil else { return }
        do {
            try epoll.add(fd, token: Self.fenceTokenBase + id)
        } catch {
            apply(client.session.refuseHeldCommit("its acquire fence cannot be waited on (\(error)): send a sync_file"), to: client)
            resumeInput(client)
        }
    }

    /// A watched fence became readable: the next one is watched, or the held commit goes to the
    /// compositor and the client's input resumes.
    private func fenceSignalled(_ client: Client) {
        apply(client.session.fenceSignalled(), to: client)
        resumeInput(client)
    }

    /// Fails the held commits whose fences are past their deadline.
    private func expireFences() {
        guard !fenced.isEmpty else { return }
        let now = MediaClock.now
        for client in Array(fenced.values) where (client.session.fenceDeadline ?? .infinity) <= now {
            apply(client.session.expireFence(now: now), to: client)
            resumeInput(client)
        }
    }

    /// How long epoll may wait: `timeout`, shortened to the nearest fence deadline.
    private func fenceWait(_ timeout: Double) -> Double {
        guard let deadline = fenced.values.compactMap(\.session.fenceDeadline).min() else { return timeout }
        let untilDeadline = max(deadline - MediaClock.now, 0)
        return timeout < 0 ? untilDeadline : min(timeout, untilDeadline)
    }

    // MARK: Writing

    private func deliver(_ batch: [ClientDelivery]) {
        var touched: [UInt64: Client] = [:]
        var batch = batch[...]
        while let delivery = batch.popFirst() {
            if case .outputChanged(let output) = delivery {
                // Later welcomes describe the new output; every client now is told, in order with the
                // rest of what it is sent.
                settings.output.width = output.width
                settings.output.height = output.height
                settings.output.scale = output.scale
                settings.outputName = output.name
                settings.refreshRate = output.refreshRate
                batch = (clients.values.map { ClientDelivery.message($0.session.id, .outputChanged(output)) } + batch)[...]
                continue
            }
            let (id, message, answering): (ClientID, ServerMessage, Bool?)
            switch delivery {
            case .message(let to, let m): (id, message, answering) = (to, m, nil)
            case .notice(let to, let m): (id, message, answering) = (to, m, false)
            default: continue
            }
            guard let client = clients[id.rawValue] else { continue }
            if client.session.isOverQueueLimit {
                // Try to empty the queue first; what is still unread after that is the client's backlog.
                write(client)
                guard clients[id.rawValue] != nil else { continue }
            }
            let effects = client.session.deliver(message, answering: answering)
            post(effects)
            if case .closed(let reason) = client.session.state {
                close(client, reason: reason)
                continue
            }
            touched[id.rawValue] = client
        }
        for client in touched.values where clients[client.session.id.rawValue] != nil {
            write(client)
        }
    }

    /// Writes what the socket takes; true when the queue is empty.
    private func flush(_ client: Client) throws(SystemCallError) -> Bool {
        while !client.session.output.isEmpty {
            let socket = client.socket
            let sent = try client.session.output.withPending { bytes in
                Result { () throws(SystemCallError) -> Int? in try SystemCalls.send(socket, bytes) }
            }.get()
            guard let sent else { return false }
            client.session.output.consume(sent)
        }
        return true
    }

    /// Writes what the socket takes, lets input that waited in, and updates what epoll watches.
    ///
    /// A session left over its queue limit by a write the socket took nothing of, with input of the
    /// client's still to handle (in the session or the socket), is refused as the next event would
    /// refuse it: the client sends and does not read, and with no event due for it, it would stay
    /// parked over the limit, its messages unanswered. One that took bytes is read from, slowly
    /// perhaps (a big screenshot), and waits for its next write.
    private func write(_ client: Client) {
        let queued = client.session.output.count
        do {
            _ = try flush(client)
        } catch {
            close(client, reason: "\(error)")
            return
        }
        if client.session.isOverQueueLimit, client.session.output.count == queued,
            client.session.hasBufferedInput || SystemCalls.waitReadable(client.socket, timeout: 0)
        {
            apply(client.session.refuseBacklog(), to: client)
            return
        }
        resumeInput(client)
        settle(client)
    }
}
