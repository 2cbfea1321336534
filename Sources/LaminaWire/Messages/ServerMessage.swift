public import LaminaCore

/// An output as the handshake describes it.
public struct OutputInfo: Hashable, Sendable {
    public var name: String
    /// Size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// Frames per second.
    public var refreshRate: Double

    /// An output.
    public init(name: String, width: Double, height: Double, scale: Double, refreshRate: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshRate = refreshRate
    }
}

/// The reply to `hello`.
public struct Welcome: Hashable, Sendable {
    public var protocolVersion: UInt32
    /// The daemon's release, for logs.
    public var serverVersion: String
    /// The daemon's media time (CLOCK_MONOTONIC seconds) when it sent the welcome.
    public var mediaTime: Double
    public var outputs: [OutputInfo]
    public var limits: ClientLimits
    /// Whether the daemon imports DMA-BUFs (version 11; older sessions are told nothing, and share
    /// nothing but memory).
    public var bufferSharing: BufferSharing

    /// A welcome.
    public init(
        protocolVersion: UInt32, serverVersion: String, mediaTime: Double, outputs: [OutputInfo], limits: ClientLimits,
        bufferSharing: BufferSharing? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.serverVersion = serverVersion
        self.mediaTime = mediaTime
        self.outputs = outputs
        self.limits = limits
        self.bufferSharing = bufferSharing ?? Self.noSharing(protocolVersion)
    }

    /// What a welcome that says nothing of DMA-BUFs means: a version before 11 has none.
    static func noSharing(_ version: UInt32) -> BufferSharing {
        .sharedMemoryOnly(reason: version < 11 ? "protocol version \(version) has no DMA-BUF import" : "the daemon did not say")
    }
}

/// A refusal: which request (its serial; 0 for a connection-level error), why, which operation of a
/// commit (-1 for none), and a message naming what was wrong.
public struct ErrorReport: Hashable, Sendable, CustomStringConvertible {
    public var serial: UInt32
    public var code: ErrorCode
    public var operationIndex: Int32
    public var message: String

    /// An error report.
    public init(serial: UInt32, code: ErrorCode, operationIndex: Int32 = -1, message: String) {
        self.serial = serial
        self.code = code
        self.operationIndex = operationIndex
        self.message = message
    }

    public var description: String { "\(code) (serial \(serial)): \(message)" }
}

/// The daemon's counters (`lamina stats`).
public struct DaemonStats: Hashable, Sendable {
    public var clients: UInt32 = 0
    /// Layers in the tree, the canvas root excluded.
    public var layers: UInt32 = 0
    /// Animations attached to layers.
    public var animations: UInt32 = 0
    public var textures: UInt32 = 0
    public var textureBytes: UInt64 = 0
    public var pools: UInt32 = 0
    public var poolBytes: UInt64 = 0
    public var framesDrawn: UInt64 = 0
    public var transactionsApplied: UInt64 = 0
    public var transactionsRejected: UInt64 = 0
    /// Frame times (the whole pipeline) over recent frames, in milliseconds.
    public var frameMillisecondsP50: Double = 0
    public var frameMillisecondsP90: Double = 0
    public var frameMillisecondsP99: Double = 0
    /// Seconds since the daemon started.
    public var uptime: Double = 0
    /// What recent frames cost, by counter (version 8; zero from an older session).
    public var counters = FrameCounterSummaries()

    /// All zero.
    public init() {}
}

/// A counter's median and 99th percentile (nearest rank) over the daemon's recent frames.
public struct CounterSummary: Hashable, Sendable {
    public var median: Double
    public var p99: Double

    /// A summary.
    public init(median: Double = 0, p99: Double = 0) {
        self.median = median
        self.p99 = p99
    }
}

/// The frame counters `stats` carries from version 8, over the last 600 frames drawn: what `lamina
/// bench` prints for a scene, for a running daemon.
public struct FrameCounterSummaries: Hashable, Sendable {
    /// Bytes of instances copied to the GPU a frame.
    public var uploadedInstanceBytes = CounterSummary()
    /// Bytes of texels copied to the GPU a frame (client bitmaps, generated textures).
    public var uploadedTextureBytes = CounterSummary()
    /// Instanced draw calls a frame.
    public var drawCalls = CounterSummary()
    /// GL objects made a frame (0 in a steady frame).
    public var glObjectsCreated = CounterSummary()
    /// Instances the draw walked a frame.
    public var instancesVisited = CounterSummary()
    /// The daemon's CPU time a frame, every thread's, in milliseconds.
    public var cpuMilliseconds = CounterSummary()

    /// All zero.
    public init() {}

