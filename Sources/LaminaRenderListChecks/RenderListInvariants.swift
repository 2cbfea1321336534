import LaminaCore
import LaminaFuzzInput
package import LaminaRenderList

/// The invariants every frame's render list must keep, checked on the CPU alone: what the retained
/// paths (leaf patch, update, kept parts, caches) leave must be exactly what a fresh build makes, and
/// the damage must reach every pixel whose drawing changed. Each returns descriptions of what it found
/// wrong, empty when all holds.
package enum RenderListInvariants {
    /// How `retained` differs from `fresh` (built afresh with the same cache and occlusion decisions):
    /// instance bytes bit for bit (before and after occlusion), the texture handle and program variant
    /// of every drawn instance, the commands other than draws in order, the groups and backdrops.
    /// Group bounds may be wider in `retained` than in `fresh`, never narrower.
    package static func differences(retained: ListSnapshot, fresh: ListSnapshot, limit: Int = 6) -> [String] {
        var found: [String] = []
        func note(_ s: @autoclosure () -> String) { if found.count < limit { found.append(s()) } }
        if retained.entries.count != fresh.entries.count {
            note("\(retained.entries.count) instances, a fresh build has \(fresh.entries.count)")
        }
        for (index, (a, b)) in zip(retained.entries, fresh.entries).enumerated() where a.isUsed || b.isUsed {
            if a.isUsed != b.isUsed { note("instance \(index): used \(a.isUsed), fresh \(b.isUsed)") }
            if !ListSnapshot.sameBits(a.whole, b.whole) { note("instance \(index): \(describe(a.whole, against: b.whole))") }
            if a.drawn.isCollapsed != b.drawn.isCollapsed { note("instance \(index): collapsed \(a.drawn.isCollapsed), fresh \(b.drawn.isCollapsed)") }
            if a.binding != b.binding { note("instance \(index): samples \(a.binding), fresh \(b.binding)") }
            if a.variant != b.variant {
                note("instance \(index): drawn by \(a.variant.map { "\($0)" } ?? "no run"), fresh by \(b.variant.map { "\($0)" } ?? "no run")")
            }
            if a.groups != b.groups { note("instance \(index): in groups \(a.groups), fresh \(b.groups)") }
        }
        if retained.tokens != fresh.tokens { note("commands \(retained.tokens), fresh \(fresh.tokens)") }
        if retained.groups.count != fresh.groups.count { note("\(retained.groups.count) groups, fresh \(fresh.groups.count)") }
        for (index, (a, b)) in zip(retained.groups, fresh.groups).enumerated() {
            if a != b { note("group \(index) of \(a.layer) differs from the fresh build's (of \(b.layer))") }
            if let inner = b.bounds, a.bounds.map({ !$0.contains(inner) }) ?? false {
                note("group \(index): bounds \(a.bounds!) do not contain the fresh build's \(inner)")
            }
        }
        if retained.backdrops != fresh.backdrops { note("backdrops differ from the fresh build's") }
        return found
    }

    /// Where the instance grid and a walk of every instance disagree: for boxes drawn from `seed`
    /// (whole-target, single pixels, cell edges and random ones) and every draw run, the instances that
    /// may reach the box as the grid finds them against the walk the renderer did before the grid (not
    /// collapsed, and bounds that meet the box or are unknown).
    package static func gridViolations(_ grid: InstanceGrid, _ list: RenderList, width: Int, height: Int, seed: UInt64) -> [String] {
        var rng = SeededGenerator(seed: seed &+ 0x9E37)
        let cell = InstanceGrid.cellSize
        var boxes = [
            PixelRegion(x: 0, y: 0, width: width, height: height), PixelRegion(x: 0, y: 0, width: 1, height: 1),
            PixelRegion(x: min(cell, width - 1), y: 0, width: 1, height: height),
        ]
        for _ in 0..<6 {
            let x = Int.random(in: 0..<width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
            boxes.append(
                PixelRegion(x: x, y: y, width: Int.random(in: 1...(width - x), using: &rng), height: Int.random(in: 1...(height - y), using: &rng)))
        }
        var runs: [Range<Int>] = [0..<list.instances.count]
        for case .draw(let first, let count, _, _, _) in list.commands { runs.append(first..<(first + count)) }
        var violations: [String] = []
        for box in boxes {
            let (x0, y0, x1, y1) = (Float(box.x), Float(box.y), Float(box.x + box.width), Float(box.y + box.height))
            for run in runs {
                let walked = run.filter { index in
                    let instance = list.instances[index]
                    if instance.isCollapsed { return false }
                    guard let b = instance.pixelBounds(width: width, height: height) else { return true }
                    return b.maxX >= x0 && b.minX <= x1 && b.maxY >= y0 && b.minY <= y1
                }
                let found = grid.instances(reaching: box, in: run, of: list)
                if found != walked {
                    let missing = Set(walked).subtracting(found).sorted(), extra = Set(found).subtracting(walked).sorted()
                    violations.append("box \(box), instances \(run): the grid misses \(missing.prefix(5)), adds \(extra.prefix(5))")
                }
            }
        }
        return violations
    }

    /// Whether every instance `list` holds collapsed is hidden: inside no group or clip, and every
    /// target pixel whose centre its box could reach lies inside the box of one opaque, axis-aligned,
    /// unclipped instance drawn after it outside any group (the rule `OcclusionCulling` collapses by).
    package static func occlusionViolations(_ list: RenderList, width: Int, height: Int) -> [String] {
        guard !list.collapsedRects.isEmpty else { return [] }
        // Walk backwards as the culling does, collecting the opaque boxes drawn after each instance.
        var found: [String] = []
        var occluders: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        var groupDepth = 0, clipDepth = 0
        let slack: Float = 1e-3
        for command in list.commands.reversed() {
            switch command {
            case .endGroup: groupDepth += 1
            case .beginGroup: groupDepth -= 1
            case .popClip: clipDepth += 1
            case .pushClip: clipDepth -= 1
            case .draw(let first, let count, _, _, _):
                for index in stride(from: first + count - 1, through: first, by: -1) {
                    if let rect = list.collapsedRects[index] {
                        var whole = list.instances[index]
                        whole.rect = rect
                        guard groupDepth == 0 else {
                            found.append("instance \(index) is collapsed inside an offscreen group")
                            continue
                        }
                        guard let b = whole.pixelBounds(width: width, height: height) else {
                            found.append("instance \(index) is collapsed though a corner is behind the eye")
                            continue
                        }
                        let x0 = max(0, (b.minX - 0.5 - slack).rounded(.up).saturatingInt)
                        let x1 = min(width - 1, (b.maxX - 0.5 + slack).rounded(.down).saturatingInt) + 1
                        let y0 = max(0, (b.minY - 0.5 - slack).rounded(.up).saturatingInt)
                        let y1 = min(height - 1, (b.maxY - 0.5 + slack).rounded(.down).saturatingInt) + 1
                        if x1 <= x0 || y1 <= y0 { continue }
                        if !occluders.contains(where: { $0.x0 <= x0 && $0.y0 <= y0 && x1 <= $0.x1 && y1 <= $0.y1 }) {
                            found.append("instance \(index) is collapsed but pixels \(x0)..<\(x1) x \(y0)..<\(y1) are not all hidden")
                        }
                        continue
                    }
                    let instance = list.instances[index]
                    guard groupDepth == 0, clipDepth == 0, !instance.isCollapsed, instance.isAxisAligned, list.opaque[index],
                        let b = instance.pixelBounds(width: width, height: height)
                    else { continue }
                    let x0 = max(0, (b.minX - 0.5 + slack).rounded(.up).saturatingInt)
                    let x1 = min(width, (b.maxX - 0.5 - slack).rounded(.up).saturatingInt)
                    let y0 = max(0, (b.minY - 0.5 + slack).rounded(.up).saturatingInt)
                    let y1 = min(height, (b.maxY - 0.5 - slack).rounded(.up).saturatingInt)
                    if x1 > x0, y1 > y0 { occluders.append((x0, y0, x1, y1)) }
                }
            default: break
            }
        }
        return found
    }

    /// Whether `redraw`, the damage the frame after `before` draws of `after`, covers the old and the
    /// new footprint of every instance that changed, appeared or disappeared, of every group whose
    /// effects changed, of every backdrop that changed, and of every instance sampling a texture whose
    /// texels changed (`rewritten`), each widened by the reach of the filters and shadows of the
    /// groups it is drawn in. Lists of different shapes (another hierarchy) need the whole target.
    package static func damageViolations(
        before: ListSnapshot, after: ListSnapshot, redraw: Damage, rewritten: (TextureHandle, LayerInstance) -> LayerInstance?, width: Int,
        height: Int
    ) -> [String] {
        if redraw.isFull { return [] }
        guard before.entries.count == after.entries.count, before.tokens == after.tokens, before.groups.count == after.groups.count
        else { return ["the list changed shape (\(before.entries.count) → \(after.entries.count) instances) but the damage is \(redraw)"] }
        let covered = Coverage(redraw, width: width, height: height)
        var found: [String] = []
        func require(_ region: PixelRegion?, _ what: @autoclosure () -> String) {
            guard found.count < 6 else { return }
            guard let region else {
                found.append("\(what()) may reach anywhere, but the damage is \(redraw)")
                return
            }
            if let missed = covered.firstMissing(in: region) { found.append("\(what()): pixel \(missed) of \(region) is not redrawn (damage \(redraw))") }
        }
        for index in after.entries.indices {
            let (a, b) = (before.entries[index], after.entries[index])
            guard a.isUsed || b.isUsed else { continue }
            let texelsChanged = b.drawn.isCollapsed ? nil : b.binding.handle.flatMap { rewritten($0, b.drawn) }
            let redrawn = !ListSnapshot.sameBits(a.drawn, b.drawn) || a.binding != b.binding || a.variant != b.variant
            guard redrawn || texelsChanged != nil else { continue }
            if !redrawn, let part = texelsChanged, b.isUsed {
                // Only its texels changed: where it shows the changed ones.
                var entry = b
                entry.drawn = part
                require(footprint(of: index, entry, in: after, width: width, height: height), "instance \(index)'s changed texels (\(b.binding))")
                continue
            }
            for (snapshot, entry) in [(before, a), (after, b)] where entry.isUsed {
                let what = entry.drawn.isCollapsed ? "collapsed" : "\(entry.drawn.pixelBounds(width: width, height: height).map { "\($0)" } ?? "anywhere")"
                require(
                    footprint(of: index, entry, in: snapshot, width: width, height: height),
                    "instance \(index) \(snapshot == before ? "as it was" : "as it is") (\(what), \(entry.binding), groups \(entry.groups))")
            }
        }
        for g in after.groups.indices where before.groups[g] != after.groups[g] {
            for snapshot in [before, after] {
                require(widened(snapshot.groups[g].bounds, through: [g] , in: snapshot, width: width, height: height), "group \(g)")
            }
        }
        for (index, (a, b)) in zip(before.backdrops, after.backdrops).enumerated() where a != b {
            require(a.region, "backdrop \(index) as it was")
            require(b.region, "backdrop \(index)")
        }
        return found
    }

    /// The target pixels an entry's drawing can change: its quad's pixels, or its group's content for a
    /// composite, widened through the groups it is drawn in; empty for a collapsed instance; nil when
    /// that may be anywhere.
    static func footprint(of index: Int, _ entry: ListSnapshot.Entry, in snapshot: ListSnapshot, width: Int, height: Int) -> PixelRegion? {
        if entry.drawn.isCollapsed { return PixelRegion(x: 0, y: 0, width: 0, height: 0) }
        // A composite shows its group's content: what changes is inside the content's bounds.
        if let g = snapshot.groups.firstIndex(where: { $0.composite == index || $0.shadow?.composite == index || $0.transition?.old == index }) {
            return widened(snapshot.groups[g].bounds, through: entry.groups + [g], in: snapshot, width: width, height: height)
        }
        guard let b = entry.drawn.pixelBounds(width: width, height: height), b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite,
            b.maxY.isFinite
        else { return nil }
        // Held within ±2^24 pixels, far past any target: extreme but legal geometry stays a valid Int.
        func pixel(_ v: Float) -> Int { Int(Swift.min(Swift.max(v, -16_777_216), 16_777_216)) }
        let x0 = pixel(b.minX.rounded(.down)), y0 = pixel(b.minY.rounded(.down))
        let x1 = pixel(b.maxX.rounded(.up)), y1 = pixel(b.maxY.rounded(.up))
        return widened(PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0), through: entry.groups, in: snapshot, width: width, height: height)
    }

    /// `region` as it reaches the target through `groups` (outermost first): spread by each group's
    /// filters' reach and by its shadow's blur, at the shadow's offset; nil (anywhere) through a
    /// transition or filters of unknown reach.
    static func widened(_ region: PixelRegion?, through groups: [Int], in snapshot: ListSnapshot, width: Int, height: Int) -> PixelRegion? {
        guard var region else { return nil }
        for g in groups.reversed() {
            // Nothing drawn reaches nothing, whatever the group does with it.
            if region.isEmpty { return region }
            let group = snapshot.groups[g]
            if group.transition != nil { return nil }
            guard let reach = FilterPass.reach(of: group.filters) else { return nil }
            region = spread(region, by: reach)
            if let shadow = group.shadow {
                let offset = snapshot.entries[shadow.composite].drawn.rect
                let pad = RenderGroup.blurRadius(sigma: shadow.sigma) + 2
                let blurred = spread(region, by: pad)
                guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 16_777_216, abs(offset.y) < 16_777_216 else { return nil }
                let moved = PixelRegion(
                    x: blurred.x + Int(offset.x.rounded(.down)), y: blurred.y + Int(offset.y.rounded(.down)), width: blurred.width + 1,
                    height: blurred.height + 1)
                region = union(region, moved)
            }
        }
        return region
    }

    static func spread(_ r: PixelRegion, by pixels: Int) -> PixelRegion {
        PixelRegion(x: r.x - pixels, y: r.y - pixels, width: r.width + 2 * pixels, height: r.height + 2 * pixels)
    }

    static func union(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRegion(x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0, height: max(a.y + a.height, b.y + b.height) - y0)
    }

    /// Differences of two instances, by attribute.
    static func describe(_ a: LayerInstance, against b: LayerInstance) -> String {
        var parts: [String] = []
        for attribute in InstanceLayout.attributes {
            let read = { (i: LayerInstance) in withUnsafeBytes(of: i) { $0.loadUnaligned(fromByteOffset: attribute.offset, as: SIMD4<Float>.self) } }
            let (x, y) = (read(a), read(b))
            if x != y { parts.append("\(attribute.name) \(x) ≠ fresh \(y)") }
        }
        return parts.isEmpty ? "bytes differ" : parts.joined(separator: ", ")
    }
}

/// Which target pixels a damage redraws.
struct Coverage {
    let width: Int, height: Int
    private var pixels: [Bool]

    init(_ damage: Damage, width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Bool](repeating: damage.isFull, count: width * height)
        for box in damage.boxes {
            let clipped = box.intersection(PixelRegion(x: 0, y: 0, width: width, height: height))
            for y in clipped.y..<(clipped.y + clipped.height) {
                for x in clipped.x..<(clipped.x + clipped.width) { pixels[y * width + x] = true }
            }
        }
    }

    /// The first target pixel of `region` not redrawn.
    func firstMissing(in region: PixelRegion) -> (x: Int, y: Int)? {
        let clipped = region.intersection(PixelRegion(x: 0, y: 0, width: width, height: height))
        for y in clipped.y..<(clipped.y + clipped.height) {
            for x in clipped.x..<(clipped.x + clipped.width) where !pixels[y * width + x] { return (x, y) }
        }
        return nil
    }
}
