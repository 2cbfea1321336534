import Glibc
import LaminaCore
import LaminaCompositor
import LaminaModel
import LaminaServer
import LaminaWire
import Testing
import LaminaSession

/// The protocol session driven in process, byte for byte: the test owns the input, the output and the
/// clock, as with swift-nio's `EmbeddedChannel`. No socket, no daemon, no GPU.
@Suite("client session state machine")
struct ClientSessionTests {
    static let daemonUID: UInt32 = 500
    static let stranger = PeerCredentials(pid: 9, uid: 1000, gid: 1000, groups: [27])
    static let owner = PeerCredentials(pid: 9, uid: daemonUID, gid: 1000)

    /// A session with the given peer and limits; `now` is fixed so the welcome is exact.
    static func session(
        peer: PeerCredentials? = stranger, limits: ClientLimits = ClientLimits(), privilegedGroup: UInt32? = nil,
        maxBitmapPixels: UInt64 = SessionSettings.defaultMaxBitmapPixels, maxPendingRequests: Int = 64,
        maxBytesPerTurn: Int = 128 << 10, bufferSharing: BufferSharing = .sharedMemoryOnly(reason: "a test's daemon")
    ) -> ClientSession {
        var settings = SessionSettings(
            limits: limits, output: OutputConfiguration(width: 16, height: 8, scale: 2), refreshRate: 50,
            serverVersion: "test", access: AccessPolicy(daemonUID: daemonUID, privilegedGroup: privilegedGroup),
            maxBitmapPixels: maxBitmapPixels, maxPendingRequests: maxPendingRequests, maxBytesPerTurn: maxBytesPerTurn)
        settings.bufferSharing = bufferSharing
        return ClientSession(
            id: ClientID(7), peer: peer, settings: settings, host: SessionHost(now: { 42.5 }, poolTotals: { (3, 300) }))
    }

    /// Feeds a message's bytes (and descriptors) to the session.
    @discardableResult
    static func send(_ message: ClientMessage, to session: ClientSession) -> ClientSession.Effects {
        let raw = message.raw
        return raw.encoded.withUnsafeBytes { session.receive($0, descriptors: raw.descriptors) }
    }

    /// Everything queued for the client, decoded, and the queue emptied (the client read it).
    static func read(_ session: ClientSession) throws -> [ServerMessage] {
        var framer = MessageFramer(maxMessageBytes: 64 << 20)
        try session.output.pendingBytes.withUnsafeBytes { try framer.append($0, descriptors: []) }
        session.output.consume(session.output.count)
        var messages: [ServerMessage] = []
        // As the client reads them: in the version its session speaks.
        while let raw = try framer.next() { messages.append(try ServerMessage(raw, version: session.protocolVersion)) }
        return messages
    }

    static func open(_ session: ClientSession) throws {
        send(.hello(version: laminaProtocolVersion, name: "app"), to: session)
        _ = try read(session)
    }

    @Test("hello is answered with the welcome at the host's time and announces the client to the compositor")
    func handshake() throws {
        let session = Self.session()
        let effects = Self.send(.hello(version: laminaProtocolVersion, name: ""), to: session)
        #expect(session.state == .open && session.name == "unnamed")
        guard case .connect(let id, let name, let limits) = effects.requests.first, effects.requests.count == 1 else {
            Issue.record("expected one connect, got \(effects.requests)")
            return
        }
        #expect(id == ClientID(7) && name == "unnamed" && limits.layers == 65_536 && limits.animations == 65_536)
        let replies = try Self.read(session)
        guard case .welcome(let welcome) = replies.first, replies.count == 1 else {
            Issue.record("expected a welcome, got \(replies)")
            return
        }
        #expect(welcome.mediaTime == 42.5 && welcome.protocolVersion == laminaProtocolVersion)
        #expect(welcome.outputs.first?.width == 16 && welcome.outputs.first?.scale == 2 && welcome.outputs.first?.refreshRate == 50)
    }

    @Test("a message split at every byte boundary is handled exactly as when it arrives whole")
    func byteByByte() throws {
        let session = Self.session()
        let bytes = ClientMessage.hello(version: laminaProtocolVersion, name: "slow").raw.encoded
        for (i, byte) in bytes.enumerated() {
            let effects = [byte].withUnsafeBytes { session.receive($0, descriptors: []) }
            #expect(effects.requests.isEmpty == (i < bytes.count - 1), "byte \(i)")
        }
        #expect(session.name == "slow" && session.state == .open)
    }

