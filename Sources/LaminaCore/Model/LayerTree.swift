/// The model tree: layers, their property values, and the relations between them (sublayers in order,
/// masks), with Core Animation's editing rules.
///
/// Storage is a slot array indexed by `LayerID.index`; relations are handles, so a tree is a value
/// (copy-on-write arrays) that is cheap to snapshot. Several roots may coexist: a layer with no
/// superlayer that is no layer's mask is a root. Every edit either succeeds whole or throws and changes
/// nothing.
public struct LayerTree: Sendable {
    /// One layer's record.
    @usableFromInline
    struct Node: Sendable {
        // What a frame reads of every animated or changed layer comes first, so that it shares the
        // slot's first cache lines: the values' identity and written keys, the links, the time map.
        // A hundred thousand turning layers read each slot in three passes a frame (evaluation, the
        // subtree caches' walk, the leaf patch), and the slots do not stay cached between them.
        @usableFromInline var values = PropertyValues() { didSet { refreshTimeMap() } }
        /// This layer's map from its parent's time to its own, `local = timeScale · parent + timeShift`,
        /// kept in step with `speed`, `beginTime` and `timeOffset` so that evaluating a frame reads two
        /// numbers per ancestor instead of three property values. Beside the values' written keys,
        /// which the evaluation reads too: further on, past the links, the map cost a turning layer
        /// two more cache misses a frame.
        @usableFromInline private(set) var timeScale = 1.0
        @usableFromInline private(set) var timeShift = 0.0
        /// Whether `timing` holds one: read for every ancestor, without loading the optional's tag at
        /// its end.
        @usableFromInline private(set) var isTimed = false
        @usableFromInline var superlayer: LayerID?
        /// The sublayers in order, and, in a long list, entries of sublayers removed since the list was
        /// last compacted (`staleSublayers` of them; see `LayerTree+Sublayers`). Read through
        /// `sublayers(of:)` or `isSublayer(_:of:)`, which skip them.
        @usableFromInline var sublayers: [LayerID] = []
        @usableFromInline var staleSublayers = 0
        @usableFromInline var mask: LayerID?
        /// The layer's own media timing when its `duration` is finite (its time then repeats, reverses
        /// and holds at the ends of its active interval); nil for the usual infinite duration, whose map
        /// is the line above.
        @usableFromInline private(set) var timing: MediaTiming?
        var name: String?
        /// The layer whose sublayer list still holds a stale entry of this one.
        var staleIn: LayerID?
        var maskOwner: LayerID?
        /// Attached animations, in the order they were added (the order they apply in).
        @usableFromInline var animations: ContiguousArray<AnimationEntry> = []

        init(values: PropertyValues = PropertyValues(), name: String? = nil) {
            self.values = values
            self.name = name
            refreshTimeMap()
        }

        /// The properties the time map reads, as a `PropertyValues.written` mask.
        private static let timingKeys: UInt128 = [
            PropertyKey.speed, .timeOffset, .beginTime, .duration, .repeatCount, .repeatDuration, .autoreverses,
        ].reduce(0) { $0 | 1 &<< UInt128($1.rawValue) }

        private mutating func refreshTimeMap() {
            // Most layers never write a timing property, and every write of any property lands here:
            // their map is the identity, known without reading seven values.
            guard values.written & Self.timingKeys != 0 else {
                (timeScale, timeShift, timing, isTimed) = (1, 0, nil, false)
                return
            }
            let speed = values[.speed]
            timeScale = speed
            timeShift = values[.timeOffset] - values[.beginTime] * speed
            let duration = values[.duration]
            timing =
                duration.isFinite
                ? MediaTiming(
                    beginTime: values[.beginTime], duration: duration, speed: speed, timeOffset: values[.timeOffset],
                    repeatCount: values[.repeatCount], repeatDuration: values[.repeatDuration],
                    autoreverses: values[.autoreverses], fillMode: .both)
                : nil
            isTimed = timing != nil
        }

