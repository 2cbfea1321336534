/// Applying a committer's operations to a tree: the one place that says what each `LayerOperation`
/// does. The compositor runs it on its tree; the client library runs it on its mirror with the commit
/// time the daemon acknowledged, so the mirror's presentation values are the daemon's.
extension LayerTree {
    /// What applied operations did beyond editing the tree.
    public struct OperationEffects: Sendable {
        /// Transitions added to layers that existed before: their old appearance is to be captured.
        public var transitions: [(layer: LayerID, animation: AnimationID)] = []
        /// Animations that stopped because they were replaced, removed or their layer destroyed.
        public var stopped: [(layer: LayerHandle, entry: AnimationEntry)] = []
        /// Animations added, in operation order.
        public var added: [AnimationID] = []
        /// The layers put under others (as sublayers or masks), in operation order: only below them
        /// can nesting have deepened (see `firstLayer(deeperThan:under:)`).
        public var attached: [LayerID] = []

        /// Nothing yet.
        public init() {}
    }

    /// Applies one operation of a transaction committed at canvas time `commitTime`.
    ///
    /// - Parameters:
    ///   - handles: the committer's handles (edited by `create` and `destroy`).
    ///   - root: where `insertSublayer` with no parent puts a layer.
    ///   - readsPriorValues: whether a value-less animation starts from the presentation value of the
    ///     tree as it was before the transaction — when the caller opened a journal for it
    ///     (`beginJournal()`), as it was then — rather than from nothing (a layer new in the
    ///     transaction has none either way).
    ///   - bitmap: maps a bitmap the committer names to the tree's identity of it, or nil if unknown.
    public mutating func perform(
        _ operation: LayerOperation, handles: inout HandleTable, root: LayerID, committedAt commitTime: Double,
        readsPriorValues: Bool = true, effects: inout OperationEffects, bitmap: (BitmapID) -> BitmapID? = { $0 }
    ) throws(OperationError) {
        /// Runs a tree edit, telling its error in handles.
        func edit<T>(_ body: () throws(LayerTreeError) -> T) throws(OperationError) -> T {
            do { return try body() } catch {
                if case .tooDeep = error { throw .limitExceeded(handles.describe(error)) }
                throw .tree(handles.describe(error))
            }
        }
        switch operation {
        case .create(let handle, let name, let kind):
            guard handles.layers[handle] == nil else { throw .handleInUse(handle) }
            handles.bind(handle, to: create(name: name, values: PropertyValues(kind: kind)))

        case .destroy(let handle):
            let id = try handles.layer(handle)
            let entries = try edit { () throws(LayerTreeError) in try destroy(id) }
            effects.stopped += entries.map { (handle, $0) }
            handles.unbind(handle)

        case .set(let handle, let path, var value):
            let id = try handles.layer(handle)
            value = try value.mappingBitmaps(bitmap)
            try edit { () throws(LayerTreeError) in try setValue(value, at: path, of: id) }

        case .insertSublayer(let handle, let parentHandle, let index):
            let child = try handles.layer(handle)
            var parent = root
            if let parentHandle { parent = try handles.layer(parentHandle) }
            effects.attached.append(child)
            try edit { () throws(LayerTreeError) in
                if let index {
                    try insertSublayer(child, into: parent, at: index)
                } else {
                    try addSublayer(child, to: parent)
                }
            }

        case .removeFromSuperlayer(let handle):
            let id = try handles.layer(handle)
            try edit { () throws(LayerTreeError) in try removeFromSuperlayer(id) }

        case .setMask(let handle, let maskHandle):
            let id = try handles.layer(handle)
            var mask: LayerID?
            if let maskHandle { mask = try handles.layer(maskHandle) }
            if let mask { effects.attached.append(mask) }
            try edit { () throws(LayerTreeError) in try setMask(mask, of: id) }

        case .addAnimation(let handle, var animation, let key):
            let id = try handles.layer(handle)
            animation = try animation.mappingBitmaps(bitmap)
            let existed = existedBeforeJournal(id)
            let base = try edit { () throws(LayerTreeError) -> PropertyValue? in
                guard readsPriorValues, existed, let path = animation.keyPath else { return nil }
                return try presentationValueBeforeJournal(path, of: id, at: commitTime)
            }
            animation.timing.beginTime = try edit { () throws(LayerTreeError) in
                try stampedBeginTime(animation, committedAt: commitTime, on: id)
            }
            let added = try edit { () throws(LayerTreeError) in
                try addAnimation(animation, forKey: key, to: id, base: base)
            }
            effects.added.append(added.id)
            if let replaced = added.replaced { effects.stopped.append((handle, replaced)) }
            if case .transition = animation.kind, existed { effects.transitions.append((id, added.id)) }

        case .removeAnimation(let handle, let key):
            let id = try handles.layer(handle)
            if let entry = try edit({ () throws(LayerTreeError) in try removeAnimation(forKey: key, from: id) }) {
                effects.stopped.append((handle, entry))
            }

        case .setName(let handle, let name):
            let id = try handles.layer(handle)
            try edit { () throws(LayerTreeError) in try setName(name, of: id) }

        case .removeAllAnimations(let handle):
            let id = try handles.layer(handle)
            let entries = try edit { () throws(LayerTreeError) in try removeAllAnimations(from: id) }
            effects.stopped += entries.map { (handle, $0) }
        }
    }
}

extension Animation {
    /// This animation with every bitmap it names (animations of `contents`) mapped through `bitmap`, so
    /// an animation can show only bitmaps its committer supplied.
    public func mappingBitmaps(_ bitmap: (BitmapID) -> BitmapID?) throws(OperationError) -> Animation {
        func map(_ value: PropertyValue?) throws(OperationError) -> PropertyValue? {
            try value?.mappingBitmaps(bitmap)
        }
        func map(_ b: BasicAnimation) throws(OperationError) -> BasicAnimation {
            var b = b
            b.fromValue = try map(b.fromValue)
            b.toValue = try map(b.toValue)
            b.byValue = try map(b.byValue)
            return b
        }
        var result = self
        switch kind {
        case .basic(let b):
            result.kind = .basic(try map(b))
        case .spring(var s):
            s.basic = try map(s.basic)
            result.kind = .spring(s)
        case .keyframe(var k):
            // Only `contents` holds bitmaps; rewriting any other animation's values would rederive its
            // paced tables on the compositor thread for nothing.
            guard k.keyPath.valueType == .bitmap else { break }
            var values: [PropertyValue] = []
            for v in k.values { values.append(try map(v)!) }
            k.values = values
            result.kind = .keyframe(k)
        case .group(let children):
            var mapped: [Animation] = []
            for child in children { mapped.append(try child.mappingBitmaps(bitmap)) }
            result.kind = .group(mapped)
        case .transition:
            break
        }
        return result
    }
}

extension PropertyValue {
    /// The value with every bitmap it names (contents, an emitter cell's contents) mapped by `bitmap`;
    /// throws `unknownBitmap` for one `bitmap` does not know.
    public func mappingBitmaps(_ bitmap: (BitmapID) -> BitmapID?) throws(OperationError) -> PropertyValue {
        switch self {
        case .bitmap(let id?):
            guard let mapped = bitmap(id) else { throw .unknownBitmap(id) }
            return .bitmap(mapped)
        case .cells(let cells):
            guard let mapped = EmitterCell.mappingBitmaps(cells, bitmap) else {
                throw .unknownBitmap(EmitterCell.bitmaps(in: cells).first { bitmap($0) == nil }!)
            }
            return .cells(mapped)
        default:
            return self
        }
    }
}
