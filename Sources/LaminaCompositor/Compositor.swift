public import LaminaCore
public import LaminaModel
public import LaminaRender
public import LaminaRenderList

/// The frame pipeline: the one place where committed transactions become pixels.
///
/// It owns the model tree (every client's layers under one canvas root), the presentation tree, the
/// renderer and the output, and runs a frame as five phases:
/// 1. **apply** the transactions committed since the last frame, in commit order, each atomically
///    (all of it or, with a `TransactionError`, none of it), stamped with its commit time;
/// 2. **evaluate** every animation at the frame's time into the presentation tree;
/// 3. **build** the render list from it;
/// 4. **draw** the list into the output;
/// 5. **finish**: wait for the GPU (`glFinish`), so a frame's time counts the GPU's work; or, in the
///    daemon (`waitsForGPU` off), end with a fence that the next frame waits on.
///
/// `lamina render`, `probe` and `bench` drive it in-process with an offscreen output; the daemon drives
/// the very same type from its frame clock. It lives on the render thread (it holds GL objects), so
/// make it inside a `GPUContext` job and keep it there.
public final class Compositor {
    /// The output's size, scale and background.
    public private(set) var configuration: OutputConfiguration
    /// The model: the tree under the canvas root and every client's namespace.
    public internal(set) var store: LayerStore
    /// The presentation tree of the last frame.
    public private(set) var presentation = Presentation()
    /// Draws the tiles tiled layers lack, at once, during the frame that asks for them (a scene file's
    /// tiled layers, cut from their image); nil leaves them to whoever reads `tileRequests`.
    public var tileSource: ((TileRequest) -> RGBAImage?)?
    /// The tiles asked of clients and not yet answered (`tilesToAsk`, `provideTile(_:client:layer:key:)`).
    public internal(set) var tileTracker = TileRequestTracker()
    /// Where frames are drawn.
    public private(set) var target: OffscreenTarget

    private let context: RenderContext
    let renderer: Renderer
    var nextBitmap: UInt64 = 1
    /// The clients' imported buffers and whether layers show them (`Compositor+SharedBuffers.swift`).
    var sharedBuffers = SharedBufferTracker()
    /// Buffers no layer shows any more, to tell their clients once this frame's fence has passed.
    var releasedBuffers: [(client: ClientID, bitmap: BitmapID)] = []
    private var pending: [(client: ClientID, transaction: Commit<BitmapContents>)] = []
    private var animationEvents: [AnimationEvent] = []
    /// Which layers changed from one frame to the next, for the render list's update.
    private var changedLayers = ChangedLayers()

    /// Whether a frame waits for the GPU to finish it (`glFinish`), so that its `finish` phase counts
    /// the GPU's work: what `lamina render` and `bench` measure. The daemon turns it off: a frame then
    /// ends with a `GPUFence`, and the next frame waits on it before drawing (its `finish` phase is that
    /// wait), so the GPU finishes one frame while the render thread sleeps until the next.
    public var waitsForGPU = true

    /// The threads a frame's evaluation and its leaves patched in place are split across
    /// (`FrameThreads`); one by default, the daemon's and `lamina bench`'s setting otherwise
    /// (`FrameThreadPool`). A split frame's results are the same, bit for bit.
    public var threads = FrameThreads.single {
        didSet { renderer.threads = threads }
    }
    /// The last frame's fence, when frames do not wait for the GPU.
    private var lastFrameFence: GPUFence?

    /// Whether every frame is built and drawn whole, as if everything changed (for comparing with
    /// damage-tracked frames, and for measuring what damage tracking saves). Off by default: a frame
    /// redraws only what changed, and layers whose own parts did not change are not read again
    /// (`Renderer.keepsLayerParts`, off with this).
    public var redrawsEverything = false {
        didSet { renderer.keepsLayerParts = !redrawsEverything }
    }

    /// Whether a still subtree that moves as a whole is drawn once into a texture and moved as one
    /// quad while it moves (see `Renderer.cachesMovingSubtrees`). On by default; a frame that redraws
    /// everything caches only `shouldRasterize` layers.
    public var cachesMovingSubtrees: Bool {
        get { renderer.cachesMovingSubtrees }
        set { renderer.cachesMovingSubtrees = newValue }
    }
    private let clock = ContinuousClock()

    /// Rasterises shape and text layers on a thread of their own (see
    /// `Renderer.rasterizeInBackground`): `onReady` is called on that thread when a raster is ready,
    /// and the caller then runs a frame to show it.
    public func rasterizeInBackground(onReady: @escaping @Sendable () -> Void) {
        renderer.rasterizeInBackground(onReady: onReady)
    }