    @Test("the first message must be hello; the wrong version is refused; both end the session")
    func badHandshakes() throws {
        let first = Self.session()
        let effects = Self.send(.stats(serial: 3), to: first)
        #expect(effects.requests.isEmpty && first.isClosed)
        #expect(try Self.read(first).map(\.errorCode) == [.handshake])

        let old = Self.session()
        Self.send(.hello(version: 1, name: "old"), to: old)
        let replies = try Self.read(old)
        #expect(replies.map(\.errorCode) == [.unsupportedVersion] && old.isClosed)
        #expect(replies.first?.errorMessage?.contains("version 1 is not supported") == true)
    }

    @Test("versions are negotiated: an older client served is welcomed at its version and hears nothing newer; a newer one at the daemon's")
    func versionNegotiation() throws {
        let handle = LayerHandle(1)
        let events: [ServerMessage] = [
            .input(InputEvent(kind: .touchCancelled, layer: handle, location: .zero, canvasLocation: .zero, time: 1, code: 7)),
            .outputChanged(OutputInfo(name: "wayland-0", width: 400, height: 300, scale: 2, refreshRate: 60)),
            .frame(serial: 3, time: 1, targetTime: 2),
            .hitTestResult(serial: 4, layer: handle),
            .goodbye(reason: "stopping"),
        ]
        let served = Array(laminaOldestServedVersion...laminaProtocolVersion)
        #expect(served == [5, 6, 7, 8, 9, 10, 11, 12], "the versions docs/protocol.md says are served")
        for (asked, welcomed) in served.map({ ($0, $0) }) + [(laminaProtocolVersion + 1, laminaProtocolVersion), (laminaProtocolVersion + 2, laminaProtocolVersion)] {
            let session = Self.session()
            Self.send(.hello(version: asked, name: "v\(asked)"), to: session)
            guard case .welcome(let welcome) = try Self.read(session).first else {
                Issue.record("version \(asked) was not welcomed")
                continue
            }
            #expect(welcome.protocolVersion == welcomed && session.protocolVersion == welcomed)
            for event in events { _ = session.deliver(event) }
            let heard = try Self.read(session)
            // Every message the session sends is one its version knows; a version-5 client hears the frame
            // callback but neither the input event nor the output change version 6 added.
            #expect(heard.allSatisfy { $0.introducedIn <= welcomed })
            #expect(heard.count == events.filter { $0.introducedIn <= welcomed }.count)
            #expect(heard.contains { if case .goodbye = $0 { true } else { false } } == (welcomed >= 7), "goodbye came with 7")
            // A request newer than the session is an unknown opcode to it, as to that version's daemon.
            let effects = Self.send(.hitTest(serial: 9, layer: handle, point: Point(x: 1, y: 2)), to: session)
            if welcomed >= 7 {
                let replies = try Self.read(session)
                #expect(effects.requests.count == 1 && replies.isEmpty)
            } else {
                let refusal = try Self.read(session)
                #expect(effects.requests.isEmpty && refusal.map(\.errorCode) == [.malformedMessage] && !session.isClosed)
                #expect(refusal.first?.errorMessage == "unknown request opcode 10 in protocol version \(welcomed) (hitTest came with version 7)")
            }
            // A keyword choice newer than the session (the hue blend mode, version 9) is refused, the
            // whole commit with it, as that version's daemon refused an unknown choice; older choices pass.
            let hue = UInt8(BlendMode.hue.rawValue), multiply = UInt8(BlendMode.multiply.rawValue)
            for (choice, allowed) in [(hue, welcomed >= 9), (multiply, true)] {
                let commit = Commit<WireBitmap>(
                    serial: 11, operations: [.create(handle, name: nil, kind: .layer), .set(handle, LayerKeyPath(.compositingFilter), .keyword(choice))])
                let sent = Self.send(.commit(commit), to: session)
                let replies = try Self.read(session)
                #expect(sent.requests.count == (allowed ? 1 : 0), "version \(welcomed), choice \(choice)")
                if !allowed {
                    #expect(replies.map(\.errorCode) == [.invalidTree] && !session.isClosed)
                    #expect(replies.first?.errorMessage?.hasSuffix("hue came with version 9)") == true, "\(replies)")
                    #expect(replies.first?.errorMessage?.contains("(14 choices: normal, multiply") == true, "\(replies)")
                }
            }
            // A layer kind, or a property, newer than the session (tiled layers came with version 10) is
            // refused, the whole commit with it; a version-10 session makes them.
            // GL layers came with version 11.
            let newer: [([LayerOperation], String, since: UInt32)] = [
                ([.create(handle, name: nil, kind: .layer), .create(LayerHandle(8), name: nil, kind: .tiled)],
                 "layer kind 8 (of layer@8) is not in protocol version \(welcomed); `tiled` came with version 10", 10),
                ([.create(handle, name: nil, kind: .layer), .set(handle, LayerKeyPath(.levelsOfDetail), .number(2))],
                 "'levelsOfDetail' is not a property in protocol version \(welcomed); it came with version 10", 10),
                ([.create(LayerHandle(9), name: nil, kind: .gl)],
                 "layer kind 9 (of layer@9) is not in protocol version \(welcomed); `gl` came with version 11", 11),
            ]
            for (operations, message, since) in newer {
                let sent = Self.send(.commit(Commit<WireBitmap>(serial: 12, operations: operations)), to: session)
                let replies = try Self.read(session)
                if welcomed >= since {
                    #expect(sent.requests.count == 1 && replies.isEmpty, "\(replies)")
                } else {
                    #expect(sent.requests.isEmpty && replies.map(\.errorCode) == [.invalidTree] && !session.isClosed)
                    #expect(replies.first?.errorMessage == message, "\(replies)")
                }
            }
        }
        let old = Self.session()
        Self.send(.hello(version: laminaOldestServedVersion - 1, name: "old"), to: old)
        let replies = try Self.read(old)
        #expect(replies.map(\.errorCode) == [.unsupportedVersion] && old.isClosed)
        #expect(replies.first?.errorMessage?.contains("serves versions \(laminaOldestServedVersion) to \(laminaProtocolVersion)") == true)
    }

