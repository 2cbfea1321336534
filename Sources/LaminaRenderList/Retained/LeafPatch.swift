package import LaminaCore

/// Brings last frame's render list up to date for the changed leaves that only moved, turned, faded,
/// changed colour or animated their bounds: each one's instances are rewritten in place — their matrix,
/// their colours, their clip mapping, and for animated bounds their quads, made again by the builder's
/// instance makers (`PatchKind`) — and nothing is visited or appended for them.
///
/// Ten thousand layers each turning change every layer every frame: too many for `RenderListUpdate`
/// (which visits each changed subtree again, into a scratch list, and compares), so the list was built
/// whole, though the only thing that differed was each quad's matrix. This is the retained render tree
/// for that case: the instances a whole build made stay, and what an animation of the placement
/// changes is written into them from the presentation, the parts the list keeps (`LayerPartsTable`)
/// and the context the leaf was visited with (`VisitContext`), by the definitions the builder uses
/// (`LayerValueSource.frameTransform`, `OwnPlacement`, `RenderListBuilder.applyClip`).
///
/// A leaf is patched only where the result is what a build would make: visited alone and flat
/// (`RenderSegment.isSimple`, `isLocal`), outside offscreen groups, its model values those its kept
/// parts were read from, animating nothing but what `ChangeTiers.patched` lists (its placement, bounds,
/// opacity and colours), still drawn (facing the viewer, on the target, not hidden or transparent), with the same instances as
/// before (none collapsed by occlusion culling, none with anti-aliased edges, whose quads depend on the
/// matrix), each drawable by its run as before (the same sampler where texels land on pixels, the same
/// opacity class, full strength in a `blit` run). The other changed layers are left to
/// `RenderListUpdate` (a leaf that is not drawn, or drawn through an offscreen group; a layer with
/// sublayers; one written by a transaction), which visits them again.
package struct LeafPatch {
    let tree: LayerTree
    let presentation: Presentation
    /// Target pixels to clip space.
    let projection: Transform3D
    /// The target's pixels.
    let target: PixelRegion
    /// `projection`'s scale and shift when it keeps to the plane, as targets' projections do: what the
    /// leaves placed on the plane (`PlanarMap`) are projected by.
    let projectionPlane: (scale: SIMD2<Double>, shift: SIMD2<Double>)?
    /// `patchableKeys`, read once: a static's every read checks that it was made (`swift_once`), some
    /// sixteen instructions a leaf.
    private let patchable = LeafPatch.patchableKeys

    /// A patch of leaves of `tree` as `presentation` shows them, in a target of `target` pixels mapped
    /// to clip space by `projection`.
    package init(tree: LayerTree, presentation: Presentation, projection: Transform3D, target: PixelRegion) {
        (self.tree, self.presentation, self.projection, self.target) = (tree, presentation, projection, target)
        projectionPlane = OwnPlacement.planarProjection(projection)
    }

    /// What `patch` did with one leaf.
    private enum LeafOutcome {
        case patched, left
    }

    /// Past this many patched leaves the damage is the whole target, as after a whole build: summing
    /// the old and new bounds of every quad would cost more than the patch.
    static let preciseDamageLimit = 256

    /// Patches `list` for the layers in `changed` (a layer may be listed more than once) that can be;
    /// returns the damage to redraw, and the changed layers left for `RenderListUpdate` (or a whole
    /// build). A leaf is checked whole before any of its instances is written, so the list stays a
    /// list some frame could have built.
    ///
    /// With `threads`, the leaves are cut into ranges patched at once: each leaf writes only its own
    /// instances, and what is shared (the instances marked changed, the damage, the leaves left, the
    /// kept parts marked laid over) is gathered per range and joined in range order afterwards, so the
    /// list, the damage and the rest are those of the whole loop, bit for bit.
    ///
    /// `written` lists the layers the update's transactions wrote (nil when not known): a leaf patched
    /// in the last update and not written since is not checked against the tree again (`KnownLeaves`).
    package func apply(
        to list: inout RenderList, changed: [LayerID], written: [LayerID]? = nil, scratch: inout Scratch,
        threads: FrameThreads = .single
    ) -> (damage: Damage, rest: [LayerID]) {
        defer { scratch.appliedToStamp = list.stamp }
        scratch.startApply(slotCount: list.segments.count)
        // Out of the list while its instances are written: the kept parts are read in place.
        var table = LayerPartsTable()
        swap(&table, &list.parts)
        defer { swap(&table, &list.parts) }
        // First, in order, each layer met once; the checks run in the ranges (`patch(_:_:_:_:)`), the
        // first of them whether the last build drew the leaf. `left` keeps `changed`'s order for the rest.
        var gathered = scratch.takeCandidates()
        var left = scratch.takeLeft(count: changed.count)
        defer { scratch.keep(candidates: &gathered, left: &left) }
        var states: [State] = []
        swap(&states, &scratch.states)
        defer { swap(&states, &scratch.states) }
        // Kept from the last apply, each state still holds what it did then: a frame with no leaf to
        // patch must not join it again (instances of a list since rebuilt, marked changed past its end).
        for r in states.indices { states[r].reset(commandOf: []) }
        var leftCount = 0
        changed.withUnsafeBufferPointer { changed in
            let source = scratch.gather(changed, slotCount: list.segments.count, into: &gathered, left: &left, count: &leftCount)
            gathered.withUnsafeBufferPointer { gathered in
                let candidates = Candidates(source, changed: changed, gathered: gathered)
                guard candidates.count > 0 else { return }
                patchRanges(
                    candidates, in: &list, table: table, written: written, states: &states, left: &left, scratch: &scratch,
                    threads: threads)
            }
        }
        // Joined in range order: what one loop over the leaves would have done.
        var (damage, patched) = (Damage.none, 0)
        for state in states {
            patched += state.patched
            leftCount += state.left
            list.instanceChanges.mark(state.changedInstances)
            list.instanceChanges.markMatrices(state.movedInstances)
            for (id, identity) in state.laidOver { table.markBoundsLaidOver(true, of: id, identity: identity) }
            if patched <= Self.preciseDamageLimit { for bounds in state.damage { damage.add(bounds) } }
        }
        (list.keptLeaves, list.patchedLeaves) = (0, patched)
        // The states keep no command map between frames: the list's is then made again in place.
        for r in states.indices { states[r].commandOf = [] }
        var rest: [LayerID] = []
        if leftCount > 0 { for (order, id) in changed.enumerated() where left[order] { rest.append(id) } }
        return (patched <= Self.preciseDamageLimit ? damage.clipped(width: target.width, height: target.height) : .full, rest)
    }

    /// Patches `candidates` of `list`, cut into ranges across `threads`, each range into its state of
    /// `states`; marks `left` (by their places in `changed`) those left for the update.
    private func patchRanges(
        _ candidates: Candidates, in list: inout RenderList, table: LayerPartsTable, written: [LayerID]?, states: inout [State],
        left: inout [Bool], scratch: inout Scratch, threads: FrameThreads
    ) {
        let commandOf = list.commandOfInstances()
        let ranges = threads.ranges(for: candidates.count)
        if states.count > ranges { states.removeLast(states.count - ranges) }
        for r in states.indices { states[r].reset(commandOf: commandOf) }
        while states.count < ranges { states.append(State(commandOf: commandOf)) }
        let bounds = (0...ranges).map { candidates.count * $0 / ranges }
        list.instances.withUnsafeMutableBufferPointer { instances in
            list.segments.withUnsafeBufferPointer { segments in
                list.contexts.withUnsafeBufferPointer { contexts in
                    list.commands.withUnsafeBufferPointer { commands in
                        list.opaque.withUnsafeBufferPointer { opaque in
                            let access = ListAccess(
                                instances: instances, segments: segments, contexts: contexts, commands: commands,
                                opaque: opaque, occludedInstances: list.occludedInstances, stamp: list.stamp)
                            table.withLeaves { table in
                            presentation.withAffineView { view in
                            scratch.withKnownLeaves(stamp: list.stamp, written: written) { known in
                            states.withUnsafeMutableBufferPointer { states in
                                left.withUnsafeMutableBufferPointer { left in
                                    let shared = Unshared((self, access, table, view, known, states, candidates, left, bounds))
                                    threads.forEach(ranges) { r in
                                        let (patch, access, table, view, known, states, candidates, left, bounds) = shared.value
                                        // On this thread's stack while it works: side by side in
                                        // `states`, two ranges' states shared cache lines that
                                        // both threads wrote at every leaf.
                                        var state = State(commandOf: [])
                                        swap(&state, &states[r])
                                        defer { swap(&state, &states[r]) }
                                        let end = bounds[r + 1]
                                        for c in bounds[r]..<end {
                                            if c + Self.prefetchDistance < end {
                                                patch.prefetch(candidates[c + Self.prefetchDistance].id, access, table, view, known)
                                            }
                                            if c + Self.prefetchDistance / 2 < end {
                                                patch.prefetchInstances(candidates[c + Self.prefetchDistance / 2].id, access, view)
                                            }
                                            let (id, order) = candidates[c]
                                            if patch.patch(id, access, table, view, known, &state) == .left {
                                                left[Int(order)] = true
                                                state.left += 1
                                            }
                                        }
                                    }
                                }
                            }
                            }
                            }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The list as a patch reads and writes it, through pointers: the ranges of a split patch write
    /// their own leaves' instances at once, and no array is reached through the list (a read of one
    /// that retained its storage would make another thread's write copy it).
    struct ListAccess {
        let instances: UnsafeMutableBufferPointer<LayerInstance>
        let segments: UnsafeBufferPointer<RenderSegment>
        let contexts: UnsafeBufferPointer<VisitContext>
        let commands: UnsafeBufferPointer<RenderCommand>
        let opaque: UnsafeBufferPointer<Bool>
        let occludedInstances: Int
        /// The list's build (`RenderSegment.records`).
        let stamp: UInt32
    }

    /// The animated keys a patched leaf may have: its placement but for `zPosition` (which reorders),
    /// its bounds, its opacity and its colours.
    static let patchableKeys = PropertyChange.mask(ChangeTiers.patched)

    /// What one `apply` carries from leaf to leaf: siblings share their context, and runs their
    /// instances, so each is read out of the list once.
    struct State {
        var commandOf: ContiguousArray<Int32>
        /// The leaves this state patched, and left.
        var patched = 0
        var left = 0
        /// The old and new bounds of every instance written, in order, while this state has patched
        /// at most `preciseDamageLimit` leaves; past that, the damage is the whole target anyway.
        var damage: [(minX: Float, minY: Float, maxX: Float, maxY: Float)?] = []
        var precise: Bool { patched <= LeafPatch.preciseDamageLimit }
        /// The instances written, in order, for the list's `instanceChanges`: whole, or (`moved`) only
        /// their matrices.
        var changedInstances: [Int] = []
        var movedInstances: [Int] = []
        /// The leaves patched with animated bounds, whose kept parts are then marked laid over.
        var laidOver: [(LayerID, PropertyValues.Identity)] = []
        var contextIndex: Int32 = -1
        var context = VisitContext(toTarget: .identity, toClip: nil, opacity: 1, clip: nil)
        /// Whether `context` clips its leaves' instances, and its `toClip` when it does: decided once
        /// per context, because reading its optional clip and matrix copied them (some three hundred
        /// bytes) for every leaf.
        var contextClips = false
        var contextToClip = Transform3D.identity
        /// The leaf being patched's own space to the clip's plane, when `contextClips`: kept here rather
        /// than in an optional of the patch's own, which every leaf moved (129 bytes) clipped or not.
        var leafToClip = Transform3D.identity
        /// Whether the context's leaves may be placed on the plane (`PlanarMap`): its map to the target
        /// keeps to it (`contextPlane`, `PlanarMap.init(target:)`), so does the target's projection
        /// (`projected`), and it does not clip. Flags and plain values, not optionals: every leaf reads
        /// them, and binding an optional copied it.
        var placesOnPlane = false
        var contextPlane = PlanarMap(row1: .zero, row2: .zero, row4: .zero)
        var projected = (scale: SIMD2<Double>.zero, shift: SIMD2<Double>.zero)
        var command = -1
        var run = Run()

        /// What a run decides for its instances.
        struct Run {
            var variant = DrawVariant.full
            var isFill = false
            var texture: (width: Int, height: Int, sampler: SamplerChoice)?
            var textureIsOpaque = true
        }

        init(commandOf: ContiguousArray<Int32>) {
            self.commandOf = commandOf
        }

        /// A state for a new `apply`, keeping its arrays' capacity.
        mutating func reset(commandOf: ContiguousArray<Int32>) {
            self.commandOf = commandOf
            (patched, left) = (0, 0)
            damage.removeAll(keepingCapacity: true)
            changedInstances.removeAll(keepingCapacity: true)
            movedInstances.removeAll(keepingCapacity: true)
            laidOver.removeAll(keepingCapacity: true)
            (contextIndex, command) = (-1, -1)
        }

        /// Reads instance `index`'s run from the list's `commands`, unless it is the one read last;
        /// false when no draw holds it. (Passed the commands alone: the whole list, an argument read
        /// out of an `inout`, was copied for every call.)
        mutating func readRun(of index: Int, in commands: UnsafeBufferPointer<RenderCommand>) -> Bool {
            let command = Int(commandOf[index])
            guard command >= 0 else { return false }
            guard command != self.command else { return true }
            guard case .draw(_, _, let binding, let variant, _) = commands[command] else { return false }
            self.command = command
            run.variant = variant
            run.isFill = variant == .fill
            run.textureIsOpaque = binding.isOpaque
            if case .bitmap(let texture, let sampler) = binding {
                run.texture = (texture.width, texture.height, sampler)
            } else {
                run.texture = nil
            }
            return true
        }
    }

    /// Whether a patch makes a leaf's quads again (`Reshaping`: its bounds animate) or only moves and
    /// paints them (`Moving`). A type rather than a flag, so that each kind is a build of `patch` of its
    /// own: the moving one, which ten thousand turning leaves take every frame, without the code that
    /// makes quads (with it, even unexecuted, their build took a tenth longer).
    private protocol PatchKind {
        static var reshapes: Bool { get }
    }

    private enum Moving: PatchKind {
        static var reshapes: Bool { false }
    }

    private enum Reshaping: PatchKind {
        static var reshapes: Bool { true }
    }

    /// The one quad of the contents kept at `kept` for an image of `width` x `height` pixels, laid out
    /// again in animated `bounds` (as `LayerParts.Contents.forEachPiece` lays them out); nil when the
    /// layout makes several quads or none.
    private static func onlyPiece(
        of kept: UnsafePointer<LayerParts>, width: Int, height: Int, in bounds: Rect
    ) -> ContentsLayout.Piece? {
        var (count, only) = (0, ContentsLayout.Piece?.none)
        ContentsLayout.forEachPiece(
            pixelWidth: width, pixelHeight: height, bounds: bounds, contentsRect: kept.pointee.someContents.rect,
            contentsCenter: kept.pointee.someContents.center, gravity: kept.pointee.someContents.gravity,
            scale: kept.pointee.someContents.scale
        ) {
            count += 1
            only = $0
        }
        return count == 1 ? only : nil
    }

    /// Rewrites the instances of leaf `id`; `left` as it was when it cannot be. First the checks
    /// that need no placement: visited alone and flat, animating only what a patch writes.
    private func patch(
        _ id: LayerID, _ list: ListAccess, _ table: LayerPartsTable.Leaves, _ view: Presentation.AffineView, _ known: KnownLeaves,
        _ state: inout State
    ) -> LeafOutcome {
        let segment = list.segments[Int(id.index)]
        // Not visited by the last build (not drawn): the update knows what to do with it. A layer gone
        // since is found below, by its slot in the tree, and left then too. (Asked here rather than
        // when the leaves are gathered, so that the ranges read the segments at once.)
        guard segment.records(id, stamp: list.stamp) else { return .left }
        let (animated, transition) = view.animatedKeyMask(of: id)
        guard segment.isSimple, segment.isLocal, segment.visited == 1, segment.group < 0, segment.context >= 0, !transition,
            animated & ~patchable == 0
        else { return .left }
        let slot = Int(id.index)
        let reshapes = animated & 1 &<< UInt128(PropertyKey.bounds.rawValue) != 0
        // Checked when it was patched last, and not written since: its slot in the tree and its kept
        // parts' key are not read.
        let isKnown = !reshapes && known.contains(slot)
        let identity = isKnown ? nil : tree.leafIdentity(of: id)
        guard isKnown || identity.map({ KindDrawing.of($0.kind).drawsOnlyParts }) == true,
            let entry = table.leaf(id, identity: identity)
        else { return .left }
        guard reshapes else {
            let outcome = patch(Moving.self, id, animated, entry, list, view, &state)
            if outcome == .patched {
                state.patched += 1
                known.note(slot)
            }
            return outcome
        }
        let outcome = patch(Reshaping.self, id, animated, entry, list, view, &state)
        // Its quads are now those of animated bounds: the frame they stop animating, it is drawn again.
        // (A leaf whose bounds animate is never taken as known: its identity was read.)
        if outcome == .patched, let identity {
            state.patched += 1
            state.laidOver.append((id, identity))
        }
        return outcome
    }

    /// The frame transform of leaf `id` on the plane (`PlanarMap`), its transform animated or kept at
    /// `placement`; nil when that transform leaves the plane.
    private func planarFrame(
        of id: LayerID, _ placement: UnsafePointer<LeafPlacement>, anchor: SIMD3<Double>, position: Point, zPosition: Double,
        _ view: Presentation.AffineView
    ) -> PlanarMap? {
        if let affine = view.animatedAffine(.transform, of: id) {
            return PlanarMap.frame(affine: affine, anchor: anchor, position: position, zPosition: zPosition)
        }
        return presentation.withAnimatedTransform(.transform, of: id) { animated in
            PlanarMap.frame(
                transform: animated ?? LeafPlacement.transform(at: placement), anchor: anchor, position: position, zPosition: zPosition)
        }
    }

    /// `patch` for the leaf whose kept record, parts and placement are at `record`, `kept` and
    /// `placement`, of `Kind`: `Reshaping` when its bounds animate, else `Moving`. What every leaf
    /// needs is read from the record (`LeafPatchRecord`); the parts and placement only for what is rare.
    private func patch<Kind: PatchKind>(
        _ kind: Kind.Type, _ id: LayerID, _ animated: UInt128, _ entry: LayerPartsTable.Leaves.Entry, _ list: ListAccess,
        _ view: Presentation.AffineView, _ state: inout State
    ) -> LeafOutcome {
        let (record, kept, placement) = entry
        let reshapes = Kind.reshapes
        let segment = list.segments[Int(id.index)]
        let flags = record.pointee.flags
        // Last drawn with animated bounds laid over its parts, its quads are not the kept parts': only a
        // patch that makes them again from this frame's bounds may take it. (Hidden, it is not drawn:
        // not what the list holds.)
        guard flags.contains(.patchable), reshapes || !flags.contains(.boundsLaidOver) else { return .left }
        // Read through the pointer, field by field: copying the record out cost more than the arithmetic.
        var (position, layerOpacity) = (record.pointee.position, record.pointee.opacity)
        let hasContents = flags.contains(.hasContents)
        var background = flags.contains(.hasBackground) ? record.pointee.background : nil
        var borderColor = flags.contains(.hasBorder) ? record.pointee.borderColor : nil
        func animates(_ key: PropertyKey) -> Bool { animated & 1 &<< UInt128(key.rawValue) != 0 }
        if animates(.position), case .point(let p)? = presentation.animatedValue(.position, of: id) { position = p }
        var (anchorPoint, anchorPointZ) = (record.pointee.anchorPoint, record.pointee.anchorPointZ)
        if animates(.anchorPoint), case .point(let a)? = presentation.animatedValue(.anchorPoint, of: id) { anchorPoint = a }
        if animates(.anchorPointZ), case .number(let z)? = presentation.animatedValue(.anchorPointZ, of: id) {
            anchorPointZ = z
        }
        // Animated bounds, laid over the kept parts as the builder lays them (`LayerParts.laidOverKeys`).
        var bounds: Rect?
        if reshapes {
            guard case .rect(let b)? = presentation.animatedValue(.bounds, of: id) else { return .left }
            bounds = b
        }
        if animates(.opacity), case .number(let o)? = presentation.animatedValue(.opacity, of: id) { layerOpacity = o }
        // Painted as `LayerParts.paintBackground` and `paintBorder` paint them.
        if animates(.backgroundColor), case .color(let c)? = presentation.animatedValue(.backgroundColor, of: id) {
            background = c.alpha > 0 ? LayerParts.premultiplied(c) : nil
        }
        if animates(.borderColor), case .color(let c)? = presentation.animatedValue(.borderColor, of: id) {
            borderColor = kept.pointee.borderWidth > 0 && c.alpha > 0 ? LayerParts.premultiplied(c) : nil
        }
        let partCount = (background == nil ? 0 : 1) + (hasContents ? 1 : 0) + (borderColor == nil ? 0 : 1)
        if state.contextIndex != segment.context {
            state.context = list.contexts[Int(segment.context)]
            state.contextIndex = segment.context
            state.contextClips = state.context.toClip != nil && state.context.clip != nil
            state.contextToClip = state.context.toClip ?? .identity
            let plane = PlanarMap(target: state.context.toTarget)
            state.placesOnPlane = plane != nil && projectionPlane != nil && !state.contextClips
            if state.placesOnPlane { (state.contextPlane, state.projected) = (plane!, projectionPlane!) }
        }
        // Drawn as an offscreen group, or not at all: not what the list holds.
        guard layerOpacity > 0, state.context.opacity > 0, !(flags.contains(.allowsGroupOpacity) && layerOpacity < 1 && partCount >= 2)
        else { return .left }
        let own: OwnPlacement
        let axes: PlanarMap?  // the world's lanes when it is axis-aligned on the plane, for the sampler
        let leaf = AnimatedLeafPlacement(
            kept: placement, transform: nil, bounds: bounds ?? record.pointee.bounds, position: position, anchorPoint: anchorPoint,
            anchorPointZ: anchorPointZ)
        let isDoubleSided = flags.contains(.isDoubleSided)
        if !reshapes, state.placesOnPlane,
            let frame = planarFrame(
                of: id, placement, anchor: leaf.anchorInBounds, position: position, zPosition: record.pointee.zPosition, view)
        {
            // A flat leaf in a flat context (a spinner among thousands): placed on the plane alone.
            let world = frame.concatenating(state.contextPlane)
            own = OwnPlacement(
                bounds: record.pointee.bounds, isDoubleSided: isDoubleSided, world: world, in: target, projection: state.projected)
            axes = world
        } else {
            let frame = presentation.withAnimatedTransform(.transform, of: id) { animatedTransform in
                AnimatedLeafPlacement(
                    kept: placement, transform: animatedTransform, bounds: bounds, position: position, anchorPoint: anchorPoint,
                    anchorPointZ: anchorPointZ
                ).frameTransform
            }
            let world = frame.concatenating(state.context.toTarget)
            if state.contextClips { state.leafToClip = frame.concatenating(state.contextToClip) }
            // Its edges are not anti-aliased (`LeafPatchRecord.Flags.patchable`).
            own = OwnPlacement(
                bounds: bounds ?? record.pointee.bounds, isDoubleSided: isDoubleSided, antialiasesEdges: false, world: world,
                in: target, projection: projection)
            axes = RenderListBuilder.pixelAxes(of: world)
        }
        guard own.drawsOwn, own.edgeMargin == nil else { return .left }
        let opacity = state.context.opacity * layerOpacity

        // The instances a build makes for a plain leaf, in order: background, the contents' one quad,
        // border (`drawBackgroundAndContents`, `drawBorder`), with what each takes from the placement.
        let (backgroundColor, border) = (background.map { $0 * Float(opacity) }, borderColor.map { $0 * Float(opacity) })
        // Several quads, or none: not one to rewrite.
        if !reshapes, hasContents, !flags.contains(.hasOnePiece) { return .left }
        let first = Int(segment.first)
        guard Int(segment.end) - first == partCount else { return .left }
        let columns = own.matrix.columns
        let turnsAxisAligned = columns.0.y == 0 && columns.1.x == 0 && columns.0.w == 0 && columns.1.w == 0 && columns.3.w == 1
        let hasBackground = background != nil
        /// Instance `index`'s colour, as its run stores it (`fill` runs in whole 8-bit steps). It
        /// captures only constants and is told the run: capturing a variable (the `inout` state, or
        /// `background`), it checked exclusive access to it at run time, some 180 instructions a leaf.
        func color(_ index: Int, isFill: Bool) -> SIMD4<Float> {
            let painted =
                hasContents && index == first + (hasBackground ? 1 : 0)
                ? SIMD4(repeating: Float(opacity)) : index == first && backgroundColor != nil ? backgroundColor! : border!
            return isFill ? LayerInstance.roundedTo8Bit(painted) : painted
        }
        // Every instance checked before any is written; their colours kept for the writing (a leaf has
        // at most three instances: background, contents, border).
        var reshapedPiece: ContentsLayout.Piece?  // the contents' quad laid out for animated bounds
        var colors = (SIMD4<Float>.zero, SIMD4<Float>.zero, SIMD4<Float>.zero)
        for index in first..<Int(segment.end) {
            // Only occlusion culling collapses a plain leaf's instances (`RenderList.collapse`): while
            // it collapsed none, the instance's quad (a cache line the patch does not otherwise read)
            // need not be looked at.
            guard state.readRun(of: index, in: list.commands), list.occludedInstances == 0 || !list.instances[index].isCollapsed
            else { return .left }
            let isContents = hasContents && index == first + (background == nil ? 0 : 1)
            if isContents {
                guard let texture = state.run.texture else { return .left }
                var piece: ContentsLayout.Piece?  // the kept one, read only where texels may land on pixels
                if reshapes {
                    guard let laidOut = Self.onlyPiece(of: kept, width: texture.width, height: texture.height, in: bounds!) else {
                        return .left
                    }
                    (piece, reshapedPiece) = (laidOut, laidOut)
                }
                let (lodBias, minification, magnification) = (
                    record.pointee.lodBias, record.pointee.minification, record.pointee.magnification
                )
                // The sampler follows the matrix: `nearest` where texels land on pixels.
                let exact = lodBias == 0 && RenderListBuilder.keepsAxes(axes)
                    && RenderListBuilder.isPixelExact(
                        piece ?? kept.pointee.someContents.piece!, axes: axes, width: texture.width, height: texture.height)
                let wanted =
                    exact
                    ? SamplerChoice(minification: .nearest, magnification: .nearest)
                    : SamplerChoice(minification: minification, magnification: magnification)
                guard wanted == texture.sampler else { return .left }
            }
            let newColor = color(index, isFill: state.run.isFill)
            switch index - first {
            case 0: colors.0 = newColor
            case 1: colors.1 = newColor
            default: colors.2 = newColor
            }
            // A `blit` run draws texels at full strength: contents fading leave it.
            guard state.run.variant != .blit || newColor == SIMD4(repeating: 1) else { return .left }
            // Opacity decides blending and occlusion, which the build settled: the same class, or the
            // usual way. An opaque quad that moves may uncover what culling hid under it.
            // `isOpaque` of the instance with its new colour. What else it reads (the shape, clip and
            // texture mode, two more cache lines of the instance) is as the build left it, so while
            // the colour stays opaque an instance that was opaque still is, and one with a translucent
            // colour is not: only a colour turning opaque needs the rest read.
            let wasOpaque = list.opaque[index]
            let isOpaque =
                newColor.w == 1
                && (wasOpaque || list.instances[index].isOpaque(textureIsOpaque: state.run.textureIsOpaque, color: newColor))
            guard isOpaque == wasOpaque,
                !(isOpaque && list.occludedInstances > 0 && (list.instances[index].isAxisAligned || turnsAxisAligned))
            else { return .left }
        }
        if reshapes {
            // Made again whole, as the build makes them for bounds laid over kept parts.
            let (bounds, corners) = (bounds!, kept.pointee.corners)
            for index in first..<Int(segment.end) {
                let color = index == first ? colors.0 : index == first + 1 ? colors.1 : colors.2
                var instance: LayerInstance
                if let piece = reshapedPiece, index == first + (background == nil ? 0 : 1) {
                    instance = RenderListBuilder.contentsInstance(
                        matrix: own.matrix, piece: piece, bounds: bounds, corners: corners,
                        shaped: kept.pointee.masksToBounds && corners.isRounded, lodBias: kept.pointee.someContents.lodBias,
                        opacity: opacity, edgeMargin: nil)
                } else if index == first, background != nil {
                    instance = RenderListBuilder.backgroundInstance(
                        matrix: own.matrix, bounds: bounds, corners: corners, color: color, edgeMargin: nil)
                } else {
                    instance = RenderListBuilder.borderInstance(
                        matrix: own.matrix, bounds: bounds, corners: corners, width: kept.pointee.borderWidth, color: color,
                        edgeMargin: nil)
                }
                if state.contextClips { RenderListBuilder.applyClip(&instance, state.leafToClip, state.context.clip) }
                if state.precise {
                    state.damage.append(list.instances[index].pixelBounds(width: target.width, height: target.height))
                    state.damage.append(instance.pixelBounds(width: target.width, height: target.height))
                }
                list.instances[index] = instance
                state.changedInstances.append(index)
            }
            return .patched
        }
        for index in first..<Int(segment.end) {
            // Written in place: the instance is 224 bytes, and only its matrix, colour and clip mapping
            // follow the placement.
            let color = index == first ? colors.0 : index == first + 1 ? colors.1 : colors.2
            let old = (matrix: (list.instances[index].matrix0, list.instances[index].matrix1, list.instances[index].matrix2,
                list.instances[index].matrix3), color: list.instances[index].color)
            if old.matrix.0 == columns.0, old.matrix.1 == columns.1, old.matrix.2 == columns.2, old.matrix.3 == columns.3,
                old.color == color
            {
                continue
            }
            if state.precise { state.damage.append(list.instances[index].pixelBounds(width: target.width, height: target.height)) }
            (list.instances[index].matrix0, list.instances[index].matrix1) = (columns.0, columns.1)
            (list.instances[index].matrix2, list.instances[index].matrix3) = (columns.2, columns.3)
            // Moved alone, only its matrix is copied to the GPU again (`InstanceChanges.markMatrices`).
            if old.color == color && !state.contextClips {
                state.movedInstances.append(index)
            } else {
                list.instances[index].color = color
                state.changedInstances.append(index)
            }
            if state.contextClips { RenderListBuilder.applyClip(&list.instances[index], state.leafToClip, state.context.clip) }
            if state.precise { state.damage.append(list.instances[index].pixelBounds(width: target.width, height: target.height)) }
        }
        return .patched
    }
}
