public import LaminaCore

/// The model side of the compositor: the layer tree under one canvas root, every client's namespace,
/// and the rules that apply a client's operations to them atomically.
///
/// No GL here: the `Compositor` keeps one and adds the GPU's part (uploads, transition snapshots,
/// drawing); `lamina probe` and the scene loader use one alone, so what they check and report is what
/// the compositor would do with the same operations.
public struct LayerStore: Sendable {
    /// The model tree: the canvas root and, under it, every client's layers.
    public private(set) var tree = LayerTree()
    /// The canvas root layer: its bounds are the output in points; clients' top layers are its sublayers.
    public let root: LayerID
    private var clients: [ClientID: Namespace] = [:]
    private var nextClient: UInt64 = 1

    /// What applying a transaction's operations did, beyond the new tree.
    public struct Changes: Sendable {
        /// The tree as it was before, when the transaction adds a transition (to draw the old appearance
        /// from); nil otherwise. Going back uses the tree's journal, not a copy.
        public var before: LayerTree?
        /// The client and its namespace as they were before (to go back to).
        fileprivate var client: ClientID
        fileprivate var namespaceBefore: Namespace
        /// Transitions added to layers that existed before: their old appearance is to be captured.
        public var transitions: [(layer: LayerID, animation: AnimationID)]
        /// Animations that stopped because they were replaced, removed or their layer destroyed.
        public var stopped: [(layer: LayerHandle, entry: AnimationEntry)]
        /// Animations the transaction added.
        public var added: [AnimationID] = []
    }

    /// A store whose canvas root covers `width` x `height` points.
    public init(width: Double, height: Double) {
        var values = PropertyValues()
        values[.bounds] = Rect(x: 0, y: 0, width: width, height: height)
        values[.position] = Point(x: width / 2, y: height / 2)
        root = tree.create(name: "canvas", values: values)
    }

    /// Makes the canvas root cover `width` x `height` points: the output was resized (a window made
    /// larger, say). Layers keep their positions; the root's changed bounds are a change like any.
    public mutating func resizeCanvas(width: Double, height: Double) {
        var values = tree[root]
        values[.bounds] = Rect(x: 0, y: 0, width: width, height: height)
        values[.position] = Point(x: width / 2, y: height / 2)
        tree[root] = values
    }

    // MARK: Clients

    /// Opens a namespace for a new client.
    public mutating func addClient() -> ClientID {
        while clients[ClientID(nextClient)] != nil { nextClient += 1 }
        let id = ClientID(nextClient)
        nextClient += 1
        clients[id] = Namespace()
        return id
    }

    /// Opens a namespace for a client whose identity was chosen elsewhere (the daemon's I/O thread
    /// numbers connections as it accepts them), with its limits.
    public mutating func addClient(_ id: ClientID, limits: Limits = Limits()) {
        clients[id] = Namespace(limits: limits)
    }

    /// The clients with a namespace.
    public var clientCount: Int { clients.count }

    /// What one client may hold: checked when a transaction applies, which is rejected whole when it
    /// would end with more.
    public struct Limits: Hashable, Sendable {
        /// The most layers the client may have.
        public var layers: Int
        /// The most animations attached to the client's layers.
        public var animations: Int
        /// The most particles the client's emitters may keep alive at once, by their model values
        /// (`ParticleSystem.capacity`).
        public var particles: Int

        /// Limits (unlimited by default, as for scenes; nesting is bounded for every tree by
        /// `LayerTree.maximumDepth`).
        public init(layers: Int = .max, animations: Int = .max, particles: Int = .max) {
            self.layers = layers
            self.animations = animations
            self.particles = particles
        }
    }

    /// Ends a client: its layers are destroyed. Returns the animations that stopped with them and the
    /// compositor's identities of its bitmaps (for the caller to drop their textures).
    public mutating func removeClient(_ client: ClientID) -> (stopped: [AnimationEntry], bitmaps: [BitmapID]) {
        tree.commitJournal()
        guard let space = clients.removeValue(forKey: client) else { return ([], []) }
        let stopped = tree.destroyAll(Array(space.layers.values))
        return (stopped, Array(space.bitmaps.values))
    }

