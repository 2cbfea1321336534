import Dispatch
import LaminaCore
import LaminaWire
import Synchronization

/// A commit ready to go to the daemon: the outermost transaction's operations, the animations it added
/// (the model tree's identities, in operation order), the completions waiting on them, and the bitmaps
/// its operations show.
struct OutgoingCommit {
    var operations: [LayerOperation]
    var animations: [AnimationID]
    var completions: [PendingCompletion]
    var bitmaps: [Bitmap]
    /// Bitmaps nothing holds any more: the daemon drops them after the operations.
    var released: [BitmapID] = []
}

/// The process's side of Core Animation: the model tree every layer edit goes into at once, the
/// transaction stack, and the commits that leave it. One per process, on the main actor, as Core
/// Animation's transaction machinery is per thread and apps use the main one.
///
/// Every edit is applied to `model` with the same `LayerTree.perform` the daemon runs, so an edit the
/// daemon would refuse (a cycle, an index out of range, a bad value) is refused here, before sending,
/// and the layer objects, the model tree and the daemon never disagree.
@MainActor
final class Session {
    static let shared = Session()

    /// The model tree: what the app has set, committed or not.
    private(set) var model = LayerTree()
    private(set) var modelRoot: LayerID
    private(set) var handles = HandleTable()

    /// Layer objects by handle (weak: the app and superlayers own layers).
    private var registry: [LayerHandle: WeakLayer] = [:]
    private var nextHandle: UInt64 = 1

    var stack = TransactionStack()
    /// `Transaction.setValue(_:forKey:)` values, one dictionary per open transaction.
    var transactionValues: [[String: any Sendable]] = []
    /// Whether the bottom frame of `stack` is the implicit transaction.
    private(set) var implicitOpen = false
    private var operations: [LayerOperation] = []
    private var addedAnimations: [AnimationID] = []
    private var newLayers: [LayerHandle] = []
    private var pendingBitmaps: [Bitmap] = []
    /// Layers that have been through an outermost commit (implicit actions run only for them).
    private var committedLayers: Set<LayerHandle> = []
    private var needsDisplay: [Layer] = []
    private var needsLayout: [Layer] = []
    var completionBlocks: [CompletionID: @MainActor () -> Void] = [:]
    private var nextCompletion: UInt64 = 1
    /// Animations added and not yet reported stopped, with the copies `animation(forKey:)` returns.
    var animationObjects: [AnimationID: (layer: LayerHandle, animation: Animation)] = [:]
    /// Commits made while no connection was open; the first connection sends them.
    private(set) var outbox: [OutgoingCommit] = []
    /// Where commits go.
    weak var connection: Connection?
    /// Handles of layers whose objects were freed (a `deinit` may run anywhere, so it only leaves a note).
    nonisolated static let freed = Mutex<[LayerHandle]>([])

    private init() {
        modelRoot = model.create(name: "root")
    }

    // MARK: Layers

    func register(_ layer: Layer, name: String?, kind: LayerKind) -> LayerHandle {
        let handle = LayerHandle(nextHandle)
        nextHandle += 1
        registry[handle] = WeakLayer(layer)
        record(.create(handle, name: name, kind: kind))
        newLayers.append(handle)
        return handle
    }

    /// The handle the next layer made gets.
    var upcomingHandle: UInt64 { nextHandle }

    /// Records layers made without layer objects (a Lottie composition's), numbered from
    /// `upcomingHandle`, and takes their `count` handles.
    ///
    /// Outside explicit transactions the operations go in commits of at most `adoptedPerCommit`
    /// operations and `adoptedBytesPerCommit` bytes on the wire, so a large file stays under the
    /// daemon's message limit whatever its paths: nothing shows until the caller puts the tree's root
    /// in place, and the tree's animations run on its own timeline (not the commit's), so the pieces
    /// need no common commit time.
    func adopt(_ operations: [LayerOperation], layers count: Int) {
        let first = nextHandle
        nextHandle += UInt64(count)
        var (inCommit, bytes) = (0, 0)
        for operation in operations {
            var writer = WireWriter()
            writer.operation(operation)
            if inCommit > 0, inCommit >= Self.adoptedPerCommit || bytes + writer.bytes.count > Self.adoptedBytesPerCommit,
                stack.depth <= 1, implicitOpen
            {
                commitImplicit()
                (inCommit, bytes) = (0, 0)
            }
            if case .create(let handle, _, _) = operation, handle.rawValue >= first { newLayers.append(handle) }
            record(operation)
            inCommit += 1
            bytes += writer.bytes.count
        }
    }

