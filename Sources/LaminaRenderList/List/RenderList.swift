package import LaminaCore
import Synchronization

/// Everything one frame draws, in order: the instances (uploaded to the GPU in one buffer), the
/// commands over them, and the offscreen groups they reference. Built by `RenderListBuilder` from a
/// presentation tree, executed by the `Renderer`. Kept from frame to frame so its arrays keep their
/// capacity.
public struct RenderList {
    /// Every instance of the frame.
    public internal(set) var instances: ContiguousArray<LayerInstance> = []
    /// The instances changed since the renderer last uploaded them (`InstanceChanges`): every method
    /// that writes `instances` marks what it wrote, and `LeafPatch`, which writes them in place, too.
    public var instanceChanges = InstanceChanges()
    /// Whether each instance paints its quad fully opaque (`LayerInstance.isOpaque`), beside `instances`.
    package private(set) var opaque: ContiguousArray<Bool> = []
    /// The steps.
    public internal(set) var commands: [RenderCommand] = [] {
        didSet { commandsVersion &+= 1 }  // no `oldValue`: the array is still edited in place
    }
    /// Changes whenever `commands` does, unique among lists: what a reader keeping something derived
    /// from the commands (`commandOfInstances()`) checks it against.
    private var commandsVersion = RenderList.freshVersions.add(1 << 32, ordering: .relaxed).newValue
    /// Where each list's versions start: lists made apart never share one.
    private static let freshVersions = Atomic<UInt64>(0)
    /// `commandOfInstances()` as of the commands of `commandOfVersion`.
    private var commandOfCache: ContiguousArray<Int32> = []
    private var commandOfVersion: UInt64?
    /// Offscreen groups, referenced by index from the commands.
    public internal(set) var groups: [RenderGroup] = []
    /// The layers with `backgroundFilters`, in drawing order (`RenderCommand.backdrop`).
    public internal(set) var backdrops: [Backdrop] = []
    /// The replicators whose copies lag (`instanceDelay`) over animated sublayers: the copies animate
    /// on while the frame's own presentation may not, so they are changed every frame.
    package var laggingReplicators: [LayerID] = []
    /// Whether a transform layer draws with the depth buffer (`RenderCommand.beginDepth`): the list
    /// is then drawn in order with no occlusion culling (a later quad may lie behind).
    var usesDepth = false
    /// Whether particles are drawn additively (`RenderCommand.beginAdditive`): no occlusion culling.
    var usesAdditive = false
    /// Whether an emitter has particles: they move whenever time passes, so every frame builds the
    /// list again and draws (`Renderer.isAnimating`).
    public internal(set) var hasLiveParticles = false
    /// The emitters whose particles fill a block of fixed size (`RenderListBuilder.particleBlock`):
    /// changed every frame, each patched in place while the block holds its particles.
    package var particleEmitters: [LayerID] = []
    /// Whether an emitter draws particles in no such block: then every frame builds the list again.
    package var hasUnstableParticles = false
    /// Layers visited and layers skipped by culling (hidden, transparent, empty, off the target,
    /// back-facing), for statistics and tests.
    public internal(set) var visitedLayers = 0
    public internal(set) var culledLayers = 0
    /// Leaves drawn from kept parts (`RenderListBuilder.visitKeptLeaf`) by the build, or by the last
    /// update's visits.
    public internal(set) var keptLeaves = 0
    /// Leaves the last `LeafPatch` rewrote in place (zero after a build or a visiting update).
    public internal(set) var patchedLeaves = 0
    /// Instances collapsed because opaque instances drawn later hide them (`OcclusionCulling`).
    public internal(set) var occludedInstances = 0
    /// Half the target's size in pixels (clip space to pixels), for `keepsApart`; zero keeps nothing
    /// apart.
    var halfTarget = SIMD2<Float>.zero
    /// Whether the last draw run was begun or joined by an instance kept apart.
    var lastRunKeptApart = false
    /// The quads of the collapsed instances (`LayerInstance.rect` before `collapse()`), by index: an
    /// opaque instance patched out of the way brings back what it may have hidden
    /// (`uncollapse(overlapping:before:)`) instead of the whole list being built again.
    package private(set) var collapsedRects: [Int: SIMD4<Float>] = [:]
    /// Whether any clip goes through the stencil buffer (else the targets need none attached).
    public internal(set) var usesStencil = false
    /// The occlusion pass, kept so its occluder list keeps its capacity from frame to frame.
    private var occlusion = OcclusionCulling()
    /// Each layer's own parts as the last build read them (`LayerPartsTable`); `reset` keeps them.
    package var parts = LayerPartsTable()