    /// The counters by their place in `all`, the wire order.
    private static let places: [any WritableKeyPath<Self, CounterSummary> & Sendable] = [
        \.uploadedInstanceBytes, \.uploadedTextureBytes, \.drawCalls, \.glObjectsCreated, \.instancesVisited, \.cpuMilliseconds,
    ]

    /// The six, in wire order (the order of the properties above). Setting it writes the counters in
    /// that order, as many as it gives (at most six).
    public var all: [CounterSummary] {
        get { Self.places.map { self[keyPath: $0] } }
        set { for (place, value) in zip(Self.places, newValue) { self[keyPath: place] = value } }
    }
}

/// A message from the daemon to a client (`docs/protocol.md`, "Events and replies").
public enum ServerMessage: Hashable, Sendable {
    case welcome(Welcome)
    case error(ErrorReport)
    /// A commit was applied at the frame boundary of `commitTime` (its animations begin then);
    /// `animations` are the daemon's identities of the animations it added, in operation order (the
    /// ones later `animationStarted` and `animationStopped` events name).
    case committed(serial: UInt32, commitTime: Double, animations: [UInt64])
    /// An animation began its active interval.
    case animationStarted(layer: LayerHandle, animation: UInt64, key: String?)
    /// An animation stopped: finished its active duration, or was removed or replaced before that.
    case animationStopped(layer: LayerHandle, animation: UInt64, key: String?, finished: Bool)
    /// Every animation a commit added has stopped (sent right after `committed` when it added none).
    case transactionCompleted(serial: UInt32)
    /// A frame the client asked for with `requestFrame`: when it was composed and when it is shown.
    case frame(serial: UInt32, time: Double, targetTime: Double)
    /// One layer's presentation values at `time`, one per row of the property table, in table order
    /// (on the wire, only the rows of the session's version: `PropertyDescriptor.since`).
    case presentation(serial: UInt32, layer: LayerHandle, time: Double, values: [PropertyValue])
    /// A screenshot: its size in pixels and, for `.png`, the PNG file (empty when written to a pool).
    case screenshot(serial: UInt32, width: UInt32, height: UInt32, png: [UInt8])
    case stats(serial: UInt32, DaemonStats)
    /// Every client's layers, depth first (the answer to `tree`).
    case tree(serial: UInt32, [TreeNode])
    /// A pointer, touch or key event for one of the client's layers (a Wayland output's seat).
    case input(InputEvent)
    /// The output changed size or scale (a window resized): the canvas root now covers it.
    case outputChanged(OutputInfo)
    /// The answer to `hitTest`: the deepest layer of the subtree drawn at the point, or nil (version 7).
    case hitTestResult(serial: UInt32, layer: LayerHandle?)
    /// The daemon is stopping and closes the connection after this (version 7): a client can tell a
    /// daemon's orderly exit, and why, from a crash.
    case goodbye(reason: String)
    /// Tiles of the client's tiled layers the daemon needs drawn, each layer's nearest its view's
    /// centre first (version 10): answered with `provideTile`, asked again while unanswered.
    case tileRequests([WireTileRequest])
    /// The daemon reads the imported buffer `bitmap` no more (version 11): no layer shows it, and the
    /// GPU has finished the last frame that drew it. The client may render into it again.
    case bufferReleased(bitmap: BitmapID)

    /// The protocol version that added this message: a client welcomed at an older version never
    /// receives it (`Opcode.introducedIn`).
    public var introducedIn: UInt32 { opcode.introducedIn }

    /// The opcodes; events have the high bit set so a capture tells the directions apart.
    public enum Opcode: UInt16, Sendable, CaseIterable {
        case welcome = 0x8001, error, committed, animationStarted, animationStopped, transactionCompleted, frame
        case presentation, screenshot, stats, tree, input, outputChanged
        case hitTestResult, goodbye, tileRequests, bufferReleased

        /// The protocol version that added the event (`input` and `outputChanged` came with 6,
        /// `hitTestResult` and `goodbye` with 7; every other event is older than the oldest version
        /// served).
        public var introducedIn: UInt32 {
            switch self {
            case .input, .outputChanged: 6
            case .hitTestResult, .goodbye: 7
            case .tileRequests: 10
            case .bufferReleased: 11
            default: 1
            }
        }
    }

    /// This message's opcode.
    public var opcode: Opcode {
        switch self {
        case .welcome: .welcome
        case .error: .error
        case .committed: .committed
        case .animationStarted: .animationStarted
        case .animationStopped: .animationStopped
        case .transactionCompleted: .transactionCompleted
        case .frame: .frame
        case .presentation: .presentation
        case .screenshot: .screenshot
        case .stats: .stats
        case .tree: .tree
        case .input: .input
        case .outputChanged: .outputChanged
        case .hitTestResult: .hitTestResult
        case .goodbye: .goodbye
        case .tileRequests: .tileRequests
        case .bufferReleased: .bufferReleased
        }
    }

