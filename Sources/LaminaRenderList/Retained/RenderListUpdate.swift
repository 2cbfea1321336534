package import LaminaCore

/// Brings last frame's render list up to date by visiting again only the subtrees of the layers that
/// changed, instead of building the whole list: the CPU half of drawing only what changed.
///
/// Each changed layer that a full build visited (see `RenderSegment`), and that no changed ancestor
/// covers, is visited again alone with the context its superlayer gave it, into a scratch list (a
/// layer inside a replicator or a transform layer's 3D space: the outermost such layer). When the new
/// instances line up with the old one for one — the same layers visited at the same places, nothing
/// but drawn instances (or, for a subtree visited once and flat, the same offscreen groups, clips,
/// backdrops, 3D spaces and additive runs over the same instances, the groups' shadows free to move,
/// the backdrops free to move and change their filters), and each new instance drawable by the run
/// that drew the old one, or by a run split round it where it now samples its texture another way (a
/// leaf turned onto whole pixels; `RenderList.isolate`, and `rejoin` when it samples as its neighbours
/// again) — they replace the old ones in place, and the frame's damage is the union of
/// the old and new screen bounds of those that differ, spread through the groups' filters and
/// shadows. An opaque instance that moves or turns translucent first brings back the instances drawn
/// before it that occlusion culling collapsed under where it was. Otherwise the caller builds the
/// whole list again, as it does for any change of the hierarchy. Textures repainted in place damage
/// the instances that show them.
package struct RenderListUpdate {
    let tree: LayerTree
    /// The target's size in pixels.
    let width: Int
    let height: Int
    /// A builder for this frame (the tree, presentation, target and caches a whole build would use)
    /// filling the list it is given.
    let makeBuilder: (consuming RenderList) -> RenderListBuilder

    /// An update of lists drawn into a `width` x `height` target, visiting layers again with builders
    /// from `makeBuilder`.
    package init(tree: LayerTree, width: Int, height: Int, makeBuilder: @escaping (consuming RenderList) -> RenderListBuilder) {
        (self.tree, self.width, self.height, self.makeBuilder) = (tree, width, height, makeBuilder)
    }

    /// Updates `list` for the layers in `changed` and the textures in `repainted` (those in `regions`
    /// only inside those texels); returns the damage in target pixels, or nil when the list must be
    /// built again whole. `scratch` is working storage kept between frames. On nil, `list` may be half
    /// updated: build it again.
    package func update(
        _ list: inout RenderList, scratch: inout RenderList, changed: [LayerID], repainted: Set<TextureHandle>,
        regions: [TextureHandle: PixelRegion] = [:]
    ) -> Damage? {
        var damage = Damage.none
        guard let topmost = topmostChanges(changed, in: list) else { return nil }
        var commandOf: ContiguousArray<Int32> = []
        var touchedRuns = Set<Int>()
        // One builder visits every subtree, each into the scratch list emptied: making one per subtree
        // (with the tree, presentation and list it holds) cost more than the visits themselves.
        var builder: RenderListBuilder?
        var keptLeaves = 0
        for id in topmost {
            let segment = list.segments[Int(id.index)]
            // A visit that opened offscreen groups (a shadow, group opacity, a mask, filters) or pushed
            // clips is patched too when it was flat and visited once: its groups and clips must come
            // out the same, and the groups' composites where they were.
            let hasSpecials = !segment.isSimple
            guard segment.isSimple || segment.isLocal, segment.context >= 0 else { return nil }
            if builder == nil {
                var taken = RenderList()
                swap(&taken, &scratch)
                builder = makeBuilder(consume taken)
            } else {
                swap(&scratch, &builder!.list)  // the scratch list back into the builder
            }
            builder!.revisitAfresh(id, with: list.contexts[Int(segment.context)], index: segment.context)
            swap(&scratch, &builder!.list)  // and out again, to be read
            keptLeaves += scratch.keptLeaves
            if hasSpecials && !scratch.forcedDamage.isEmpty { return nil }
            // What must change every frame from now on, found in this visit.
            if scratch.hasUnstableParticles { return nil }
            list.noteEveryFrameChanges(of: scratch)
            damage.formUnion(Self.reach(of: scratch.forcedDamage, through: Int(segment.group), in: list))
            guard hasSpecials ? specialsLineUp(scratch, with: list, at: segment) : scratch.specialCount == 0,
                scratch.instances.count == Int(segment.end - segment.first),
                scratch.visitedLayers == Int(segment.visited), lineUp(scratch, with: list, at: segment, root: id)
            else { return nil }
            let base = Int(segment.first)
            // The groups (list indices) enclosing the draw being patched, innermost last.
            var enclosing: [Int] = []
            // Where the segment's drawn instances were and are: what a shadow that moved moves.
            var content = Damage.none
            for command in scratch.commands {
                let first: Int, count: Int, binding: TextureBinding
                switch command {
                case .beginGroup(let g):
                    enclosing.append(Int(segment.firstGroup) + g)
                    continue
                case .endGroup:
                    enclosing.removeLast()
                    continue
                case .draw(let f, let c, let b, _, _): (first, count, binding) = (f, c, b)
                default: continue  // beginMask: the mask draws into the same group
                }
                for k in first..<(first + count) {
                    if hasSpecials {
                        let old = list.instances[base + k]
                        if !old.isCollapsed { content.add(old.pixelBounds(width: width, height: height)) }
                        content.add(scratch.instances[k].pixelBounds(width: width, height: height))
                    }
                    if commandOf.isEmpty { commandOf = list.commandOfInstances() }
                    // The same instance sampling the same texture (or none) draws the same pixels.
                    if scratch.instances[k] == list.instances[base + k],
                        scratch.instances[k][.textureMode] == LayerInstance.TextureMode.none.rawValue
                            || binding.same(as: list.binding(ofCommand: Int(commandOf[base + k])))
                    {
                        continue
                    }
                    guard
                        replace(
                            base + k, in: &list, with: scratch.instances[k], isOpaque: scratch.isOpaque(k),
                            binding: binding, group: enclosing.last ?? Int(segment.group), commandOf: &commandOf,
                            runs: &touchedRuns, damage: &damage)
                    else { return nil }
                }
            }
            if hasSpecials {
                updateGroups(scratch, in: &list, at: segment, content: content, damage: &damage)
                updateBackdrops(scratch, in: &list, at: segment, damage: &damage)
            }
            // The subtree's sublayers keep their places; what they were visited with may have moved.
            for slot in scratch.visitedSlots where slot != Int32(id.index) {
                let new = scratch.segments[Int(slot)], old = list.segments[Int(slot)]
                if new.context >= 0, old.context >= 0 {
                    list.setContext(Int(old.context), scratch.contexts[Int(new.context)])
                }
            }
        }
        for run in touchedRuns { list.refreshRun(run) }
        list.keptLeaves = keptLeaves
        if !repainted.isEmpty { damageRepainted(repainted, regions: regions, in: list, damage: &damage) }
        return damage.clipped(width: width, height: height)
    }

    /// The changed layers the list's build visited, less those under another of them; nil when the
    /// work would come near a whole build's, or a changed layer is gone (a hierarchy change, which the
    /// caller sees first).
    private func topmostChanges(_ changed: [LayerID], in list: RenderList) -> [LayerID]? {
        // Past half the layers, building everything costs about the same and damages about as much;
        // a layer may be listed a few times (written, animated now, animated last frame).
        let enough = max(list.visitedLayers, 16) / 2
        guard changed.count <= 4 * enough else { return nil }
        var marked = Set<Int32>()
        var candidates: [LayerID] = []
        for var id in changed {
            guard tree.contains(id) else { return nil }
            // A layer the build did not visit is not drawn: an ancestor hides it, or clips it away.
            guard Int(id.index) < list.segments.count, list.segments[Int(id.index)].records(id, stamp: list.stamp)
            else { continue }
            // Inside a replicator a layer is drawn once per copy, and its segment holds the last copy
            // only; inside a transform layer's 3D space the sublayers are drawn far to near, an order a
            // change may change: the outermost such layer is visited again, whole. Only a layer visited
            // there (not local) has one above it to look for.
            if !list.segments[Int(id.index)].isLocal, let outer = outermostWholeSubtree(above: id) { id = outer }
            let slot = Int(id.index)
            if marked.insert(Int32(slot)).inserted {
                candidates.append(id)
                if candidates.count > enough { return nil }
            }
        }
        var topmost: [LayerID] = []
        var work = 0
        for id in candidates {
            var ancestor = (try? tree.superlayer(of: id)) ?? nil
            var covered = false
            while let a = ancestor {
                if marked.contains(Int32(a.index)) {
                    covered = true
                    break
                }
                ancestor = (try? tree.superlayer(of: a)) ?? nil
            }
            guard !covered else { continue }
            topmost.append(id)
            work += Int(list.segments[Int(id.index)].visited)
        }
        return work > enough ? nil : topmost
    }

    /// The outermost layer above `id` whose kind draws its subtree whole (a replicator's copies, a
    /// transform layer's 3D space), if any.
    private func outermostWholeSubtree(above id: LayerID) -> LayerID? {
        var found: LayerID?
        var ancestor = (try? tree.superlayer(of: id)) ?? nil
        while let a = ancestor {
            if KindDrawing.of(tree[a].kind).drawsSubtreeWhole { found = a }
            ancestor = (try? tree.superlayer(of: a)) ?? nil
        }
        return found
    }

    /// Whether a visit that opened offscreen groups or pushed clips did the same again: the same
    /// commands over the same instances (draw ranges, groups begun and ended and clips pushed and
    /// popped at the same places, the clips unmoved), and each group the same but for where its
    /// shadow falls, composited by the same instance.
    private func specialsLineUp(_ scratch: RenderList, with list: RenderList, at segment: RenderSegment) -> Bool {
        let (base, firstGroup) = (Int(segment.first), Int(segment.firstGroup))
        guard scratch.commands.count == Int(segment.endCommand - segment.firstCommand),
            scratch.groups.count == Int(segment.endGroup - segment.firstGroup)
        else { return false }
        for (k, command) in scratch.commands.enumerated() {
            switch (command, list.commands[Int(segment.firstCommand) + k]) {
            case (.draw(let f, let c, _, _, _), .draw(let oldFirst, let oldCount, _, _, _)):
                guard oldFirst == base + f, oldCount == c else { return false }
            case (.beginGroup(let g), .beginGroup(let old)), (.beginMask(let g), .beginMask(let old)),
                (.endGroup(let g), .endGroup(let old)):
                guard old == firstGroup + g else { return false }
            case (.pushClip(.scissor(let box)), .pushClip(.scissor(let old))):
                guard box == old else { return false }
            case (.pushClip(.stencil(let shape)), .pushClip(.stencil(let old))):
                // A clip from outside the subtree keeps its index in the list; one made inside it is
                // the subtree's own detached shape, which must not have moved.
                guard shape == old && old < base || old == base + shape && scratch.instances[shape] == list.instances[old]
                else { return false }
            case (.popClip, .popClip), (.beginAdditive, .beginAdditive), (.endAdditive, .endAdditive),
                (.beginDepth, .beginDepth), (.endDepth, .endDepth):
                break
            case (.backdrop(let b), .backdrop(let old)):
                // The same layer's backdrop, drawn by as many instances at the same places.
                let (new, was) = (scratch.backdrops[b], list.backdrops[old])
                guard new.layer == was.layer, was.plain == (base + new.plain.lowerBound)..<(base + new.plain.upperBound),
                    was.shaped == (base + new.shaped.lowerBound)..<(base + new.shaped.upperBound)
                else { return false }
            default: return false
            }
        }
        for (j, new) in scratch.groups.enumerated() {
            let old = list.groups[firstGroup + j]
            guard new.layer == old.layer, old.composite == base + new.composite, new.hasMask == old.hasMask,
                new.blendMode == old.blendMode, new.filters == old.filters, new.transition == nil,
                old.transition == nil, old.parent == (new.parent < 0 ? Int(segment.group) : firstGroup + new.parent),
                new.shadow?.sigma == old.shadow?.sigma,
                old.shadow.map(\.composite) == new.shadow.map({ base + $0.composite })
            else { return false }
        }
        return true
    }

    /// Gives the segment's groups their content's new bounds, and puts their shadows where they fall
    /// now, damaging what a shadow covered and covers: `content` (the old and new bounds of the
    /// segment's drawn instances) through the group as it was and as it is.
    private func updateGroups(
        _ scratch: RenderList, in list: inout RenderList, at segment: RenderSegment, content: Damage, damage: inout Damage
    ) {
        for (j, new) in scratch.groups.enumerated() {
            let index = Int(segment.firstGroup) + j
            // Composited differently (its opacity animates): the group's pixels, before and after,
            // spread by its own filters and shadow, in what it is composited into.
            let composite = scratch.instances[new.composite]
            if composite != list.instances[list.groups[index].composite] {
                guard let before = list.groups[index].bounds, let after = new.bounds else {
                    damage = .full
                    return
                }
                var covered = Damage.none
                covered.add(before)
                covered.add(after)
                damage.formUnion(Self.reach(of: covered, through: index, in: list))
                list.replaceDetached(list.groups[index].composite, with: composite)
            }
            list.groups[index].bounds = new.bounds
            guard let shadow = new.shadow else { continue }
            let moved = scratch.instances[shadow.composite]
            let shadowComposite = Int(segment.first) + shadow.composite
            guard moved != list.instances[shadowComposite] else { continue }
            damage.formUnion(Self.reach(of: content, through: index, in: list))
            list.replaceDetached(shadowComposite, with: moved)
            damage.formUnion(Self.reach(of: content, through: index, in: list))
        }
    }

    /// Gives the segment's backdrops (lined up by `specialsLineUp`) their new passes, region and
    /// instances, damaging the regions they read and draw in, as they were and are, when any differs.
    private func updateBackdrops(_ scratch: RenderList, in list: inout RenderList, at segment: RenderSegment, damage: inout Damage) {
        let base = Int(segment.first)
        for (k, command) in scratch.commands.enumerated() {
            guard case .backdrop(let b) = command, case .backdrop(let old) = list.commands[Int(segment.firstCommand) + k] else { continue }
            let new = scratch.backdrops[b]
            let was = list.backdrops[old]
            let instances = Array(new.plain) + Array(new.shaped)
            let moved = instances.contains { scratch.instances[$0] != list.instances[base + $0] }
            guard moved || new.passes != was.passes || new.region != was.region else { continue }
            guard let before = was.region, let after = new.region else {
                damage = .full
                return
            }
            damage.add(before)
            damage.add(after)
            for index in instances { list.replaceDetached(base + index, with: scratch.instances[index]) }
            list.backdrops[old].passes = new.passes
            list.backdrops[old].region = new.region
        }
    }

    /// Whether the scratch visit met the same layers as the list's, each at the same place.
    private func lineUp(_ scratch: RenderList, with list: RenderList, at segment: RenderSegment, root: LayerID) -> Bool {
        for slot in scratch.visitedSlots where slot != Int32(root.index) {
            let new = scratch.segments[Int(slot)], old = list.segments[Int(slot)]
            guard old.stamp == list.stamp, old.generation == new.generation, old.visited == new.visited,
                old.first - segment.first == new.first, old.end - segment.first == new.end
            else { return false }
        }
        return true
    }

    /// Puts `instance` in place of the list's instance `index`, if the run drawing it can draw it the
    /// same way a whole build would have, adding both to `damage`.
    private func replace(
        _ index: Int, in list: inout RenderList, with instance: LayerInstance, isOpaque: Bool, binding: TextureBinding,
        group: Int, commandOf: inout ContiguousArray<Int32>, runs: inout Set<Int>,
        damage: inout Damage
    ) -> Bool {
        let old = list.instances[index]
        let command = Int(commandOf[index])
        guard command >= 0, case .draw(let first, let count, let runBinding, let variant, _) = list.commands[command] else {
            return false
        }
        // An opaque quad may have hidden instances drawn before it (OcclusionCulling collapsed them):
        // one that moves or turns translucent brings back those under where it was, which its old
        // bounds, damaged below, redraw. (Instances it hides now stay drawn: the same pixels, shaded
        // twice, until the next whole build.)
        if list.isOpaque(index), !old.isCollapsed, old.isAxisAligned, list.occludedInstances > 0 {
            let covers = isOpaque && instance.rect == old.rect && instance.matrix0 == old.matrix0
                && instance.matrix1 == old.matrix1 && instance.matrix2 == old.matrix2 && instance.matrix3 == old.matrix3
            if !covers {
                guard let region = old.pixelBounds(width: width, height: height) else { return false }
                for restored in list.uncollapse(touching: region, before: index, width: width, height: height) {
                    guard commandOf[restored] >= 0 else { return false }
                    runs.insert(Int(commandOf[restored]))
                }
            }
        }
        var texture = runBinding
        var (run, runCount) = (command, count)
        if instance[.textureMode] != LayerInstance.TextureMode.none.rawValue, !binding.same(as: runBinding) {
            // Another texture, or the same sampled another way: only a run that samples for this
            // instance alone can change it. One it shares with others that sample is split round it,
            // as a build would have drawn it.
            if (first..<(first + count)).contains(where: { $0 != index && list.instances[$0][.textureMode] != LayerInstance.TextureMode.none.rawValue }) {
                guard instance.isPlain == old.isPlain, let (split, lone) = list.isolate(index, inRun: command, texture: binding) else { return false }
                runs = Set(runs.map { $0 > command ? $0 + split.count - 1 : $0 }).union(split)
                commandOf = list.commandOfInstances()
                (run, runCount) = (lone, 1)
            }
            texture = binding
        }
        var newVariant = variant
        if instance.isPlain != old.isPlain {
            guard runCount == 1, !Self.mayJoinNeighbour(run, plain: instance.isPlain, in: list) else { return false }
            newVariant = instance.isPlain ? .plain : .full
        }
        var changed = Damage.none
        if !old.isCollapsed { changed.add(old.pixelBounds(width: width, height: height)) }
        if !instance.isCollapsed { changed.add(instance.pixelBounds(width: width, height: height)) }
        damage.formUnion(Self.reach(of: changed, through: group, in: list))
        list.replace(index, with: instance, isOpaque: isOpaque, command: run, texture: texture, variant: newVariant)
        list.extendGroups(from: group, toCover: index, width: width, height: height)
        // A lone run sampling as its neighbours do again (the leaf turned off whole pixels) joins them.
        if runCount == 1, !texture.same(as: runBinding), let joined = list.rejoin(run) {
            runs = Set(runs.map { $0 < run ? $0 : $0 <= run + 1 ? joined : $0 - 2 })
            commandOf = list.commandOfInstances()
            run = joined
        }
        runs.insert(run)
        return true
    }

    /// Whether a whole build might have put an instance that turned `plain` (or `full`), alone in run
    /// `command`, into the run just before or after it: a neighbouring run of the same variant, which
    /// in a build it would have extended (`RenderCommand.extendDraw`), or which would have taken it.
    /// (`fill` and `blit` runs are `plain` ones; whether the bindings would have let them join is left
    /// to the whole build this answer sends it to.)
    static func mayJoinNeighbour(_ command: Int, plain: Bool, in list: RenderList) -> Bool {
        func sameVariant(_ c: Int) -> Bool {
            guard c >= 0, c < list.commands.count, case .draw(_, _, _, let variant, _) = list.commands[c] else { return false }
            return (variant == .full) != plain
        }
        return sameVariant(command - 1) || sameVariant(command + 1)
    }

    /// Damages the instances that sample a texture repainted in place (where they show the repainted
    /// texels, for a texture in `regions`), rebuilding stale mipmaps.
    private func damageRepainted(
        _ repainted: Set<TextureHandle>, regions: [TextureHandle: PixelRegion], in list: RenderList, damage: inout Damage
    ) {
        var groups: [Int] = []
        for command in list.commands {
            switch command {
            case .beginGroup(let index): groups.append(index)
            case .endGroup: groups.removeLast()
            case .draw(let first, let count, .bitmap(let texture, let sampler), _, _) where repainted.contains(texture.handle):
                if sampler.minification == .trilinear { texture.ensureMipmaps() }
                var changed = Damage.none
                // A mip chain mixes every texel into its smaller levels: trilinear sampling changes
                // wherever the texture shows.
                let region = sampler.minification == .trilinear ? nil : regions[texture.handle]
                for index in first..<(first + count) {
                    var instance = list.instances[index]
                    guard !instance.isCollapsed, instance[.textureMode] != LayerInstance.TextureMode.none.rawValue
                    else { continue }
                    if let region {
                        guard instance.narrow(toTexels: region, width: texture.width, height: texture.height) else { continue }
                    }
                    changed.add(instance.pixelBounds(width: width, height: height))
                }
                damage.formUnion(Self.reach(of: changed, through: groups.last ?? -1, in: list))
            default: break
            }
        }
    }

    /// Where pixels changed inside offscreen group `group` (target pixels: groups are drawn with the
    /// output's transforms) change the output: the same pixels through a plain or masked composite,
    /// and, through filters, those pixels spread by the blurs; through a shadow, those pixels blurred
    /// and offset; a transition moves them, so everything.
    static func reach(of damage: Damage, through group: Int, in list: RenderList) -> Damage {
        var damage = damage
        var current = group
        while current >= 0, damage.box != nil, !damage.isFull {
            let g = list.groups[current]
            if g.transition != nil { return .full }
            if !g.filters.isEmpty {
                guard let radius = FilterPass.reach(of: g.filters) else { return .full }
                let filtered = damage
                for b in filtered.boxes {
                    damage.add(PixelRegion(x: b.x - radius, y: b.y - radius, width: b.width + 2 * radius, height: b.height + 2 * radius))
                }
            }
            guard damage.box != nil else { return damage }
            if let shadow = g.shadow {
                let radius = RenderGroup.blurRadius(sigma: shadow.sigma) + 2
                let offset = list.instances[shadow.composite].rect
                guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 16_777_216, abs(offset.y) < 16_777_216 else { return .full }
                let (dx, dy) = (Int(offset.x.rounded(.down)), Int(offset.y.rounded(.down)))
                // Each box's own shadow, so two changes far apart stay two boxes.
                for box in damage.boxes {
                    damage.add(
                        PixelRegion(
                            x: box.x - radius + dx, y: box.y - radius + dy, width: box.width + 2 * radius + 1,
                            height: box.height + 2 * radius + 1))
                }
            }
            current = g.parent
        }
        return damage
    }

}
