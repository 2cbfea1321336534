public import LaminaCore
public import LaminaRender

/// The frame pipeline: the one place where committed transactions become pixels.
///
/// It owns the model tree (every client's layers under one canvas root), the presentation tree, the
/// renderer and the output, and runs a frame as five phases:
/// 1. **apply** the transactions committed since the last frame, in commit order, each atomically
///    (all of it or, with a `TransactionError`, none of it), stamped with its commit time;
/// 2. **evaluate** every animation at the frame's time into the presentation tree;
/// 3. **build** the render list from it;
/// 4. **draw** the list into the output;
/// 5. **finish**: wait for the GPU (`glFinish`), so a frame's time counts the GPU's work.
///
/// `lamina render`, `probe` and `bench` drive it in-process with an offscreen output; the daemon drives
/// the very same type from its frame clock. It lives on the render thread (it holds GL objects), so
/// make it inside a `GPUContext` job and keep it there.
public final class Compositor {
    /// The output's size, scale and background.
    public let configuration: OutputConfiguration
    /// The model tree: the canvas root and, under it, every client's layers.
    public private(set) var tree = LayerTree()
    /// The presentation tree of the last frame.
    public private(set) var presentation = Presentation()
    /// The canvas root layer: its bounds are the output in points; clients' top layers are its sublayers.
    public let root: LayerID
    /// Where frames are drawn.
    public let target: OffscreenTarget

    private let context: RenderContext
    private let renderer: Renderer
    private var clients: [ClientID: Namespace] = [:]
    private var nextClient: UInt64 = 1
    private var nextBitmap: UInt64 = 1
    private var pending: [(client: ClientID, transaction: Transaction)] = []
    private var animationEvents: [AnimationEvent] = []
    private let clock = ContinuousClock()

