public import LaminaModel
import LaminaCore
public import LaminaWire

/// One client's protocol session, as a state machine with no socket inside.
///
/// The I/O thread's shell (`ConnectionServer`) owns the socket and epoll; everything the protocol
/// decides lives here: framing, the handshake, pools, the checks of commits against pools and limits,
/// who may read what, and the output queue with its limit. Input goes in as bytes and descriptors
/// (`receive`), the compositor's messages as `deliver`; out come the `CompositorRequest`s to post, the
/// bytes waiting in `output`, and whether the connection must end. Like swift-nio's `EmbeddedChannel`,
/// this lets tests (and the fuzzer) own reads, writes and time: they drive a session in process, byte
/// for byte, without a daemon.
///
/// The session owns every descriptor handed to it: those it keeps (pools) and those it refuses are
/// closed by it, never by the caller.
public final class ClientSession {
    /// Where the session is in its life.
    public enum State: Hashable, Sendable {
        /// Connected; the first message must be `hello`.
        case awaitingHello
        /// Past the handshake.
        case open
        /// A fatal error was queued (or the peer left); the shell writes what it can and closes.
        case closed(reason: String)
    }

    /// What one step asks of the shell.
    public struct Effects: Sendable {
        /// Requests for the compositor, in order.
        public var requests: [CompositorRequest] = []
        /// Whether the output queue grew (the shell should try to write).
        public var wroteOutput = false
        /// Whole messages handled.
        public var handled = 0
        /// Whether the turn ended with whole messages still waiting (the client used its
        /// `maxBytesPerTurn`): the shell serves the other clients, then calls `resume`.
        public var deferredInput = false
        /// A fence the session now waits on before it posts a held commit (`acquireFence`): the shell
        /// watches it for readability and calls `fenceSignalled()` when it is.
        public var watchFence: Int32?

        /// Nothing to do.
        public init() {}
    }

    /// The daemon's number for the client.
    public let id: ClientID
    /// Who is at the other end, from the kernel (nil when it could not tell).
    public let peer: PeerCredentials?
    /// The protocol version the session speaks: the lower of the client's and the daemon's, once the
    /// client said hello (`negotiatedProtocolVersion`); the daemon's until then.
    public private(set) var protocolVersion = laminaProtocolVersion
    /// The name the client gave in `hello`.
    public private(set) var name: String?
    /// Where the session is.
    public private(set) var state: State = .awaitingHello
    /// The bytes waiting to be written to the client.
    public var output = OutputQueue()
    /// The client's shared-memory pools by id.
    public private(set) var pools: [UInt32: SharedMemoryPool] = [:]

    let settings: SessionSettings
    /// The client's shared GPU buffers (imported, not yet released): each holds driver memory in the
    /// daemon, so their number is bounded (`SessionSettings.maxSharedBuffers`).
    private var sharedBuffers: Set<BitmapID> = []
    private var framer: MessageFramer
    let host: SessionHost
    /// Acquire fences sent for the next commit, not yet waited on (`ClientSession+Fences.swift`).
    var pendingFences: [Int32] = []
    /// The commit waiting for its acquire fences, if any: the client's input waits behind it.
    var heldCommit: HeldCommit?

    /// A session for a client just accepted.
    public init(id: ClientID, peer: PeerCredentials?, settings: SessionSettings, host: SessionHost) {
        self.id = id
        self.peer = peer
        self.settings = settings
        self.host = host
        framer = MessageFramer(maxMessageBytes: Int(settings.limits.maxMessageBytes))
    }

    /// The bytes of all the client's pools, as claimed when they were created.
    public var poolBytes: Int { pools.values.reduce(0) { $0 + $1.size } }

    /// Whether the session has ended (the shell closes the socket once `output` is written or refused).
    public var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Whether the client has been announced to the compositor (it must then be told of the end).
    public var isAnnounced: Bool { name != nil }

    // MARK: Input

