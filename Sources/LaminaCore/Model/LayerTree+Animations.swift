/// Animations attached to layers (`CALayer.add(_:forKey:)` and friends). They belong to the model, as in
/// Core Animation; `evaluate(at:into:events:)` turns them into presentation values.
extension LayerTree {
    /// What adding an animation did: its identity, and the entry it replaced under the same key.
    public struct AddedAnimation: Sendable {
        public var id: AnimationID
        public var replaced: AnimationEntry?
    }

    /// Adds an animation after validating it; one under the same key is replaced (and returned, since it
    /// stops unfinished). `base` is the presentation value of the animated key path now (see
    /// `AnimationEntry.base`); `beginTime` must already be in the layer's time (see `stampedBeginTime`).
    @discardableResult
    public mutating func addAnimation(
        _ animation: Animation, forKey key: String?, to layer: LayerID, base: PropertyValue? = nil
    ) throws(LayerTreeError) -> AddedAnimation {
        let kind = try node(layer).values.kind
        do {
            try animation.validate()
            try animation.validate(for: kind)
        } catch { throw .animation(layer, error) }
        let id = AnimationID(nextAnimationID)
        nextAnimationID += 1
        schedule.isStale = true
        willEdit(Int(layer.index))
        var replaced: AnimationEntry?
        if let key, let i = slots[Int(layer.index)].node.animations.firstIndex(where: { $0.key == key }) {
            replaced = slots[Int(layer.index)].node.animations.remove(at: i)
        }
        slots[Int(layer.index)].node.animations.append(
            AnimationEntry(id: id, key: key, animation: animation, base: base))
        return AddedAnimation(id: id, replaced: replaced)
    }

    /// Removes the animation under `key`, returning it.
    @discardableResult
    public mutating func removeAnimation(forKey key: String, from layer: LayerID) throws(LayerTreeError) -> AnimationEntry? {
        try removeFirstAnimation(from: layer) { $0.key == key }
    }

    /// Removes the animation `id` (the client library drops one the daemon reports finished), returning it.
    @discardableResult
    public mutating func removeAnimation(_ id: AnimationID, from layer: LayerID) throws(LayerTreeError) -> AnimationEntry? {
        try removeFirstAnimation(from: layer) { $0.id == id }
    }

    /// Removes the first of a layer's animations that `matches`; every removal marks the schedule stale.
    private mutating func removeFirstAnimation(
        from layer: LayerID, where matches: (AnimationEntry) -> Bool
    ) throws(LayerTreeError) -> AnimationEntry? {
        _ = try node(layer)
        guard let i = slots[Int(layer.index)].node.animations.firstIndex(where: matches) else { return nil }
        willEdit(Int(layer.index))
        schedule.isStale = true
        return slots[Int(layer.index)].node.animations.remove(at: i)
    }

    /// Removes every animation of a layer, returning them.
    @discardableResult
    public mutating func removeAllAnimations(from layer: LayerID) throws(LayerTreeError) -> [AnimationEntry] {
        let removed = try node(layer).animations
        willEdit(Int(layer.index))
        slots[Int(layer.index)].node.animations.removeAll()
        schedule.isStale = true
        return Array(removed)
    }

    /// The animation under `key`.
    public func animation(forKey key: String, of layer: LayerID) throws(LayerTreeError) -> Animation? {
        try node(layer).animations.first { $0.key == key }?.animation
    }

    /// The keys of a layer's animations, in the order they were added (unkeyed ones are not listed).
    public func animationKeys(of layer: LayerID) throws(LayerTreeError) -> [String] {
        try node(layer).animations.compactMap(\.key)
    }

    /// A layer's animation entries, in the order they apply.
    public func animations(of layer: LayerID) throws(LayerTreeError) -> [AnimationEntry] {
        Array(try node(layer).animations)
    }

    /// The `beginTime` an animation gets when committed at canvas time `commitTime` on `layer`: one with
    /// `beginTime` 0 begins at the commit, in the layer's time; `MediaTiming.beginTimeAtZero` at the
    /// layer's time 0 exactly; any other `beginTime` is already in the layer's time and is kept.
    public func stampedBeginTime(_ animation: Animation, committedAt commitTime: Double, on layer: LayerID) throws(LayerTreeError) -> Double {
        if animation.timing.beginTime == MediaTiming.beginTimeAtZero { return 0 }
        if animation.timing.beginTime != 0 { return animation.timing.beginTime }
        return try convertTime(commitTime, from: nil, to: layer)
    }

    /// `id`'s local time at canvas time `time`: each layer's map of its parent's time composed down
    /// the tree, without allocating.
    public func localTime(of id: LayerID, at time: Double) -> Double {
        slots.withUnsafeBufferPointer { Self.localTime(ofSlot: Int(id.index), at: time, in: $0) }
    }

    /// `localTime(of:at:)` over the slots as a buffer, for loops that already hold one: reading a field
    /// through it projects in place instead of copying the slot.
    ///
    /// While no layer on the way has a finite `duration`, every map is a line, `(t - beginTime) · speed
    /// + timeOffset`, and the composition is one line gathered on the way up; a layer that repeats or
    /// holds its time is not a line, and then the maps are applied from the root down. Inlined into
    /// the evaluation, which asks it once per animated layer.
    @inline(__always)
    static func localTime(ofSlot slot: Int, at time: Double, in slots: UnsafeBufferPointer<Slot>) -> Double {
        var scale = 1.0, offset = 0.0
        var index = slot
        while true {
            if slots[index].node.isTimed { return localTimeFolded(ofSlot: slot, at: time, in: slots) }
            // current map g(t) = scale·t + offset; composed with this layer's f(t) = s·t + shift.
            offset += scale * slots[index].node.timeShift
            scale *= slots[index].node.timeScale
            guard let parent = slots[index].node.superlayer ?? slots[index].node.maskOwner else { break }
            index = Int(parent.index)
        }
        return scale * time + offset
    }

    /// `localTime(ofSlot:at:in:)` applying each map from the root down (the chain is at most
    /// `maximumDepth` long).
    private static func localTimeFolded(ofSlot slot: Int, at time: Double, in slots: UnsafeBufferPointer<Slot>) -> Double {
        var chain: [Int] = []
        var index = slot
        while true {
            chain.append(index)
            guard let parent = slots[index].node.superlayer ?? slots[index].node.maskOwner, chain.count <= maximumDepth + 1 else { break }
            index = Int(parent.index)
        }
        var t = time
        for i in chain.reversed() { t = slots[i].node.localTime(t) }
        return t
    }
}

extension LayerTree {
    /// Animations attached to live layers, stopped ones that are kept (`removedOnCompletion` false)
    /// included.
    public var animationCount: Int {
        slots.reduce(0) { $0 + ($1.isLive ? $1.node.animations.count : 0) }
    }

    /// Whether some animation has not stopped yet: while one has not, the presentation tree changes
    /// from frame to frame, so a frame loop must keep drawing; once none has, it may sleep.
    ///
    /// A frame loop asks every tick, so this reads the schedule (one record per animation) while it is
    /// current, and walks the layers only after animations were added or removed and before the next
    /// evaluation: a client with 30,000 layers and no animation costs nothing per tick.
    public var hasActiveAnimations: Bool {
        if !schedule.isStale { return schedule.items.contains { !$0.hasStopped } }
        return slots.contains { $0.isLive && $0.node.animations.contains { !$0.hasStopped } }
    }
}