    /// Where each layer's subtree lies in the list, by slot (see `RenderSegment`).
    private(set) var segments: ContiguousArray<RenderSegment> = []
    /// The contexts layers were visited with, referenced from `segments`.
    private(set) var contexts: ContiguousArray<VisitContext> = []
    /// The build the list holds; segments with another stamp are stale.
    private(set) var stamp: UInt32 = 0
    /// How many commands other than draws, and instances outside draws, were appended: a visit that
    /// leaves it unchanged appended nothing but drawn instances.
    private(set) var specialCount = 0
    /// Whether visits are listed in `visitedSlots` (a scratch list visiting one subtree again).
    var recordsVisits = false
    /// The slots visited, when `recordsVisits`.
    private(set) var visitedSlots: [Int32] = []
    /// Caches drawn anew while building the list, and the screen bounds of their quads: pixels that
    /// changed though the quad's instance did not.
    package private(set) var freshCaches: [ObjectIdentifier] = []
    private(set) var forcedDamage = Damage.none

    /// An empty list.
    public init() {}

    /// For each instance, the index of the draw command that draws it (-1 for instances no draw
    /// covers): what the retained paths ask before rewriting an instance. Kept until the commands
    /// change, so a frame that changes one layer among a million does not map a million instances.
    package mutating func commandOfInstances() -> ContiguousArray<Int32> {
        if commandOfVersion != commandsVersion || commandOfCache.count != instances.count {
            var map: ContiguousArray<Int32> = []
            swap(&map, &commandOfCache)
            map.removeAll(keepingCapacity: true)
            map.append(contentsOf: repeatElement(-1, count: instances.count))
            for (index, command) in commands.enumerated() {
                if case .draw(let first, let count, _, _, _) = command {
                    for k in first..<(first + count) { map[k] = Int32(index) }
                }
            }
            (commandOfCache, commandOfVersion) = (map, commandsVersion)
        }
        return commandOfCache
    }

    /// Empties the list, keeping capacity, for a build of a tree of `slotCount` slots.
    mutating func reset(slotCount: Int = 0, targetWidth: Int = 0, targetHeight: Int = 0) {
        halfTarget = SIMD2(Float(targetWidth), Float(targetHeight)) / 2
        lastRunKeptApart = false
        stamp &+= 1
        if stamp == 0 { stamp = 1 }  // 0 marks a segment never recorded
        if segments.count < slotCount {
            segments.append(contentsOf: repeatElement(RenderSegment(), count: slotCount - segments.count))
        }
        contexts.removeAll(keepingCapacity: true)
        specialCount = 0
        freshCaches.removeAll(keepingCapacity: true)
        forcedDamage = .none
        recordsVisits = false
        visitedSlots.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        instanceChanges.markAll()
        opaque.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        backdrops.removeAll(keepingCapacity: true)
        laggingReplicators.removeAll(keepingCapacity: true)
        usesDepth = false
        usesAdditive = false
        hasLiveParticles = false
        particleEmitters.removeAll(keepingCapacity: true)
        hasUnstableParticles = false
        visitedLayers = 0
        culledLayers = 0
        keptLeaves = 0
        patchedLeaves = 0
        occludedInstances = 0
        collapsedRects.removeAll(keepingCapacity: true)
        usesStencil = false
    }