    /// Makes the canvas root, the renderer and the offscreen output on the render thread.
    public init(_ context: RenderContext, output: OutputConfiguration, textureBudget: Int = 512 << 20)
        throws(CompositorError)
    {
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
        do {
            target = try OffscreenTarget(context, width: output.pixelWidth, height: output.pixelHeight)
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
        var values = PropertyValues()
        values[.bounds] = Rect(x: 0, y: 0, width: output.width, height: output.height)
        values[.position] = Point(x: output.width / 2, y: output.height / 2)
        root = tree.create(name: "canvas", values: values)
    }

    // MARK: Clients

    /// Opens a namespace for a new client.
    public func addClient() -> ClientID {
        let id = ClientID(nextClient)
        nextClient += 1
        clients[id] = Namespace()
        return id
    }

    /// Ends a client: its queued transactions are dropped and its layers and bitmaps destroyed, so
    /// nothing it made outlives it.
    public func removeClient(_ client: ClientID) {
        pending.removeAll { $0.client == client }
        guard let space = clients.removeValue(forKey: client) else { return }
        for id in space.layers.values where tree.contains(id) {
            for entry in (try? tree.destroy(id)) ?? [] { renderer.releaseAppearance(for: entry.id) }
        }
        for bitmap in space.bitmaps.values { renderer.textures.remove(bitmap) }
    }

    /// The layer a client's handle names, if any.
    public func layer(_ handle: LayerHandle, of client: ClientID) -> LayerID? {
        clients[client]?.layers[handle]
    }

    /// The client and handle of a layer (nil for the canvas root and unknown layers).
    public func owner(of id: LayerID) -> (client: ClientID, handle: LayerHandle)? {
        for (client, space) in clients {
            if let handle = space.handles[id] { return (client, handle) }
        }
        return nil
    }

    /// Queues a transaction; the next frame applies it, after those queued before it.
    public func commit(_ transaction: Transaction, from client: ClientID) {
        pending.append((client, transaction))
    }

    /// Whether transactions wait for the next frame.
    public var hasPendingTransactions: Bool { !pending.isEmpty }

    // MARK: Frames

    /// Runs one frame showing media time `time`: apply, evaluate, build, draw, finish.
    @discardableResult
    public func frame(at time: Double) throws(CompositorError) -> FrameReport {
        var report = FrameReport(time: time)
        var mark = clock.now

        let queued = pending
        pending.removeAll(keepingCapacity: true)
        for (client, transaction) in queued {
            let commitTime = transaction.commitTime ?? time
            do {
                try apply(transaction, from: client, at: commitTime, events: &report.events)
                report.applied.append((client, commitTime))
            } catch {
                report.rejected.append((client, error))
            }
        }
        report.phases.apply = lap(&mark)

        animationEvents.removeAll(keepingCapacity: true)
        tree.evaluate(at: time, into: &presentation, events: &animationEvents)
        for event in animationEvents {
            if case .stopped = event.kind { renderer.releaseAppearance(for: event.animation) }
            if let (client, handle) = owner(of: event.layer) {
                report.events.append(
                    ClientEvent(client: client, layer: handle, animation: event.animation, key: event.key, kind: event.kind))
            }
        }
        report.phases.evaluate = lap(&mark)

        renderer.build(tree, presentation, roots: [root], scale: configuration.scale, for: target)
        report.phases.build = lap(&mark)

        do {
            report.statistics = try renderer.execute(into: target, background: configuration.background)
        } catch {
            throw .renderer(error)
        }
        report.phases.draw = lap(&mark)

        context.finish()
        report.phases.finish = lap(&mark)
        return report
    }

    /// The last frame's pixels (premultiplied RGBA, top row first).
    public func readPixels() throws(CompositorError) -> RGBAImage {
        do { return try target.read() } catch { throw .readback(error) }
    }

    /// The bitmaps held on the GPU.
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

    /// Applies one transaction whole or not at all. The operations run on a copy of the tree and the
    /// client's namespace, which replace the live ones only when every operation and upload succeeded.
    private func apply(
        _ transaction: Transaction, from client: ClientID, at commitTime: Double, events: inout [ClientEvent]
    ) throws(TransactionError) {
        guard var space = clients[client] else {
            throw TransactionError(operationIndex: nil, operation: "commit", reason: .tree("\(client) is not connected"))
        }
        // Bitmaps first get their compositor identities, so `contents` operations can name them.
        var uploads: [(BitmapID, BitmapContents, isNew: Bool)] = []
        for contents in transaction.bitmaps {
            if let known = space.bitmaps[contents.id] {
                uploads.append((known, contents, false))
            } else {
                let id = BitmapID(nextBitmap)
                nextBitmap += 1
                space.bitmaps[contents.id] = id
                uploads.append((id, contents, true))
            }
        }

        var working = tree
        var stopped: [(LayerHandle, AnimationEntry)] = []
        var transitions: [(LayerID, AnimationID)] = []
        for (index, operation) in transaction.operations.enumerated() {
            do throws(TransactionError.Reason) {
                try perform(
                    operation, on: &working, space: &space, at: commitTime, stopped: &stopped, transitions: &transitions)
            } catch {
                for (id, _, isNew) in uploads where isNew { renderer.textures.remove(id) }
                throw TransactionError(operationIndex: index, operation: operation.summary, reason: error)
            }
        }

        // The old appearance of a layer a transition is added to is drawn before its new contents arrive.
        if transitions.contains(where: { tree.contains($0.0) }) {
            var old = tree
            var oldPresentation = Presentation()
            var ignored: [AnimationEvent] = []
            old.evaluate(at: commitTime, into: &oldPresentation, events: &ignored)
            for (layer, animation) in transitions where old.contains(layer) {
                do {
                    try renderer.captureAppearance(
                        of: layer, in: old, oldPresentation, scale: configuration.scale, width: target.width,
                        height: target.height, for: animation)
                } catch {
                    throw TransactionError(
                        operationIndex: nil, operation: "capture the old appearance for a transition",
                        reason: .tree("\(error)"))
                }
            }
        }

        for (id, contents, isNew) in uploads {
            do throws(TextureError) {
                if let damage = contents.damage, !isNew {
                    try contents.image.withPixelSource { (source: PixelSource) throws(TextureError) in
                        try renderer.textures.update(id, source, damage: damage)
                    }
                } else {
                    try renderer.textures.upload(id, image: contents.image)
                }
            } catch {
                for (id, _, isNew) in uploads where isNew { renderer.textures.remove(id) }
                for (_, animation) in transitions { renderer.releaseAppearance(for: animation) }
                throw TransactionError(operationIndex: nil, operation: "upload \(contents.id)", reason: .texture(error))
            }
        }

        tree = working
        clients[client] = space
        for (handle, entry) in stopped where !entry.hasStopped {
            renderer.releaseAppearance(for: entry.id)
            events.append(
                ClientEvent(client: client, layer: handle, animation: entry.id, key: entry.key, kind: .stopped(completed: false)))
        }
    }

    /// One operation on the working copies.
    private func perform(
        _ operation: LayerOperation, on working: inout LayerTree, space: inout Namespace, at commitTime: Double,
        stopped: inout [(LayerHandle, AnimationEntry)], transitions: inout [(LayerID, AnimationID)]
    ) throws(TransactionError.Reason) {
        /// Runs a tree edit, telling its error in the client's handles.
        func edit<T>(_ body: () throws(LayerTreeError) -> T) throws(TransactionError.Reason) -> T {
            do { return try body() } catch { throw .tree(space.describe(error)) }
        }
        switch operation {
        case .create(let handle, let name):
            guard space.layers[handle] == nil else { throw .handleInUse(handle) }
            space.bind(handle, to: working.create(name: name))

        case .destroy(let handle):
            let id = try space.layer(handle)
            let entries = try edit { () throws(LayerTreeError) in try working.destroy(id) }
            stopped += entries.map { (handle, $0) }
            space.unbind(handle)

        case .set(let handle, let path, var value):
            let id = try space.layer(handle)
            if case .bitmap(let bitmap?) = value {
                guard let mapped = space.bitmaps[bitmap] else { throw .unknownBitmap(bitmap) }
                value = .bitmap(mapped)
            }
            try edit { () throws(LayerTreeError) in try working.setValue(value, at: path, of: id) }

        case .insertSublayer(let handle, let parentHandle, let index):
            let child = try space.layer(handle)
            var parent = root
            if let parentHandle { parent = try space.layer(parentHandle) }
            try edit { () throws(LayerTreeError) in
                if let index {
                    try working.insertSublayer(child, into: parent, at: index)
                } else {
                    try working.addSublayer(child, to: parent)
                }
            }

        case .removeFromSuperlayer(let handle):
            let id = try space.layer(handle)
            try edit { () throws(LayerTreeError) in try working.removeFromSuperlayer(id) }

        case .setMask(let handle, let maskHandle):
            let id = try space.layer(handle)
            var mask: LayerID?
            if let maskHandle { mask = try space.layer(maskHandle) }
            try edit { () throws(LayerTreeError) in try working.setMask(mask, of: id) }

        case .addAnimation(let handle, var animation, let key):
            let id = try space.layer(handle)
            // Where a value-less animation starts: the presentation value at the commit, read from the
            // tree as it was before this transaction (a layer new in it has none).
            let existed = tree.contains(id)
            let base = try edit { () throws(LayerTreeError) -> PropertyValue? in
                guard existed, let path = animation.keyPath else { return nil }
                return try tree.presentationValue(path, of: id, at: commitTime)
            }
            animation.timing.beginTime = try edit { () throws(LayerTreeError) in
                try working.stampedBeginTime(animation, committedAt: commitTime, on: id)
            }
            let added = try edit { () throws(LayerTreeError) in
                try working.addAnimation(animation, forKey: key, to: id, base: base)
            }
            if let replaced = added.replaced { stopped.append((handle, replaced)) }
            if case .transition = animation.kind { transitions.append((id, added.id)) }

        case .removeAnimation(let handle, let key):
            let id = try space.layer(handle)
            if let entry = try edit({ () throws(LayerTreeError) in try working.removeAnimation(forKey: key, from: id) }) {
                stopped.append((handle, entry))
            }

        case .removeAllAnimations(let handle):
            let id = try space.layer(handle)
            let entries = try edit { () throws(LayerTreeError) in try working.removeAllAnimations(from: id) }
            stopped += entries.map { (handle, $0) }
        }
    }
}