    /// Whether rasters are being drawn in the background: a later frame will show more.
    public var hasPendingRasters: Bool { renderer.hasPendingRasters }

    /// Where the renderer reports what it cannot draw as asked (a font that is not installed, text too
    /// large to rasterise), once each.
    public var renderLog: RenderLog {
        get { renderer.log }
        set { renderer.log = newValue }
    }

    /// Makes the canvas root, the renderer and the offscreen output on the render thread.
    public init(_ context: RenderContext, output: OutputConfiguration, textureBudget: Int = 512 << 20)
        throws(CompositorError)
    {
        try Self.validate(output)
        do {
            target = try OffscreenTarget(
                context, width: output.pixelWidth, height: output.pixelHeight,
                layout: OffscreenTarget.preferredLayout(context))
        } catch {
            throw .target(error)
        }
        do {
            renderer = try Renderer(context, textureBudget: textureBudget)
        } catch {
            throw .renderer(error)
        }
        self.context = context
        configuration = output
        store = LayerStore(width: output.width, height: output.height)
        // A layer's tiles count against its client's budget.
        renderer.tiles.owner = { [unowned self] id in self.store.owner(of: id)?.client.rawValue ?? 0 }
    }

    private static func validate(_ output: OutputConfiguration) throws(CompositorError) {
        guard output.width.isFinite, output.height.isFinite, output.width > 0, output.height > 0 else {
            throw .invalidOutput("the size must be positive, not \(output.width)x\(output.height) points")
        }
        guard output.scale.isFinite, output.scale > 0 else {
            throw .invalidOutput("the scale must be a positive number, not \(output.scale)")
        }
        let (w, h) = (output.width * output.scale, output.height * output.scale)
        guard w.rounded() >= 1, h.rounded() >= 1, w <= Double(OutputConfiguration.maxPixels),
            h <= Double(OutputConfiguration.maxPixels)
        else {
            throw .invalidOutput(
                "\(w)x\(h) pixels is outside 1...\(OutputConfiguration.maxPixels) pixels on a side")
        }
    }

    /// Changes the output's size or scale (a window resized, or moved to an output of another scale):
    /// a new target of the new size, the canvas root resized to it, and the next frame drawn whole
    /// (the renderer rebuilds for a new target). The background stays. A size that cannot be drawn is
    /// refused and the output left as it was.
    public func resize(width: Double, height: Double, scale: Double) throws(CompositorError) {
        var output = configuration
        output.width = width
        output.height = height
        output.scale = scale
        try Self.validate(output)
        guard output != configuration else { return }
        if let fence = lastFrameFence {
            fence.wait()
            lastFrameFence = nil
        }
        do {
            target = try OffscreenTarget(
                context, width: output.pixelWidth, height: output.pixelHeight, layout: OffscreenTarget.preferredLayout(context))
        } catch {
            throw .target(error)
        }
        configuration = output
        store.resizeCanvas(width: width, height: height)
    }

    /// The model tree.
    public var tree: LayerTree { store.tree }

    /// Whether the next frame differs from the last though nothing is committed: an animation runs, or
    /// an emitter has particles (they move with time alone).
    public var isAnimating: Bool { store.tree.hasActiveAnimations || renderer.isAnimating }

    /// The canvas root layer.
    public var root: LayerID { store.root }

    // MARK: Clients

    /// Opens a namespace for a new client.
    public func addClient() -> ClientID {
        store.addClient()
    }

    /// Opens a namespace for a client numbered elsewhere (the daemon's connections), with its limits.
    public func addClient(_ id: ClientID, limits: LayerStore.Limits) {
        store.addClient(id, limits: limits)
    }

    /// Gives back what the model, the presentation and the renderer keep sized for the largest scene
    /// so far (`LayerStore`, `Presentation` and `Renderer.releaseSpareMemory`): for the daemon to call
    /// when the scene shrank for good, never on a steady frame.
    public func releaseSpareMemory() {
        store.releaseSpareMemory()
        presentation.releaseSpareMemory(slotCount: store.tree.slotCount)
        renderer.releaseSpareMemory()
    }

    /// Ends a client: its queued transactions are dropped and its layers and bitmaps destroyed, so
    /// nothing it made outlives it.
    public func removeClient(_ client: ClientID) {
        pending.removeAll { $0.client == client }
        let (stopped, bitmaps) = store.removeClient(client)
        for entry in stopped { renderer.releaseAppearance(for: entry.id) }
        for bitmap in bitmaps { renderer.textures.remove(bitmap) }
        sharedBuffers.remove(client)
        releasedBuffers.removeAll { $0.client == client }
    }