    /// Operations, and their bytes on the wire, of an adopted tree per commit: half the daemon's
    /// default 1 MiB message limit, the rest left for the commit's other parts.
    static let adoptedPerCommit = 2_000
    static let adoptedBytesPerCommit = 512 << 10

    func layer(_ handle: LayerHandle) -> Layer? { registry[handle]?.layer }

    func layerID(_ handle: LayerHandle) -> LayerID? { handles.layers[handle] }

    func isCommitted(_ handle: LayerHandle) -> Bool { committedLayers.contains(handle) }

    // MARK: Recording

    /// Opens the implicit transaction if none is open, to be committed at the end of this main-queue
    /// turn (Core Animation commits it at the end of the run-loop turn).
    func ensureTransaction() {
        guard stack.depth == 0 else { return }
        stack.begin()
        transactionValues.append([:])
        implicitOpen = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated { Session.shared.commitImplicit() }
        }
    }

    /// Applies `operation` to the model tree and records it for the next commit; refused edits throw
    /// and leave nothing behind.
    @discardableResult
    func record(_ operation: LayerOperation) -> [AnimationID]? {
        do {
            return try apply(operation)
        } catch {
            Connection.report(.invalidOperation("\(operation.summary): \(error)"))
            return nil
        }
    }

    /// `record`, throwing instead of reporting.
    func apply(_ operation: LayerOperation) throws(OperationError) -> [AnimationID] {
        ensureTransaction()
        var effects = LayerTree.OperationEffects()
        try model.perform(
            operation, handles: &handles, root: modelRoot, committedAt: 0, readsPriorValues: false, effects: &effects)
        operations.append(operation)
        for id in effects.added {
            addedAnimations.append(id)
            stack.record(id)
        }
        return effects.added
    }

    /// Notes a bitmap an operation of this transaction shows.
    func use(_ bitmap: Bitmap) {
        ensureTransaction()
        pendingBitmaps.append(bitmap)
        bitmaps[bitmap.id] = WeakBitmap(bitmap)
    }

    /// Bitmaps shown so far and still held somewhere, by identity (weakly: a layer, an animation or the
    /// app holds them; for `contents` of presentation copies).
    private var bitmaps: [BitmapID: WeakBitmap] = [:]
    /// Bitmaps released since the last commit.
    private var pendingReleases: [BitmapID] = []

    /// The latest version of a bitmap still held, by identity.
    func bitmap(_ id: BitmapID) -> Bitmap? { bitmaps[id]?.bitmap }

    /// Layers under the root, in order (`Connection.layers`).
    var rootLayers: [Layer] {
        ((try? model.sublayers(of: modelRoot)) ?? []).compactMap { id in handles.handles[id].flatMap(layer) }
    }

    /// The layer objects of `parent`'s sublayers, in the model's order.
    func sublayerObjects(of parent: LayerHandle) -> [Layer] {
        guard let id = handles.layers[parent], let children = try? model.sublayers(of: id) else { return [] }
        return children.compactMap { handles.handles[$0].flatMap(layer) }
    }

    /// Asks for `layer.display()` before the transaction commits.
    func setNeedsLayout(_ layer: Layer) {
        ensureTransaction()
        if !needsLayout.contains(where: { $0 === layer }) { needsLayout.append(layer) }
    }

    /// The most passes of layout before a commit: a layout that keeps marking layers again is stopped
    /// there, with an error naming them.
    static let maximumLayoutPasses = 16

    /// Lays out the marked layers, superlayers before sublayers, until none is marked (each layout may
    /// mark others: a sublayer whose bounds it changed).
    private func layOut() {
        var passes = 0
        while !needsLayout.isEmpty {
            passes += 1
            let layers = needsLayout
            needsLayout = []
            guard passes <= Self.maximumLayoutPasses else {
                for layer in layers { layer.layoutRequested = false }
                let names = layers.prefix(8).map { $0.name.map { "\"\($0)\"" } ?? "a layer" }.joined(separator: ", ")
                Connection.report(
                    .invalidOperation("layout did not settle after \(Self.maximumLayoutPasses) passes; still marked: \(names)"))
                return
            }
            func depth(_ layer: Layer) -> Int {
                var d = 0
                var current = layer.superlayer
                while let c = current, d < 300 {
                    d += 1
                    current = c.superlayer
                }
                return d
            }
            for layer in layers.sorted(by: { depth($0) < depth($1) }) { layer.layoutIfNeeded() }
        }
    }

    func setNeedsDisplay(_ layer: Layer) {
        ensureTransaction()
        if !needsDisplay.contains(where: { $0 === layer }) { needsDisplay.append(layer) }
    }

    /// Forgets an animation the daemon reported stopped, taking it out of the model when it was
    /// removed there too.
    func animationStopped(_ id: AnimationID) -> (layer: LayerHandle, animation: Animation)? {
        guard let object = animationObjects.removeValue(forKey: id) else { return nil }
        if let layer = handles.layers[object.layer] {
            let kept = model.animationKeys(ofOptional: layer, id: id) && !object.animation.isRemovedOnCompletion
            if !kept { _ = try? model.removeAnimation(id, from: layer) }
        }
        return object
    }

    // MARK: Committing

    func newCompletion(_ block: @escaping @MainActor () -> Void) -> CompletionID {
        let id = CompletionID(nextCompletion)
        nextCompletion += 1
        completionBlocks[id] = block
        return id
    }

    /// `Transaction.commit()`: closes the innermost transaction; closing the outermost sends.
    func commitTransaction() {
        guard stack.depth > 0 else { return }
        if stack.depth == 1 { prepareOutermost() }
        transactionValues.removeLast()
        guard let completions = stack.commit() else { return }
        implicitOpen = false
        send(completions)
    }

    /// Commits the implicit transaction if it is the only one open (an explicit one still open keeps it
    /// open until the next turn).
    func commitImplicit() {
        guard implicitOpen else { return }
        guard stack.depth == 1 else {
            DispatchQueue.main.async { MainActor.assumeIsolated { Session.shared.commitImplicit() } }
            return
        }
        commitTransaction()
    }

    /// What runs just before the outermost transaction closes: pending displays (which may set
    /// contents) and the destruction of freed layers.
    private func prepareOutermost() {
        layOut()
        while !needsDisplay.isEmpty {
            let layers = needsDisplay
            needsDisplay = []
            for layer in layers { layer.displayIfNeeded() }
        }
        let freed = Self.freed.withLock { list in
            defer { list = [] }
            return list
        }
        for handle in freed where handles.layers[handle] != nil {
            registry[handle] = nil
            record(.destroy(handle))
        }
        let released = Bitmap.released.withLock { list in
            defer { list = [] }
            return list
        }
        for id in released { bitmaps[id] = nil }
        pendingReleases += released
    }

    private func send(_ completions: [PendingCompletion]) {
        committedLayers.formUnion(newLayers)
        newLayers = []
        // A transaction that added no animation has nothing to wait for: its completion is invoked
        // immediately, inside the outermost commit, once the commit is on its way (Core Animation: "If
        // no animations are added before the commit of the transaction group is completed, the block
        // will be invoked immediately").
        let immediate = completions.filter { $0.animations.isEmpty }.map(\.completion)
        defer { for completion in immediate { fire(completion) } }
        let tracked = completions.filter { !$0.animations.isEmpty }
        let commit = OutgoingCommit(
            operations: operations, animations: addedAnimations, completions: tracked, bitmaps: pendingBitmaps,
            released: pendingReleases)
        operations = []
        addedAnimations = []
        pendingBitmaps = []
        pendingReleases = []
        guard !commit.operations.isEmpty || !commit.completions.isEmpty || !commit.bitmaps.isEmpty || !commit.released.isEmpty
        else { return }
        if let connection {
            connection.send(commit)
        } else {
            outbox.append(commit)
        }
    }

    /// Rolls the model back after the daemon refused a commit (`rejected`): the model becomes what the
    /// daemon has applied (`tree`, `root` and `handles`, the connection's mirror), then the commits
    /// still on their way and the transaction still open are applied on it again, as the daemon will
    /// apply them (an operation that no longer applies is left out here, and refused there). Layer
    /// objects follow the model: a layer made by the refused commit is detached again, and the refused
    /// property values are gone.
    func rollBack(
        to tree: LayerTree, root: LayerID, handles: HandleTable, replaying later: [[LayerOperation]],
        rejected: [LayerOperation]
    ) {
        model = tree
        modelRoot = root
        self.handles = handles
        for operation in later.joined() + operations {
            var effects = LayerTree.OperationEffects()
            try? model.perform(
                operation, handles: &self.handles, root: modelRoot, committedAt: 0, readsPriorValues: false, effects: &effects)
        }
        for case .create(let handle, _, _) in rejected where self.handles.layers[handle] == nil {
            committedLayers.remove(handle)
        }
        for weak in registry.values { weak.layer?.syncWithModel() }
    }

    /// A commit that builds, on a daemon that knows nothing of this client, the tree a connection's
    /// mirror holds (what the last daemon had applied): every layer with its kind, name and written
    /// values, the hierarchy in order, the masks, the bitmaps still held (values naming one that is gone
    /// are left at their defaults), and the animations with their original begin times
    /// (`localAnimations` maps the mirror's identities of them to the model's).
    func snapshot(of mirror: CommittedMirror, localAnimations: [AnimationID: AnimationID]) -> OutgoingCommit {
        let tree = mirror.tree
        var operations: [LayerOperation] = []
        var animations: [AnimationID] = []
        var shown: [BitmapID: Bitmap] = [:]
        func available(_ value: PropertyValue) -> Bool {
            let ids: [BitmapID]
            switch value {
            case .bitmap(let id?): ids = [id]
            case .cells(let cells): ids = EmitterCell.bitmaps(in: cells)
            default: return true
            }
            for id in ids {
                guard let bitmap = bitmap(id) else { return false }
                shown[id] = bitmap
            }
            return true
        }
        let layers = mirror.handles.layers.sorted { $0.key.rawValue < $1.key.rawValue }
        for (handle, id) in layers {
            guard let values = try? tree.values(of: id) else { continue }
            operations.append(.create(handle, name: (try? tree.name(of: id)) ?? nil, kind: values.kind))
            for key in LayerProperties.keys(of: values.kind) where values.isWritten(key) && available(values.value(key)) {
                operations.append(.set(handle, LayerKeyPath(key), values.value(key)))
            }
        }
        func insert(_ parent: LayerID, as parentHandle: LayerHandle?) {
            for child in (try? tree.sublayers(of: parent)) ?? [] {
                guard let handle = mirror.handles.handles[child] else { continue }
                operations.append(.insertSublayer(handle, into: parentHandle, at: nil))
                insert(child, as: handle)
            }
        }
        insert(mirror.root, as: nil)
        for (handle, id) in layers {
            if let mask = (try? tree.mask(of: id)) ?? nil, let maskHandle = mirror.handles.handles[mask] {
                operations.append(.setMask(handle, mask: maskHandle))
                insert(mask, as: maskHandle)
            }
            for entry in (try? tree.animations(of: id)) ?? [] {
                // Every bitmap the animation shows must still be held to be sent.
                let shows = (try? entry.animation.mappingBitmaps { available(.bitmap($0)) ? $0 : nil }) != nil
                guard shows, let local = localAnimations[entry.id] else { continue }
                // The begin time is already in the layer's time; one of exactly 0 (an animation added
                // with `beginTimeAtZero`) must not read as "at this commit".
                var animation = entry.animation
                if animation.timing.beginTime == 0 { animation.timing.beginTime = LaminaCore.MediaTiming.beginTimeAtZero }
                operations.append(.addAnimation(handle, animation, key: entry.key))
                animations.append(local)
            }
        }
        return OutgoingCommit(operations: operations, animations: animations, completions: [], bitmaps: Array(shown.values))
    }

    /// How many connections have opened in this process.
    private var connectionsOpened = 0

    /// Makes `connection` the one commits go to. A connection after the first starts from an empty
    /// model: the new daemon knows none of the layers made for the previous one, so those objects are
    /// left detached (their edits are refused as unknown layers) rather than sent where they mean nothing.
    func attach(_ connection: Connection) {
        if connectionsOpened > 0 {
            model = LayerTree()
            modelRoot = model.create(name: "root")
            handles = HandleTable()
            registry = [:]
            operations = []
            addedAnimations = []
            newLayers = []
            pendingBitmaps = []
            committedLayers = []
            needsDisplay = []
            animationObjects = [:]
            outbox = []
        }
        connectionsOpened += 1
        self.connection = connection
        drainOutbox(into: connection)
    }

    /// Hands the commits made before any connection to `connection`.
    func drainOutbox(into connection: Connection) {
        let waiting = outbox
        outbox = []
        for commit in waiting { connection.send(commit) }
    }

    /// Runs a completion block (once).
    func fire(_ completion: CompletionID) {
        completionBlocks.removeValue(forKey: completion)?()
    }

}

/// A weak reference to a layer, for the registry.
struct WeakLayer {
    weak var layer: Layer?
    init(_ layer: Layer) { self.layer = layer }
}

extension LayerTree {
    /// Whether `layer` still holds the animation `id`.
    fileprivate func animationKeys(ofOptional layer: LayerID, id: AnimationID) -> Bool {
        ((try? animations(of: layer)) ?? []).contains { $0.id == id }
    }
}

/// A bitmap held weakly.
private struct WeakBitmap {
    weak var bitmap: Bitmap?
    init(_ bitmap: Bitmap) { self.bitmap = bitmap }
}