    /// Header and body, in today's version.
    public var encoded: [UInt8] { encoded(version: laminaProtocolVersion) }

    /// Header and body as a session of `version` reads them: fields a later version added to the
    /// message are left out (the frame counters of `stats`, version 8).
    public func encoded(version: UInt32) -> [UInt8] {
        var w = WireWriter()
        switch self {
        case .welcome(let m):
            w.u32(m.protocolVersion)
            w.string(m.serverVersion)
            w.f64(m.mediaTime)
            w.array(m.outputs) { $0.outputInfo($1) }
            w.limits(m.limits)
            // Version 11 (the welcome's own version says whether a reader expects it): absent when
            // the daemon imports DMA-BUFs, else why not.
            if m.protocolVersion >= 11 {
                switch m.bufferSharing {
                case .dmaBuf: w.bool(false)
                case .sharedMemoryOnly(let reason): w.bool(true); w.string(reason)
                }
            }
        case .error(let e):
            w.u32(e.serial); w.u16(e.code.rawValue); w.i32(e.operationIndex); w.string(e.message)
        case .committed(let serial, let time, let animations):
            w.u32(serial); w.f64(time); w.array(animations) { $0.u64($1) }
        case .animationStarted(let layer, let animation, let key):
            w.u64(layer.rawValue); w.u64(animation); w.optional(key) { $0.string($1) }
        case .animationStopped(let layer, let animation, let key, let finished):
            w.u64(layer.rawValue); w.u64(animation); w.optional(key) { $0.string($1) }; w.bool(finished)
        case .transactionCompleted(let serial):
            w.u32(serial)
        case .frame(let serial, let time, let target):
            w.u32(serial); w.f64(time); w.f64(target)
        case .presentation(let serial, let layer, let time, let values):
            w.u32(serial); w.u64(layer.rawValue); w.f64(time)
            // The rows the session's version has (a later version's properties come after them).
            for (row, v) in zip(LayerProperties.table, values) where row.since <= version { w.value(v) }
        case .screenshot(let serial, let width, let height, let png):
            w.u32(serial); w.u32(width); w.u32(height); w.data(png)
        case .stats(let serial, let s):
            w.u32(serial)
            w.u32(s.clients); w.u32(s.layers); w.u32(s.animations); w.u32(s.textures); w.u64(s.textureBytes)
            w.u32(s.pools); w.u64(s.poolBytes); w.u64(s.framesDrawn); w.u64(s.transactionsApplied)
            w.u64(s.transactionsRejected); w.f64(s.frameMillisecondsP50); w.f64(s.frameMillisecondsP90)
            w.f64(s.frameMillisecondsP99); w.f64(s.uptime)
            if version >= 8 {
                for counter in s.counters.all { w.f64(counter.median); w.f64(counter.p99) }
            }
        case .tree(let serial, let nodes):
            w.u32(serial); w.array(nodes) { $0.treeNode($1) }
        case .input(let event):
            w.inputEvent(event)
        case .outputChanged(let output):
            w.outputInfo(output)
        case .hitTestResult(let serial, let layer):
            w.u32(serial); w.optional(layer) { $0.u64($1.rawValue) }
        case .goodbye(let reason):
            w.string(reason)
        case .tileRequests(let requests):
            w.array(requests) { $0.tileRequest($1) }
        case .bufferReleased(let bitmap):
            w.u64(bitmap.rawValue)
        }
        return RawMessage(opcode: opcode.rawValue, body: w.bytes).encoded
    }

