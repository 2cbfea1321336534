import LaminaCore

/// Small rasters packed into shared texture pages: every shape and text layer (coverage, two bytes a
/// texel) and every gradient's stop table (floats) lives in a page with many others, so a frame draws
/// any number of them in a few instanced calls, one per page, as Chromium and WebRender batch glyphs
/// and small images through atlases. On llvmpipe a draw call with a texture of its own costs tens of
/// microseconds before it shades a pixel; a thousand shapes each in its own texture cost ten times the
/// same thousand from one page.
///
/// Pages are divided into shelves (rows of one height class, a multiple of 8 texels); a slot is a run
/// of a shelf, kept with a texel of clear padding on every side so that filtering never reaches a
/// neighbour. Freed runs are reused first fit; a page whose every slot is freed starts over. A raster
/// too large for a page, or beyond the atlas's page limit, is not placed: its owner gives it a
/// texture of its own.
final class TextureAtlas {
    /// One page: a texture and the shelves cut from it.
    final class Page {
        let texture: GeneratedTexture
        var shelves: [Shelf] = []
        /// Where the next shelf starts.
        var nextY = 0
        /// Slots in use.
        var live = 0

        init(texture: GeneratedTexture) { self.texture = texture }
    }

    /// A row of slots of one height.
    struct Shelf {
        var y: Int
        var height: Int
        var nextX = 0
        /// Freed runs, reused first fit.
        var free: [(x: Int, width: Int)] = []
    }

    /// A place in a page: the texels `x, y, width, height` inside the padding.
    struct Slot {
        let page: Page
        let shelf: Int
        /// The run the slot holds, padding included.
        let run: (x: Int, width: Int)
        let x: Int, y: Int, width: Int, height: Int

        /// The slot's texture coordinates: top-left (x, y), bottom-right (z, w).
        func uv(side: Int) -> SIMD4<Float> {
            let s = Float(side)
            return SIMD4(Float(x) / s, Float(y) / s, Float(x + width) / s, Float(y + height) / s)
        }
    }

    let side: Int
    let storage: GeneratedTexture.Storage
    /// The largest raster placed (either side, padding excluded); larger ones get their own texture.
    let largest: Int
    let maximumPages: Int
    private(set) var pages: [Page] = []
    /// Texels padding every slot on each side.
    let padding: Int
    /// Shelf heights are multiples of this.
    let granularity: Int

    /// Where the pages' creation and writes are posted.
    let requests: TextureRequests

    init(
        side: Int, storage: GeneratedTexture.Storage, largest: Int, maximumPages: Int, padding: Int = 1, granularity: Int = 8,
        requests: TextureRequests
    ) {
        self.requests = requests
        self.granularity = granularity
        self.side = side
        self.storage = storage
        self.largest = largest
        self.maximumPages = maximumPages
        self.padding = padding
    }

    /// GPU bytes of the pages.
    var bytes: Int { pages.reduce(0) { $0 + $1.texture.bytes } }

    /// A slot of `width` x `height` texels, or nil when it does not fit the atlas.
    func allocate(width: Int, height: Int) -> Slot? {
        guard width > 0, height > 0, width <= largest, height <= largest else { return nil }
        let w = width + 2 * padding
        let classHeight = (height + 2 * padding + granularity - 1) / granularity * granularity
        for page in pages {
            if let slot = place(w, classHeight, width, height, in: page) { return slot }
        }
        guard pages.count < maximumPages else { return nil }
        let zeros = [UInt8](repeating: 0, count: side * side * storage.bytesPerTexel)
        let texture = GeneratedTexture(width: side, height: side, storage: storage, texels: zeros, requests: requests)
        let page = Page(texture: texture)
        pages.append(page)
        return place(w, classHeight, width, height, in: page)
    }

    private func place(_ w: Int, _ classHeight: Int, _ width: Int, _ height: Int, in page: Page) -> Slot? {
        func slot(_ shelf: Int, _ x: Int) -> Slot {
            page.live += 1
            return Slot(
                page: page, shelf: shelf, run: (x, w), x: x + padding, y: page.shelves[shelf].y + padding,
                width: width, height: height)
        }
        for i in page.shelves.indices where page.shelves[i].height == classHeight {
            if let f = page.shelves[i].free.firstIndex(where: { $0.width >= w }) {
                let run = page.shelves[i].free[f]
                if run.width > w {
                    page.shelves[i].free[f] = (run.x + w, run.width - w)
                } else {
                    page.shelves[i].free.remove(at: f)
                }
                return slot(i, run.x)
            }
            if page.shelves[i].nextX + w <= side {
                let x = page.shelves[i].nextX
                page.shelves[i].nextX += w
                return slot(i, x)
            }
        }
        guard page.nextY + classHeight <= side else { return nil }
        page.shelves.append(Shelf(y: page.nextY, height: classHeight, nextX: w))
        page.nextY += classHeight
        return slot(page.shelves.count - 1, 0)
    }

    /// Gives a slot back. Its texels are cleared when it is used again (uploads cover the padding).
    func free(_ slot: Slot) {
        let page = slot.page
        page.live -= 1
        if page.live == 0 {
            page.shelves.removeAll(keepingCapacity: true)
            page.nextY = 0
        } else {
            page.shelves[slot.shelf].free.append(slot.run)
        }
    }

    /// Writes `texels` (`slot.width` x `slot.height`, rows top first, in the atlas's storage) into the
    /// slot, with clear padding around it.
    func upload(_ slot: Slot, _ texels: UnsafeRawBufferPointer) {
        let bpt = storage.bytesPerTexel
        let (w, h) = (slot.width + 2 * padding, slot.height + 2 * padding)
        var block = [UInt8](repeating: 0, count: w * h * bpt)
        block.withUnsafeMutableBytes { out in
            for row in 0..<slot.height {
                let source = texels.baseAddress! + row * slot.width * bpt
                let target = out.baseAddress! + ((row + padding) * w + padding) * bpt
                target.copyMemory(from: source, byteCount: slot.width * bpt)
            }
        }
        slot.page.texture.replace(block, x: slot.x - padding, y: slot.y - padding, width: w, height: h)
    }
}

/// Its pages belong to the render thread, as their textures do.
@available(*, unavailable)
extension TextureAtlas: Sendable {}