    /// The number of instanced draw calls.
    public var drawCalls: Int {
        commands.reduce(0) { if case .draw = $1 { $0 + 1 } else { $0 } }
    }

    /// Appends an instance to draw with `texture`, extending the last draw when it can: same program
    /// variant, and same texture and filters or one side colour-only (which samples nothing, so it rides
    /// along with any texture). A run is opaque (drawn without blending) only while all of it is.
    mutating func append(_ instance: LayerInstance, texture: TextureBinding) {
        let needsTexture = instance[.textureMode] != LayerInstance.TextureMode.none.rawValue
        let plain = instance.isPlain
        let isOpaque = instance.isOpaque(textureIsOpaque: texture.isOpaque)
        let apart = plain && keepsApart(instance, texture: texture, needsTexture: needsTexture)
        instances.append(instance)
        instanceChanges.mark(instances.count - 1)
        opaque.append(isOpaque)
        let variant: DrawVariant = plain ? .plain : .full
        // A run an instance kept apart began takes only what leaves it `fill` or `blit`.
        let fits = !lastRunKeptApart || !needsTexture || Self.blits(instance, texture: texture)
        if !commands.isEmpty, apart || fits,
            commands[commands.count - 1].extendDraw(
                to: instances.count, variant: variant, texture: texture, needsTexture: needsTexture, opaque: isOpaque,
                apart: apart || lastRunKeptApart)
        {
            lastRunKeptApart = lastRunKeptApart || apart
            return
        }
        lastRunKeptApart = apart
        commands.append(
            .draw(
                first: instances.count - 1, count: 1, texture: needsTexture ? texture : .none, variant: variant,
                opaque: isOpaque))
    }

    /// Whether a plain instance stays out of runs of the other kind (colour fills and contents): one that
    /// covers at least a 64x64 rasteriser tile, square on the target, and is a colour fill or contents
    /// at full strength from a BGRA texture. Alone in its kind of run it can be drawn as `fill` or
    /// `blit`, which llvmpipe shades on its linear path; riding along (a window's background under its
    /// translucent contents) it would make both `plain`, which sends every tile it touches down the
    /// general path. Small ones still ride along: for them a draw call costs more than the shading.
    func keepsApart(_ instance: LayerInstance, texture: TextureBinding, needsTexture: Bool) -> Bool {
        guard halfTarget.x > 0, instance.isAxisAligned, !needsTexture || Self.blits(instance, texture: texture) else {
            return false
        }
        let pixels = abs(instance.matrix0.x * instance.rect.z * halfTarget.x * instance.matrix1.y * instance.rect.w * halfTarget.y)
        return pixels >= Self.linearTilePixels
    }

    /// Whether an instance with a texture is contents at full strength from a BGRA texture (what `blit`
    /// draws, filters aside).
    static func blits(_ instance: LayerInstance, texture: TextureBinding) -> Bool {
        guard case .bitmap(let bitmap, _) = texture, bitmap.isBGRAStorage else { return false }
        return instance[.textureMode] == LayerInstance.TextureMode.rgba.rawValue && instance.color == SIMD4(repeating: 1)
    }

    /// The pixels of one of llvmpipe's rasteriser tiles (64x64).
    static let linearTilePixels: Float = 64 * 64

    /// How many layers the list's build visited under `layer` (itself included); 0 when it did not visit
    /// it, or drew it from a cache (its sublayers were visited for the cache, not for the list).
    package func drawnLayers(under layer: LayerID) -> Int {
        let slot = Int(layer.index)
        guard slot < segments.count, segments[slot].records(layer, stamp: stamp) else { return 0 }
        return Int(segments[slot].visited)
    }