    /// Takes bytes the socket delivered and the descriptors that came with them; handles the whole
    /// messages among them until the turn has handled `maxBytesPerTurn` (then `Effects.deferredInput`
    /// says the rest waits for `resume`). `controlTruncated` reports `MSG_CTRUNC` (descriptors the
    /// kernel dropped).
    public func receive(_ bytes: UnsafeRawBufferPointer, descriptors: [Int32], controlTruncated: Bool = false) -> Effects {
        var effects = Effects()
        guard !isClosed else {
            for fd in descriptors { SystemCalls.close(fd) }
            return effects
        }
        if controlTruncated {
            for fd in descriptors { SystemCalls.close(fd) }
            fail(ErrorReport(serial: 0, code: .malformedFrame, message: "too many file descriptors in one message (MSG_CTRUNC)"), &effects)
            return effects
        }
        do {
            try framer.append(bytes, descriptors: descriptors)
        } catch {
            fail(ErrorReport(serial: 0, code: .malformedFrame, message: error.message), &effects)
            return effects
        }
        hasDeferredInput = false
        while canHandleInput {
            if turnBytes >= settings.maxBytesPerTurn {
                // Bytes left may be a whole message or part of one; the next turn finds out.
                hasDeferredInput = framer.bufferedBytes > 0
                effects.deferredInput = hasDeferredInput
                break
            }
            let raw: RawMessage?
            do { raw = try framer.next() } catch {
                fail(ErrorReport(serial: 0, code: .malformedFrame, message: error.message), &effects)
                return effects
            }
            guard let raw else { break }
            let posted = effects.requests.count
            handle(raw, &effects)
            effects.handled += 1
            turnBytes += WireLimits.headerSize + raw.body.count
            pendingRequests += effects.requests[posted...].count { $0.expectsReply }
        }
        return effects
    }

    /// Whether the last turn stopped at `maxBytesPerTurn` with input left to handle: the socket is not
    /// read meanwhile, so what waits in the daemon stays within about one turn and one message.
    public private(set) var hasDeferredInput = false

    /// The message bytes handled in this turn: every `receive` of one wakeup adds to it.
    private var turnBytes = 0

    /// Starts the client's turn (the shell calls it when the socket is ready, before the reads of that
    /// wakeup; `resume` starts one itself).
    public func beginTurn() { turnBytes = 0 }

    /// Requests posted to the compositor and not yet answered.
    public internal(set) var pendingRequests = 0

    /// Whether the client has as many requests waiting for the compositor as it may: its input then
    /// waits (in the kernel's socket buffer: the shell stops reading) until replies come back. This is
    /// what bounds the compositor's work for one client between two frames, whatever it sends.
    public var isWaitingForCompositor: Bool { pendingRequests >= settings.maxPendingRequests }

    /// Whether the shell should read the socket: the session takes input and nothing holds it back.
    public var wantsInput: Bool { canHandleInput && !hasDeferredInput }

    /// Whether the session has input to handle without reading more: whole messages left by a turn
    /// that used its budget, now that nothing else holds them back.
    public var isReadyToResume: Bool { hasDeferredInput && canHandleInput }

    /// Whether nothing holds the client's messages back: the session is open, its replies are read,
    /// its requests answered and no commit waits for its fences.
    private var canHandleInput: Bool { !isClosed && !isOverQueueLimit && !isWaitingForCompositor && !isWaitingForFence }

    /// Whether whole messages may still wait in the framer (handling stops while the output queue is
    /// over its limit, so the shell can write before more replies pile up).
    public var hasBufferedInput: Bool { framer.bufferedBytes > 0 }

    /// Handles messages left in the framer, in a new turn: after the shell wrote, after a reply let
    /// a waiting client go on, or when the client's turn comes round again (see `receive`).
    public func resume() -> Effects {
        beginTurn()
        return receive(UnsafeRawBufferPointer(start: nil, count: 0), descriptors: [])
    }

    /// The peer closed its end, or the socket failed.
    public func end(reason: String) -> Effects {
        var effects = Effects()
        guard !isClosed else { return effects }
        state = .closed(reason: reason)
        if isAnnounced { effects.requests.append(.disconnect(id)) }
        pools.removeAll()
        dropFences()
        return effects
    }

    // MARK: Output

    /// Queues a message from the compositor, unless the client already has more than
    /// `maxQueuedBytes` unread: then it is told `tooSlow` and the session ends. The shell calls this
    /// after trying to write, so what is still queued is what the client has not read. A message
    /// `answering` a request (by default, one of the kinds that do: `answersRequest`) frees a place
    /// among the requests awaiting replies.
    public func deliver(_ message: ServerMessage, answering: Bool? = nil) -> Effects {
        var effects = Effects()
        guard !isClosed else { return effects }
        guard !isOverQueueLimit else {
            fail(
                ErrorReport(
                    serial: 0, code: .tooSlow,
                    message: "\(output.count) bytes of events unread, over the limit of \(settings.limits.maxQueuedBytes)"),
                &effects)
            return effects
        }
        if answering ?? message.answersRequest { pendingRequests = max(pendingRequests - 1, 0) }
        // Nothing the client's version does not know reaches it (an event added since).
        guard message.introducedIn <= protocolVersion else { return effects }
        queue(message, &effects)
        return effects
    }

