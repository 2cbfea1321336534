import Dispatch
import Glibc
public import LaminaCore
public import LaminaImage
public import LaminaWire

/// The app's connection to `laminad`: where its transactions go and its events come from.
///
/// Open one with `Connection(name:)`; it becomes the connection every layer commits through. It finds
/// the daemon at `$LAMINA_SOCKET`, then `$XDG_RUNTIME_DIR/lamina-0`, then `/run/lamina/laminad.sock`.
/// Events (commit acknowledgements, animation starts and stops, frames) are read on the main queue as
/// they arrive; a program that never returns to the main queue calls `processEvents(timeout:)` or one
/// of the waiting calls (`synchronize()`, `screenshot()`), which read them in place.
@MainActor
public final class Connection {
    /// What the daemon said when the connection opened (or last reopened): its version, outputs and
    /// limits.
    public private(set) var welcome: Welcome
    /// The socket path it connected to.
    public let path: String
    /// Called with every error the daemon or the library reports after the call that caused it
    /// returned (a rejected commit, an edit refused locally). Errors are also kept for `synchronize()`.
    public var onError: (@MainActor (LaminaError) -> Void)?
    /// Called with input events no layer's `onInput` handled (the event names the layer hit, by its
    /// handle); see `Layer.onInput`.
    public var onInput: (@MainActor (InputEvent) -> Void)?
    /// Called when the output changes size or scale (a window on a Wayland host resized): the canvas
    /// now covers `welcome.outputs`, which already describe the change.
    public var onOutputChange: (@MainActor (OutputInfo) -> Void)?

    private var wire: WireClient
    /// The name the connection handshakes with.
    private let name: String
    /// The protocol version it asks for (`laminaProtocolVersion` unless the app pinned an older one).
    private let requestedVersion: UInt32
    /// Why the daemon said it was stopping (`goodbye`), until the connection opens again.
    public private(set) var goodbyeReason: String?
    /// Whether the connection opens again by itself when the daemon goes away (see `reconnect()`).
    public var reconnectsAutomatically = true
    /// How many times the connection has opened again after the daemon went away.
    public private(set) var reconnections = 0
    /// Whether a reconnection is under way (a send that fails inside it does not start another).
    private var reconnecting = false
    /// The mirror's identities of animations, to the model tree's (for a replay after reconnecting).
    private var mirrorAnimations: [AnimationID: AnimationID] = [:]
    private var source: (any DispatchSourceRead)?
    var uploader = BitmapUploader()
    private var mirror = CommittedMirror()
    var nextSerial: UInt32 = 1
    /// Commits sent and not yet acknowledged or rejected, in order.
    private var unacknowledged: [(serial: UInt32, commit: OutgoingCommit)] = []
    /// The daemon's animation identities to the model tree's.
    private var animationIDs: [UInt64: AnimationID] = [:]
    private var tracker = CompletionTracker<CompletionID>()
    private var replies: [UInt32: ServerMessage] = [:]
    private var errors: [LaminaError] = []
    private var topLevel: [Layer] = []
    var displayLinks: [DisplayLink] = []
    private var frameRequested: UInt32?
    /// The serials of the frames asked for after tiles were sent, which free the tiles' pool space.
    private var tileFrames: Set<UInt32> = []
    /// Tiles drawn on worker threads, waiting to be sent from the main actor.
    private let drawnTiles = TileInbox()
    /// Tiles given to worker threads and not sent yet: while any is, event waits poll for them, and
    /// the daemon asking for one again (it asks again after 30 frames) does not draw it twice.
    private var tilesDrawing: Set<WireTile> = []
    private static var unclaimedErrors: [LaminaError] = []

