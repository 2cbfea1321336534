import LaminaCore
import LaminaFuzzInput
import LaminaModel
import LaminaServer
import LaminaWire
import LaminaSession

/// One fuzz input through a client's protocol session (`ClientSession`), bytes in, replies out, as the
/// I/O thread's shell drives it but with no socket: what the session fuzzer (`Fuzz/Sources/SessionFuzzer`)
/// and its regression tests run.
///
/// Half the inputs are raw bytes, fed in chunks whose sizes the input chooses; the other half are
/// messages a client could send (a hello at a version near the daemon's, then commits of synthesized
/// operations with bitmaps in the pools, pools made and destroyed, every request), encoded and fed in
/// chunks too; a commit held for acquire fences is let go by its fences signalling or its deadline
/// passing, as the input chooses. After every chunk the session must keep its promises: everything it queued for the client
/// decodes as the daemon's messages, nothing is queued past its limit but the one message that crossed
/// it, the compositor hears of a client only once it said hello, and a closed session stays closed.
public enum SessionFuzzing {
    /// The limits the session runs under: small, so the fuzzer reaches them.
    static let limits = ClientLimits(maxLayers: 64, maxAnimations: 64, maxPools: 4, maxPoolBytes: 1 << 20, maxQueuedBytes: 1 << 16)

    /// Runs `bytes`; returns why the session broke a promise, or nil.
    public static func failure(of bytes: [UInt8]) -> String? {
        var input = FuzzInput(Array(bytes.dropFirst()))
        let settings = SessionSettings(
            limits: limits, output: OutputConfiguration(width: 64, height: 48), refreshRate: 60, serverVersion: "fuzz",
            access: AccessPolicy(daemonUID: 0), maxBitmapPixels: 1 << 16, maxPendingRequests: 16, maxBytesPerTurn: 4096)
        let host = SessionHost(
            now: { 1 },
            mapPool: { _, size throws(SharedMemoryPool.Failure) in
                // The descriptors are stand-ins: a real pool of the size asked, within reason.
                try SharedMemoryPool.create(name: "lamina-fuzz", size: min(max(size, 1), 1 << 16))
            },
            poolTotals: { (0, 0) })
        let session = ClientSession(
            id: ClientID(1), peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000), settings: settings, host: host)
        let stream: [UInt8]
        var descriptors: [Int32] = []
        if let mode = bytes.first, mode & 1 == 0 {
            (stream, descriptors) = messages(&input)
        } else {
            stream = Array(bytes.dropFirst())
        }
        var announced = false
        var offset = 0
        while offset < stream.count || session.isWaitingForFence {
            // A commit held for its acquire fences: the fence signals, or its deadline passes.
            if session.isWaitingForFence {
                guard let deadline = session.fenceDeadline, session.watchedFence != nil else {
                    return "a commit is held with no fence to watch or no deadline"
                }
                let effects = input.oneIn(4) ? session.expireFence(now: deadline) : session.fenceSignalled()
                if !announced, let request = effects.requests.first { return "the compositor heard \(request) before the client said hello" }
                if let fence = effects.watchFence, fence != session.watchedFence { return "the session asked to watch fence \(fence), not its own" }
                if let failure = check(session) { return failure }
                if !session.isWaitingForFence, !session.isClosed { _ = session.resume() }
                if let failure = check(session) { return failure }
                continue
            }
            guard session.wantsInput else { break }
            let size = max(1, min(stream.count - offset, 1 + input.below(64) * (input.oneIn(4) ? 64 : 1)))
            // A message's descriptors arrive with its first byte, as SCM_RIGHTS delivers them.
            let (passed, rest) = offset == 0 ? (descriptors, [Int32]()) : ([], descriptors)
            descriptors = rest
            session.beginTurn()
            let effects = stream[offset..<(offset + size)].withUnsafeBytes { session.receive($0, descriptors: passed) }
            offset += size
            for request in effects.requests {
                if case .connect = request { announced = true } else if !announced {
                    return "the compositor heard \(request) before the client said hello"
                }
            }
            if let failure = check(session) { return failure }
        }
        _ = session.end(reason: "the fuzz input ended")
        guard session.isClosed else { return "an ended session is not closed" }
        guard !session.isWaitingForFence else { return "an ended session still holds a commit for its fences" }
        return check(session)
    }

    /// Whether what the session queued decodes, within its limit; empties the queue (the client read it).
    static func check(_ session: ClientSession) -> String? {
        let pending = session.output.pendingBytes
        var framer = MessageFramer(maxMessageBytes: 64 << 20)
        do {
            try pending.withUnsafeBytes { try framer.append($0, descriptors: []) }
            var last = 0
            while let raw = try framer.next() {
                _ = try ServerMessage(raw, version: session.protocolVersion)
                last = raw.body.count + WireLimits.headerSize
            }
            guard framer.bufferedBytes == 0 else { return "the session queued \(framer.bufferedBytes) bytes of a message cut short" }
            if pending.count - last > Int(limits.maxQueuedBytes) {
                return "the session queued \(pending.count) bytes, past its limit of \(limits.maxQueuedBytes) by more than a message"
            }
        } catch {
            return "the session queued what the client cannot decode: \(error)"
        }
        session.output.consume(session.output.count)
        return nil
    }

    /// The bytes of messages a client could send, and the descriptors the first carries (stand-ins).
    static func messages(_ input: inout FuzzInput) -> ([UInt8], [Int32]) {
        var stream: [UInt8] = []
        var descriptors: [Int32] = []
        let version = input.oneIn(8) ? UInt32(truncatingIfNeeded: input.u64()) : laminaProtocolVersion
        var list: [ClientMessage] = [.hello(version: version, name: input.oneIn(4) ? "" : "fuzz")]
        for serial in 0..<UInt32(input.below(12)) {
            switch input.below(10) {
            case 0: list.append(.createPool(id: UInt32(input.below(5)), size: UInt64(1 << input.below(20)), descriptor: 1_000_000))
            case 1: list.append(.destroyPool(id: UInt32(input.below(5))))
            case 2: list.append(.requestFrame(serial: serial))
            case 3: list.append(.queryPresentation(serial: serial, layer: LayerHandle(UInt64(input.below(12)))))
            case 4:
                list.append(.screenshot(serial: serial, destination: input.oneIn(2) ? .png : .pool(id: UInt32(input.below(5)), offset: UInt64(input.below(4096)))))
            case 5: list.append(.stats(serial: serial))
            case 6: list.append(.tree(serial: serial, scope: input.oneIn(2) ? .own : .allClients))
            case 7 where input.oneIn(2): list.append(.acquireFence(descriptor: 1_000_001))
            default:
                let bitmaps = (0..<input.below(3)).map { i in
                    WireBitmap(
                        id: BitmapID(UInt64(i + 1)), pool: UInt32(input.below(5)), offset: UInt64(input.below(4096)),
                        width: UInt32(input.below(80)), height: UInt32(input.below(80)), stride: UInt32(input.below(400)),
                        format: input.pick(PixelFormat.allCases), premultiplied: input.oneIn(2),
                        damage: input.oneIn(3) ? WireRegion(x: UInt32(input.below(8)), y: 0, width: UInt32(input.below(80)), height: 1) : nil)
                }
                let released = input.oneIn(4) ? [BitmapID(UInt64(1 + input.below(3)))] : []
                list.append(.commit(Commit(serial: serial, bitmaps: bitmaps, operations: OperationSynthesizer.operations(&input), released: released)))
            }
        }
        for message in list {
            let raw = message.raw
            stream += raw.encoded
            descriptors += raw.descriptors
        }
        return (stream, descriptors)
    }
}