    /// Drops the parts kept for layers this list's build did not visit (freed, hidden, moved away), so
    /// that the table keeps no values but those of layers drawn.
    mutating func dropPartsOfLayersNotVisited() {
        let (segments, stamp) = (self.segments, self.stamp)
        parts.dropUnvisited { $0 < segments.count && segments[$0].stamp == stamp }
    }

    /// Records that a cache was drawn anew for this list.
    mutating func markFresh(_ entry: CachedSubtree) { freshCaches.append(ObjectIdentifier(entry)) }

    /// Whether a cache was drawn anew for this list.
    func isFresh(_ entry: CachedSubtree) -> Bool { freshCaches.contains(ObjectIdentifier(entry)) }

    /// Adds pixels that changed though no instance did.
    mutating func forceDamage(_ bounds: (minX: Float, minY: Float, maxX: Float, maxY: Float)?) { forcedDamage.add(bounds) }

    /// The caches the list's draws show.
    package var shownCaches: [CachedSubtree] {
        commands.compactMap { if case .draw(_, _, .cache(let entry, _), _, _) = $0 { entry } else { nil } }
    }

    /// Appends a command other than a draw.
    mutating func appendSpecial(_ command: RenderCommand) {
        commands.append(command)
        specialCount += 1
    }

    /// Records where a visit of `id` put its subtree.
    mutating func record(_ id: LayerID, _ segment: RenderSegment) {
        let slot = Int(id.index)
        if slot >= segments.count {
            segments.append(contentsOf: repeatElement(RenderSegment(), count: slot + 1 - segments.count))
        }
        segments[slot] = segment
        if recordsVisits { visitedSlots.append(Int32(slot)) }
    }

    /// Replaces a recorded visit context (a subtree visited again moved its sublayers).
    mutating func setContext(_ index: Int, _ context: VisitContext) {
        contexts[index] = context
    }

    /// Adds a visit context; returns its index.
    mutating func addContext(_ context: VisitContext) -> Int32 {
        contexts.append(context)
        return Int32(contexts.count - 1)
    }

    /// Appends an instance no draw covers (a stencil clip shape, a composite); returns its index.
    mutating func appendDetached(_ instance: LayerInstance) -> Int {
        specialCount += 1
        instances.append(instance)
        opaque.append(false)
        instanceChanges.mark(instances.count - 1)
        return instances.count - 1
    }

    /// Collapses the instances that opaque instances drawn later hide in a `width` x `height` target.
    mutating func cullOccluded(width: Int, height: Int) {
        var pass = OcclusionCulling()
        swap(&pass, &occlusion)  // out of `self`, which the pass edits
        pass.width = width
        pass.height = height
        let opaque = self.opaque
        occludedInstances += pass.run(on: &self) { opaque[$0] }
        swap(&pass, &occlusion)
    }

    /// Takes on the emitters and lagging replicators `scratch` (a subtree visited again) found, which
    /// are changed every frame from now on.
    mutating func noteEveryFrameChanges(of scratch: RenderList) {
        hasLiveParticles = hasLiveParticles || scratch.hasLiveParticles
        for id in scratch.particleEmitters where !particleEmitters.contains(id) { particleEmitters.append(id) }
        for id in scratch.laggingReplicators where !laggingReplicators.contains(id) { laggingReplicators.append(id) }
    }

    /// Collapses instance `index`, remembering its quad (`OcclusionCulling`).
    mutating func collapse(_ index: Int) {
        collapsedRects[index] = instances[index].rect
        instances[index].collapse()
        instanceChanges.mark(index)
    }

