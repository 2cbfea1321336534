public import LaminaCore
public import LaminaImage
public import LaminaModel
public import LaminaLottie

/// A scene turned into what a client would commit: one transaction for the initial tree at scene time
/// 0, then one per timeline entry, each stamped with its `at`.
///
/// Compiling runs every transaction through a `LayerStore` (the compositor's own model rules), so a
/// scene that compiles applies cleanly; a scene that does not gets a `SceneError` at the JSON path of
/// the operation the store refused. Implicit actions are resolved here, as Core Animation's client
/// side resolves them: a change in `set` to an animatable property of a layer already on screen adds
/// the default action, a basic animation under the property's name with the transaction's duration and
/// curve and no values, which the compositor starts from the presentation value at the commit.
public struct SceneScript: Sendable {
    /// One commit: what a client would send at scene time `at`, stamped with it.
    public struct Step: Sendable {
        /// Scene time of the commit.
        public var at: Double
        /// The operations, in order.
        public var operations: [LayerOperation]
        /// The bitmaps the commit brings (the scene's images, all with the first commit), by the
        /// identities `contents` values name.
        public var images: [(id: BitmapID, image: RGBAImage)]
    }

    /// The scene.
    public let scene: Scene
    /// The commits in time order; the first is the initial tree (with every image) at 0.
    public private(set) var steps: [Step] = []
    /// Every layer's handle by name, in the order layers were introduced.
    public private(set) var handles: [(name: String, handle: LayerHandle)] = []
    private var handleByName: [String: LayerHandle] = [:]
    /// The layers with constraints, by name, with their JSON paths.
    private var constrained: [String: (constraints: [Constraint], path: String)] = [:]
    private var nextHandle: UInt64 = 1

    /// Compiles `scene`, checking every transaction against the compositor's rules.
    public init(_ scene: Scene) throws(SceneError) {
        self.scene = scene
        var store = LayerStore(width: scene.canvas.width, height: scene.canvas.height)
        let client = store.addClient()

        // The initial tree: every image, every layer, committed at 0.
        var ops: [LayerOperation] = []
        var paths: [String] = []
        for layer in scene.layers { emit(layer, parent: nil, into: &ops, paths: &paths) }
        let identities = Dictionary(uniqueKeysWithValues: scene.images.map { ($0.id, $0.id) })
        try check(&store, client, ops, paths, at: 0, newBitmaps: identities)
        try layOut(&store, client, at: 0, into: &ops)
        steps.append(Step(at: 0, operations: ops, images: scene.images.map { ($0.id, $0.image) }))

        for commit in scene.timeline {
            try compile(commit, store: &store, client: client)
        }
    }

    /// Compiles a Lottie composition: one commit at 0 that puts its root on a transparent canvas of
    /// its size, checked against the compositor's rules like any scene.
    public init(lottie composition: LottieComposition, file: String) throws(SceneError) {
        let canvas = OutputConfiguration(width: composition.size.width, height: composition.size.height)
        scene = Scene(file: file, canvas: canvas, images: [], layers: [], timeline: [])
        var store = LayerStore(width: canvas.width, height: canvas.height)
        let client = store.addClient()
        let ops = composition.operations + [.insertSublayer(composition.root, into: nil, at: nil)]
        let identities = Dictionary(uniqueKeysWithValues: composition.images.map { ($0.id, $0.id) })
        try check(&store, client, ops, composition.operationPaths + [""], at: 0, newBitmaps: identities)
        handles = composition.layerNames
        for (name, handle) in handles { handleByName[name] = handle }
        steps = [Step(at: 0, operations: ops, images: composition.images)]
    }

    /// The handle of a named layer.
    public func handle(named name: String) -> LayerHandle? { handleByName[name] }

    /// The image each tiled layer of the scene (its first layers and the timeline's) cuts its tiles
    /// from (`"tiles"`), by handle.
    public var tileImages: [LayerHandle: RGBAImage] {
        var images: [LayerHandle: RGBAImage] = [:]
        func walk(_ layers: [SceneLayer]) {
            for layer in layers {
                if let id = layer.tiles, let handle = handleByName[layer.name], let image = scene.images.first(where: { $0.id == id }) {
                    images[handle] = image.image
                }
                walk(layer.sublayers)
                walk(layer.mask)
            }
        }
        walk(scene.layers)
        for commit in scene.timeline { walk(commit.add.map(\.layer)) }
        return images
    }