    /// Tells a client the daemon is stopping (`goodbye`, version 7 on; an older client just sees the
    /// connection close). The shell closes the session after writing it.
    public func sayGoodbye(reason: String) -> Effects {
        guard state == .open else { return Effects() }
        return deliver(.goodbye(reason: reason))
    }

    /// Whether more than `maxQueuedBytes` wait unread.
    public var isOverQueueLimit: Bool { output.count > Int(settings.limits.maxQueuedBytes) }

    /// Ends a session whose client has not read its backlog (the shell calls it when a write left the
    /// queue over the limit and input or events keep coming).
    public func refuseBacklog() -> Effects {
        var effects = Effects()
        guard !isClosed, isOverQueueLimit else { return effects }
        fail(
            ErrorReport(
                serial: 0, code: .tooSlow,
                message: "\(output.count) bytes unread, over the limit of \(settings.limits.maxQueuedBytes)"),
            &effects)
        return effects
    }

    private func queue(_ message: ServerMessage, _ effects: inout Effects) {
        output.append(message.encoded(version: protocolVersion))
        effects.wroteOutput = true
    }

    /// Queues an error; a fatal one ends the session (and tells the compositor if it knew the client).
    func fail(_ report: ErrorReport, _ effects: inout Effects) {
        queue(.error(report), &effects)
        guard report.code.isFatal else { return }
        if isAnnounced { effects.requests.append(.disconnect(id)) }
        state = .closed(reason: "\(report.code): \(report.message)")
        pools.removeAll()
        dropFences()
    }

    // MARK: Messages

    private func handle(_ raw: RawMessage, _ effects: inout Effects) {
        let message: ClientMessage
        do {
            message = try ClientMessage(raw)
        } catch {
            for fd in raw.descriptors { SystemCalls.close(fd) }
            let opcode = ClientMessage.Opcode(rawValue: raw.opcode).map { "\($0)" } ?? "opcode \(raw.opcode)"
            fail(ErrorReport(serial: Self.serial(of: raw), code: .malformedMessage, message: "\(opcode): \(error)"), &effects)
            return
        }
        guard state == .open else {
            handshake(message, &effects)
            return
        }
        // A request the session's version does not have is what that version's daemon saw: an
        // unknown opcode.
        guard message.introducedIn <= protocolVersion else {
            message.closeDescriptors()
            fail(
                ErrorReport(
                    serial: 0, code: .malformedMessage,
                    message: "unknown request opcode \(raw.opcode) in protocol version \(protocolVersion) (\(message.opcode) came with version \(message.introducedIn))"),
                &effects)
            return
        }
        switch message {
        case .hello:
            fail(ErrorReport(serial: 0, code: .handshake, message: "hello came twice"), &effects)
        case .createPool(let id, let size, let fd):
            createPool(id, size: size, descriptor: fd, &effects)
        case .destroyPool(let id):
            if pools.removeValue(forKey: id) == nil {
                fail(ErrorReport(serial: 0, code: .invalidPool, message: "destroyPool: unknown pool \(id)"), &effects)
            }
        case .commit(let commit):
            do {
                let checked = try transaction(commit)
                sharedBuffers.subtract(commit.released)
                if pendingFences.isEmpty {
                    effects.requests.append(.commit(id, checked))
                } else {
                    hold(checked, &effects)
                }
            } catch {
                dropFences()
                fail(error.report, &effects)
            }
        case .requestFrame(let serial):
            effects.requests.append(.requestFrame(id, serial: serial))
        case .queryPresentation(let serial, let layer):
            effects.requests.append(.queryPresentation(id, serial: serial, layer: layer))
        case .screenshot(let serial, let destination):
            screenshot(serial, destination, &effects)
        case .stats(let serial):
            let totals = host.poolTotals()
            effects.requests.append(.stats(id, serial: serial, pools: totals.count, poolBytes: totals.bytes))
        case .tree(let serial, let scope):
            if scope == .allClients, !settings.access.isPrivileged(peer) {
                fail(refusal(serial, "tree of every client"), &effects)
                return
            }
            effects.requests.append(
                .tree(id, serial: serial, scope: scope, maxBytes: Int(settings.limits.maxQueuedBytes) / 2))
        case .hitTest(let serial, let layer, let point):
            effects.requests.append(.hitTest(id, serial: serial, layer: layer, point: point))
        case .provideTile(let tile, let pixels):
            provideTile(tile, pixels, &effects)
        case .invalidateTiles(let layer, let rect):
            effects.requests.append(.invalidateTiles(id, layer: layer, rect: rect))
        case .importBuffer(let serial, let buffer, let descriptors):
            importBuffer(serial, buffer, descriptors, &effects)
        case .acquireFence(let descriptor):
            acceptFence(descriptor, &effects)
        }
    }