    /// Connects to the daemon at `path`, or at the first of the standard paths that answers, and
    /// handshakes as `name`. Commits made before it opened are sent now.
    ///
    /// `version` is the protocol version to ask for: this library's own by default. The session speaks
    /// the lower of it and the daemon's (`protocolVersion`); a request that version lacks throws
    /// `LaminaError.unsupported` naming it, so an app can pin an older version to check that it runs
    /// on older daemons.
    public init(name: String = "lamina-app", path: String? = nil, version: UInt32 = laminaProtocolVersion) throws(LaminaError) {
        let candidates = path.map { [$0] } ?? Self.standardPaths()
        var lastError: WireClientError?
        var connected: (WireClient, String)?
        for candidate in candidates {
            do {
                connected = (try WireClient.connect(path: candidate, name: name, version: version), candidate)
                break
            } catch {
                if case .refused(let report) = error { throw LaminaError(report) }
                lastError = error
            }
        }
        guard let (wire, path) = connected, let welcome = wire.welcome else {
            throw .noDaemon(tried: candidates, reason: lastError.map { "\($0)" } ?? "no path to try")
        }
        self.wire = wire
        self.path = path
        self.name = name
        self.requestedVersion = version
        self.welcome = welcome
        errors = Self.unclaimedErrors
        Self.unclaimedErrors = []
        watch()
        Session.shared.attach(self)
    }

