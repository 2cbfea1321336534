/// The presentation tree at one time: the model tree with every running animation applied.
///
/// Stored flat: the animated values of every layer back to back, in slot order, and per slot the range
/// of them that is its overlay (empty for layers that do not animate). Reading a property is "the
/// overlay's value, else the model's". A frame rewrites the storage from the start, so reuse one
/// `Presentation` from frame to frame: its capacity is kept and steady-state frames allocate nothing.
public struct Presentation: Sendable {
    /// Where one slot's overlay lies in the flat storage.
    @usableFromInline struct Extent: Sendable {
        @usableFromInline var values: Range<Int32> = 0..<0
        @usableFromInline var transforms: Range<Int32> = 0..<0
        /// In the affine transforms' storage (`PresentationOverlay.AnimatedAffine`); in the padding the
        /// 16-byte alignment of `keys` left, so an extent is still 48 bytes.
        @usableFromInline var affines: Range<Int32> = 0..<0
        /// An index into `transitions`, or -1.
        @usableFromInline var transition: Int32 = -1
        /// Whose storage `values`, `transforms` and `affines` index: 0 the presentation's own, `p` that of
        /// `parts[p].writer` (range `p` of a split evaluation, left where it was written).
        @usableFromInline var part: Int32 = 0
        /// Bit `rawValue` set for each animated key: found once, when the layer is evaluated, for
        /// the several readers that ask per layer per frame (the compositor, the renderer's patch).
        @usableFromInline var keys: UInt128 = 0

        @usableFromInline init() {}
    }

    /// The canvas time it was evaluated at.
    public internal(set) var time: Double = 0
    @usableFromInline var extents: ContiguousArray<Presentation.Extent> = []
    /// The flat storage, held by `writer` while a frame is evaluated.
    @usableFromInline var values: ContiguousArray<PresentationOverlay.Animated> = []
    @usableFromInline var transforms: ContiguousArray<PresentationOverlay.AnimatedTransform> = []
    @usableFromInline var affines: ContiguousArray<PresentationOverlay.AnimatedAffine> = []
    @usableFromInline var transitions: ContiguousArray<TransitionProgress> = []
    /// The layers animated this frame (given an overlay), in evaluation order; also the extents the
    /// next frame clears of those it does not animate.
    public internal(set) var animatedLayers: ContiguousArray<LayerID> = []
    /// While a frame is evaluated, the last frame's `animatedLayers`; and the slots whose extent the
    /// frame wrote: which extents it left stale (`endFrame`).
    var lastAnimatedLayers: ContiguousArray<LayerID> = []
    var written = SlotMarks()
    /// Every key some layer animates this frame, bit `rawValue` set for each: a reader asking one
    /// key of every animated layer (the renderer, about `zPosition`) asks none when no layer animates it.
    public internal(set) var animatedKeys: UInt128 = 0
    /// What each range of a split evaluation wrote, by range, kept from frame to frame: the layers'
    /// extents of ranges after the first point into their part's values (`Extent.part`), so a split
    /// frame copies no values to join them. (The first range's values are the presentation's own; its
    /// part holds only its lists.)
    @usableFromInline var parts: [EvaluationPart] = []
    /// Where the evaluation cut the schedule into ranges this frame, kept for its capacity.
    var rangeBounds: [Int] = []

    /// An empty presentation (every layer shows its model values).
    public init() {}

    /// The values storage an extent indexes (for a view that keeps it).
    @inlinable
    func valueStorage(_ extent: Extent) -> ContiguousArray<PresentationOverlay.Animated> {
        extent.part == 0 ? values : parts[Int(extent.part)].writer.values
    }

    /// The transforms storage an extent indexes (for a view that keeps it).
    @inlinable
    func transformStorage(_ extent: Extent) -> ContiguousArray<PresentationOverlay.AnimatedTransform> {
        extent.part == 0 ? transforms : parts[Int(extent.part)].writer.transforms
    }

