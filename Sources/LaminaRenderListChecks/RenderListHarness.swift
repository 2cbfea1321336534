import Dispatch
package import LaminaCore
package import LaminaModel
package import LaminaRenderList

/// The CPU half of the compositor's frames, with no GPU: one client's transactions applied to a
/// `LayerStore`, the animations evaluated, the retained render list brought up to date as the
/// compositor does it (`ChangedLayers`, `RetainedRenderList.update`), and after every frame the
/// invariants checked (`RenderListInvariants`): the retained list against a fresh build, every cache
/// shown against a fresh build of its subtree, occlusion, and the damage against what changed since
/// the last frame. Bitmaps are registered by size and opacity alone: the list never reads pixels.
///
/// What the invariant suite and the render-list fuzzer drive.
package final class RenderListHarness {
    /// The target's size in pixels, and pixels per point.
    package let width: Int
    package let height: Int
    package let scale: Double
    /// The model tree and the client's namespace.
    package private(set) var store: LayerStore
    /// The one client.
    package let client: ClientID
    /// Where the list's textures are asked for; taken every frame.
    package let requests = TextureRequests()
    /// The list under test.
    package let retained: RetainedRenderList
    /// Whether every frame is checked (on by default).
    package var checks = true
    /// The frames run so far.
    package private(set) var frames = 0
    /// The last frame's damage (what the renderer would redraw), for tests.
    package private(set) var lastRedraw = Damage.full

    private var presentation = Presentation()
    /// Where the list's instances reach, followed frame by frame as the renderer follows it.
    private var grid = InstanceGrid()
    private var changedLayers = ChangedLayers()
    private var events: [AnimationEvent] = []
    /// The same frames evaluated split across three threads, a range for every animation or more
    /// (kept from frame to frame, as the compositor keeps its presentation).
    private var splitPresentation = Presentation()
    private var splitEvents: [AnimationEvent] = []
    private static let splitThreads = FrameThreads(count: 3, minimumPerRange: 1) { ranges, body in
        DispatchQueue.concurrentPerform(iterations: ranges) { body($0) }
    }
    private var splitViolations: [String] = []
    private let identity = TargetIdentity()
    private var target: ListTarget { ListTarget(identity: identity, width: width, height: height) }
    /// The last frame's list, to compare this frame's damage with.
    private var previous: ListSnapshot?
    /// Textures whose texels changed in place since the last frame: where (texels), or nil for all.
    private var rewritten: [TextureHandle: [PixelRegion]?] = [:]
    /// The sizes of bitmaps repainted in part (what their changed regions are texels of).
    private var bitmapSizes: [TextureHandle: (width: Int, height: Int)] = [:]
    /// The sizes of the textures the list's builds made, to find which texels an instance samples.
    private var generatedSizes: [TextureHandle: (width: Int, height: Int)] = [:]
    /// The bitmaps registered, for the store's namespace.
    private var bitmaps: [BitmapID: BitmapID] = [:]

    /// What the list is drawn into: compared by identity only.
    private final class TargetIdentity {}

    /// A harness drawing into a `width` x `height` target at `scale` pixels per point.
    package init(width: Int = 96, height: Int = 72, scale: Double = 1, textureBudget: Int = 512 << 20) {
        (self.width, self.height, self.scale) = (width, height, scale)
        var store = LayerStore(width: Double(width) / scale, height: Double(height) / scale)
        client = store.addClient()
        self.store = store
        retained = RetainedRenderList(requests: requests, textureBudget: textureBudget)
        retained.caches.keepsBodies = true
    }

    // MARK: Input

    /// Uploads bitmap `id` whole: a new texture when it is new or changes size or format, else new
    /// texels in place (the layers showing it are damaged).
    package func upload(_ id: BitmapID, width: Int, height: Int, format: PixelFormat = .rgba8, opaque: Bool = false) {
        let (texture, isNew) = retained.textures.prepare(id, width: width, height: height, format: format)
        retained.textures.setOpaqueTexels(opaque && !format.isOpaque, of: texture, wasHeld: !isNew)
        if !isNew { rewritten[texture.handle] = .some(nil) }
        retained.textures.evict()
        bitmaps[id] = id
    }

    /// Repaints a held bitmap in place: the texels of `region` (cut to the bitmap), or every one.
    package func repaint(_ id: BitmapID, in region: PixelRegion? = nil) {
        guard let texture = retained.textures.record(of: id) else { return }
        let whole = PixelRegion(x: 0, y: 0, width: texture.width, height: texture.height)
        let part = region.map { $0.intersection(whole) } ?? whole
        guard !part.isEmpty else { return }
        retained.textures.repainted(texture, in: part)
        bitmapSizes[texture.handle] = (texture.width, texture.height)
        if region == nil {
            rewritten[texture.handle] = .some(nil)
        } else if case .some(.some(let regions)) = rewritten[texture.handle] {
            rewritten[texture.handle] = regions + [part]
        } else if rewritten[texture.handle] == nil {
            rewritten[texture.handle] = [part]
        }
    }

    /// Forgets a bitmap.
    package func remove(_ id: BitmapID) {
        retained.textures.remove(id)
    }

    /// Applies one transaction's operations whole, or none of them.
    package func commit(_ operations: [LayerOperation], at time: Double) throws(StoreError) {
        _ = try store.apply(operations, from: client, at: time, newBitmaps: bitmaps)
    }

    // MARK: Frames

    /// Runs one frame showing `time`: evaluates the animations, updates the list, and (when `checks`)
    /// returns every invariant the frame broke.
    @discardableResult
    package func frame(at time: Double) -> [InvariantViolation] {
        events.removeAll(keepingCapacity: true)
        let split = checks ? store : nil
        store.evaluate(at: time, into: &presentation, events: &events)
        if var split {
            splitEvents.removeAll(keepingCapacity: true)
            split.evaluate(at: time, into: &splitPresentation, events: &splitEvents, threads: Self.splitThreads)
            splitViolations = splitDifferences(split.tree)
        }
        let changes = store.takeChanges()
        let changed = changedLayers.changed(changes, in: store.tree, presentation)
        // The layers written, as the compositor passes them: the leaf patch then takes the leaves it
        // knows from the last frame unchecked, and the fresh builds check what it made of them.
        retained.update(
            store.tree, presentation, changed: changed, written: changes.writes.map(\.layer), roots: [store.root], scale: scale,
            for: target)
        for request in requests.take() {
            switch request {
            case .create(let handle, let width, let height, _, _): generatedSizes[handle] = (width, height)
            case .replace(let handle, let region, _, _):
                if case .some(.some(let regions)) = rewritten[handle] {
                    rewritten[handle] = regions + [region]
                } else if rewritten[handle] == nil {
                    rewritten[handle] = [region]
                }
            case .release(let handle): generatedSizes[handle] = nil
            case .mipmaps: break
            }
        }
        lastRedraw = retained.redraw(into: target)
        // The grid follows the list's changes as the renderer's does, rebuilt only when stale.
        grid.follow(retained.list, width: width, height: height)
        var violations: [InvariantViolation] = []
        if checks { violations = check() }
        let stale = uploaded.follow(retained.list)
        if checks { violations += stale.map { InvariantViolation(invariant: .uploadedEqualsList, frame: frames, detail: $0) } }
        retained.drawn(into: target)
        _ = requests.take()
        rewritten.removeAll(keepingCapacity: true)
        bitmapSizes.removeAll(keepingCapacity: true)
        if answersTiles { answerTiles(at: time) }
        frames += 1
        return violations
    }

    /// Whether tiled layers get tiles (`answerTiles`), as a client would draw them.
    package var answersTiles = true

    /// The renderer's copy of the instances, mirrored (`UploadedInstances`).
    private var uploaded = UploadedInstances()
    /// What the last frame's upload copied.
    package var lastUpload: InstanceChanges.Upload? { uploaded.lastPlan }
    /// What the last frame's upload of the matrices (packed apart) copied.
    package var lastMatrixUpload: InstanceChanges.Upload? { uploaded.lastMatrixPlan }

    /// Answers about half the tiles the frame's tiled layers lack (a client's tiles arrive over several
    /// frames, a coarser one standing in meanwhile): they show, fading in, from the next frame.
    private func answerTiles(at time: Double) {
        let tiles = retained.generated.tiles
        for (id, keys) in tiles.missing {
            guard let grid = tiles.grid(of: id) else { continue }
            for key in keys where (key.column + key.row + frames) % 2 == 0 {
                guard let size = grid.pixelSize(of: key) else { continue }
                let shade = UInt8(truncatingIfNeeded: 40 + key.level * 50 + key.column * 7)
                let texels = [UInt8](repeating: shade, count: size.width * size.height * 4)
                tiles.insert(texels, width: size.width, height: size.height, key: key, of: id, at: time)
            }
        }
    }

    /// Where the split evaluation of this frame (of `tree`, a copy of the store's tree before the
    /// frame) differs from the whole one.
    private func splitDifferences(_ tree: LayerTree) -> [String] {
        var differences: [String] = []
        if splitEvents != events { differences.append("events \(splitEvents), whole \(events)") }
        if splitPresentation.animatedLayers != presentation.animatedLayers {
            differences.append("animated layers \(splitPresentation.animatedLayers), whole \(presentation.animatedLayers)")
        }
        for layer in store.tree.layers {
            let whole = presentation.values(of: layer, in: store.tree), parts = splitPresentation.values(of: layer, in: tree)
            // Bit for bit: a NaN an animation reached is the same NaN either way.
            let keys = PropertyKey.allCases.filter { !Self.identical(whole.value($0), parts.value($0)) }
            if !keys.isEmpty {
                differences.append("\(layer): \(keys.map { "\($0) \(whole.value($0)) whole, \(parts.value($0)) split" })")
            }
            if presentation.animatedKeyMask(of: layer) != splitPresentation.animatedKeyMask(of: layer) {
                differences.append("\(layer): animated keys differ")
            }
            if (try? store.tree.animationKeys(of: layer)) != (try? tree.animationKeys(of: layer)) {
                differences.append("\(layer): animations left differ")
            }
        }
        return differences
    }

    /// Whether two values are the same: bit for bit for numbers, geometry, colours and transforms.
    private static func identical(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        func bits<T>(_ x: T, _ y: T) -> Bool {
            withUnsafeBytes(of: x) { x in withUnsafeBytes(of: y) { y in x.elementsEqual(y) } }
        }
        switch (a, b) {
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.point(let x), .point(let y)): return bits(x, y)
        case (.size(let x), .size(let y)): return bits(x, y)
        case (.rect(let x), .rect(let y)): return bits(x, y)
        case (.color(let x), .color(let y)): return bits(x, y)
        case (.transform(let x), .transform(let y)): return bits(x, y)
        case (.numbers(let x), .numbers(let y)): return x.map(\.bitPattern) == y.map(\.bitPattern)
        case (.colors(let x), .colors(let y)): return x.count == y.count && zip(x, y).allSatisfy { bits($0, $1) }
        // Filters, cells and the rest: equal, or unequal only by NaNs printed alike (`==` finds a NaN
        // unequal to itself).
        default: return a == b || String(reflecting: a) == String(reflecting: b)
        }
    }

    /// The invariants of the frame just updated.
    private func check() -> [InvariantViolation] {
        var violations: [InvariantViolation] = []
        func add(_ invariant: InvariantViolation.Invariant, _ details: [String]) {
            violations += details.map { InvariantViolation(invariant: invariant, frame: frames, detail: $0) }
        }
        add(.splitEvaluationEqualsWhole, splitViolations)
        let list = retained.list
        let snapshot = ListSnapshot(list)
        let fresh = retained.freshBuild(
            store.tree, presentation, roots: [store.root], scale: scale, for: target, occluded: Array(list.collapsedRects.keys))
        add(.retainedEqualsFresh, RenderListInvariants.differences(retained: snapshot, fresh: ListSnapshot(fresh)))
        add(.occlusionIsSound, RenderListInvariants.occlusionViolations(list, width: width, height: height))
        if !grid.isCurrent { grid.rebuild(list, width: width, height: height) }
        add(.gridEqualsWalk, RenderListInvariants.gridViolations(grid, list, width: width, height: height, seed: UInt64(frames)))
        for (handle, entry) in snapshot.caches.sorted(by: { $0.key < $1.key }) {
            guard let body = entry.body else {
                add(.cacheEqualsFresh, ["cache \(handle) of \(entry.layer) is shown but keeps no body"])
                continue
            }
            guard let freshBody = retained.freshBody(of: entry, in: store.tree, presentation) else {
                add(.cacheEqualsFresh, ["cache \(handle) of \(entry.layer) is shown but its layer is gone"])
                continue
            }
            add(
                .cacheEqualsFresh,
                RenderListInvariants.differences(retained: ListSnapshot(body), fresh: ListSnapshot(freshBody)).map {
                    "cache \(handle) of \(entry.layer): \($0)"
                })
        }
        // A cache drawn anew this frame changed pixels its quad's bytes do not show.
        var changedTexels = rewritten
        for entry in retained.caches.pending { changedTexels[entry.handle] = .some(nil) }
        let sizes = generatedSizes.merging(bitmapSizes) { a, _ in a }
        /// The part of `instance` that shows texels of `handle` changed this frame (the whole instance
        /// when all may have), or nil when it shows none of them.
        func changedPart(_ handle: TextureHandle, _ instance: LayerInstance) -> LayerInstance? {
            guard let changed = changedTexels[handle] else { return nil }
            guard let regions = changed, let size = sizes[handle] else { return instance }
            // The quad cut to what samples each region, with a texel around it for linear filtering;
            // the parts' bounding quad when several regions changed.
            let parts = regions.compactMap { region -> SIMD4<Float>? in
                var part = instance
                return part.narrow(toTexels: region, width: size.width, height: size.height) ? part.rect : nil
            }
            guard let first = parts.first else { return nil }
            var bounded = instance
            let low = parts.dropFirst().reduce(SIMD2(first.x, first.y)) { pointwiseMin($0, SIMD2($1.x, $1.y)) }
            let high = parts.dropFirst().reduce(SIMD2(first.x + first.z, first.y + first.w)) { pointwiseMax($0, SIMD2($1.x + $1.z, $1.y + $1.w)) }
            bounded.rect = SIMD4(low.x, low.y, high.x - low.x, high.y - low.y)
            return bounded
        }
        // A cache not drawn again this frame must not show texels that changed this frame.
        let redrawn = Set(retained.caches.pending.map(\.handle))
        for (handle, entry) in snapshot.caches.sorted(by: { $0.key < $1.key }) where !redrawn.contains(handle) {
            guard let body = entry.body else { continue }
            for case let (index, sample) in ListSnapshot(body).entries.enumerated()
            where !sample.drawn.isCollapsed && sample.binding.handle.flatMap({ changedPart($0, sample.drawn) }) != nil {
                add(.cacheEqualsFresh, ["cache \(handle) of \(entry.layer) was not drawn again, but its instance \(index) samples texels of \(sample.binding) that changed"])
                break
            }
        }
        if let previous {
            add(
                .damageCoversChanges,
                RenderListInvariants.damageViolations(
                    before: previous, after: snapshot, redraw: lastRedraw, rewritten: changedPart, width: width, height: height))
        }
        previous = snapshot
        return violations
    }
}

@available(*, unavailable)
extension RenderListHarness: Sendable {}