    /// Queues a transaction; the next frame applies it, after those queued before it.
    public func commit(_ transaction: Commit<BitmapContents>, from client: ClientID) {
        pending.append((client, transaction))
    }

    /// Whether transactions wait for the next frame.
    public var hasPendingTransactions: Bool { !pending.isEmpty }

    // MARK: Frames

    /// Runs one frame showing media time `time`: apply, evaluate, build, draw, finish.
    ///
    /// With an `applyBudget` (seconds), the frame stops applying transactions once that much time has
    /// gone on them (having applied at least one), and takes them by turns, the oldest of each client
    /// in each round: what is left waits for the next frame, in order, so a client that queues many
    /// transactions delays neither another client's frame nor its transactions by more than a turn.
    /// Without one (scenes, tests) every queued transaction applies, in commit order.
    ///
    /// `draws: false` stops after building the render list (the CPU half alone: the fuzzer runs
    /// millions of frames, and the GPU's half is the same few draw calls whatever the input).
    @discardableResult
    public func frame(at time: Double, applyBudget: Double? = nil, draws: Bool = true) throws(CompositorError) -> FrameReport {
        var report = FrameReport(time: time)
        var mark = clock.now

        func apply(_ client: ClientID, _ transaction: Commit<BitmapContents>) {
            let commitTime = transaction.commitTime ?? time
            do {
                let added = try self.apply(transaction, from: client, at: commitTime, events: &report.events)
                report.applied.append((client, transaction.serial, commitTime, added))
            } catch {
                report.rejected.append((client, transaction.serial, error))
            }
        }
        // Swap the queue out rather than copy it: a frame with commits allocates no second array.
        var queued: [(client: ClientID, transaction: Commit<BitmapContents>)] = []
        swap(&queued, &pending)
        if let applyBudget, queued.count > 1 {
            let start = clock.now
            let budget = Duration.seconds(applyBudget)
            let turns = Self.turns(of: queued.map(\.client))
            var taken = 0
            while taken < turns.count, taken == 0 || clock.now - start < budget {
                apply(queued[turns[taken]].client, queued[turns[taken]].transaction)
                taken += 1
            }
            // What is left waits for the next frame in the order of turns, so the clients not served
            // this frame come first; each client's own transactions keep their order.
            pending = turns[taken...].map { queued[$0] }
        } else {
            for (client, transaction) in queued { apply(client, transaction) }
            queued.removeAll(keepingCapacity: true)
            swap(&queued, &pending)
        }
        if !sharedBuffers.isEmpty, !report.applied.isEmpty { noteSharedBuffersShown(by: report.applied.map(\.client)) }
        report.phases.apply = lap(&mark)

        animationEvents.removeAll(keepingCapacity: true)
        store.evaluate(at: time, into: &presentation, events: &animationEvents, threads: threads)
        for event in animationEvents {
            if case .stopped = event.kind { renderer.releaseAppearance(for: event.animation) }
            if let (client, handle) = store.owner(of: event.layer) {
                report.events.append(
                    ClientEvent(client: client, layer: handle, animation: event.animation, key: event.key, kind: event.kind))
            }
        }
        report.phases.evaluate = lap(&mark)

        let changes = store.takeChanges()
        let changed = redrawsEverything ? nil : changedLayers.changed(changes, in: store.tree, presentation)
        renderer.update(
            store.tree, presentation, changed: changed, written: changes.writes.map(\.layer), roots: [store.root],
            scale: configuration.scale, for: target)
        // Tiles drawn at once (a scene file's) show in the frame that asked for them.
        if let tileSource, fillTiles(from: tileSource) {
            renderer.update(
                store.tree, presentation, changed: [], written: [], roots: [store.root], scale: configuration.scale, for: target)
        }
        report.phases.build = lap(&mark)
        guard draws else {
            // Not drawn, but what the build asked of the textures is done now: it would pile up
            // (texels, textures to delete) until some later frame is drawn.
            renderer.performTextureRequests()
            return report
        }

        if let fence = lastFrameFence {
            // One frame in flight at most: the GPU must be done with the last before this one is queued.
            fence.wait()
            lastFrameFence = nil
        }
        let waited = lap(&mark)
        do {
            report.statistics = try renderer.execute(into: target, background: configuration.background)
        } catch {
            throw .renderer(error)
        }
        report.phases.encode = report.statistics.encodeSeconds
        report.phases.draw = lap(&mark) - report.phases.encode

        if waitsForGPU {
            context.finish()
            report.phases.finish = lap(&mark)
        } else {
            lastFrameFence = GPUFence(context)
            report.phases.finish = waited
        }
        return report
    }