    /// The affine transforms' storage an extent indexes (for a view that keeps it).
    @inlinable
    func affineStorage(_ extent: Extent) -> ContiguousArray<PresentationOverlay.AnimatedAffine> {
        extent.part == 0 ? affines : parts[Int(extent.part)].writer.affines
    }

    /// Calls `body` with the values storage an extent indexes, in place: no retain of the storage,
    /// which threads reading the presentation at once (a split leaf patch) would contend for.
    @inlinable
    func withValueStorage<R>(_ extent: Extent, _ body: (UnsafeBufferPointer<PresentationOverlay.Animated>) -> R) -> R {
        guard extent.part != 0 else { return values.withUnsafeBufferPointer(body) }
        return parts.withUnsafeBufferPointer { $0[Int(extent.part)].writer.values.withUnsafeBufferPointer(body) }
    }

    /// `withValueStorage` for the transforms storage.
    @inlinable
    func withTransformStorage<R>(
        _ extent: Extent, _ body: (UnsafeBufferPointer<PresentationOverlay.AnimatedTransform>) -> R
    ) -> R {
        guard extent.part != 0 else { return transforms.withUnsafeBufferPointer(body) }
        return parts.withUnsafeBufferPointer { $0[Int(extent.part)].writer.transforms.withUnsafeBufferPointer(body) }
    }

    /// `withValueStorage` for the affine transforms' storage.
    @inlinable
    func withAffineStorage<R>(
        _ extent: Extent, _ body: (UnsafeBufferPointer<PresentationOverlay.AnimatedAffine>) -> R
    ) -> R {
        guard extent.part != 0 else { return affines.withUnsafeBufferPointer(body) }
        return parts.withUnsafeBufferPointer { $0[Int(extent.part)].writer.affines.withUnsafeBufferPointer(body) }
    }

    /// The overlay of a layer (empty when nothing animates it): a view of the flat storage.
    public func overlay(of id: LayerID) -> PresentationOverlay {
        guard Int(id.index) < extents.count else { return PresentationOverlay() }
        let extent = extents[Int(id.index)]
        if extent.values.isEmpty && extent.transition < 0 {
            if extent.transforms.count == 1 && extent.affines.isEmpty {
                return PresentationOverlay(single: transformStorage(extent)[Int(extent.transforms.lowerBound)])
            }
            if extent.affines.count == 1 && extent.transforms.isEmpty {
                let affine = affineStorage(extent)[Int(extent.affines.lowerBound)]
                return PresentationOverlay(single: .init(key: affine.key, value: Transform3D(affine: affine.value)))
            }
        }
        // An empty part holds no reference to the storage (nothing to retain and release).
        return PresentationOverlay(
            values: extent.values.isEmpty ? [] : valueStorage(extent),
            extent.values.isEmpty ? 0..<0 : Int(extent.values.lowerBound)..<Int(extent.values.upperBound),
            transforms: extent.transforms.isEmpty ? [] : transformStorage(extent),
            extent.transforms.isEmpty ? 0..<0 : Int(extent.transforms.lowerBound)..<Int(extent.transforms.upperBound),
            affines: extent.affines.isEmpty ? [] : affineStorage(extent),
            extent.affines.isEmpty ? 0..<0 : Int(extent.affines.lowerBound)..<Int(extent.affines.upperBound),
            transition: extent.transition < 0 ? nil : transitions[Int(extent.transition)])
    }

    /// The properties animations drive for a layer this frame, bit `rawValue` set for each, and whether
    /// a transition runs on it: read in place, nothing copied.
    @inlinable
    public func animatedKeyMask(of id: LayerID) -> (keys: UInt128, transition: Bool) {
        guard Int(id.index) < extents.count else { return (0, false) }
        let extent = extents[Int(id.index)]
        return (extent.keys, extent.transition >= 0)
    }