    @Test("a field a version added is written only to sessions of that version: stats carry the frame counters to version 8, not to 7")
    func fieldsFollowTheVersion() throws {
        var stats = DaemonStats()
        stats.layers = 3
        stats.counters.drawCalls = CounterSummary(median: 5, p99: 9)
        stats.counters.cpuMilliseconds = CounterSummary(median: 1.5, p99: 4)
        var sizes: [UInt32: Int] = [:]
        for version: UInt32 in [7, 8] {
            let session = Self.session()
            Self.send(.hello(version: version, name: "v\(version)"), to: session)
            _ = try Self.read(session)
            _ = session.deliver(.stats(serial: 2, stats))
            sizes[version] = session.output.count
            guard case .stats(2, let heard)? = try Self.read(session).first else {
                Issue.record("no stats for version \(version)")
                continue
            }
            #expect(heard.layers == 3)
            #expect(heard.counters == (version >= 8 ? stats.counters : FrameCounterSummaries()), "version \(version)")
        }
        #expect(sizes[8]! - sizes[7]! == 6 * 2 * 8, "six counters, a median and a p99 each, as f64")
    }

    @Test("a client that never reads while sending bad messages is cut off at its queue limit, whoever made the replies")
    func nonReaderIsBounded() throws {
        let limit: UInt32 = 4096
        let session = Self.session(limits: ClientLimits(maxQueuedBytes: limit))
        try Self.open(session)
        // Each unknown opcode costs the daemon one error reply; the client reads none of them.
        let bad = RawMessage(opcode: 99, body: [1, 2, 3, 4]).encoded
        let oneReply = ServerMessage.error(
            ErrorReport(serial: 0x0403_0201, code: .malformedMessage, message: "opcode 99: unknown request opcode 99 (at byte 0)")
        ).encoded.count
        var burst: [UInt8] = []
        for _ in 0..<1000 { burst += bad }
        burst.withUnsafeBytes { _ = session.receive($0, descriptors: []) }
        // Handling stopped once the unread replies passed the limit: at most one reply more.
        #expect(session.isOverQueueLimit)
        #expect(session.output.count <= Int(limit) + oneReply)
        #expect(session.hasBufferedInput, "the rest waits in the framer, unhandled")
        // The shell writes nothing (the client does not read), so the backlog ends the session.
        let effects = session.refuseBacklog()
        #expect(session.isClosed)
        #expect(effects.requests.count == 1)
        if case .disconnect(let id) = effects.requests.first { #expect(id == ClientID(7)) } else { Issue.record("no disconnect") }
        let replies = try Self.read(session)
        #expect(replies.last?.errorCode == .tooSlow)
        // A closed session takes nothing more and queues nothing more.
        burst.withUnsafeBytes { _ = session.receive($0, descriptors: []) }
        #expect(session.output.count == 0)
    }

    @Test("the compositor's events past the queue limit end the session with tooSlow")
    func slowReader() throws {
        let session = Self.session(limits: ClientLimits(maxQueuedBytes: 1000))
        try Self.open(session)
        var delivered = 0
        while !session.isClosed && delivered < 1000 {
            _ = session.deliver(.frame(serial: UInt32(delivered), time: 1, targetTime: 2))
            delivered += 1
        }
        let frameSize = ServerMessage.frame(serial: 0, time: 1, targetTime: 2).encoded.count
        #expect(session.isClosed)
        #expect(delivered == 1000 / frameSize + 2, "one event past the limit is queued, the next is refused")
        #expect(try Self.read(session).last?.errorCode == .tooSlow)
    }

    @Test("every client may read its own tree; every client's tree and screenshots need privilege")
    func privilege() throws {
        let stranger = Self.session(peer: Self.stranger)
        try Self.open(stranger)
        var effects = Self.send(.tree(serial: 4, scope: .own), to: stranger)
        if case .tree(_, 4, .own, let maxBytes) = effects.requests.first {
            #expect(maxBytes == Int(ClientLimits().maxQueuedBytes) / 2)
        } else {
            Issue.record("own tree not forwarded: \(effects.requests)")
        }
        effects = Self.send(.tree(serial: 5, scope: .allClients), to: stranger)
        #expect(effects.requests.isEmpty)
        effects = Self.send(.screenshot(serial: 6, destination: .png), to: stranger)
        #expect(effects.requests.isEmpty)
        let replies = try Self.read(stranger)
        #expect(replies.map(\.errorCode) == [.notPermitted, .notPermitted])
        #expect(replies.compactMap(\.errorSerial) == [5, 6])
        #expect(replies.first?.errorMessage?.contains("uid 500") == true)
        #expect(stranger.state == .open, "a refusal is not fatal")

        for (peer, group) in [(Self.owner, nil), (PeerCredentials(pid: 1, uid: 0, gid: 0), nil), (Self.stranger, UInt32(27))] {
            let session = Self.session(peer: peer, privilegedGroup: group)
            try Self.open(session)
            let tree = Self.send(.tree(serial: 5, scope: .allClients), to: session)
            let shot = Self.send(.screenshot(serial: 6, destination: .png), to: session)
            #expect(tree.requests.count == 1 && shot.requests.count == 1, "\(peer) with group \(String(describing: group))")
            #expect(try Self.read(session).isEmpty)
        }
        // Unknown credentials are never privileged.
        let unknown = Self.session(peer: nil)
        try Self.open(unknown)
        #expect(Self.send(.screenshot(serial: 1, destination: .png), to: unknown).requests.isEmpty)
    }

    @Test("pools: limits, bitmaps checked against them and the bitmap size limit, all released when the session ends")
    func poolsAndBitmaps() throws {
        let session = Self.session(limits: ClientLimits(maxPools: 1, maxPoolBytes: 1 << 20), maxBitmapPixels: 64 * 64)
        try Self.open(session)
        let pool = try SharedMemoryPool.create(name: "test", size: 1 << 20)
        let fd = dup(pool.descriptor)
        Self.send(.createPool(id: 1, size: 1 << 20, descriptor: fd), to: session)
        #expect(session.pools.count == 1 && session.poolBytes == 1 << 20)
        // A second pool passes the count limit; its descriptor is closed by the session (read from a
        // pipe's hang-up: the number itself may be given to another test's descriptor meanwhile).
        let second = try SharedBufferSessionTests.descriptor()
        Self.send(.createPool(id: 2, size: 16, descriptor: second.fd), to: session)
        #expect(!SharedBufferSessionTests.isOpen(second), "the refused descriptor was closed")

        func commit(_ width: UInt32, _ height: UInt32, stride: UInt32? = nil) -> ClientSession.Effects {
            Self.send(
                .commit(
                    Commit(
                        serial: 9,
                        bitmaps: [WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: width, height: height, stride: stride ?? width * 4)],
                        operations: [])),
                to: session)
        }
        #expect(commit(64, 64).requests.count == 1)
        #expect(commit(65, 64).requests.isEmpty)
        #expect(commit(64, 64, stride: 25_600).requests.isEmpty, "63 rows of 25600 bytes pass the 1 MiB pool")
        let replies = try Self.read(session)
        #expect(replies.map(\.errorCode) == [.limitExceeded, .limitExceeded, .invalidBitmap])
        #expect(replies[1].errorMessage?.contains("4160 pixels, over the limit of 4096") == true)
        #expect(replies[1].errorSerial == 9)

        let effects = session.end(reason: "end of stream")
        #expect(session.pools.isEmpty && session.isClosed)
        if case .disconnect = effects.requests.first {} else { Issue.record("the compositor was not told") }
    }