    /// Gives back the storage the tree grew to and no longer needs (see
    /// `LayerTree.releaseSpareMemory()`): for after a client of many layers left.
    public mutating func releaseSpareMemory() {
        tree.releaseSpareMemory()
    }

    /// The layer a client's handle names, if any.
    public func layer(_ handle: LayerHandle, of client: ClientID) -> LayerID? {
        clients[client]?.layers[handle]
    }

    /// Forgets a client's bitmap (the client released it), returning the compositor's identity of it;
    /// nil when the client had none by that identity. A layer still showing it shows nothing.
    public mutating func releaseBitmap(_ id: BitmapID, of client: ClientID) -> BitmapID? {
        clients[client]?.bitmaps.removeValue(forKey: id)
    }

    /// The compositor's identity of a client's bitmap, if the client uploaded it.
    public func bitmap(_ id: BitmapID, of client: ClientID) -> BitmapID? {
        clients[client]?.bitmaps[id]
    }

    /// The client and handle of a layer (nil for the canvas root and unknown layers).
    public func owner(of id: LayerID) -> (client: ClientID, handle: LayerHandle)? {
        for (client, space) in clients {
            if let handle = space.handles.handles[id] { return (client, handle) }
        }
        return nil
    }

    /// Evaluates every animation at `time` into `presentation` (see `LayerTree.evaluate`).
    public mutating func evaluate(
        at time: Double, into presentation: inout Presentation, events: inout [AnimationEvent], threads: FrameThreads = .single
    ) {
        tree.evaluate(at: time, into: &presentation, events: &events, threads: threads)
    }

    /// Returns what changed in the tree since the last call (see `LayerChanges`).
    public mutating func takeChanges() -> LayerChanges {
        tree.commitJournal()
        return tree.takeChanges()
    }

    // MARK: Applying operations