    /// The animated value of a transform-valued `key` of a layer this frame, read in place; nil when
    /// no animation drives it.
    @inlinable
    public func animatedTransform(_ key: PropertyKey, of id: LayerID) -> Transform3D? {
        guard Int(id.index) < extents.count else { return nil }
        let extent = extents[Int(id.index)]
        if !extent.transforms.isEmpty, let t = withTransformStorage(extent, { transforms in
            extent.transforms.first { transforms[Int($0)].key == key }.map { transforms[Int($0)].value }
        }) {
            return t
        }
        return animatedAffine(key, of: extent).map(Transform3D.init(affine:))
    }

    /// The animated value of a transform-valued `key` of a layer this frame when it is stored as a 2D
    /// affine transform (`PresentationOverlay.AnimatedAffine`: a compiled turn, move or stretch over an
    /// unwritten transform), read in place; nil when no animation drives it or it is held as a whole
    /// matrix (`withAnimatedTransform` reads both). A reader that places layers on the plane takes the
    /// six numbers without the matrix; one on several threads at once (the leaf patch) reads them
    /// through `withAffineView`, which retains nothing.
    @inlinable
    public func animatedAffine(_ key: PropertyKey, of id: LayerID) -> AffineTransform? {
        guard Int(id.index) < extents.count else { return nil }
        return animatedAffine(key, of: extents[Int(id.index)])
    }

    @inlinable
    func animatedAffine(_ key: PropertyKey, of extent: Extent) -> AffineTransform? {
        guard !extent.affines.isEmpty else { return nil }
        return withAffineStorage(extent) { affines in
            for i in extent.affines where affines[Int(i)].key == key { return affines[Int(i)].value }
            return nil
        }
    }

    /// Calls `body` with the address of the animated value of a transform-valued `key` of a layer this
    /// frame (nil when no animation drives it): for a reader that needs the matrix only for a moment,
    /// per layer per frame, without a copy of its 128 bytes. The address is valid only inside `body`.
    @inlinable
    public func withAnimatedTransform<R>(
        _ key: PropertyKey, of id: LayerID, _ body: (UnsafePointer<Transform3D>?) -> R
    ) -> R {
        guard Int(id.index) < extents.count else { return body(nil) }
        let extent = extents[Int(id.index)]
        if !extent.affines.isEmpty, let affine = animatedAffine(key, of: extent) {
            return withUnsafePointer(to: Transform3D(affine: affine)) { body($0) }
        }
        guard !extent.transforms.isEmpty else { return body(nil) }
        return withTransformStorage(extent) { buffer in
            for i in extent.transforms where buffer[Int(i)].key == key {
                let element = UnsafeRawPointer(buffer.baseAddress! + Int(i))
                let offset = MemoryLayout<PresentationOverlay.AnimatedTransform>.offset(of: \.value)!
                return body((element + offset).assumingMemoryBound(to: Transform3D.self))
            }
            return body(nil)
        }
    }

    /// The animated value of a `key` that is not transform-valued, read in place; nil when no animation
    /// drives it.
    @inlinable
    public func animatedValue(_ key: PropertyKey, of id: LayerID) -> PropertyValue? {
        guard Int(id.index) < extents.count else { return nil }
        let extent = extents[Int(id.index)]
        guard !extent.values.isEmpty else { return nil }
        return withValueStorage(extent) { values in
            for i in extent.values where values[Int(i)].key == key { return values[Int(i)].value }
            return nil
        }
    }

    /// Whether an animation drives `key` of a layer this frame. Reads the flat storage in place, so a
    /// caller asking about every layer (the renderer, about `zPosition`) touches nothing per layer but
    /// its extent.
    @inlinable
    public func animates(_ key: PropertyKey, of id: LayerID) -> Bool {
        animatedKeyMask(of: id).keys & 1 &<< UInt128(key.rawValue) != 0
    }

    /// The presentation value of a property of a layer.
    public func value(_ key: PropertyKey, of id: LayerID, in tree: LayerTree) -> PropertyValue {
        overlay(of: id).value(key, model: tree[id])
    }

    /// The typed presentation value of a property of a layer.
    public func value<Value>(_ property: Property<Value>, of id: LayerID, in tree: LayerTree) -> Value {
        Value(propertyValue: value(property.key, of: id, in: tree))!
    }