    @Test("stats carry the host's pool totals; unknown opcodes and bad bodies are not fatal")
    func statsAndMalformed() throws {
        let session = Self.session()
        try Self.open(session)
        let effects = Self.send(.stats(serial: 2), to: session)
        if case .stats(_, 2, 3, 300) = effects.requests.first {} else { Issue.record("\(effects.requests)") }
        var bytes = RawMessage(opcode: 9, body: [1, 0, 0, 0, 7]).encoded  // tree with scope 7
        bytes += RawMessage(opcode: 5, body: [1]).encoded  // requestFrame cut short
        bytes.withUnsafeBytes { _ = session.receive($0, descriptors: []) }
        let replies = try Self.read(session)
        #expect(replies.map(\.errorCode) == [.malformedMessage, .malformedMessage])
        #expect(replies.first?.errorMessage?.contains("unknown tree scope 7") == true)
        #expect(session.state == .open)
    }
}

extension ServerMessage {
    var errorCode: ErrorCode? {
        if case .error(let report) = self { return report.code }
        return nil
    }

    var errorMessage: String? {
        if case .error(let report) = self { return report.message }
        return nil
    }

    var errorSerial: UInt32? {
        if case .error(let report) = self { return report.serial }
        return nil
    }
}

extension ClientSessionTests {
    @Test("a turn stops at maxBytesPerTurn with input deferred; the socket is not read until resume drains it")
    func turnBudget() throws {
        let session = Self.session(maxBytesPerTurn: 1)
        try Self.open(session)
        let bytes = (1...3).flatMap { ClientMessage.requestFrame(serial: UInt32($0)).raw.encoded }
        session.beginTurn()  // as the shell does when the socket is ready
        var effects = bytes.withUnsafeBytes { session.receive($0, descriptors: []) }
        var serials: [[UInt32]] = []
        func record() {
            serials.append(effects.requests.compactMap { if case .requestFrame(_, let s) = $0 { s } else { nil } })
        }
        record()
        #expect(effects.deferredInput && !session.wantsInput && session.isReadyToResume)
        effects = session.resume()
        record()
        effects = session.resume()
        record()
        #expect(serials == [[1], [2], [3]])
        // The last turn found nothing more whole: reading resumes.
        #expect(!effects.deferredInput && session.wantsInput && !session.isReadyToResume)
    }