    /// A DMA-BUF checked against what the daemon said it takes and the bitmap limits, for the compositor
    /// to import; refused (not fatally: the client may share memory instead) with the reason.
    private func importBuffer(_ serial: UInt32, _ b: WireDMABuf, _ descriptors: [Int32], _ effects: inout Effects) {
        func refuse(_ code: ErrorCode, _ message: String) {
            for fd in descriptors { SystemCalls.close(fd) }
            fail(ErrorReport(serial: serial, code: code, message: "importBuffer (bitmap \(b.id.rawValue)): \(message)"), &effects)
        }
        if case .sharedMemoryOnly(let reason) = settings.bufferSharing {
            return refuse(.invalidBitmap, "this daemon does not import DMA-BUFs (\(reason)); share frames through a pool")
        }
        guard (1...16384).contains(b.width), (1...16384).contains(b.height) else {
            return refuse(.invalidBitmap, "\(b.width)x\(b.height) is outside 1...16384 on a side")
        }
        guard UInt64(b.width) * UInt64(b.height) <= settings.maxBitmapPixels else {
            return refuse(.limitExceeded, "\(b.width)x\(b.height) is over the limit of \(settings.maxBitmapPixels) pixels per bitmap")
        }
        guard let name = WireDMABuf.formats[b.fourcc] else {
            let known = WireDMABuf.formats.values.sorted().joined(separator: ", ")
            return refuse(.invalidBitmap, "fourcc 0x\(String(b.fourcc, radix: 16)) is not a format the daemon takes (\(known))")
        }
        guard b.planes.count == 1 else { return refuse(.invalidBitmap, "\(name) has one plane, not \(b.planes.count)") }
        guard sharedBuffers.count < SessionSettings.maxSharedBuffers || sharedBuffers.contains(b.id) else {
            return refuse(
                .limitExceeded,
                "\(SessionSettings.maxSharedBuffers) shared buffers is the limit; release one (a commit's released array) first")
        }
        guard UInt64(b.planes[0].stride) >= UInt64(b.width) * 4 else {
            return refuse(.invalidBitmap, "the stride \(b.planes[0].stride) is less than 4 x width \(b.width)")
        }
        // EGL takes offsets and pitches as signed 32-bit numbers.
        guard b.planes[0].stride <= UInt32(Int32.max), b.planes[0].offset <= UInt32(Int32.max) else {
            return refuse(
                .invalidBitmap, "the plane's offset \(b.planes[0].offset) and stride \(b.planes[0].stride) must each be at most \(Int32.max)")
        }
        sharedBuffers.insert(b.id)
        let planes = zip(descriptors, b.planes).map { (descriptor: $0, offset: Int($1.offset), stride: Int($1.stride)) }
        effects.requests.append(
            .importBuffer(
                id, serial: serial,
                SharedBuffer(
                    id: b.id, width: Int(b.width), height: Int(b.height), fourcc: b.fourcc, modifier: b.modifier, planes: planes,
                    isOpaque: b.isOpaque)))
    }

    private func handshake(_ message: ClientMessage, _ effects: inout Effects) {
        guard case .hello(let version, let name) = message else {
            message.closeDescriptors()
            fail(ErrorReport(serial: 0, code: .handshake, message: "the first message must be hello, not \(message.opcode)"), &effects)
            return
        }
        guard let negotiated = negotiatedProtocolVersion(client: version) else {
            fail(
                ErrorReport(
                    serial: 0, code: .unsupportedVersion,
                    message:
                        "protocol version \(version) is not supported; this daemon serves versions \(laminaOldestServedVersion) to \(laminaProtocolVersion)"),
                &effects)
            return
        }
        protocolVersion = negotiated
        let given = name.isEmpty ? "unnamed" : name
        self.name = given
        state = .open
        let limits = settings.limits
        effects.requests.append(.connect(id, name: given, limits: settings.storeLimits))
        let output = settings.output
        queue(
            .welcome(
                Welcome(
                    protocolVersion: negotiated, serverVersion: settings.serverVersion, mediaTime: host.now(),
                    outputs: [
                        OutputInfo(
                            name: settings.outputName, width: output.width, height: output.height, scale: output.scale,
                            refreshRate: settings.refreshRate)
                    ], limits: limits, bufferSharing: settings.bufferSharing)),
            &effects)
    }