    /// Every presentation value of a layer (`CALayer.presentation()`).
    public func values(of id: LayerID, in tree: LayerTree) -> PropertyValues {
        overlay(of: id).applied(to: tree[id])
    }

    /// Reallocates the storage at the size the last frame used, for a tree of `slotCount` slots: the
    /// overlays of slots past it (layers gone, see `LayerTree.releaseSpareMemory()`) are dropped.
    /// Steady frames keep their capacity on purpose; this is for after a scene shrank for good.
    public mutating func releaseSpareMemory(slotCount: Int) {
        lastAnimatedLayers = []
        written.shrink(to: slotCount)
        animatedLayers = ContiguousArray(animatedLayers.filter { Int($0.index) < slotCount })
        extents = ContiguousArray(extents.prefix(slotCount))
        values = ContiguousArray(values)
        transforms = ContiguousArray(transforms)
        affines = ContiguousArray(affines)
        transitions = ContiguousArray(transitions)
        parts = parts.map { part in
            var part = part
            part.shrink()
            return part
        }
    }

    /// Starts a frame: forgets the last frame's overlays, keeping capacity, and returns the overlay the
    /// frame is evaluated through, which holds the flat storage until `endFrame(_:)`.
    mutating func beginFrame(at time: Double, slotCount: Int) -> PresentationOverlay {
        self.time = time
        // Last frame's extents stay until the frame ends (`endFrame` clears those it did not write
        // again): a steady scene animates the same layers every frame, and clearing them first wrote
        // every extent twice. Nothing reads an extent while a frame is evaluated.
        swap(&animatedLayers, &lastAnimatedLayers)
        animatedLayers.removeAll(keepingCapacity: true)
        animatedKeys = 0
        if extents.count < slotCount {
            extents.append(contentsOf: repeatElement(Extent(), count: slotCount - extents.count))
        }
        transitions.removeAll(keepingCapacity: true)
        for p in parts.indices { parts[p].reset() }
        var writer = PresentationOverlay()
        swap(&writer.values, &values)
        swap(&writer.transforms, &transforms)
        swap(&writer.affines, &affines)
        writer.values.removeAll(keepingCapacity: true)
        writer.transforms.removeAll(keepingCapacity: true)
        writer.affines.removeAll(keepingCapacity: true)
        writer.startNext()
        return writer
    }

    /// Empties the extents of the layers the last frame animated and this one did not: none when the
    /// same layers animated, in the same order.
    private mutating func clearStaleExtents() {
        guard !LayerID.same(animatedLayers, lastAnimatedLayers) else { return }
        written.startRound(slotCount: extents.count)
        for layer in animatedLayers { written.mark(Int(layer.index)) }
        for layer in lastAnimatedLayers where Int(layer.index) < extents.count && !written.contains(Int(layer.index)) {
            extents[Int(layer.index)] = Extent()
        }
    }

    /// Records what the writer appended since its `startNext()` as the overlay of layer `id` (for a
    /// replicator's copies, `LayerTree.evaluateSubtree`; a frame's evaluation records through
    /// `RangeRecorder`).
    mutating func endLayer(_ writer: inout PresentationOverlay, _ id: LayerID) {
        let recorded = extents.withUnsafeMutableBufferPointer { extents in
            Self.record(&writer, part: 0, at: extents.baseAddress! + Int(id.index), transitions: &transitions)
        }
        guard recorded else { return }
        animatedLayers.append(id)
        animatedKeys |= extents[Int(id.index)].keys
    }