    /// Decodes a daemon message as a session of `version` receives it (fields a later version added
    /// are not there to read).
    public init(_ raw: RawMessage, version: UInt32 = laminaProtocolVersion) throws(WireError) {
        guard let opcode = Opcode(rawValue: raw.opcode) else {
            throw WireError(offset: 0, "unknown event opcode \(raw.opcode)")
        }
        guard raw.descriptors.isEmpty else { throw WireError(offset: 0, "events carry no file descriptors") }
        var r = WireReader(raw.body)
        func key(_ r: inout WireReader) throws(WireError) -> String? {
            try r.optional("an animation key") { (r: inout WireReader) throws(WireError) in try r.string("an animation key") }
        }
        switch opcode {
        case .welcome:
            let version = try r.u32()
            let server = try r.string()
            let time = try r.f64()
            let outputs = try r.array("outputs", minimumSize: 36) { (r: inout WireReader, _) throws(WireError) in try r.outputInfo() }
            let limits = try r.limits()
            var sharing = Welcome.noSharing(version)
            if version >= 11 {
                sharing = try r.optional("why DMA-BUFs are not imported") { (r: inout WireReader) throws(WireError) in try r.string("a reason") }
                    .map { .sharedMemoryOnly(reason: $0) } ?? .dmaBuf
            }
            self = .welcome(
                Welcome(protocolVersion: version, serverVersion: server, mediaTime: time, outputs: outputs, limits: limits, bufferSharing: sharing))
        case .error:
            let serial = try r.u32()
            let codeOffset = r.offset
            let rawCode = try r.u16()
            guard let code = ErrorCode(rawValue: rawCode) else { throw WireError(offset: codeOffset, "unknown error code \(rawCode)") }
            self = .error(ErrorReport(serial: serial, code: code, operationIndex: try r.i32(), message: try r.string("an error message", limit: 1 << 20)))
        case .committed:
            let serial = try r.u32(), time = try r.f64()
            let animations = try r.array("animations", minimumSize: 8) { (r: inout WireReader, _) throws(WireError) in try r.u64() }
            self = .committed(serial: serial, commitTime: time, animations: animations)
        case .animationStarted:
            self = .animationStarted(layer: LayerHandle(try r.u64()), animation: try r.u64(), key: try key(&r))
        case .animationStopped:
            self = .animationStopped(layer: LayerHandle(try r.u64()), animation: try r.u64(), key: try key(&r), finished: try r.bool())
        case .transactionCompleted:
            self = .transactionCompleted(serial: try r.u32())
        case .frame:
            self = .frame(serial: try r.u32(), time: try r.f64(), targetTime: try r.f64())
        case .presentation:
            let serial = try r.u32()
            let layer = LayerHandle(try r.u64())
            let time = try r.f64()
            var values: [PropertyValue] = []
            // A property added after the session's version is not sent: it reads as its default.
            for row in LayerProperties.table {
                values.append(row.since <= version ? try r.value(of: row.type, infinityAllowed: row.domain.allowsInfinity) : row.defaultValue)
            }
            self = .presentation(serial: serial, layer: layer, time: time, values: values)
        case .screenshot:
            self = .screenshot(serial: try r.u32(), width: try r.u32(), height: try r.u32(), png: try r.data("PNG bytes"))
        case .stats:
            let serial = try r.u32()
            var s = DaemonStats()
            s.clients = try r.u32(); s.layers = try r.u32(); s.animations = try r.u32(); s.textures = try r.u32()
            s.textureBytes = try r.u64(); s.pools = try r.u32(); s.poolBytes = try r.u64(); s.framesDrawn = try r.u64()
            s.transactionsApplied = try r.u64(); s.transactionsRejected = try r.u64()
            s.frameMillisecondsP50 = try r.f64(); s.frameMillisecondsP90 = try r.f64(); s.frameMillisecondsP99 = try r.f64()
            s.uptime = try r.f64()
            if version >= 8 {
                var counters = s.counters.all
                for i in counters.indices { counters[i] = CounterSummary(median: try r.f64(), p99: try r.f64()) }
                s.counters.all = counters
            }
            self = .stats(serial: serial, s)
        case .tree:
            let serial = try r.u32()
            self = .tree(serial: serial, try r.array("layers", minimumSize: 66) { (r: inout WireReader, _) throws(WireError) in try r.treeNode() })
        case .input:
            self = .input(try r.inputEvent())
        case .outputChanged:
            self = .outputChanged(try r.outputInfo())
        case .hitTestResult:
            let serial = try r.u32()
            self = .hitTestResult(
                serial: serial, layer: try r.optional("a layer handle") { (r: inout WireReader) throws(WireError) in LayerHandle(try r.u64()) })
        case .goodbye:
            self = .goodbye(reason: try r.string("a reason", limit: 1 << 20))
        case .bufferReleased:
            self = .bufferReleased(bitmap: BitmapID(try r.u64("a bitmap id")))
        case .tileRequests:
            self = .tileRequests(try r.array("tile requests", minimumSize: 68) { (r: inout WireReader, _) throws(WireError) in try r.tileRequest() })
        }
        try r.expectEnd("\(opcode) event")
    }
}

extension WireWriter {
    mutating func outputInfo(_ o: OutputInfo) {
        string(o.name); f64(o.width); f64(o.height); f64(o.scale); f64(o.refreshRate)
    }
}

extension WireReader {
    mutating func outputInfo() throws(WireError) -> OutputInfo {
        OutputInfo(name: try string(), width: try f64(), height: try f64(), scale: try f64(), refreshRate: try f64())
    }
}