    /// A store with every commit up to scene time `time` applied (for presentation queries without a GPU).
    public func store(at time: Double) -> (store: LayerStore, client: ClientID) {
        var store = LayerStore(width: scene.canvas.width, height: scene.canvas.height)
        let client = store.addClient()
        let identities = Dictionary(uniqueKeysWithValues: (steps.first?.images ?? []).map { ($0.id, $0.id) })
        for (i, step) in steps.enumerated() where step.at <= time {
            // Compiling already applied these to an identical store.
            _ = try! store.apply(
                step.operations, from: client, at: step.at, newBitmaps: i == 0 ? identities : [:])
        }
        return (store, client)
    }

    // MARK: Compiling

    private mutating func compile(_ commit: SceneCommit, store: inout LayerStore, client: ClientID) throws(SceneError) {
        var ops: [LayerOperation] = []
        var paths: [String] = []
        var added: Set<String> = []

        // Layers added in this transaction are checked first so `set` can see their values.
        for add in commit.add {
            var parent: LayerHandle?
            if let name = add.parent { parent = try known(name, at: add.path + ".parent", commit) }
            emit(add.layer, parent: parent, index: add.index, into: &ops, paths: &paths)
            paths[paths.count - 1] = add.index == nil ? add.path : add.path + ".index"
            collectNames(add.layer, into: &added)
        }
        // `set` reads values from the store as it stands with this transaction's adds.
        var probe = store
        try check(&probe, client, ops, paths, at: commit.at)

        // A scroll is a change of a scroll layer's bounds' origin on the axes its scrollMode allows.
        var sets = commit.set
        for (name, path, point) in commit.scroll {
            let values = probe.tree[probe.layer(try known(name, at: path, commit), of: client)!]
            guard values.kind == .scroll else {
                throw SceneError(path: path, message: "\"\(name)\" is a `\(values.kind)` layer, not a `scroll` layer")
            }
            var bounds = values[.bounds]
            let mode = values[.scrollMode]
            if mode == .horizontally || mode == .both { bounds.origin.x = point.x }
            if mode == .vertically || mode == .both { bounds.origin.y = point.y }
            sets.append((name, path, [.value(LayerKeyPath(.bounds), .rect(bounds))]))
        }

        for (name, path, properties) in sets {
            let handle = try known(name, at: path, commit)
            let id = probe.layer(handle, of: client)!
            var values = probe.tree[id]
            let onScreen = !added.contains(name)
            for property in properties {
                let changed: [(LayerKeyPath, PropertyValue)]
                switch property {
                case .value(let keyPath, let value):
                    do { try values.setValue(value, at: keyPath) } catch { throw SceneError(path: path, message: "\(error)") }
                    changed = [(keyPath, value)]
                case .frame(let rect):
                    values.setFrame(rect)
                    changed = [(LayerKeyPath(.bounds), values.value(.bounds)), (LayerKeyPath(.position), values.value(.position))]
                }
                for (keyPath, value) in changed {
                    ops.append(.set(handle, keyPath, value))
                    paths.append(path)
                    if onScreen, !commit.settings.disableActions, keyPath.key.descriptor.isAnimatable {
                        let action = Actions.defaultAction(forKey: keyPath.key.name, settings: commit.settings)!
                        ops.append(.addAnimation(handle, action, key: keyPath.key.name))
                        paths.append(path)
                    }
                }
            }
        }
        for (name, path) in commit.remove {
            ops.append(.removeFromSuperlayer(try known(name, at: path, commit)))
            paths.append(path)
        }
        for (name, path, animations) in commit.animations {
            let handle = try known(name, at: path, commit)
            for a in animations {
                ops.append(.addAnimation(handle, a.animation, key: a.key))
                paths.append(a.path)
            }
        }
        for (name, path, keys) in commit.removeAnimations {
            let handle = try known(name, at: path, commit)
            for key in keys {
                ops.append(.removeAnimation(handle, key: key))
                paths.append(path)
            }
        }
        try check(&store, client, ops, paths, at: commit.at)
        try layOut(&store, client, at: commit.at, into: &ops)
        steps.append(Step(at: commit.at, operations: ops, images: []))
    }