    /// Writes at `extent` where the overlay the writer appended since its `startNext()` lies in its
    /// storage (that of `part`), with its transition appended to `transitions`; false, and nothing
    /// written, when nothing animated the layer. Written in place, field by field: made as a value and
    /// returned as an optional, the extent was copied twice more, some fifty instructions a layer.
    @inline(__always)
    static func record(
        _ writer: inout PresentationOverlay, part: Int32, at extent: UnsafeMutablePointer<Extent>,
        transitions: inout ContiguousArray<TransitionProgress>
    ) -> Bool {
        // The keys the writer gathered as it appended (`keysSinceStart`): reading them back from its
        // three arrays cost every animated layer some ninety instructions.
        let keys = writer.keysSinceStart
        let hasTransition = writer.hasTransition
        guard keys != 0 || hasTransition else { return false }
        // Ranges the writer keeps in order, in storages far short of 2³¹ elements (each is at least 16
        // bytes): made without the checks, which every animated layer paid for three times.
        @inline(__always) func range(_ start: Int, _ end: Int) -> Range<Int32> {
            Range(uncheckedBounds: (Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: end)))
        }
        extent.pointee.values = range(writer.valuesStart, writer.valuesEnd)
        extent.pointee.transforms = range(writer.transformsStart, writer.transformsEnd)
        extent.pointee.affines = range(writer.affinesStart, writer.affinesEnd)
        extent.pointee.part = part
        extent.pointee.keys = keys
        extent.pointee.transition = -1
        if hasTransition, let transition = writer.transition {
            extent.pointee.transition = Int32(transitions.count)
            transitions.append(transition)
        }
        return true
    }

    /// Appends what range `part` of a split evaluation recorded (see `EvaluationPart`) after the ranges
    /// before it: its layers, its keys, its transitions (moving the indices its extents hold past
    /// those already here). Its extents are in place already (`RangeRecorder`).
    mutating func join(part: Int) {
        let transitionBase = Int32(transitions.count)
        transitions.append(contentsOf: parts[part].transitions)
        for slot in parts[part].transitioned { extents[Int(slot)].transition += transitionBase }
        animatedLayers.append(contentsOf: parts[part].layers)
        animatedKeys |= parts[part].keys
    }

    /// Takes the flat storage back from the writer, and empties the extents of the layers the last
    /// frame animated and this one did not.
    mutating func endFrame(_ writer: inout PresentationOverlay) {
        swap(&writer.values, &values)
        swap(&writer.transforms, &transforms)
        swap(&writer.affines, &affines)
        clearStaleExtents()
    }
}

extension LayerTree {
    /// Evaluates every layer's animations at canvas time `time` into `presentation`, appending to
    /// `events` the animations that started and stopped, and removing those that ended with
    /// `removedOnCompletion`. Animations apply in the order they were added.
    ///
    /// Steady state (no animation added or removed) allocates nothing: the presentation's storage and
    /// `events` keep their capacity.
    public mutating func evaluate(
        at time: Double, into presentation: inout Presentation, events: inout [AnimationEvent], threads: FrameThreads = .single
    ) {
        // Evaluating edits slots without the journal (ended animations leave): it keeps any open one.
        commitJournal()
        var writer = presentation.beginFrame(at: time, slotCount: slots.count)
        if schedule.isStale { slots.withUnsafeBufferPointer { schedule.rebuild(from: $0) } }
        let ranges = threads.ranges(for: schedule.items.count)
        var removed = false
        // One pass over the schedule, reading slots and items in place through pointers: nothing is
        // copied or retained per layer, and the items are read in memory order.
        slots.withUnsafeMutableBufferPointer { slots in
            schedule.items.withUnsafeMutableBufferPointer { items in
                schedule.compiled.withUnsafeBufferPointer { compiled in
                    removed = Self.evaluate(
                        inRanges: ranges, threads: threads, items: items, compiled: compiled, slots: slots, at: time,
                        writer: &writer, presentation: &presentation, events: &events)
                }
            }
        }
        presentation.endFrame(&writer)
        if removed { schedule.isStale = true }
    }