        /// The layer's local time for its parent's time `parent`.
        @usableFromInline
        func localTime(_ parent: Double) -> Double {
            guard let timing else { return timeScale * parent + timeShift }
            // Outside the active interval the time holds at the nearest end (fillMode both).
            let state = timing.state(at: parent)
            return (state.progress ?? 0) * timing.simpleDuration
        }
    }

    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var generation: UInt32
        /// Whether a live layer holds the slot. The node is not optional so that reading one of its
        /// fields projects into the array in place instead of copying the whole record.
        @usableFromInline var isLive: Bool
        @usableFromInline var node: Node
        /// The `journalEpoch` of the journal that last saved the slot (see `willEdit`).
        @usableFromInline var savedIn: UInt64 = 0
        /// Where that journal keeps the slot as it was (`Journal.saved`); -1 for a slot that was free.
        @usableFromInline var savedAt: Int32 = -1
    }

    /// The layers by `LayerID.index`.
    ///
    /// The checks every edit makes read slots with `slots.read(_:_:)`, not `slots[i].node.superlayer`
    /// nor through a read-only method of the tree: an unoptimised build copies the whole slot to read
    /// one field of it (retaining its values, name, sublayers and animations), and copies the whole tree
    /// to call a read-only method from an editing one. The daemon the hostile-load test runs is such a
    /// build, where those copies made a 30,000-sublayer commit cost 250 ms. An optimised build compiles
    /// either way the same.
    @usableFromInline var slots: [Slot] = []
    var freeSlots: [UInt32] = []
    /// Every animation in evaluation order, rebuilt when stale (see `AnimationSchedule`).
    var schedule = AnimationSchedule()
    /// The next `AnimationID` to hand out.
    var nextAnimationID: UInt64 = 1
    /// What changed since `takeChanges()` was last called (see `LayerChanges`).
    public internal(set) var changes = LayerChanges()
    /// The layers whose sublayer lists hold stale entries (see `LayerTree+Sublayers`).
    var staleParents: [LayerID] = []
    /// The undo log of the edits since `beginJournal()`, while one is open (see `LayerTree+Journal`).
    @usableFromInline var journal: Journal?
    /// The storage of the last journal's saved slots, emptied, for the next one: a big transaction's
    /// journal grows it once instead of every time (it stays at most as long as the slots).
    var spareSaved: [(index: Int32, slot: Slot)] = []
    /// Counts journals begun, so a slot's `savedIn` tells whether the open one saved it.
    @usableFromInline var journalEpoch: UInt64 = 0
    /// The slots that existed when the open journal began (0 with none open): only those are saved.
    @usableFromInline var journaledSlots = 0

    /// The generation a slot appended from now on starts at: past every generation a slot given back
    /// by `releaseSpareMemory()` had reached, so no stale identifier of a layer that lived there names
    /// the layer that comes to live there next.
    var freshGeneration: UInt32 = 0

    /// The number of live layers.
    public internal(set) var count = 0

    /// The number of slots, live or free: one more than the largest `LayerID.index` in use.
    public var slotCount: Int { slots.count }

    /// An empty tree.
    public init() {}

    // MARK: Lifetime

    /// Creates a root layer with every property at its default, or with `values`.
    @discardableResult
    public mutating func create(name: String? = nil, values: PropertyValues = PropertyValues()) -> LayerID {
        let node = Node(values: values, name: name)
        count += 1
        changes.changedHierarchy()
        if let index = freeSlots.popLast() {
            willRevive(Int(index))
            slots[Int(index)].node = node
            slots[Int(index)].isLive = true
            return LayerID(index: index, generation: slots[Int(index)].generation)
        }
        slots.append(Slot(generation: freshGeneration, isLive: true, node: node))
        return LayerID(index: UInt32(slots.count - 1), generation: freshGeneration)
    }

    /// Destroys a layer: it leaves its superlayer (or stops being a mask), its sublayers and its mask
    /// become roots, and its handle goes stale. Sublayers are not destroyed with it, as a Core Animation
    /// layer that is released does not release sublayers someone else still holds.
    ///
    /// Returns the animations that were attached, which stop unfinished (transaction completion counts
    /// them as removed).
    @discardableResult
    public mutating func destroy(_ id: LayerID) throws(LayerTreeError) -> [AnimationEntry] {
        let node = try self.node(id)
        changes.changedHierarchy()
        detach(id)
        for child in node.sublayers { orphan(child, of: id) }
        if let mask = node.mask {
            willEdit(Int(mask.index))
            slots[Int(mask.index)].node.maskOwner = nil
        }
        willEdit(Int(id.index))
        slots[Int(id.index)].node = Node()
        slots[Int(id.index)].isLive = false
        if !node.animations.isEmpty { schedule.isStale = true }
        slots[Int(id.index)].generation &+= 1
        freeSlots.append(id.index)
        count -= 1
        return Array(node.animations)
    }

    /// Lets go of `child`, an entry of the sublayer list of `parent`, which is being destroyed: a
    /// sublayer becomes a root, and a layer whose stale entry the list held forgets it.
    mutating func orphan(_ child: LayerID, of parent: LayerID) {
        let c = Int(child.index)
        if isSublayer(child, of: parent) {
            willEdit(c)
            slots[c].node.superlayer = nil
        } else if slots[c].isLive, slots[c].generation == child.generation, slots[c].node.staleIn == parent {
            willEdit(c)
            slots[c].node.staleIn = nil  // the list that held its stale entry is gone
        }
    }

    /// The live layer in slot `index`, if any.
    public func layer(atSlot index: Int) -> LayerID? {
        guard index >= 0, index < slots.count else { return nil }
        // Through the buffer: see `slots`.
        return slots.read(index) { $0.pointee.isLive ? LayerID(index: UInt32(index), generation: $0.pointee.generation) : nil }
    }

    /// Whether `id` names a live layer.
    @inlinable
    public func contains(_ id: LayerID) -> Bool {
        let i = Int(id.index)
        // Through the buffer: see `slots`.
        // Not `i < slots.count && …`: the autoclosure of `&&` would copy the tree (see `slots`).
        guard i < slots.count else { return false }
        return slots.read(i) { $0.pointee.generation == id.generation && $0.pointee.isLive }
    }

    /// Every live layer, in slot order.
    public var layers: [LayerID] {
        slots.indices.compactMap { i in
            !slots[i].isLive ? nil : LayerID(index: UInt32(i), generation: slots[i].generation)
        }
    }

    /// The layers with no superlayer that are not masks, in slot order.
    public var roots: [LayerID] {
        // Fields are read in place: copying a whole `Node` retains its values, name, sublayers and
        // animations, for every layer, and the renderer asks for the roots every frame.
        slots.indices.compactMap { i in
            slots[i].isLive && slots[i].node.superlayer == nil && slots[i].node.maskOwner == nil
                ? LayerID(index: UInt32(i), generation: slots[i].generation) : nil
        }
    }

    // MARK: Reading

    /// A layer's property values; traps on a stale handle (check with `contains` or `values(of:)`).
    @inlinable
    public subscript(id: LayerID) -> PropertyValues {
        get {
            precondition(contains(id), "unknown layer \(id)")
            return slots[Int(id.index)].node.values
        }
        set {
            precondition(contains(id), "unknown layer \(id)")
            recordReplacement(of: id, by: newValue)
            willEdit(Int(id.index))
            slots[Int(id.index)].node.values = newValue
        }
    }

    /// A layer's property values.
    public func values(of id: LayerID) throws(LayerTreeError) -> PropertyValues { try node(id).values }

    /// Records a layer's whole record replaced: which keys differ is not looked for, so every key
    /// written in either counts.
    @usableFromInline
    mutating func recordReplacement(of id: LayerID, by values: PropertyValues) {
        for key in PropertyKey.allCases where values.isWritten(key) || slots[Int(id.index)].node.values.isWritten(key) {
            changes.wrote(key, of: id)
        }
    }

    /// Whether a layer's `key` was ever written (else it holds its default; see
    /// `PropertyValues.isWritten`). False for unknown layers. Reads in place, without retaining the
    /// layer's values: cheap enough to ask of every sublayer every frame.
    @inlinable
    public func isWritten(_ key: PropertyKey, of id: LayerID) -> Bool {
        contains(id) && slots[Int(id.index)].node.values.isWritten(key)
    }

    /// Sets the value at a key path of a layer, such as `position.x`.
    public mutating func setValue(_ value: PropertyValue, forKeyPath path: String, of id: LayerID) throws(LayerTreeError) {
        var values = try node(id).values
        do { try values.setValue(value, forKeyPath: path) } catch { throw .property(id, error) }
        willEdit(Int(id.index))
        slots[Int(id.index)].node.values = values
        do { changes.wrote(try LayerKeyPath(path).key, of: id) } catch { changes.changedHierarchy() }
    }

    /// Sets the value at a parsed key path of a layer.
    public mutating func setValue(_ value: PropertyValue, at path: LayerKeyPath, of id: LayerID) throws(LayerTreeError) {
        var values = try node(id).values
        do { try values.setValue(value, at: path) } catch { throw .property(id, error) }
        willEdit(Int(id.index))
        slots[Int(id.index)].node.values = values
        changes.wrote(path.key, of: id)
    }

    /// The value at a key path of a layer.
    public func value(forKeyPath path: String, of id: LayerID) throws(LayerTreeError) -> PropertyValue {
        let values = try node(id).values
        do { return try values.value(forKeyPath: path) } catch { throw .property(id, error) }
    }

    /// A layer's name, if it has one.
    public func name(of id: LayerID) throws(LayerTreeError) -> String? {
        guard contains(id) else { throw .unknownLayer(id) }
        return slots[Int(id.index)].node.name
    }

    /// Names a layer.
    public mutating func setName(_ name: String?, of id: LayerID) throws(LayerTreeError) {
        _ = try node(id)
        willEdit(Int(id.index))
        slots[Int(id.index)].node.name = name
    }

    /// A layer's superlayer (nil for roots and masks).
    public func superlayer(of id: LayerID) throws(LayerTreeError) -> LayerID? {
        guard contains(id) else { throw .unknownLayer(id) }
        return slots[Int(id.index)].node.superlayer
    }

    /// A layer's sublayers, back to front in sublayer order.
    public func sublayers(of id: LayerID) throws(LayerTreeError) -> [LayerID] {
        guard contains(id) else { throw .unknownLayer(id) }
        return currentSublayers(of: id)
    }

    /// The identity of a leaf's values (`PropertyValues.Identity`), read in place: nil unless `id` is a
    /// live layer without sublayers or a mask. What a renderer keeping what it made of each leaf's
    /// values checks every frame, instead of copying the values.
    /// Calls `body` with the address of the slot of layer `id` (nil past the slots): for a reader of many
    /// layers that asks for their lines ahead of reading them (a prefetch; the address is not read).
    @inlinable
    package func withSlotAddress(of id: LayerID, _ body: (UnsafeRawPointer?) -> Void) {
        guard Int(id.index) < slots.count else { return body(nil) }
        slots.withUnsafeBufferPointer { body(UnsafeRawPointer($0.baseAddress! + Int(id.index))) }
    }

    /// The bytes of a slot that `leafIdentity(of:)` reads, from its start: for a reader that asks for
    /// them ahead (`withSlotAddress`).
    package static let leafIdentityBytes = MemoryLayout<Slot>.offset(of: \.node.mask)! + MemoryLayout<LayerID?>.size

    // Inlinable: the leaf patch asks it of every patched leaf, and called across the module boundary
    // the tree (184 bytes) was copied for each call.
    @inlinable
    public func leafIdentity(of id: LayerID) -> PropertyValues.Identity? {
        let i = Int(id.index)
        guard i < slots.count else { return nil }
        return slots.read(i) { slot in
            guard slot.pointee.generation == id.generation, slot.pointee.isLive,
                slot.pointee.node.sublayers.count == slot.pointee.node.staleSublayers, slot.pointee.node.mask == nil
            else { return nil }
            return slot.pointee.node.values.identity
        }
    }

    /// Where a layer hangs: its superlayer and how many sublayers it has, from one read of its slot; nil
    /// for unknown layers. For readers that ask both of every changed layer every frame.
    @inlinable
    public func links(of id: LayerID) -> (superlayer: LayerID?, sublayerCount: Int)? {
        let i = Int(id.index)
        guard i < slots.count else { return nil }
        return slots.read(i) { slot in
            guard slot.pointee.generation == id.generation, slot.pointee.isLive else { return nil }
            return (slot.pointee.node.superlayer, slot.pointee.node.sublayers.count - slot.pointee.node.staleSublayers)
        }
    }

    /// How many sublayers a layer has (0 for unknown layers), read in place.
    public func sublayerCount(of id: LayerID) -> Int {
        contains(id) ? slots.read(Int(id.index)) { $0.pointee.node.sublayers.count - $0.pointee.node.staleSublayers } : 0
    }

    /// A layer's mask.
    public func mask(of id: LayerID) throws(LayerTreeError) -> LayerID? {
        guard contains(id) else { throw .unknownLayer(id) }
        return slots[Int(id.index)].node.mask
    }

    /// The layer whose mask `id` is, if any.
    public func maskOwner(of id: LayerID) throws(LayerTreeError) -> LayerID? {
        guard contains(id) else { throw .unknownLayer(id) }
        return slots[Int(id.index)].node.maskOwner
    }

    /// The layer whose coordinate space and time `id` lives in: its superlayer, or the layer it masks.
    func geometricParent(of id: LayerID) -> LayerID? {
        slots.read(Int(id.index)) { $0.pointee.node.superlayer ?? $0.pointee.node.maskOwner }
    }

    /// The root of the tree holding `id` (following masks to their owners).
    public func root(of id: LayerID) throws(LayerTreeError) -> LayerID {
        _ = try node(id)
        var current = id
        while let parent = geometricParent(of: current) { current = parent }
        return current
    }

    // MARK: Editing sublayers

    /// Appends `child` to `parent`'s sublayers, removing it from its previous superlayer first.
    public mutating func addSublayer(_ child: LayerID, to parent: LayerID) throws(LayerTreeError) {
        // A sublayer added again to its own superlayer moves to the end.
        let count = try checkInsertion(of: child, into: parent)
        insert(child, into: parent, at: count, count: count)
    }

    /// Inserts `child` at `index` (0...count) of `parent`'s sublayers, removing it from its previous
    /// superlayer first. Reinserting into the same parent counts the index without the child.
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int) throws(LayerTreeError) {
        let count = try checkInsertion(of: child, into: parent)
        guard index >= 0, index <= count else {
            throw .indexOutOfRange(index: index, count: count, parent: parent)
        }
        insert(child, into: parent, at: index, count: count)
    }

    /// Checks that `child` may go under `parent` (both live, the child no mask, no cycle, not too
    /// deep), and returns how many sublayers `parent` has without `child`: where appending puts it.
    ///
    /// One read-only call per insertion on purpose (see `slots`): there were ten.
    private func checkInsertion(of child: LayerID, into parent: LayerID) throws(LayerTreeError) -> Int {
        try checkInsertable(child, into: parent)
        let (p, c) = (Int(parent.index), Int(child.index))
        return slots.read(p) { $0.pointee.node.sublayers.count - $0.pointee.node.staleSublayers }
            - (slots.read(c) { $0.pointee.node.superlayer } == parent ? 1 : 0)
    }

    /// Inserts a checked `child` at `index` of `parent`'s `count` sublayers (counted without it).
    private mutating func insert(_ child: LayerID, into parent: LayerID, at index: Int, count: Int) {
        // Edited in place: copying the sibling list out and back made every insertion O(siblings) in
        // allocation and copying, so a commit of n sublayers took O(n²).
        let (p, c) = (Int(parent.index), Int(child.index))
        changes.changedHierarchy()
        detach(child)
        // The child's own entry, left behind in this list by a removal, goes before it comes back; and
        // an insertion short of the end needs a list without stale entries, where an index is a place.
        let staleIn = slots.read(c) { $0.pointee.node.staleIn }
        let parentHasStale = slots.read(p) { $0.pointee.node.staleSublayers > 0 }
        if staleIn == parent || (index < count && parentHasStale) {
            compactSublayers(of: parent)
        }
        willEdit(p)
        willEdit(c)
        if index == count {
            slots[p].node.sublayers.append(child)
        } else {
            slots[p].node.sublayers.insert(child, at: index)
        }
        slots[c].node.superlayer = parent
    }

    /// Inserts `child` just above (in front of) `sibling`, a sublayer of `parent`.
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, above sibling: LayerID) throws(LayerTreeError) {
        try insertSublayer(child, into: parent, relativeTo: sibling, offset: 1)
    }

    /// Inserts `child` just below (behind) `sibling`, a sublayer of `parent`.
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, below sibling: LayerID) throws(LayerTreeError) {
        try insertSublayer(child, into: parent, relativeTo: sibling, offset: 0)
    }

    private mutating func insertSublayer(
        _ child: LayerID, into parent: LayerID, relativeTo sibling: LayerID, offset: Int
    ) throws(LayerTreeError) {
        try checkInsertable(child, into: parent)
        guard contains(sibling) else { throw .unknownLayer(sibling) }
        compactSublayers(of: parent)  // positions, not storage indices
        guard sibling != child, let position = index(of: sibling, among: parent, without: child) else {
            throw .notASublayer(sibling: sibling, parent: parent)
        }
        try insertSublayer(child, into: parent, at: position + offset)
    }

    /// Replaces `old`, a sublayer of `parent`, by `new` at the same index; `old` becomes a root.
    public mutating func replaceSublayer(_ old: LayerID, in parent: LayerID, with new: LayerID) throws(LayerTreeError) {
        _ = try node(old)
        try checkInsertable(new, into: parent)
        compactSublayers(of: parent)  // positions, not storage indices
        // The index `old` has once `new` (possibly a sibling) is taken out: where `new` goes.
        guard let index = index(of: old, among: parent, without: new) else {
            throw .notASublayer(sibling: old, parent: parent)
        }
        if old == new { return }
        changes.changedHierarchy()
        detach(old)
        try insertSublayer(new, into: parent, at: index)
    }

    /// Removes a layer from its superlayer, or from the layer it masks; a root stays as it is.
    public mutating func removeFromSuperlayer(_ id: LayerID) throws(LayerTreeError) {
        _ = try node(id)
        changes.changedHierarchy()
        detach(id)
    }

    // MARK: Masks

    /// Sets (or clears, with nil) `layer`'s mask. The mask must have no superlayer and mask nothing else;
    /// a previous mask becomes a root.
    public mutating func setMask(_ mask: LayerID?, of layer: LayerID) throws(LayerTreeError) {
        let owner = try node(layer)
        if let mask {
            let m = try node(mask)
            if let superlayer = m.superlayer { throw .maskHasSuperlayer(mask: mask, superlayer: superlayer) }
            if let other = m.maskOwner, other != layer { throw .layerIsMask(mask, of: other) }
            try checkPlacement(of: mask, under: layer)
        }
        changes.changedHierarchy()
        if let previous = owner.mask {
            willEdit(Int(previous.index))
            slots[Int(previous.index)].node.maskOwner = nil
        }
        willEdit(Int(layer.index))
        slots[Int(layer.index)].node.mask = mask
        if let mask {
            willEdit(Int(mask.index))
            slots[Int(mask.index)].node.maskOwner = layer
        }
    }

    // MARK: Helpers

    @usableFromInline
    func node(_ id: LayerID) throws(LayerTreeError) -> Node {
        guard contains(id) else { throw .unknownLayer(id) }
        return slots[Int(id.index)].node
    }

    /// The index of `sibling` among `parent`'s sublayers once `other` (which may be one of them) is
    /// taken out; nil when `sibling` is not a sublayer. Read in place, so the caller's later edit of the
    /// list does not copy it.
    private func index(of sibling: LayerID, among parent: LayerID, without other: LayerID) -> Int? {
        guard let position = slots[Int(parent.index)].node.sublayers.firstIndex(of: sibling) else { return nil }
        guard other != sibling, let current = slots[Int(parent.index)].node.sublayers.firstIndex(of: other) else {
            return position
        }
        return current < position ? position - 1 : position
    }

    private func checkInsertable(_ child: LayerID, into parent: LayerID) throws(LayerTreeError) {
        guard contains(child) else { throw .unknownLayer(child) }
        guard contains(parent) else { throw .unknownLayer(parent) }
        if let owner = slots.read(Int(child.index), { $0.pointee.node.maskOwner }) { throw .layerIsMask(child, of: owner) }
        try checkPlacement(of: child, under: parent)
    }

    /// Walks up from `parent`, which `layer` is to go under (as a sublayer or its mask): a cycle if the
    /// walk meets `layer`, too deep if it climbs past `maximumDepth`. The limit also bounds the walk,
    /// so no edit costs more than `maximumDepth` steps however deep a tree was built.
    private func checkPlacement(of layer: LayerID, under parent: LayerID) throws(LayerTreeError) {
        var current: LayerID? = parent
        var depth = 0
        while let c = current {
            if c == layer { throw .cycle(layer: layer, descendant: parent) }
            depth += 1
            if depth > Self.maximumDepth { throw .tooDeep(layer, limit: Self.maximumDepth) }
            current = geometricParent(of: c)
        }
    }

    /// Unlinks a layer from its superlayer or mask owner.
    mutating func detach(_ id: LayerID) {
        // Through the buffer: see `slots`.
        let n = slots.read(Int(id.index)) { (superlayer: $0.pointee.node.superlayer, maskOwner: $0.pointee.node.maskOwner) }
        if let parent = n.superlayer {
            let p = Int(parent.index)
            willEdit(p)
            willEdit(Int(id.index))
            let siblings = slots.read(p) { $0.pointee.node.sublayers.count }
            let staleIn = slots.read(Int(id.index)) { $0.pointee.node.staleIn }
            if siblings >= Self.lazyRemovalLength, staleIn == nil {
                // A long list keeps the entry until it is compacted: finding it and closing the gap
                // made each removal O(siblings), and removing them all O(siblings²).
                slots[Int(id.index)].node.superlayer = nil
                slots[Int(id.index)].node.staleIn = parent
                if slots[p].node.staleSublayers == 0 { staleParents.append(parent) }
                slots[p].node.staleSublayers += 1
                if slots[p].node.staleSublayers * 2 > slots[p].node.sublayers.count { compactSublayers(of: parent) }
            } else {
                if let i = slots[p].node.sublayers.firstIndex(of: id) { slots[p].node.sublayers.remove(at: i) }
                slots[Int(id.index)].node.superlayer = nil
            }
        }
        if let owner = n.maskOwner {
            willEdit(Int(owner.index))
            willEdit(Int(id.index))
            slots[Int(owner.index)].node.mask = nil
            slots[Int(id.index)].node.maskOwner = nil
        }
    }
}

extension [LayerTree.Slot] {
    /// Slot `index` read in place, through a pointer (see `LayerTree.slots`).
    @inlinable
    func read<T>(_ index: Int, _ body: (UnsafePointer<LayerTree.Slot>) -> T) -> T {
        withUnsafeBufferPointer { body($0.baseAddress! + index) }
    }
}