    /// The error a request needing privilege gets from an unprivileged peer.
    private func refusal(_ serial: UInt32, _ what: String) -> ErrorReport {
        ErrorReport(
            serial: serial, code: .notPermitted,
            message: "\(what): needs privilege (\(settings.access.requirement)); this client is \(peer.map { "\($0)" } ?? "of unknown credentials")")
    }

    private func screenshot(_ serial: UInt32, _ destination: ScreenshotDestination, _ effects: inout Effects) {
        guard settings.access.isPrivileged(peer) else {
            fail(refusal(serial, "screenshot"), &effects)
            return
        }
        switch destination {
        case .png:
            effects.requests.append(.screenshot(id, serial: serial, pool: nil, offset: 0))
        case .pool(let poolID, let offset):
            let needed = UInt64(settings.output.pixelWidth) * UInt64(settings.output.pixelHeight) * 4
            guard let pool = pools[poolID] else {
                fail(ErrorReport(serial: serial, code: .invalidPool, message: "screenshot: unknown pool \(poolID)"), &effects)
                return
            }
            guard pool.isWritable else {
                fail(ErrorReport(serial: serial, code: .invalidPool, message: "screenshot: pool \(poolID) was sent read-only"), &effects)
                return
            }
            guard offset <= UInt64(pool.size), needed <= UInt64(pool.size) - offset else {
                fail(
                    ErrorReport(
                        serial: serial, code: .invalidPool,
                        message: "screenshot: \(needed) bytes at offset \(offset) do not fit pool \(poolID) of \(pool.size) bytes"),
                    &effects)
                return
            }
            effects.requests.append(.screenshot(id, serial: serial, pool: pool, offset: Int(offset)))
        }
    }

    /// The serial at the start of a body, for errors about messages that carry one.
    private static func serial(of raw: RawMessage) -> UInt32 {
        guard let opcode = ClientMessage.Opcode(rawValue: raw.opcode), opcode != .hello, opcode != .createPool,
            opcode != .destroyPool, raw.body.count >= 4
        else { return 0 }
        var reader = WireReader(raw.body)
        return (try? reader.u32()) ?? 0
    }

    private func createPool(_ poolID: UInt32, size: UInt64, descriptor: Int32, _ effects: inout Effects) {
        let limits = settings.limits
        func refuse(_ code: ErrorCode, _ message: String) {
            SystemCalls.close(descriptor)
            fail(ErrorReport(serial: 0, code: code, message: "createPool \(poolID): \(message)"), &effects)
        }
        guard pools[poolID] == nil else { return refuse(.invalidPool, "pool \(poolID) already exists") }
        guard pools.count < Int(limits.maxPools) else {
            return refuse(.limitExceeded, "\(limits.maxPools) pools is the limit")
        }
        guard size <= limits.maxPoolBytes, UInt64(poolBytes) + size <= limits.maxPoolBytes else {
            return refuse(.limitExceeded, "\(size) more bytes would take the client's pools over \(limits.maxPoolBytes) bytes")
        }
        do {
            pools[poolID] = try host.mapPool(descriptor, Int(size))
        } catch {
            fail(ErrorReport(serial: 0, code: .invalidPool, message: "createPool \(poolID): \(error)"), &effects)
        }
    }

