import LaminaCompositor
import LaminaModel
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWayland
import LaminaWire
import Logging
import LaminaSession

/// The compositor thread's loop: it owns the `Compositor` (and so the trees and the GL objects), takes
/// requests from the I/O thread, draws frames on the output's frame clock and sends events back.
///
/// It sleeps in epoll on three descriptors: the request mailbox, the frame timer and the stop signal.
/// The timer runs only while something needs drawing (a commit, a frame callback, a screenshot, an
/// animation that has not stopped); otherwise the thread sleeps until a request comes.
final class CompositorLoop {
    private let configuration: DaemonConfiguration
    private let requests: Mailbox<CompositorRequest>
    private let deliveries: Mailbox<ClientDelivery>
    private let stop: EventNotifier
    let logger: Logger
    let compositor: Compositor
    private let timer: FrameTimer
    /// Fires at the blank the last frame is shown at: what the compositor sends is held until then.
    private let present: OneShotTimer
    private let epoll: Epoll
    private let started = MediaClock.now

    private var needsFrame = false
    /// Whether a client left since the last frame: after the next frame, what was sized for it goes.
    private var releasesSpareMemory = false
    private var frameRequests: [(client: ClientID, serial: UInt32)] = []
    private var screenshots: [(client: ClientID, serial: UInt32, pool: SharedMemoryPool?, offset: Int)] = []
    /// Commits whose animations have not all stopped, by client and serial: `transactionCompleted`
    /// goes out when the last stops (the rule the client library fires completion blocks by).
    private var completions = CompletionTracker<ClientKey>()
    private var outgoing: [ClientDelivery] = []
    private var history = FrameTimeHistory()
    /// The recent frames' counters, for `stats` (version 8), in `FrameCounterSummaries.all`'s order.
    private var counterHistories = [FrameTimeHistory](repeating: FrameTimeHistory(), count: 6)
    /// The recent frames' time from the wake-up until their GPU work was done: the CPU phases, then
    /// what the next frame waited on the fence (an upper bound on the GPU's tail; 0 when it was done).
    private var drawTimes = FrameTimeHistory(capacity: 120)
    private var lastCPUTime: Double?
    private var framesDrawn: UInt64 = 0
    /// The media time of the last frame drawn (the blank it is shown at).
    private var lastFrameTime = -Double.infinity
    private var applied: UInt64 = 0
    private var rejected: UInt64 = 0
    private var clientNames: [ClientID: String] = [:]

    private struct ClientKey: Hashable, Sendable {
        var client: ClientID
        var serial: UInt32
    }

    private enum Token: UInt64 {
        case requests = 1, timer, stop, present, rasters, wayland, keyRepeat
    }

    /// Fires when a key held on the Wayland seat repeats.
    private let keyRepeat: OneShotTimer

    /// The window on a Wayland host, with `--output wayland`.
    private let wayland: WaylandOutput?
    /// The recording (`--record`), opened at the output's size once the output has it.
    private let recorder: OutputRecorder?
    /// Frames of another size than the recording's (the output was resized), not recorded.
    private var unrecordedFrames = 0

    /// Signalled by the raster thread when a shape or text raster is ready to show.
    private let rasters: EventNotifier