    /// Evaluates the scheduled animations `range` (whole layers' runs of them) into `writer`, recording
    /// each layer's overlay with `recorder`; returns whether any ended and left its layer.
    private static func evaluate(
        _ range: Range<Int>, items: UnsafeMutableBufferPointer<AnimationSchedule.Item>,
        compiled: UnsafeBufferPointer<CompiledAnimation>, slots: UnsafeMutableBufferPointer<Slot>, at time: Double,
        writer: inout PresentationOverlay, recorder: inout RangeRecorder, events: inout [AnimationEvent]
    ) -> Bool {
        var removed = false
        var k = range.lowerBound
        while k < range.upperBound {
            let slot = Int(items[k].slot)
            let node = slots.baseAddress! + slot
            let id = LayerID(index: UInt32(slot), generation: node.pointee.generation)
            let layerTime = Self.localTime(ofSlot: slot, at: time, in: UnsafeBufferPointer(slots))
            var removals = false
            writer.startNext()
            repeat {
                if Self.evaluate(
                    &items[k], compiled: compiled, of: id, node: node, at: layerTime, into: &writer,
                    events: &events)
                {
                    removals = true
                }
                k += 1
            } while k < range.upperBound && Int(items[k].slot) == slot
            recorder.endLayer(&writer, id)
            if removals {
                node.pointee.node.animations.removeAll { $0.hasStopped && $0.animation.removedOnCompletion }
                removed = true
            }
        }
        return removed
    }

    /// The schedule cut into `ranges` runs of whole layers, evaluated at once by `threads` (one range:
    /// on this thread): the first into `writer` (the presentation's storage), each other into a part of
    /// its own, each writing its own layers' extents in place and listing them, the lists joined after
    /// in order. A layer's animations read only their own slot and its ancestors' timing, and write
    /// only their own slot and extent, so the ranges share nothing they write, and the joined result
    /// is the one a whole evaluation gives, bit for bit, events in the same order. A whole evaluation
    /// takes the same path, as one range: its extents written through a pointer, not checked for
    /// uniqueness layer by layer.
    private static func evaluate(
        inRanges ranges: Int, threads: FrameThreads, items: UnsafeMutableBufferPointer<AnimationSchedule.Item>,
        compiled: UnsafeBufferPointer<CompiledAnimation>, slots: UnsafeMutableBufferPointer<Slot>, at time: Double,
        writer: inout PresentationOverlay, presentation: inout Presentation, events: inout [AnimationEvent]
    ) -> Bool {
        // Cuts at even counts of animations, moved forwards to the start of the next layer's run.
        var bounds: [Int] = []
        swap(&bounds, &presentation.rangeBounds)
        defer { swap(&bounds, &presentation.rangeBounds) }
        bounds.removeAll(keepingCapacity: true)
        bounds.append(0)
        for r in 1..<max(1, ranges) {
            var cut = max(bounds[r - 1], items.count * r / ranges)
            while cut > 0, cut < items.count, items[cut].slot == items[cut - 1].slot { cut += 1 }
            bounds.append(cut)
        }
        bounds.append(items.count)
        // The parts and extents leave the presentation while the ranges write them.
        var parts: [EvaluationPart] = []
        swap(&parts, &presentation.parts)
        if parts.count < ranges { parts.append(contentsOf: repeatElement(EvaluationPart(), count: ranges - parts.count)) }
        var extents: ContiguousArray<Presentation.Extent> = []
        swap(&extents, &presentation.extents)
        parts.withUnsafeMutableBufferPointer { parts in
            extents.withUnsafeMutableBufferPointer { extents in
                withUnsafeMutablePointer(to: &writer) { writer in
                    withUnsafeMutablePointer(to: &events) { events in
                        bounds.withUnsafeBufferPointer { bounds in
                            let shared = Unshared((parts, extents, writer, events, items, compiled, slots, bounds))
                            threads.forEach(ranges) { r in
                                let (parts, extents, writer, events, items, compiled, slots, bounds) = shared.value
                                // On this thread's stack while it works: side by side in `parts`, two
                                // ranges' writers would share cache lines both write at every layer.
                                var part = EvaluationPart()
                                swap(&part, &parts[r])
                                defer { swap(&part, &parts[r]) }
                                let range = bounds[r]..<bounds[r + 1]
                                // Room for a layer per animation, the most the range can list: the
                                // recorder writes them in place, unchecked (`RangeRecorder.layers`).
                                part.layers.removeAll(keepingCapacity: true)
                                part.layers.append(contentsOf: repeatElement(LayerID(index: 0, generation: 0), count: range.count))
                                var listed = 0
                                part.removed = withUnsafeMutablePointer(to: &part) { part in
                                    part.pointee.layers.withUnsafeMutableBufferPointer { layers in
                                        var recorder = RangeRecorder(
                                            extents: extents.baseAddress!, part: Int32(r), records: part, layers: layers.baseAddress)
                                        defer { listed = recorder.listed }
                                        guard r > 0 else {
                                            return evaluate(
                                                range, items: items, compiled: compiled, slots: slots, at: time,
                                                writer: &writer.pointee, recorder: &recorder, events: &events.pointee)
                                        }
                                        return evaluate(
                                            range, items: items, compiled: compiled, slots: slots, at: time,
                                            writer: &part.pointee.writer, recorder: &recorder, events: &part.pointee.events)
                                    }
                                }
                                part.layers.removeLast(range.count - listed)
                            }
                        }
                    }
                }
            }
        }
        swap(&extents, &presentation.extents)
        swap(&parts, &presentation.parts)
        var removed = false
        for r in 0..<ranges {
            events.append(contentsOf: presentation.parts[r].events)
            presentation.join(part: r)
            removed = removed || presentation.parts[r].removed
        }
        return removed
    }