    /// Solves the constraints of the layers that have them (after a transaction's operations, so a
    /// superlayer's new bounds or a sibling's new frame count) and appends the frames that changed to
    /// the transaction, set without implicit animation. Nested layouts settle in at most 16 passes.
    private mutating func layOut(_ store: inout LayerStore, _ client: ClientID, at time: Double, into ops: inout [LayerOperation])
        throws(SceneError)
    {
        guard !constrained.isEmpty else { return }
        for _ in 0..<16 {
            var changes: [LayerOperation] = []
            let tree = store.tree
            var parents: [LayerID] = []
            for (name, _) in constrained {
                guard let handle = handleByName[name], let id = store.layer(handle, of: client),
                    let parent = (try? tree.superlayer(of: id)) ?? nil, !parents.contains(parent)
                else { continue }
                parents.append(parent)
            }
            for parent in parents {
                let sublayers = (try? tree.sublayers(of: parent)) ?? []
                var items: [ConstraintLayout.Item] = []
                for sublayer in sublayers {
                    let name = (try? tree.name(of: sublayer)) ?? nil ?? ""
                    items.append(ConstraintLayout.Item(name: name, frame: tree[sublayer].frame, constraints: constrained[name]?.constraints ?? []))
                }
                let frames: [Rect]
                do { frames = try ConstraintLayout.solve(items, in: tree[parent][.bounds]) } catch {
                    let path = items.first { !$0.constraints.isEmpty }.flatMap { constrained[$0.name]?.path } ?? ""
                    throw SceneError(path: path + ".constraints", message: "\(error)")
                }
                for (i, sublayer) in sublayers.enumerated() where !items[i].constraints.isEmpty && items[i].frame != frames[i] {
                    guard let handle = handleByName[items[i].name] else { continue }
                    var values = tree[sublayer]
                    values.setFrame(frames[i])
                    changes.append(.set(handle, LayerKeyPath(.bounds), values.value(.bounds)))
                    changes.append(.set(handle, LayerKeyPath(.position), values.value(.position)))
                }
            }
            guard !changes.isEmpty else { return }
            try check(&store, client, changes, changes.map { _ in "constraints" }, at: time)
            ops += changes
        }
    }

    /// The operations that create `layer` and its subtree, then put it under `parent` (nil: the root).
    private mutating func emit(
        _ layer: SceneLayer, parent: LayerHandle?, index: Int? = nil, asMaskOf owner: LayerHandle? = nil,
        into ops: inout [LayerOperation], paths: inout [String]
    ) {
        let handle = LayerHandle(nextHandle)
        nextHandle += 1
        handles.append((layer.name, handle))
        handleByName[layer.name] = handle
        if !layer.constraints.isEmpty { constrained[layer.name] = (layer.constraints, layer.path) }
        ops.append(.create(handle, name: layer.name, kind: layer.kind))
        paths.append(layer.path)
        var values = PropertyValues()
        for property in layer.properties {
            switch property {
            case .value(let keyPath, let value):
                try? values.setValue(value, at: keyPath)  // types were checked when decoding
                ops.append(.set(handle, keyPath, value))
            case .frame(let rect):
                values.setFrame(rect)
                ops.append(.set(handle, LayerKeyPath(.bounds), values.value(.bounds)))
                paths.append(layer.path)
                ops.append(.set(handle, LayerKeyPath(.position), values.value(.position)))
            }
            paths.append(layer.path)
        }
        for sublayer in layer.sublayers { emit(sublayer, parent: handle, into: &ops, paths: &paths) }
        for mask in layer.mask { emit(mask, parent: nil, asMaskOf: handle, into: &ops, paths: &paths) }
        for a in layer.animations {
            ops.append(.addAnimation(handle, a.animation, key: a.key))
            paths.append(a.path)
        }
        if let owner {
            ops.append(.setMask(owner, mask: handle))
        } else {
            ops.append(.insertSublayer(handle, into: parent, at: index))
        }
        paths.append(layer.path)
    }

    private func collectNames(_ layer: SceneLayer, into names: inout Set<String>) {
        names.insert(layer.name)
        for sublayer in layer.sublayers { collectNames(sublayer, into: &names) }
        for mask in layer.mask { collectNames(mask, into: &names) }
    }

    private func known(_ name: String, at path: String, _ commit: SceneCommit) throws(SceneError) -> LayerHandle {
        guard let handle = handleByName[name] else {
            throw SceneError(path: path, message: "no layer named \"\(name)\" exists at \(commit.at) s")
        }
        return handle
    }

    /// Applies `ops` to `store`, turning a refusal into an error at the offending operation's path.
    private func check(
        _ store: inout LayerStore, _ client: ClientID, _ ops: [LayerOperation], _ paths: [String], at time: Double,
        newBitmaps: [BitmapID: BitmapID] = [:]
    ) throws(SceneError) {
        do {
            _ = try store.apply(ops, from: client, at: time, newBitmaps: newBitmaps)
        } catch {
            let path = error.operationIndex.map { paths[$0] } ?? ""
            var message = "\(error.reason)"
            for (name, handle) in handles.sorted(by: { $0.handle > $1.handle }) { message = message.replacingAll("\(handle)", with: "\"\(name)\"") }
            throw SceneError(path: path, message: message)
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