    /// Makes the compositor on the render thread (`context` is that thread's); `window` is the Wayland
    /// window to show the output in, with `--output wayland`.
    init(
        context: RenderContext, configuration: DaemonConfiguration, window: WaylandWindow?, requests: Mailbox<CompositorRequest>,
        deliveries: Mailbox<ClientDelivery>, stop: EventNotifier, logger: Logger
    ) throws(DaemonError) {
        self.configuration = configuration
        self.requests = requests
        self.deliveries = deliveries
        self.stop = stop
        self.logger = logger
        do {
            compositor = try Compositor(context, output: configuration.output, textureBudget: configuration.textureBudget)
        } catch {
            throw .compositor(error)
        }
        // Frames end with a fence, not glFinish: the GPU finishes one while this thread sleeps.
        compositor.waitsForGPU = false
        compositor.redrawsEverything = configuration.redrawsEverything
        compositor.tileBudget = configuration.tileBudget
        compositor.threads = FrameThreadPool.threads(configuration.frameThreads)
        compositor.renderLog = RenderLog { [logger] line in logger.warning("\(line)") }
        do {
            rasters = try EventNotifier()
            timer = try FrameTimer(refreshRate: configuration.refreshRate)
            present = try OneShotTimer()
            keyRepeat = try OneShotTimer()
            epoll = try Epoll()
            try epoll.add(requests.notifier.descriptor, token: Token.requests.rawValue)
            try epoll.add(timer.descriptor, token: Token.timer.rawValue)
            try epoll.add(stop.descriptor, token: Token.stop.rawValue)
            try epoll.add(present.descriptor, token: Token.present.rawValue)
            try epoll.add(rasters.descriptor, token: Token.rasters.rawValue)
            try epoll.add(keyRepeat.descriptor, token: Token.keyRepeat.rawValue)
        } catch {
            throw .system(error)
        }
        if let window {
            let output = WaylandOutput(window: window, context: context, refreshRate: configuration.refreshRate, logger: logger)
            wayland = output
            if let descriptor = output.descriptor {
                do { try epoll.add(descriptor, token: Token.wayland.rawValue) } catch { throw .system(error) }
                // A lost window's connection may stay open (an EGL display is on it): unwatched then.
                output.onLoss = { [epoll] in epoll.remove(descriptor) }
            }
            // The host's first configure is already queued: the output takes the window's size now,
            // before any client is welcomed (the daemon reads `output` once this loop is made).
            _ = output.dispatch(compositor, now: MediaClock.now)
            needsFrame = true
        } else {
            wayland = nil
        }
        if let path = configuration.recordingPath {
            do {
                recorder = try OutputRecorder(
                    path: path, width: compositor.target.width, height: compositor.target.height, framesPerSecond: configuration.refreshRate)
            } catch {
                throw .configuration("cannot record: \(error)")
            }
        } else {
            recorder = nil
        }
        // Shapes and text are rasterised on a thread of their own, so that no client's costly path
        // or string holds up the frame every client shares; a frame shows each raster once ready.
        compositor.rasterizeInBackground { [rasters] in rasters.signal() }
    }

    /// The output as it is now (a Wayland host may have sized it).
    var output: OutputConfiguration { compositor.configuration }