    /// Evaluates one scheduled animation at its layer's local time `layerTime`; returns whether it
    /// ended and must be removed.
    private static func evaluate(
        _ item: inout AnimationSchedule.Item, compiled: UnsafeBufferPointer<CompiledAnimation>, of id: LayerID, node: UnsafeMutablePointer<Slot>, at layerTime: Double,
        into overlay: inout PresentationOverlay, events: inout [AnimationEvent]
    ) -> Bool {
        let timing = item.timing
        let begun = timing.speed == 0 || layerTime >= timing.beginTime
        let ended = timing.speed != 0 && layerTime >= item.endTime
        if (begun && !item.hasStarted) || (ended && !item.hasStopped) {
            // Rare: report the change and write it through to the entry, which stays the truth.
            let entry = node.pointee.node.animations[Int(item.entry)]
            if begun && !item.hasStarted {
                item.hasStarted = true
                node.pointee.node.animations[Int(item.entry)].hasStarted = true
                events.append(AnimationEvent(.started, layer: id, animation: entry.id, key: entry.key))
            }
            if ended && !item.hasStopped {
                item.hasStopped = true
                node.pointee.node.animations[Int(item.entry)].hasStopped = true
                events.append(AnimationEvent(.stopped(completed: true), layer: id, animation: entry.id, key: entry.key))
            }
        }
        if ended && item.removedOnCompletion { return true }
        if item.compiled >= 0 {
            let state = timing.state(at: layerTime, activeDuration: item.activeDuration, endTime: item.endTime)
            if let progress = state.progress {
                CompiledAnimation.apply(
                    compiled.baseAddress! + Int(item.compiled), progress: progress, iteration: state.iteration,
                    model: { node.pointee.node.values.value($0) },
                    // An unwritten transform (nil: the identity) is answered from the written mask
                    // alone, without a copy of the values (a retain and a release of their storage).
                    modelTransform: {
                        node.pointee.node.values.written & (1 &<< UInt128($0.rawValue)) == 0
                            ? nil : node.pointee.node.values.transform($0)
                    }, modelWritten: node.pointee.node.values.written, to: &overlay)
            }
        } else {
            node.pointee.node.animations.withUnsafeBufferPointer { entries in
                let entry = entries[Int(item.entry)]
                entry.animation.apply(
                    at: layerTime, timing: timing, base: entry.base, model: node.pointee.node.values, id: entry.id,
                    to: &overlay)
            }
        }
        return false
    }
}