    /// Reads events on the main queue as they arrive.
    private func watch() {
        let source = DispatchSource.makeReadSource(fileDescriptor: wire.socket, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readAvailableEvents() }
        }
        source.resume()
        self.source = source
    }

    /// Opens the connection again after the daemon went away (it restarted: an upgrade, a crash,
    /// systemd's `Restart=on-failure`; socket activation keeps the socket) and hands the new daemon
    /// the app's model, as KWin hands a restarted compositor its Wayland apps: every layer with its
    /// written values, the hierarchy, masks and names, the bitmaps still held, the animations at their
    /// original times (media time is the machine's monotonic clock, so they carry on where they were),
    /// then the commits that were on their way. Returns whether it reconnected.
    ///
    /// Called when a read or a send finds the connection closed; the app does nothing itself.
    @discardableResult
    public func reconnect() -> Bool {
        guard reconnectsAutomatically, Session.shared.connection === self else { return false }
        let wasReconnecting = reconnecting
        reconnecting = true
        defer { reconnecting = wasReconnecting }
        let fresh: WireClient
        do { fresh = try WireClient.connect(path: path, name: name, version: requestedVersion) } catch { return false }
        guard let freshWelcome = fresh.welcome else { return false }
        source?.cancel()
        wire = fresh
        welcome = freshWelcome
        goodbyeReason = nil
        watch()
        let before = mirror, onTheirWay = unacknowledged.map(\.commit), localIDs = mirrorAnimations
        mirror = CommittedMirror()
        mirrorAnimations = [:]
        uploader = BitmapUploader()
        unacknowledged = []
        animationIDs = [:]
        frameRequested = nil
        tileFrames = []
        tilesDrawing = []
        _ = drawnTiles.take()
        reconnections += 1
        // The new daemon has none of the buffers shared with the old one: they go again, before the
        // layers that show them.
        sharedBuffers.shareAgain()
        send(Session.shared.snapshot(of: before, localAnimations: localIDs))
        for commit in onTheirWay { send(commit) }
        return true
    }

    isolated deinit {
        source?.cancel()
    }

    /// Closes the connection: the daemon drops this client's layers.
    public func close() {
        source?.cancel()
        source = nil
        if Session.shared.connection === self { Session.shared.connection = nil }
    }

    // MARK: Top-level layers

    /// The layers shown directly on the output, back to front.
    public var layers: [Layer] { topLevel }

    /// Shows `layer` on the output, above the others (as a window's root layer is shown).
    public func addLayer(_ layer: Layer) {
        guard !layer.isPresentation else { return }
        let oldParent = layer.parentObject
        let wasShown = oldParent != nil || isTopLevel(layer)
        Session.shared.record(.insertSublayer(layer.handle, into: nil, at: nil))
        oldParent?.syncChildren()
        layer.parentObject = nil
        syncTopLevel()
        if !wasShown { layer.runEventAction(Layer.onOrderIn) }
        oldParent?.runEventAction(Layer.sublayersKey)
    }

    func syncTopLevel() {
        topLevel = Session.shared.rootLayers
    }

    /// Whether `layer` is one of the connection's top-level layers.
    func isTopLevel(_ layer: Layer) -> Bool {
        topLevel.contains { $0 === layer }
    }

    // MARK: Sending

    /// The shared-memory pools this connection maps for bitmaps: their bytes, and of them the bytes
    /// holding pixels the daemon has not taken yet (the rest is free for the next uploads).
    public var bitmapPools: (bytes: Int, inFlight: Int) { (uploader.poolBytes, uploader.bytesInFlight) }

    /// The commit time of the last commit the daemon applied: the blank at which its frame is shown.
    package private(set) var lastCommitTime = 0.0
    /// Shared GPU buffers: imports sent, refused and released (`Connection+SharedBuffers.swift`).
    let sharedBuffers = SharedBufferLedger()

    func send(_ commit: OutgoingCommit) {
        do throws(LaminaError) {
            let serial = nextSerial
            let (pools, bitmaps) = try uploader.upload(commit.bitmaps, serial: serial)
            for pool in pools { try sendMessage(pool) }
            for id in commit.released { uploader.release(id) }
            let message = ClientMessage.commit(
                Commit(serial: serial, bitmaps: bitmaps, operations: commit.operations, released: commit.released))
            // The daemon closes a connection that sends a message over its limit: refuse it here, with
            // the reason, and keep the connection.
            let size = message.raw.encoded.count
            guard size <= Int(welcome.limits.maxMessageBytes) else {
                uploader.acknowledge(serial)  // nothing of it is sent: its pool space is free again
                uploader.forget(commit.bitmaps)
                throw LaminaError.invalidOperation(
                    "a commit of \(commit.operations.count) operations is \(size) bytes, over the daemon's limit of "
                        + "\(welcome.limits.maxMessageBytes) bytes a message (large paths and strings count: commit them apart)")
            }
            nextSerial &+= 1
            do throws(LaminaError) {
                try sendFences()
                try sendMessage(message)
            } catch {
                // The daemon went away: open again, which sends the model and then this commit.
                if !reconnecting {
                    reconnecting = true
                    defer { reconnecting = false }
                    unacknowledged.append((serial, commit))
                    if reconnect() { return }
                    unacknowledged.removeLast()
                }
                throw error
            }
            unacknowledged.append((serial, commit))
        } catch {
            deliver(error)
            for pending in commit.completions { Session.shared.fire(pending.completion) }
        }
    }

    /// Draws the tiles the daemon asks for with their layers' `tileDrawer`s, each on a worker thread,
    /// and sends each as it is done (a layer gone, or without a drawer, leaves its tiles undrawn).
    private func drawTiles(_ requests: [WireTileRequest]) {
        let opened = reconnections
        for request in requests {
            guard let layer = Session.shared.layer(request.tile.layer) as? TiledLayer, let drawer = layer.tileDrawer else { continue }
            let tile = Tile(
                level: Int(request.tile.level), column: Int(request.tile.column), row: Int(request.tile.row), rect: request.rect,
                scale: request.scale, width: Int(request.width), height: Int(request.height))
            guard tilesDrawing.insert(request.tile).inserted else { continue }
            let inbox = drawnTiles
            DispatchQueue.global().async { [weak self] in
                inbox.put(DrawnTile(tile: request.tile, pixels: tile.render(with: drawer), width: tile.width, height: tile.height, opened: opened))
                // For an app whose main queue runs; one waiting for events sends them from there.
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.sendDrawnTiles() } }
            }
        }
    }

    /// Tells the daemon the tiles of a tiled layer meeting `rect` (all, for nil) are to be drawn again.
    func invalidateTiles(of handle: LayerHandle, in rect: Rect?) {
        do { try sendMessage(.invalidateTiles(layer: handle, rect: rect)) } catch { deliver(error) }
    }

    /// Sends the tiles drawn since the last call.
    private func sendDrawnTiles() {
        let drawn = drawnTiles.take()
        guard !drawn.isEmpty else { return }
        // One frame asked after the batch frees the space of all its tiles when it comes.
        let serial = nextSerial
        nextSerial &+= 1
        var sent = false
        for tile in drawn {
            tilesDrawing.remove(tile.tile)
            // A tile asked by a daemon since replaced (the connection opened again) is asked afresh.
            guard let pixels = tile.pixels, tile.opened == reconnections, Session.shared.layer(tile.tile.layer) is TiledLayer else {
                continue
            }
            do throws(LaminaError) {
                let (pools, wirePixels) = try uploader.uploadTile(pixels, width: tile.width, height: tile.height, serial: serial)
                for pool in pools { try sendMessage(pool) }
                try sendMessage(.provideTile(tile.tile, pixels: wirePixels))
                sent = true
            } catch {
                deliver(error)
            }
        }
        guard sent else { return }
        do { try sendMessage(.requestFrame(serial: serial)) } catch { deliver(error) }
        tileFrames.insert(serial)
    }

    /// The protocol version the session speaks: the lower of the one asked for and the daemon's.
    public var protocolVersion: UInt32 { welcome.protocolVersion }

    func sendMessage(_ message: ClientMessage) throws(LaminaError) {
        // A request the session's version lacks would be an unknown opcode to the daemon: say which
        // feature it is and which version brought it, before anything is sent.
        guard message.introducedIn <= protocolVersion else {
            throw .unsupported(feature: "\(message.opcode)", introducedIn: message.introducedIn, sessionVersion: protocolVersion)
        }
        do { try wire.send(message) } catch { throw .connection(error) }
    }

    private func request(_ make: (UInt32) -> ClientMessage, what: String, timeout: Double) throws(LaminaError) -> ServerMessage {
        let serial = nextSerial
        nextSerial &+= 1
        try sendMessage(make(serial))
        try wait(for: what, timeout: timeout) { replies[serial] != nil }
        return replies.removeValue(forKey: serial)!
    }

    // MARK: Errors

    /// Reports an error to the open connection (or keeps it for the next one).
    static func report(_ error: LaminaError) {
        if let connection = Session.shared.connection {
            connection.deliver(error)
        } else {
            unclaimedErrors.append(error)
        }
    }

    private func deliver(_ error: LaminaError) {
        errors.append(error)
        onError?(error)
    }

    /// Commits the implicit transaction, waits until the daemon has applied or rejected every commit
    /// sent, and throws the first error reported since the last call (clearing them all).
    public func synchronize(timeout: Double = 10) throws(LaminaError) {
        Transaction.flush()
        try wait(for: "commit acknowledgement", timeout: timeout) { unacknowledged.isEmpty }
        if let first = errors.first {
            errors = []
            throw first
        }
    }

    // MARK: Events

    /// Reads and handles the events that have arrived, waiting at most `timeout` seconds for the
    /// first; returns how many were handled. Completion blocks, animation delegates and display links
    /// run inside.
    @discardableResult
    public func processEvents(timeout: Double = 0) throws(LaminaError) -> Int {
        var handled = 0
        var wait = timeout
        let deadline = currentMediaTime() + timeout
        while true {
            sendDrawnTiles()
            let message: ServerMessage
            // While tiles are being drawn, the wait is cut into short ones that send each as it is done.
            do { message = try wire.receive(timeout: !tilesDrawing.isEmpty ? Swift.min(wait, 0.005) : wait) } catch {
                if case .timedOut = error {
                    wait = deadline - currentMediaTime()
                    if !tilesDrawing.isEmpty, wait > 0 { continue }
                    sendDrawnTiles()
                    return handled
                }
                // The daemon went away: open again and carry on, or report it (with the reason it
                // gave, when it said goodbye).
                if reconnect() { return handled }
                if let goodbyeReason { throw .daemonStopped(reason: goodbyeReason) }
                throw .connection(error)
            }
            handle(message)
            handled += 1
            wait = 0
        }
    }

    /// Handles events until `done` is true, for at most `timeout` seconds.
    public func wait(for what: String = "event", timeout: Double = 10, until done: () -> Bool) throws(LaminaError) {
        let deadline = currentMediaTime() + timeout
        while !done() {
            let left = deadline - currentMediaTime()
            guard left > 0 else { throw .timedOut(waitingFor: what, seconds: timeout) }
            Transaction.flush()
            try processEvents(timeout: Swift.min(left, 0.5))
        }
    }

    private func readAvailableEvents() {
        do { try processEvents(timeout: 0) } catch {
            // A broken connection stays broken: stop watching it rather than wake for it again.
            source?.cancel()
            source = nil
            deliver(error)
        }
    }

    private func handle(_ message: ServerMessage) {
        let session = Session.shared
        switch message {
        case .committed(let serial, let time, let animations):
            uploader.acknowledge(serial)
            lastCommitTime = time
            guard let index = unacknowledged.firstIndex(where: { $0.serial == serial }) else { return }
            let commit = unacknowledged.remove(at: index).commit
            do {
                let added = try mirror.apply(commit.operations, at: time)
                for (mirrored, local) in zip(added, commit.animations) { mirrorAnimations[mirrored] = local }
            } catch {
                deliver(.invalidOperation("the daemon applied commit \(serial), which this client cannot: \(error)"))
            }
            for (server, local) in zip(animations, commit.animations) { animationIDs[server] = local }
            for pending in commit.completions {
                if let due = tracker.track(pending) { session.fire(due) }
            }
        case .error(let report):
            if let index = unacknowledged.firstIndex(where: { $0.serial == report.serial }) {
                uploader.acknowledge(report.serial)
                let commit = unacknowledged.remove(at: index).commit
                uploader.forget(commit.bitmaps)  // the daemon did not take them: send them again when used
                // The app's model goes back to what the daemon has, plus what is still on its way.
                session.rollBack(
                    to: mirror.tree, root: mirror.root, handles: mirror.handles,
                    replaying: unacknowledged[index...].map(\.commit.operations), rejected: commit.operations)
                deliver(LaminaError(report))
                for pending in commit.completions { session.fire(pending.completion) }
            } else if sharedBuffers.refused(report) {
                break  // the GL layer that shared the buffer shares through memory instead, or says why not
            } else if report.serial != 0 {
                replies[report.serial] = message  // the request waiting for this serial throws it
            } else {
                deliver(LaminaError(report))
            }
        case .animationStarted(_, let server, _):
            guard let local = animationIDs[server], let object = session.animationObjects[local] else { return }
            object.animation.delegate?.animationDidStart(object.animation)
        case .animationStopped(_, let server, _, let finished):
            guard let local = animationIDs.removeValue(forKey: server) else { return }
            if let object = session.animationStopped(local) {
                object.animation.delegate?.animationDidStop(object.animation, finished: finished)
            }
            for due in tracker.animationStopped(local) { session.fire(due) }
        case .transactionCompleted:
            break  // completions are tracked per transaction, nested ones included, from the events above
        case .frame(let serial, _, _) where tileFrames.contains(serial):
            tileFrames.remove(serial)
            uploader.acknowledgeTiles(serial)
        case .frame(let serial, let time, let target):
            if frameRequested == serial { frameRequested = nil }
            for link in displayLinks { link.fire(timestamp: time, targetTimestamp: target) }
            requestFrameIfNeeded()
        case .welcome:
            break
        case .bufferReleased(let bitmap):
            sharedBuffers.released.insert(bitmap)
        case .tileRequests(let requests):
            drawTiles(requests)
        case .input(let event):
            deliverInput(event)
        case .outputChanged(let output):
            if let index = welcome.outputs.firstIndex(where: { $0.name == output.name }) {
                welcome.outputs[index] = output
            } else {
                welcome.outputs = [output]
            }
            onOutputChange?(output)
        case .goodbye(let reason):
            goodbyeReason = reason
        case .presentation(let serial, _, _, _), .screenshot(let serial, _, _, _), .stats(let serial, _),
            .tree(let serial, _), .hitTestResult(let serial, _):
            replies[serial] = message
        }
    }

    /// Hands an input event to the layer it names, or the nearest superlayer with a handler, or
    /// `onInput`.
    private func deliverInput(_ event: InputEvent) {
        let hit = Session.shared.layer(event.layer)
        var candidate = hit
        while let layer = candidate {
            if let handler = layer.onInput {
                var passed = event
                if layer !== hit { passed.location = layer.convert(event.location, from: hit) }
                handler(passed)
                return
            }
            candidate = layer.superlayer
        }
        onInput?(event)
    }

    // MARK: Presentation

    /// The presentation values of a layer at media time `time`, from the mirror of the commits the
    /// daemon has applied (acknowledgements that have arrived are read first, without waiting).
    func presentationValues(of handle: LayerHandle, at time: Double) -> PropertyValues? {
        readArrivedEvents()
        return mirror.presentationValues(of: handle, at: time)
    }

    /// The whole tree as presented at `time`, and the handles of its layers (see
    /// `CommittedMirror.presentationTree`).
    func presentationTree(at time: Double) -> (tree: LayerTree, handles: HandleTable) {
        readArrivedEvents()
        return mirror.presentationTree(at: time)
    }

    /// Handles the events already in the socket, never waiting for more.
    private func readArrivedEvents() {
        do { _ = try processEvents(timeout: 0) } catch { deliver(error) }
    }

    /// Asks the daemon for a layer's presentation values (a round trip; `Layer.presentation()` needs
    /// none): the media time it evaluated them at, and the values by property.
    public func daemonPresentation(of layer: Layer, timeout: Double = 10) throws(LaminaError) -> (
        time: Double, values: [String: PropertyValue]
    ) {
        guard let handle = layer.handle else { throw .invalidOperation("a presentation copy has no daemon layer") }
        let reply = try request({ .queryPresentation(serial: $0, layer: handle) }, what: "presentation", timeout: timeout)
        switch reply {
        case .presentation(_, _, let time, let values):
            var byName: [String: PropertyValue] = [:]
            for (row, value) in zip(LayerProperties.table, values) { byName[row.name] = LayerKeyPath(row.key).named(value) }
            return (time, byName)
        case .error(let report): throw LaminaError(report)
        default: throw .connection(.unexpected(reply))
        }
    }

    // MARK: Requests

    /// The deepest layer of `layer`'s subtree that the daemon draws at `point` (in `layer`'s
    /// superlayer's space) on the frame on screen: `CALayer.hitTest(_:)` on the daemon's presentation
    /// tree, a round trip. `Layer.presentation()?.hitTest(_:)` answers the same here without one; this
    /// asks the daemon itself (protocol version 7; an older session throws `unsupported`).
    public func daemonHitTest(_ point: Point, in layer: Layer, timeout: Double = 10) throws(LaminaError) -> Layer? {
        guard let handle = layer.handle else { throw .invalidOperation("a presentation copy has no daemon layer") }
        let reply = try request({ .hitTest(serial: $0, layer: handle, point: point) }, what: "hit test", timeout: timeout)
        switch reply {
        case .hitTestResult(_, let hit): return hit.flatMap { Session.shared.layer($0) }
        case .error(let report): throw LaminaError(report)
        default: throw .connection(.unexpected(reply))
        }
    }

    /// The output as the daemon shows it after its next frame, as an image (straight alpha).
    public func screenshot(timeout: Double = 10) throws(LaminaError) -> RGBAImage {
        let png = try screenshotPNG(timeout: timeout)
        do { return try PNG.decode(png) } catch { throw .bitmap("the daemon's screenshot: \(error)") }
    }

    /// The output after the daemon's next frame, as a PNG file's bytes.
    public func screenshotPNG(timeout: Double = 10) throws(LaminaError) -> [UInt8] {
        Transaction.flush()
        switch try request({ .screenshot(serial: $0, destination: .png) }, what: "screenshot", timeout: timeout) {
        case .screenshot(_, _, _, let png): return png
        case .error(let report): throw LaminaError(report)
        case let other: throw .connection(.unexpected(other))
        }
    }

    /// The daemon's counters.
    public func stats(timeout: Double = 10) throws(LaminaError) -> DaemonStats {
        switch try request({ .stats(serial: $0) }, what: "stats", timeout: timeout) {
        case .stats(_, let stats): return stats
        case .error(let report): throw LaminaError(report)
        case let other: throw .connection(.unexpected(other))
        }
    }

    /// Layers as the daemon holds them, depth first: this connection's own (`.own`, the default), or
    /// every client's (`.allClients`), which the daemon grants only to its own user, root and its
    /// privileged group (else `notPermitted`).
    public func tree(scope: TreeScope = .own, timeout: Double = 10) throws(LaminaError) -> [TreeNode] {
        switch try request({ .tree(serial: $0, scope: scope) }, what: "tree", timeout: timeout) {
        case .tree(_, let nodes): return nodes
        case .error(let report): throw LaminaError(report)
        case let other: throw .connection(.unexpected(other))
        }
    }

    // MARK: Frames

    /// Asks for a frame callback when a display link is running and none is outstanding.
    func requestFrameIfNeeded() {
        guard frameRequested == nil, displayLinks.contains(where: { !$0.isPaused }) else { return }
        let serial = nextSerial
        nextSerial &+= 1
        do {
            try sendMessage(.requestFrame(serial: serial))
            frameRequested = serial
        } catch {
            deliver(error)
        }
    }
}