    /// The indices of `clients` (one entry per queued transaction) taken by turns: each round takes
    /// the oldest not yet taken of each client, clients in the order of their oldest.
    static func turns(of clients: [ClientID]) -> [Int] {
        var lists: [ClientID: [Int]] = [:]
        var order: [ClientID] = []
        for (i, client) in clients.enumerated() {
            if lists[client] == nil { order.append(client) }
            lists[client, default: []].append(i)
        }
        var result: [Int] = []
        result.reserveCapacity(clients.count)
        var round = 0
        while result.count < clients.count {
            for client in order where round < lists[client]!.count { result.append(lists[client]![round]) }
            round += 1
        }
        return result
    }

    /// The last frame's pixels (premultiplied RGBA, top row first).
    public func readPixels() throws(CompositorError) -> RGBAImage {
        do { return try target.read() } catch { throw .readback(error) }
    }

    /// The bitmaps held on the GPU: how many, their bytes, and whole uploads so far.
    public var textureStatistics: (count: Int, bytes: Int, uploads: Int) {
        (renderer.textures.count, renderer.textures.bytes, renderer.textures.statistics.uploads)
    }

    private func lap(_ mark: inout ContinuousClock.Instant) -> Double {
        let now = clock.now
        let (seconds, attoseconds) = (now - mark).components
        mark = now
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    // MARK: Applying a transaction

    /// Applies one transaction whole or not at all: the operations (on the store's copies), then the
    /// old appearance of layers that get a transition, then the uploads; a failure at any step undoes
    /// the steps before it.
    private func apply(
        _ transaction: Commit<BitmapContents>, from client: ClientID, at commitTime: Double, events: inout [ClientEvent]
    ) throws(TransactionError) -> [AnimationID] {
        // New bitmaps get compositor identities first, so `contents` operations can name them.
        var newBitmaps: [BitmapID: BitmapID] = [:]
        var uploads: [(id: BitmapID, contents: BitmapContents, isNew: Bool)] = []
        for contents in transaction.bitmaps {
            if let known = store.bitmap(contents.id, of: client) ?? newBitmaps[contents.id] {
                uploads.append((known, contents, false))
            } else {
                let id = BitmapID(nextBitmap)
                nextBitmap += 1
                newBitmaps[contents.id] = id
                uploads.append((id, contents, true))
            }
        }

        let changes: LayerStore.Changes
        do {
            changes = try store.apply(transaction.operations, from: client, at: commitTime, newBitmaps: newBitmaps)
        } catch {
            throw TransactionError(error)
        }
        func undo() {
            store.revert(changes)
            for upload in uploads where upload.isNew { renderer.textures.remove(upload.id) }
            for transition in changes.transitions { renderer.releaseAppearance(for: transition.animation) }
        }

        // The old appearance of a layer a transition is added to is drawn before its new contents arrive.
        if !changes.transitions.isEmpty, var old = changes.before {
            var oldPresentation = Presentation()
            var ignored: [AnimationEvent] = []
            old.evaluate(at: commitTime, into: &oldPresentation, events: &ignored)
            for (layer, animation) in changes.transitions {
                do {
                    try renderer.captureAppearance(
                        of: layer, in: old, oldPresentation, scale: configuration.scale, width: target.width,
                        height: target.height, for: animation)
                } catch {
                    undo()
                    throw TransactionError(
                        operationIndex: nil, operation: "capture the old appearance for a transition",
                        reason: .renderer(error))
                }
            }
        }

        for upload in uploads {
            do throws(TextureError) {
                try upload.contents.withPixelSource { (source: PixelSource) throws(TextureError) in
                    if let damage = upload.contents.damage, !upload.isNew {
                        try renderer.textures.update(upload.id, source, damage: damage)
                    } else {
                        try renderer.textures.upload(upload.id, source)
                    }
                }
            } catch {
                undo()
                throw TransactionError(
                    operationIndex: nil, operation: "upload \(upload.contents.id)", reason: .texture(error))
            }
        }

        for id in transaction.released {
            if let bitmap = store.releaseBitmap(id, of: client) {
                renderer.textures.remove(bitmap)
                sharedBuffers.remove(bitmap, of: client)
            }
        }
        for (handle, entry) in changes.stopped where !entry.hasStopped {
            renderer.releaseAppearance(for: entry.id)
            events.append(
                ClientEvent(client: client, layer: handle, animation: entry.id, key: entry.key, kind: .stopped(completed: false)))
        }
        return changes.added
    }
}
