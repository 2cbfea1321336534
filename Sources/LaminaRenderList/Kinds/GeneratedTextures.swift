package import LaminaCore
import LaminaRaster

/// The textures the renderer makes from layer properties, one entry per layer that shows one: a
/// gradient's stop table, a shape's fill and stroke coverage, a text layer's glyph coverage. Small ones
/// share atlas pages (`TextureAtlas`), so any number of them draw in a few calls; large ones have
/// textures of their own.
///
/// An entry is made again only when what it draws changes, in place when it keeps its size. After each
/// frame, entries of layers the frame's render list no longer draws are let go, so memory follows what
/// is on screen: a slot is never reused while a retained list still shows it.
package final class GeneratedTextures {
    /// The largest texture side the driver takes.
    let maximumSize: Int
    /// Shapes' and text's coverage: 2048 x 2048 pages of two bytes a texel (8 MiB each), at most 8.
    let coverage: TextureAtlas
    /// Stop tables: 256 x 256 pages of float texels (1 MiB each), one row of 2 x count texels a
    /// gradient (up to 128 stops), at most 16 pages.
    let stops: TextureAtlas
    /// Where the textures' creation, writes and release are posted.
    let requests: TextureRequests

    /// Shape rasters by layer (and, for a replicated layer's lagging copies, by copy).
    var shapes: [LayerRasterID: ShapeRaster] = [:]
    /// How many rasters (shapes', texts' or stop tables) each replicated layer a build drew this frame used:
    /// those of later copies are let go when the frame ends (its copies stopped lagging, or are fewer).
    private var copiesUsed: [LayerID: Int32] = [:]
    /// Text coverage by layer (and, for a replicated layer's lagging copies, by copy).
    var texts: [LayerRasterID: TextRaster] = [:]
    /// Stop tables by layer (and, for a replicated layer's lagging copies, by copy).
    var gradients: [LayerRasterID: GradientTable] = [:]
    /// Shadows from `shadowPath`, by layer.
    var shadows: [LayerID: ShadowRaster] = [:]
    /// Tiled layers' tiles, drawn by whoever owns the layer (`TileTable`).
    package let tiles: TileTable

    /// Shapes and texts rasterised since the cache was made (each a CPU drawing and an upload).
    package var rasterizations = 0
    /// Where a font family that fontconfig does not have, or text that cannot be drawn, is reported.
    package var log = RenderLog.silent
    /// The font families already reported as falling back, each reported once.
    private var reportedFonts: Set<String> = []
    /// Text layers whose last raster failed, with the style that failed (not tried again until it
    /// changes).
    var failedTexts: [LayerRasterID: TextRasterKey] = [:]
    /// The thread rasterising in the background, or nil to rasterise while building the frame.
    package var worker: RasterWorker?
    /// The rasters asked of the worker and not yet taken back, by layer.
    private var requestedShapes: [LayerRasterID: ShapeRasterKey] = [:]
    private var requestedTexts: [LayerRasterID: TextRasterKey] = [:]
    private var requestedShadows: [LayerID: ShadowRasterKey] = [:]
    /// Layers whose raster was placed at the start of this frame (taken from the worker): their
    /// instances damage where they show even when unchanged.
    private(set) var fresh: Set<LayerID> = []

    /// Whether rasters are being drawn in the background (a frame should follow when they are done).
    package var hasPendingRasters: Bool { !requestedShapes.isEmpty || !requestedTexts.isEmpty || !requestedShadows.isEmpty }

    /// Draws `job` now, placing it, when there is no worker (true); else asks the worker for it, unless
    /// it already has (false: the layer shows its last raster meanwhile).
    func rasterize(_ job: RasterJob) -> Bool {
        guard let worker else {
            apply(job.perform())
            return true
        }
        switch job {
        case .shape(let id, let key, _, _):
            guard requestedShapes[id] != key else { return false }
            requestedShapes[id] = key
        case .text(let id, let key, _):
            guard requestedTexts[id] != key else { return false }
            requestedTexts[id] = key
        case .shadow(let id, let key):
            guard requestedShadows[id] != key else { return false }
            requestedShadows[id] = key
        }
        worker.submit(job)
        return false
    }

    /// Places what the worker finished; returns the layers it was for (changed for this frame).
    package func collectResults() -> [LayerID] {
        fresh.removeAll(keepingCapacity: true)
        guard let worker else { return [] }
        var layers: [LayerID] = []
        for result in worker.takeResults() {
            switch result {
            case .shape(let id, let key, _, _):
                if requestedShapes[id] == key { requestedShapes[id] = nil }
                layers.append(id.layer)
            case .text(let id, let key, _, _):
                if requestedTexts[id] == key { requestedTexts[id] = nil }
                layers.append(id.layer)
            case .shadow(let id, let key, _):
                if requestedShadows[id] == key { requestedShadows[id] = nil }
                layers.append(id)
            }
            apply(result)
            fresh.insert(layers[layers.count - 1])
        }
        return layers
    }

    /// Places a finished raster into the coverage atlas as its layer's entry.
    func apply(_ result: RasterResult) {
        rasterizations += 1
        switch result {
        case .shadow(let id, let key, let coverage):
            let placed = coverage.bytes.withUnsafeBytes {
                place($0, width: coverage.width, height: coverage.height, in: self.coverage, replacing: shadows[id]?.placed)
            }
            shadows[id] = ShadowRaster(key: key, placed: placed)
        case .shape(let id, let key, let coverage, let flattened):
            let placed = coverage.bytes.withUnsafeBytes {
                place($0, width: coverage.width, height: coverage.height, in: self.coverage, replacing: shapes[id]?.placed)
            }
            shapes[id] = ShapeRaster(
                key: key, placed: placed, extent: key.extent, flattened: flattened, inkStyle: key.style.inkStyle, ink: key.ink,
                fill: key.style.fills ? coverage.fill : nil)
        case .text(let id, let key, let outcome, let resolvedFont):
            if let resolvedFont, resolvedFont.lowercased() != key.style.font.lowercased() {
                log("text: font \"\(key.style.font)\" is not installed; fontconfig draws it with \"\(resolvedFont)\"")
            }
            let coverage: TextCoverage
            switch outcome {
            case .success(let c): coverage = c
            case .failure(let error):
                failedTexts[id] = key
                log("text: layer \(id.layer) is not drawn: \(error)")
                if let old = texts.removeValue(forKey: id) { release(old.placed, from: self.coverage) }
                return
            }
            failedTexts[id] = nil
            guard coverage.width > 0, coverage.height > 0 else {
                if let old = texts.removeValue(forKey: id) { release(old.placed, from: self.coverage) }
                return
            }
            // The coverage atlas holds two bytes a texel: the glyphs' coverage in the first.
            var texels = [UInt8](repeating: 0, count: coverage.alpha.count * 2)
            for (i, a) in coverage.alpha.enumerated() { texels[2 * i] = a }
            let placed = texels.withUnsafeBytes {
                place($0, width: coverage.width, height: coverage.height, in: self.coverage, replacing: texts[id]?.placed)
            }
            let extent = Rect(
                x: key.origin.x, y: key.origin.y, width: Double(coverage.width) / key.scale,
                height: Double(coverage.height) / key.scale)
            texts[id] = TextRaster(key: key, placed: placed, extent: extent)
        }
    }

    package init(maximumSize: Int, requests: TextureRequests) {
        self.maximumSize = maximumSize
        self.requests = requests
        tiles = TileTable(requests: requests)
        coverage = TextureAtlas(side: 2048, storage: .coverage2, largest: 512, maximumPages: 8, requests: requests)
        stops = TextureAtlas(
            side: 256, storage: .floats, largest: 256, maximumPages: 16, padding: 0, granularity: 1, requests: requests)
    }

    /// Places `width` x `height` texels of `texels` (in `atlas`'s storage): in `old`'s place when it
    /// has that size, else in a new slot (`old`'s given back), else in a texture of its own.
    func place(
        _ texels: UnsafeRawBufferPointer, width: Int, height: Int, in atlas: TextureAtlas, replacing old: PlacedTexture?
    ) -> PlacedTexture {
        if let old, let slot = old.slot, slot.width == width, slot.height == height {
            atlas.upload(slot, texels)
            return old
        }
        if let old { release(old, from: atlas) }
        if let slot = atlas.allocate(width: width, height: height) {
            atlas.upload(slot, texels)
            return PlacedTexture(texture: slot.page.texture, slot: slot, x: slot.x, y: slot.y, width: width, height: height)
        }
        let texture = GeneratedTexture(width: width, height: height, storage: atlas.storage, texels: Array(texels), requests: requests)
        return PlacedTexture(texture: texture, slot: nil, x: 0, y: 0, width: width, height: height)
    }

    /// Gives a placed texture's slot back.
    func release(_ placed: PlacedTexture, from atlas: TextureAtlas) {
        if let slot = placed.slot { atlas.free(slot) }
    }

    /// Whether `family` has yet to be checked for falling back (each is checked, and reported, once).
    func needsFontCheck(_ family: String) -> Bool {
        reportedFonts.insert(family).inserted
    }

    /// Records that a build drew `layer`'s replicator copies from `count` rasters.
    func useCopies(_ count: Int32, of layer: LayerID) {
        copiesUsed[layer] = max(copiesUsed[layer] ?? 0, count)
    }

    /// Lets go of the entries of layers `isDrawn` says the frame's list does not draw, and of copies'
    /// rasters past those this frame's builds used (a steady frame lets go of nothing, and
    /// allocates nothing to find that out).
    package func evict(keeping isDrawn: (LayerID) -> Bool) {
        func kept(_ id: LayerRasterID) -> Bool { isDrawn(id.layer) && (id.copy == 0 || id.copy < copiesUsed[id.layer] ?? .max) }
        if shapes.keys.contains(where: { !kept($0) }) {
            for (id, raster) in shapes where !kept(id) {
                release(raster.placed, from: coverage)
                shapes[id] = nil
            }
        }
        if texts.keys.contains(where: { !kept($0) }) {
            for (id, raster) in texts where !kept(id) {
                release(raster.placed, from: coverage)
                texts[id] = nil
            }
        }
        if shadows.keys.contains(where: { !isDrawn($0) }) {
            for (id, shadow) in shadows where !isDrawn(id) {
                release(shadow.placed, from: coverage)
                shadows[id] = nil
            }
        }
        if gradients.keys.contains(where: { !kept($0) }) {
            for (id, table) in gradients where !kept(id) {
                release(table.placed, from: stops)
                gradients[id] = nil
            }
        }
        if failedTexts.keys.contains(where: { !kept($0) }) { failedTexts = failedTexts.filter { kept($0.key) } }
        tiles.evict(keeping: isDrawn)
        copiesUsed.removeAll(keepingCapacity: true)
    }

    /// Entries held, and the GPU bytes of their atlas pages and own textures.
    package var count: Int { shapes.count + texts.count + gradients.count + shadows.count }
    /// The texels the entries occupy (without atlas padding and free space).
    package var texels: Int {
        let all = shapes.values.map(\.placed) + texts.values.map(\.placed) + gradients.values.map(\.placed)
        return all.reduce(0) { $0 + $1.width * $1.height }
    }
    package var bytes: Int {
        let own = shapes.values.map(\.placed) + texts.values.map(\.placed) + gradients.values.map(\.placed)
        return coverage.bytes + stops.bytes + own.filter { $0.slot == nil }.reduce(0) { $0 + $1.texture.bytes }
    }
}

/// Where a generated raster lives: a slot of an atlas page, or a texture of its own.
struct PlacedTexture {
    let texture: GeneratedTexture
    let slot: TextureAtlas.Slot?
    /// The texels it occupies in `texture`.
    let x: Int, y: Int, width: Int, height: Int

    /// Its texture coordinates: top-left (x, y), bottom-right (z, w).
    var uv: SIMD4<Float> {
        let (w, h) = (Float(texture.width), Float(texture.height))
        return SIMD4(Float(x) / w, Float(y) / h, Float(x + width) / w, Float(y + height) / h)
    }
}

/// Its textures belong to the render thread.
@available(*, unavailable)
extension GeneratedTextures: Sendable {}