    /// Restores the collapsed instances before `end` whose quads touch `region`, target pixel bounds
    /// (what an opaque instance leaving them may have hidden), returning them. Any the instance did
    /// not hide is drawn again needlessly, never wrongly: hidden pixels are shaded twice.
    mutating func uncollapse(
        touching region: (minX: Float, minY: Float, maxX: Float, maxY: Float), before end: Int, width: Int, height: Int
    ) -> [Int] {
        var restored: [Int] = []
        for (index, rect) in collapsedRects where index < end {
            var instance = instances[index]
            instance.rect = rect
            // One whose corner is behind the eye may reach anywhere (nil): it comes back too.
            if let b = instance.pixelBounds(width: width, height: height),
                b.maxX < region.minX || b.minX > region.maxX || b.maxY < region.minY || b.minY > region.maxY
            {
                continue
            }
            instances[index] = instance
            instanceChanges.mark(index)
            restored.append(index)
        }
        for index in restored { collapsedRects[index] = nil }
        occludedInstances -= restored.count
        return restored
    }

    /// Moves plain runs that only show contents at full strength from a BGRA texture, with matching
    /// filters, to the `blit` variant, and those of colour fills alone to `fill`; collapsed instances
    /// ride along in any run. Run after occlusion culling, which often collapses the background that
    /// kept a run plain.
    mutating func chooseFastRuns() {
        for (position, command) in commands.enumerated() {
            guard case .draw(let first, let count, let binding, .plain, let opaque) = command else { continue }
            let variant = fastVariant(first: first, count: count, binding: binding)
            if variant == .fill { roundColors(first: first, count: count) }
            if variant != .plain {
                commands[position] = .draw(first: first, count: count, texture: binding, variant: variant, opaque: opaque)
            }
        }
    }

    /// Rounds the colours of a `fill` run to whole 8-bit steps. llvmpipe's linear path carries a
    /// varying in 1.15 fixed point and truncates it to 8 bits, where its general path rounds to nearest,
    /// so a colour between two steps could come out one step apart depending on which path a tile
    /// takes (which depends on everything else drawn in it): on a step both paths give the step, the
    /// same pixels the target would have stored anyway.
    mutating func roundColors(first: Int, count: Int) {
        for index in first..<(first + count) {
            let rounded = LayerInstance.roundedTo8Bit(instances[index].color)
            // Only what changes is marked: a run refreshed for one instance keeps the rest as it was.
            if rounded != instances[index].color {
                instances[index].color = rounded
                instanceChanges.mark(index)
            }
        }
    }

    /// The leanest variant that draws a plain run: `blit`, `fill` or `plain`.
    func fastVariant(first: Int, count: Int, binding: TextureBinding) -> DrawVariant {
        if case .none = binding {
            return isFill(first: first, count: count) ? .fill : .plain
        }
        return isBlittable(first: first, count: count, binding: binding) ? .blit : .plain
    }

    /// Whether a plain run with nothing bound only fills colour (every instance, or collapsed).
    func isFill(first: Int, count: Int) -> Bool {
        for index in first..<(first + count) where !instances[index].isCollapsed {
            if instances[index][.textureMode] != LayerInstance.TextureMode.none.rawValue { return false }
        }
        return true
    }

    /// Whether a plain run can be drawn as `blit`: contents at full strength from a BGRA texture with
    /// matching filters, every instance (or collapsed).
    func isBlittable(first: Int, count: Int, binding: TextureBinding) -> Bool {
        let sampler: SamplerChoice
        switch binding {
        case .bitmap(let texture, let choice) where texture.isBGRAStorage: sampler = choice
        case .cache(let entry, let choice) where entry.layout == .bgra: sampler = choice
        default: return false
        }
        guard sampler.minification == sampler.magnification, sampler.minification != .trilinear else { return false }
        for index in first..<(first + count) {
            let instance = instances[index]
            if instance.isCollapsed { continue }
            if instance[.textureMode] != LayerInstance.TextureMode.rgba.rawValue || instance.color != SIMD4(repeating: 1) {
                return false
            }
        }
        return true
    }