    /// Runs until the stop notifier fires.
    func run() {
        defer {
            if let recorder {
                let (encoded, dropped, failure) = recorder.finish()
                if let failure { logger.error("recording \(recorder.path): \(failure)") }
                logger.info("recorded \(encoded) frames to \(recorder.path)\(dropped > 0 ? " (\(dropped) dropped: the encoder fell behind)" : "")")
                if unrecordedFrames > 0 {
                    logger.warning("\(unrecordedFrames) frames were not recorded: the output was resized away from the recording's \(recorder.width)x\(recorder.height) pixels")
                }
            }
        }
        while true {
            for ready in epoll.wait(timeout: -1) {
                switch Token(rawValue: ready.token) {
                case .requests:
                    for request in requests.take() { handle(request) }
                case .timer:
                    let tick = timer.acknowledge()
                    // With a Wayland host, a frame waits until the host has shown the last one.
                    if needsFrame || compositor.isAnimating, wayland?.mayDraw(now: MediaClock.now) ?? true { drawFrame(at: tick) }
                case .wayland:
                    if let wayland { handle(wayland.dispatch(compositor, now: MediaClock.now)) }
                    scheduleKeyRepeat()
                case .keyRepeat:
                    keyRepeat.clear()
                    if let wayland { handle(wayland.repeatKey(compositor, now: MediaClock.now)) }
                    scheduleKeyRepeat()
                case .stop:
                    return
                case .present:
                    present.clear()
                case .rasters:
                    rasters.drain()
                    needsFrame = true
                case nil:
                    break
                }
            }
            if needsFrame || compositor.isAnimating {
                timer.arm(lead: repaintLead)
            } else {
                timer.disarm()
            }
            // A frame is drawn ahead of the blank it is shown at; what it (and anything after it)
            // sends goes out at that blank, so no client hears of a frame before it is on screen.
            if present.deadline == nil, !outgoing.isEmpty {
                deliveries.post(contentsOf: outgoing)
                outgoing.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Sets the key-repeat timer for the held key's next repeat, or clears it.
    private func scheduleKeyRepeat() {
        if let next = wayland?.nextRepeat {
            if keyRepeat.deadline != next { keyRepeat.set(next) }
        } else if keyRepeat.deadline != nil {
            keyRepeat.clear()
        }
    }

    // MARK: Requests

    private func handle(_ actions: [WaylandOutput.Action]) {
        for action in actions {
            switch action {
            case .resized(let output):
                outgoing.append(.outputChanged(output))
                needsFrame = true
            case .input(let client, let event):
                send(client, .input(event))
            case .presented(let time, let interval):
                let before = timer.interval
                timer.synchronize(blank: time, interval: interval)
                // A host refreshing at another rate than the daemon's own clock: clients are told.
                if abs(timer.interval - before) > before * 0.005, let wayland {
                    wayland.refreshRate = 1 / timer.interval
                    outgoing.append(.outputChanged(wayland.info(compositor)))
                }
            }
        }
    }

    func send(_ client: ClientID, _ message: ServerMessage) {
        outgoing.append(.message(client, message))
    }

    /// Sends a message that answers none of the client's requests (an error about a tile or a buffer).
    func notify(_ client: ClientID, _ message: ServerMessage) {
        outgoing.append(.notice(client, message))
    }

    private func handle(_ request: CompositorRequest) {
        switch request {
        case .connect(let client, let name, let limits):
            compositor.addClient(client, limits: limits)
            clientNames[client] = name
        case .disconnect(let client):
            // The scene shrank for good: the client's layers go now, and what was sized for them (and
            // what the C heap keeps of it) after the next frame, so that neither half holds the other
            // clients' frames for more than one.
            HeapTuning.givingBackMemory(logger: logger, trims: false) { compositor.removeClient(client) }
            releasesSpareMemory = true
            clientNames[client] = nil
            frameRequests.removeAll { $0.client == client }
            screenshots.removeAll { $0.client == client }
            compositor.forgetTileRequests(of: client)
            completions.forget { $0.client == client }
            needsFrame = true  // its layers leave the screen
            outgoing.append(.forgotten(client))
        case .commit(let client, let transaction):
            compositor.commit(transaction, from: client)
            needsFrame = true
        case .requestFrame(let client, let serial):
            frameRequests.append((client, serial))
            needsFrame = true
        case .queryPresentation(let client, let serial, let handle):
            answerQuery(client, serial: serial, handle: handle)
        case .screenshot(let client, let serial, let pool, let offset):
            screenshots.append((client, serial, pool, offset))
            needsFrame = true
        case .stats(let client, let serial, let pools, let poolBytes):
            send(client, .stats(serial: serial, stats(pools: pools, poolBytes: poolBytes)))
        case .provideTile(let client, let tile, let pixels):
            takeTile(tile, pixels, from: client)
        case .invalidateTiles(let client, let layer, let rect):
            compositor.invalidateTiles(client: client, layer: layer, in: rect)
            needsFrame = true
        case .importBuffer(let client, let serial, let buffer):
            importBuffer(buffer, serial: serial, from: client)
        case .hitTest(let client, let serial, let handle, let point):
            answerHitTest(client, serial: serial, handle: handle, point: point)
        case .tree(let client, let serial, let scope, let maxBytes):
            switch treeNodes(of: scope == .own ? client : nil, maxBytes: maxBytes) {
            case .success(let nodes):
                send(client, .tree(serial: serial, nodes))
            case .failure(let error):
                send(client, .error(ErrorReport(serial: serial, code: .limitExceeded, message: "tree: \(error.message)")))
            }
        }
    }

    /// A tile a client drew: held when it was asked for and has the size asked; an answer to nothing
    /// asked (or no longer needed) is ignored and counted; a tile of another size is an error naming it.
    private func takeTile(_ tile: WireTile, _ pixels: BitmapPixels, from client: ClientID) {
        let key = TileKey(level: Int(tile.level), column: Int(tile.column), row: Int(tile.row))
        let (answer, size) = BitmapContents(id: BitmapID(0), pixels: pixels).withPixelSource { source in
            (compositor.provideTile(source, client: client, layer: tile.layer, key: key), (source.width, source.height))
        }
        switch answer {
        case .held:
            needsFrame = true
        case .notAsked:
            logger.debug("\(client): \(tile) was not asked for, or is no longer needed: ignored")
        case .wrongSize(let width, let height):
            notify(
                client,
                .error(
                    ErrorReport(
                        serial: 0, code: .invalidBitmap,
                        message: "provideTile: \(tile) is \(size.0)x\(size.1) pixels; it was asked for at \(width)x\(height)")))
        }
    }

    /// Asks each client for the tiles its tiled layers need and lack (each tile again while it goes
    /// unanswered), and keeps frames coming while any is outstanding, so that they are asked again.
    private func askForTiles() {
        var byClient: [ClientID: [WireTileRequest]] = [:]
        var order: [ClientID] = []
        for request in compositor.tilesToAsk() {
            if byClient[request.client] == nil { order.append(request.client) }
            byClient[request.client, default: []].append(
                WireTileRequest(
                    tile: WireTile(layer: request.layer, level: UInt32(request.key.level), column: UInt32(request.key.column), row: UInt32(request.key.row)),
                    rect: request.rect, width: UInt32(request.width), height: UInt32(request.height), scale: request.scale))
        }
        for client in order { send(client, .tileRequests(byClient[client]!)) }
        if compositor.tileTracker.hasOutstanding { needsFrame = true }
    }

    private func answerQuery(_ client: ClientID, serial: UInt32, handle: LayerHandle) {
        guard let id = compositor.store.layer(handle, of: client) else {
            send(client, .error(ErrorReport(serial: serial, code: .unknownLayer, message: "unknown layer \(handle)")))
            return
        }
        // Frames are drawn ahead of the blank they are shown at, and stamped with it: a commit already
        // applied takes effect at that blank. Answering at an earlier moment would show the commit's
        // model values without its animations, which no frame ever shows.
        let now = Swift.max(MediaClock.now, lastFrameTime)
        var values: [PropertyValue] = []
        values.reserveCapacity(LayerProperties.table.count)
        for row in LayerProperties.table {
            var value = (try? compositor.tree.presentationValue(LayerKeyPath(row.key), of: id, at: now)) ?? row.defaultValue
            if case .bitmap(let bitmap?) = value {
                value = .bitmap(compositor.store.clientBitmap(bitmap, of: client))
            }
            if case .cells(let cells) = value {
                value = .cells(EmitterCell.mappingBitmaps(cells) { compositor.store.clientBitmap($0, of: client) } ?? cells)
            }
            values.append(value)
        }
        send(client, .presentation(serial: serial, layer: handle, time: now, values: values))
    }

    /// `CALayer.hitTest(_:)` from one of the client's layers, on the frame on screen (the presentation
    /// the last frame drew, as taps are hit-tested): the layers where they are drawn, mid-animation
    /// included. A layer's subtree holds only its owner's layers, so the answer is always the asker's.
    private func answerHitTest(_ client: ClientID, serial: UInt32, handle: LayerHandle, point: Point) {
        guard let id = compositor.store.layer(handle, of: client) else {
            send(client, .error(ErrorReport(serial: serial, code: .unknownLayer, message: "hitTest: unknown layer \(handle)")))
            return
        }
        let hit = try? compositor.store.tree.hitTest(point, in: id, presentation: compositor.presentation)
        let owned = hit.flatMap { compositor.store.owner(of: $0) }.flatMap { $0.client == client ? $0.handle : nil }
        send(client, .hitTestResult(serial: serial, layer: owned))
    }

    /// Why a tree reply was refused.
    private struct TreeTooLarge: Error {
        var message: String
    }

    /// The layers of `client` (every client's when nil), depth first: those on screen from the canvas
    /// root down, then the ones not attached (roots never inserted, and their subtrees). The walk keeps
    /// its own stack, so no nesting depth can overflow the thread's, and it stops as soon as the reply
    /// would pass `maxBytes`.
    private func treeNodes(of client: ClientID?, maxBytes: Int) -> Result<[TreeNode], TreeTooLarge> {
        let tree = compositor.tree
        let store = compositor.store
        var nodes: [TreeNode] = []
        var bytes = 0
        var stack: [(id: LayerID, depth: Int, isMask: Bool, attached: Bool)] = []
        func walk(from top: LayerID, attached: Bool) -> Bool {
            stack.append((top, 0, false, attached))
            while let (id, depth, isMask, attached) = stack.popLast() {
                guard let owner = store.owner(of: id), client == nil || owner.client == client,
                    let values = try? tree.values(of: id)
                else { continue }
                let node = TreeNode(
                    client: UInt32(truncatingIfNeeded: owner.client.rawValue), clientName: clientNames[owner.client] ?? "",
                    handle: owner.handle, name: (try? tree.name(of: id)) ?? nil, depth: UInt16(clamping: depth),
                    isMask: isMask, isAttached: attached, frame: values.frame, opacity: values[.opacity],
                    isHidden: values[.hidden], animationCount: UInt32((try? tree.animations(of: id).count) ?? 0))
                bytes += node.encodedSize
                guard bytes <= maxBytes else { return false }
                nodes.append(node)
                // Pushed in reverse, so the mask comes out first, then the sublayers in order.
                for child in ((try? tree.sublayers(of: id)) ?? []).reversed() {
                    stack.append((child, depth + 1, false, attached))
                }
                if let mask = try? tree.mask(of: id) { stack.append((mask, depth + 1, true, attached)) }
            }
            return true
        }
        func refusal() -> TreeTooLarge {
            TreeTooLarge(
                message: "the reply would pass \(maxBytes) bytes (half the client's maxQueuedBytes) after \(nodes.count) layers")
        }
        for child in (try? tree.sublayers(of: store.root)) ?? [] where !walk(from: child, attached: true) {
            return .failure(refusal())
        }
        for id in tree.roots where id != store.root && ((try? tree.maskOwner(of: id)) ?? nil) == nil {
            guard walk(from: id, attached: false) else { return .failure(refusal()) }
        }
        return .success(nodes)
    }

    private func stats(pools: Int, poolBytes: Int) -> DaemonStats {
        var s = DaemonStats()
        s.clients = UInt32(compositor.store.clientCount)
        s.layers = UInt32(compositor.tree.count - 1)
        s.animations = UInt32(compositor.tree.animationCount)
        let textures = compositor.textureStatistics
        s.textures = UInt32(textures.count)
        s.textureBytes = UInt64(textures.bytes)
        s.pools = UInt32(pools)
        s.poolBytes = UInt64(poolBytes)
        s.framesDrawn = framesDrawn
        s.transactionsApplied = applied
        s.transactionsRejected = rejected
        s.frameMillisecondsP50 = history.percentile(0.5) * 1000
        s.frameMillisecondsP90 = history.percentile(0.9) * 1000
        s.frameMillisecondsP99 = history.percentile(0.99) * 1000
        s.uptime = MediaClock.now - started
        s.counters.all = counterHistories.map { CounterSummary(median: $0.percentile(0.5), p99: $0.percentile(0.99)) }
        return s
    }

    // MARK: Frames

    /// How long before a blank the frame shown there is started: the 90th percentile of the recent
    /// frames' draw times, plus a millisecond (1/4 of an interval until 8 frames were measured).
    private var repaintLead: Double {
        guard drawTimes.count >= 8 else { return timer.interval / 4 }
        return drawTimes.percentile(0.9) + 0.001
    }

    /// Draws the frame of the tick at `time` (its commits are stamped with it, its animations are
    /// evaluated at it, and frame callbacks report it).
    private func drawFrame(at time: Double) {
        needsFrame = false
        let report: FrameReport
        let cpuBefore = ProcessCPU.seconds()
        do {
            // Half a frame for transactions; the rest of the queue waits for the next tick.
            report = try compositor.frame(at: time, applyBudget: timer.interval / 2)
        } catch {
            logger.error("frame at \(time) failed: \(error)")
            return
        }
        // In `FrameCounterSummaries.all`'s order, recorded in place (no array made a frame).
        let counted = report.statistics
        counterHistories[0].record(Double(counted.uploadedInstanceBytes))
        counterHistories[1].record(Double(counted.uploadedTextureBytes))
        counterHistories[2].record(Double(counted.drawCalls))
        counterHistories[3].record(Double(counted.glObjectsCreated))
        counterHistories[4].record(Double(counted.instancesVisited))
        counterHistories[5].record((ProcessCPU.seconds() - cpuBefore) * 1000)
        framesDrawn += 1
        lastFrameTime = time
        if releasesSpareMemory {
            releasesSpareMemory = false
            HeapTuning.givingBackMemory(logger: logger) { compositor.releaseSpareMemory() }
        }
        if let recorder {
            if compositor.target.width == recorder.width, compositor.target.height == recorder.height {
                do { recorder.record(try compositor.readPixels(), at: time) } catch { logger.error("reading a frame back to record it: \(error)") }
            } else {
                unrecordedFrames += 1
            }
        }
        wayland?.frameDrawn(compositor, damage: report.statistics.damage, now: MediaClock.now)
        if time > MediaClock.now { present.set(time) }
        history.record(report.phases.total)
        if let cpu = lastCPUTime { drawTimes.record(cpu + report.phases.finish) }
        lastCPUTime = report.phases.total - report.phases.finish
        if compositor.hasPendingTransactions { needsFrame = true }

        for (client, serial, commitTime, animations) in report.applied {
            applied += 1
            send(client, .committed(serial: serial, commitTime: commitTime, animations: animations.map(\.rawValue)))
            if let due = completions.track(ClientKey(client: client, serial: serial), waitingFor: Set(animations)) {
                send(due.client, .transactionCompleted(serial: due.serial))
            }
        }
        for (client, bitmap) in compositor.takeReleasedBuffers() { send(client, .bufferReleased(bitmap: bitmap)) }
        for (client, serial, error) in report.rejected {
            rejected += 1
            logger.debug("\(client): commit \(serial) rejected: \(error)")
            send(
                client,
                .error(
                    ErrorReport(
                        serial: serial, code: ErrorCode(error.reason), operationIndex: Int32(error.operationIndex ?? -1),
                        message: "\(error)")))
        }
        for event in report.events {
            switch event.kind {
            case .started:
                send(event.client, .animationStarted(layer: event.layer, animation: event.animation.rawValue, key: event.key))
            case .stopped(let finished):
                send(
                    event.client,
                    .animationStopped(layer: event.layer, animation: event.animation.rawValue, key: event.key, finished: finished))
                for due in completions.animationStopped(event.animation) {
                    send(due.client, .transactionCompleted(serial: due.serial))
                }
            }
        }

        askForTiles()

        let target = time + timer.interval
        for (client, serial) in frameRequests {
            send(client, .frame(serial: serial, time: time, targetTime: target))
        }
        frameRequests.removeAll(keepingCapacity: true)

        // A screenshot shows the frame once its shapes and text are rasterised (the raster thread wakes
        // the loop for another frame when they are).
        if !screenshots.isEmpty, !compositor.hasPendingRasters { answerScreenshots() }
    }

    private func answerScreenshots() {
        let pixels: RGBAImage
        do {
            pixels = try compositor.readPixels()
        } catch {
            for shot in screenshots {
                send(shot.client, .error(ErrorReport(serial: shot.serial, code: .renderer, message: "\(error)")))
            }
            screenshots.removeAll()
            return
        }
        var png: [UInt8]?
        for shot in screenshots {
            let (w, h) = (UInt32(pixels.width), UInt32(pixels.height))
            if let pool = shot.pool {
                guard shot.offset >= 0, shot.offset + pixels.bytes.count <= pool.size else {
                    send(
                        shot.client,
                        .error(
                            ErrorReport(
                                serial: shot.serial, code: .invalidPool,
                                message: "a \(w)x\(h) screenshot needs \(pixels.bytes.count) bytes at offset \(shot.offset); the pool has \(pool.size)")))
                    continue
                }
                pixels.bytes.withUnsafeBytes { source in
                    (pool.base + shot.offset).copyMemory(from: source.baseAddress!, byteCount: source.count)
                }
                send(shot.client, .screenshot(serial: shot.serial, width: w, height: h, png: []))
            } else {
                if png == nil {
                    do {
                        png = try PNG.encode(pixels.straightAlpha)
                    } catch {
                        send(shot.client, .error(ErrorReport(serial: shot.serial, code: .renderer, message: "\(error)")))
                        continue
                    }
                }
                send(shot.client, .screenshot(serial: shot.serial, width: w, height: h, png: png!))
            }
        }
        screenshots.removeAll()
    }
}

extension ErrorCode {
    /// The wire's code for why a transaction was rejected.
    init(_ reason: TransactionRefusal) {
        switch reason {
        case .store(.unknownClient): self = .handshake
        case .store(.operation(.unknownLayer)): self = .unknownLayer
        case .store(.operation(.handleInUse)): self = .handleInUse
        case .store(.operation(.unknownBitmap)): self = .unknownBitmap
        case .store(.operation(.tree)): self = .invalidTree
        case .store(.operation(.limitExceeded)): self = .limitExceeded
        case .renderer, .texture: self = .renderer
        case .store(.limit): self = .limitExceeded
        }
    }
}