    @Test("a client with maxPendingRequests unanswered has its input held until a reply comes back")
    func pendingRequests() throws {
        let session = Self.session(maxPendingRequests: 2)
        try Self.open(session)
        let bytes = (1...3).flatMap { ClientMessage.requestFrame(serial: UInt32($0)).raw.encoded }
        let first = bytes.withUnsafeBytes { session.receive($0, descriptors: []) }
        #expect(first.requests.count == 2 && session.isWaitingForCompositor && !session.wantsInput)
        _ = session.deliver(.frame(serial: 1, time: 0, targetTime: 0.02))
        #expect(session.wantsInput && session.hasBufferedInput)
        let second = session.resume()
        #expect(second.requests.count == 1)
    }

    @Test("an error that answers no request (about a tile, or a shared buffer) frees no place among the requests awaiting replies")
    func noticesAnswerNothing() throws {
        let session = Self.session(maxPendingRequests: 2)
        try Self.open(session)
        let bytes = (1...2).flatMap { ClientMessage.requestFrame(serial: UInt32($0)).raw.encoded }
        _ = bytes.withUnsafeBytes { session.receive($0, descriptors: []) }
        #expect(session.pendingRequests == 2 && session.isWaitingForCompositor)
        _ = session.deliver(.error(ErrorReport(serial: 0, code: .invalidBitmap, message: "provideTile: wrong size")), answering: false)
        #expect(session.pendingRequests == 2 && session.isWaitingForCompositor, "still two frames awaited")
        _ = session.deliver(.frame(serial: 1, time: 0, targetTime: 0.02))
        #expect(session.pendingRequests == 1)
    }
}