    /// A commit's bitmaps checked against the client's pools and the bitmap limits, and the
    /// transaction the compositor applies.
    private func transaction(_ commit: Commit<WireBitmap>) throws(ErrorReportError) -> Commit<BitmapContents> {
        var bitmaps: [BitmapContents] = []
        for (i, b) in commit.bitmaps.enumerated() {
            func refuse(_ code: ErrorCode, _ message: String) -> ErrorReportError {
                ErrorReportError(ErrorReport(serial: commit.serial, code: code, message: "bitmap \(i) (\(b.id)): \(message)"))
            }
            let pixels = try self.pixels(of: b, refuse: refuse)
            var damage: PixelRegion?
            if let d = b.damage {
                guard d.width > 0, d.height > 0, UInt64(d.x) + UInt64(d.width) <= UInt64(b.width),
                    UInt64(d.y) + UInt64(d.height) <= UInt64(b.height)
                else {
                    throw refuse(.invalidBitmap, "damage \(d.width)x\(d.height)+\(d.x)+\(d.y) is not inside \(b.width)x\(b.height)")
                }
                damage = PixelRegion(x: Int(d.x), y: Int(d.y), width: Int(d.width), height: Int(d.height))
            }
            bitmaps.append(BitmapContents(id: b.id, pixels: pixels, damage: damage))
        }
        try refuseNewerChoices(commit)
        return Commit(operations: commit.operations, bitmaps: bitmaps, released: commit.released, serial: commit.serial)
    }

    /// A bitmap reference's pixels in one of the client's pools, checked against the pool and the
    /// bitmap limits; `refuse` words the error.
    private func pixels(
        of b: WireBitmap, refuse: (ErrorCode, String) -> ErrorReportError
    ) throws(ErrorReportError) -> BitmapPixels {
        guard let pool = pools[b.pool] else { throw refuse(.invalidPool, "unknown pool \(b.pool)") }
        let maxSide = UInt32(OutputConfiguration.maxPixels)
        guard b.width > 0, b.height > 0, b.width <= maxSide, b.height <= maxSide else {
            throw refuse(.invalidBitmap, "\(b.width)x\(b.height) is outside 1...\(maxSide) pixels on a side")
        }
        let pixels = UInt64(b.width) * UInt64(b.height)
        guard pixels <= settings.maxBitmapPixels else {
            throw refuse(
                .limitExceeded,
                "\(b.width)x\(b.height) is \(pixels) pixels, over the limit of \(settings.maxBitmapPixels) pixels per bitmap")
        }
        guard UInt64(b.stride) >= UInt64(b.width) * 4, b.stride % 4 == 0 else {
            throw refuse(.invalidBitmap, "the stride \(b.stride) must be a multiple of 4 and at least 4 x width \(b.width)")
        }
        guard b.offset <= UInt64(pool.size), b.byteCount <= UInt64(pool.size) - b.offset else {
            throw refuse(.invalidBitmap, "\(b.byteCount) bytes at offset \(b.offset) lie outside pool \(b.pool) of \(pool.size) bytes")
        }
        return .pool(
            pool, offset: Int(b.offset), width: Int(b.width), height: Int(b.height), bytesPerRow: Int(b.stride), format: b.format,
            alpha: b.premultiplied ? .premultiplied : .straight)
    }

    /// A tile's pixels checked against the client's pools, for the compositor (which checks the rest:
    /// that it was asked for, and its size).
    private func provideTile(_ tile: WireTile, _ b: WireBitmap, _ effects: inout Effects) {
        do {
            let pixels = try pixels(of: b) { code, message in
                ErrorReportError(ErrorReport(serial: 0, code: code, message: "provideTile (\(tile)): \(message)"))
            }
            effects.requests.append(.provideTile(id, tile, pixels))
        } catch {
            fail(error.report, &effects)
        }
    }
}

extension CompositorRequest {
    /// Whether the compositor answers this request with exactly one reply (`ServerMessage.answersRequest`).
    var expectsReply: Bool {
        switch self {
        case .connect, .disconnect, .provideTile, .invalidateTiles, .importBuffer: false
        case .commit, .requestFrame, .queryPresentation, .screenshot, .stats, .tree, .hitTest: true
        }
    }
}

extension ServerMessage {
    /// Whether this is the compositor's one reply to a request: `committed` or `error` for a commit,
    /// `frame`, `presentation`, `screenshot`, `stats`, `tree`, `hitTestResult`, or an `error` in place of
    /// any of them.
    /// Animation events and `transactionCompleted` come on their own.
    var answersRequest: Bool {
        switch self {
        case .committed, .error, .frame, .presentation, .screenshot, .stats, .tree, .hitTestResult: true
        case .welcome, .animationStarted, .animationStopped, .transactionCompleted, .input, .outputChanged, .goodbye, .tileRequests,
            .bufferReleased:
            false
        }
    }
}

/// An `ErrorReport` thrown inside the session's checks.
struct ErrorReportError: Error {
    var report: ErrorReport
    init(_ report: ErrorReport) { self.report = report }
}