    /// Applies `operations` from `client`, stamped with `commitTime`, whole or not at all: they run on
    /// copies of the tree and the namespace, which replace the live ones only when every one succeeded.
    /// `newBitmaps` are the client's bitmaps this transaction introduces, with the compositor's
    /// identities for them.
    public mutating func apply(
        _ operations: [LayerOperation], from client: ClientID, at commitTime: Double,
        newBitmaps: [BitmapID: BitmapID] = [:]
    ) throws(StoreError) -> Changes {
        guard var space = clients[client] else {
            throw StoreError(operationIndex: nil, operation: "commit", reason: .unknownClient(client))
        }
        // The edits go straight into the tree, journaled: a failure undoes them. Only a transition,
        // which draws the layer's old appearance, needs a copy of the tree as it was.
        tree.commitJournal()
        var (addsTransition, creates) = (false, 0)
        for operation in operations {
            switch operation {
            case .create: creates += 1
            case .addAnimation(_, let animation, _): if case .transition = animation.kind { addsTransition = true }
            default: break
            }
        }
        var changes = Changes(
            before: addsTransition ? tree : nil, client: client, namespaceBefore: space, transitions: [], stopped: [])
        space.bitmaps.merge(newBitmaps) { _, new in new }
        if creates > 1 { space.handles.reserveCapacity(forAdditional: creates) }
        var effects = LayerTree.OperationEffects()
        tree.beginJournal()
        for (index, operation) in operations.enumerated() {
            do throws(OperationError) {
                try tree.perform(
                    operation, handles: &space.handles, root: root, committedAt: commitTime,
                    effects: &effects, bitmap: { [bitmaps = space.bitmaps] in bitmaps[$0] })
            } catch {
                tree.rollBack()
                throw StoreError(operationIndex: index, operation: operation.summary, reason: .operation(error))
            }
        }
        changes.transitions = effects.transitions
        changes.stopped = effects.stopped
        changes.added = effects.added
        if space.layers.count > space.limits.layers {
            tree.rollBack()
            throw StoreError(
                operationIndex: nil, operation: "commit",
                reason: .limit("\(space.layers.count) layers is over the limit of \(space.limits.layers)"))
        }
        // Each edit bounds the depth above it; a deep subtree attached whole shows only here.
        if let (layer, _) = tree.firstLayer(deeperThan: LayerTree.maximumDepth, under: effects.attached) {
            tree.rollBack()
            throw StoreError(
                operationIndex: nil, operation: "commit",
                reason: .limit(space.handles.describe(.tooDeep(layer, limit: LayerTree.maximumDepth))))
        }
        if !changes.added.isEmpty, space.limits.animations != .max {
            let count = space.layers.values.reduce(0) { $0 + ((try? tree.animations(of: $1).count) ?? 0) }
            if count > space.limits.animations {
                tree.rollBack()
                throw StoreError(
                    operationIndex: nil, operation: "commit",
                    reason: .limit("\(count) animations is over the limit of \(space.limits.animations)"))
            }
        }
        if space.limits.particles != .max, operations.contains(where: Self.touchesEmitters) {
            let capacity = space.layers.values.reduce(0.0) { total, id in
                guard let values = try? tree.values(of: id), values.kind == .emitter else { return total }
                return total + ParticleSystem.capacity(of: values)
            }
            if !(capacity <= Double(space.limits.particles)) {
                tree.rollBack()
                throw StoreError(
                    operationIndex: nil, operation: "commit",
                    reason: .limit(
                        "the client's emitters would keep \(capacity.isFinite ? String(capacity.rounded().saturatingInt) : "unboundedly many") particles alive (birth rates times lifetimes), over the limit of \(space.limits.particles)"))
            }
        }
        tree.compactSublayerLists()
        // The journal stays open until the next edit of the store, for `revert`.
        clients[client] = space
        return changes
    }

    /// Whether an operation can raise how many particles a client's emitters keep alive.
    static func touchesEmitters(_ operation: LayerOperation) -> Bool {
        switch operation {
        case .create(_, _, .emitter): true
        case .set(_, let path, _): path.key.descriptor.kinds == LayerKinds(.emitter)
        default: false
        }
    }

    /// Undoes the `apply` that returned `changes` (when a later step of the transaction, such as an
    /// upload, failed). Nothing else may have been done to the store since.
    public mutating func revert(_ changes: Changes) {
        tree.rollBack()
        clients[changes.client] = changes.namespaceBefore
    }
}

extension LayerStore {
    /// Registers a bitmap a client shared outside a transaction (an imported buffer): the client's `id`
    /// names the compositor's `compositorID` from now on. Returns the compositor's identity it named
    /// before, if any (that bitmap is gone).
    public mutating func addBitmap(_ id: BitmapID, as compositorID: BitmapID, of client: ClientID) -> BitmapID? {
        clients[client]?.bitmaps.updateValue(compositorID, forKey: id)
    }

    /// Of `bitmaps` (the compositor's identities), those that a layer of `client` shows as its model
    /// `contents`.
    public func shown(_ bitmaps: Set<BitmapID>, by client: ClientID) -> Set<BitmapID> {
        guard let space = clients[client], !bitmaps.isEmpty else { return [] }
        var shown: Set<BitmapID> = []
        for (_, id) in space.layers where tree.contains(id) {
            if case .bitmap(let bitmap?) = tree[id].value(.contents), bitmaps.contains(bitmap) { shown.insert(bitmap) }
        }
        return shown
    }

    /// The client's own identity of a bitmap the compositor knows as `id` (for presentation replies).
    public func clientBitmap(_ id: BitmapID, of client: ClientID) -> BitmapID? {
        clients[client]?.bitmaps.first { $0.value == id }?.key
    }
}