    /// Replaces instance `index` (drawn by `commands[command]`) in place, with its new opacity, the
    /// run's texture and variant; `refreshRun` then brings the run's flags up to date.
    mutating func replace(_ index: Int, with instance: LayerInstance, isOpaque: Bool, command: Int, texture: TextureBinding, variant: DrawVariant) {
        instances[index] = instance
        instanceChanges.mark(index)
        opaque[index] = isOpaque
        if collapsedRects.removeValue(forKey: index) != nil { occludedInstances -= 1 }
        guard case .draw(let first, let count, _, _, let runIsOpaque) = commands[command] else { return }
        commands[command] = .draw(first: first, count: count, texture: texture, variant: variant, opaque: runIsOpaque)
    }

    /// Moves every current segment's command range through `moved`: commands were inserted or merged
    /// (`isolate`, `rejoin`).
    mutating func moveSegmentCommands(_ moved: (Int32) -> Int32) {
        for slot in segments.indices where segments[slot].stamp == stamp {
            segments[slot].firstCommand = moved(segments[slot].firstCommand)
            segments[slot].endCommand = moved(segments[slot].endCommand)
        }
    }

    /// The whole target pixels instances `range` may touch, with a pixel of margin, within a `width` x
    /// `height` target; nil when one has a corner behind the eye (it may reach anywhere).
    func pixelBounds(of range: Range<Int>, width: Int, height: Int) -> PixelRegion? {
        var covered = Damage.none
        for index in range where !instances[index].isCollapsed {
            covered.add(instances[index].pixelBounds(width: width, height: height))
            if covered.isFull { return nil }
        }
        return covered.box.map { $0.intersection(PixelRegion(x: 0, y: 0, width: width, height: height)) }
            ?? PixelRegion(x: 0, y: 0, width: 0, height: 0)
    }

    /// Widens the bounds of `group` and the groups enclosing it to cover instance `index` (an instance
    /// patched in place may have moved out of them).
    mutating func extendGroups(from group: Int, toCover index: Int, width: Int, height: Int) {
        var current = group
        while current >= 0 {
            if let bounds = groups[current].bounds {
                var covered = Damage.none
                covered.add(bounds)
                covered.add(instances[index].pixelBounds(width: width, height: height))
                let whole = PixelRegion(x: 0, y: 0, width: width, height: height)
                groups[current].bounds = covered.isFull ? nil : covered.box.map { $0.intersection(whole) }
            }
            current = groups[current].parent
        }
    }

    /// Replaces an instance no draw covers (a group's composite, a shadow's) in place.
    mutating func replaceDetached(_ index: Int, with instance: LayerInstance) {
        instances[index] = instance
        instanceChanges.mark(index)
    }

    /// Recomputes a run's opaque flag and its choice between `plain`, `blit` and `fill` from its
    /// instances.
    mutating func refreshRun(_ command: Int) {
        guard case .draw(let first, let count, let binding, var variant, _) = commands[command] else { return }
        let runIsOpaque = !opaque[first..<(first + count)].contains(false)
        if variant != .full { variant = fastVariant(first: first, count: count, binding: binding) }
        if variant == .fill { roundColors(first: first, count: count) }
        // Written only when it changed: a write is a new version of the commands, and what was
        // derived from them (`commandOfInstances()`) would be made again.
        if case .draw(_, _, _, let oldVariant, let wasOpaque) = commands[command], oldVariant == variant, wasOpaque == runIsOpaque {
            return
        }
        commands[command] = .draw(first: first, count: count, texture: binding, variant: variant, opaque: runIsOpaque)
    }

    /// What a draw command samples (nothing for other commands, or -1).
    func binding(ofCommand command: Int) -> TextureBinding {
        guard command >= 0, case .draw(_, _, let binding, _, _) = commands[command] else { return .none }
        return binding
    }

    /// Whether instance `index` paints its quad opaque (`LayerInstance.isOpaque` when it was added).
    func isOpaque(_ index: Int) -> Bool { opaque[index] }

}

@available(*, unavailable)
extension RenderList: Sendable {}
