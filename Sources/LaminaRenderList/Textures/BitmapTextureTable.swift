public import LaminaCore

/// The client bitmaps held as textures, by contents identity (`BitmapID`), as the render list sees
/// them: sizes, opacity, mip chains, recency, and what changed between two frames. The pixels and the
/// GL textures are the renderer's (`LaminaRender.TextureCache` uploads and registers here); the list
/// builder looks bitmaps up here, so a build needs no GPU.
///
/// Under memory pressure the least recently drawn textures are evicted, never one the frame being
/// drawn uses; an evicted bitmap draws as absent until it is uploaded again.
public final class BitmapTextureTable {
    /// The most bytes kept before evicting.
    public var budget: Int
    /// Textures evicted for the budget since the table was made.
    public private(set) var evictions = 0
    /// Where records post their mip chains and releases, and where handles come from.
    package let requests: TextureRequests
    /// Whether BGRA bitmaps are stored as they are (`EXT_texture_format_BGRA8888`).
    package let bgraStorage: Bool
    /// The largest side of a texture the driver takes (a cached subtree's target is no larger).
    package let maximumSize: Int

    private var textures: [BitmapID: BitmapTexture] = [:]
    /// What changed since the last `takeChanges`.
    private var changes = Changes()
    /// Advances once per frame; textures drawn in the current frame carry it.
    private var frame: UInt64 = 1
    /// Advances on every upload and draw lookup: the recency order.
    private var tick: UInt64 = 0

    /// What changed between two frames, for a renderer that keeps its last frame: which textures got
    /// new pixels in place (the layers showing them are damaged), and whether any bitmap's texture was
    /// replaced, removed or evicted, or turned opaque or translucent (a retained render list may bind
    /// the old one, or have culled and blended with the old answer, so it is rebuilt).
    package struct Changes {
        /// Textures whose pixels changed in place.
        package var repainted: Set<TextureHandle> = []
        /// Of those, the ones that changed only inside a rectangle of texels (the bounding box of the
        /// frame's partial uploads): only what shows those texels is damaged. A texture absent here
        /// changed everywhere.
        package var repaintedRegions: [TextureHandle: PixelRegion] = [:]
        /// Whether a texture was replaced, removed or evicted.
        package var replaced = false
    }

    /// An empty table keeping at most `budget` bytes, its handles and requests from `requests`.
    package init(budget: Int, maximumSize: Int, bgraStorage: Bool, requests: TextureRequests) {
        self.budget = budget
        self.maximumSize = maximumSize
        self.bgraStorage = bgraStorage
        self.requests = requests
    }

    /// The number of textures held.
    public var count: Int { textures.count }
    /// The bytes they hold on the GPU.
    public var bytes: Int { textures.values.reduce(0) { $0 + $1.bytes } }
    /// Whether `id` is held.
    public func contains(_ id: BitmapID) -> Bool { textures[id] != nil }
    /// The record of a held bitmap, without marking it drawn.
    package func record(of id: BitmapID) -> BitmapTexture? { textures[id] }

    /// Returns the changes since the last call and starts a new record.
    package func takeChanges() -> Changes {
        defer { changes = Changes() }
        return changes
    }

    // MARK: Uploads (the renderer's)

    /// The record to upload `width` x `height` pixels of `format` into for `id`: the one held when it
    /// has that size and format (`isNew` false: its pixels change in place), else a new one that
    /// replaces it. Marks it used.
    package func prepare(_ id: BitmapID, width: Int, height: Int, format: PixelFormat) -> (texture: BitmapTexture, isNew: Bool) {
        let texture: BitmapTexture
        let isNew: Bool
        if let existing = textures[id], existing.width == width, existing.height == height, existing.format == format {
            (texture, isNew) = (existing, false)
            changes.repainted.insert(existing.handle)
            changes.repaintedRegions[existing.handle] = nil  // every texel
        } else {
            if textures[id] != nil { changes.replaced = true }
            texture = BitmapTexture(id: id, width: width, height: height, format: format, bgraStorage: bgraStorage, requests: requests)
            textures[id] = texture
            isNew = true
        }
        tick &+= 1
        texture.lastUsed = tick
        return (texture, isNew)
    }

    /// Records that `texture` got new pixels in `damage` only (the rest kept).
    package func repainted(_ texture: BitmapTexture, in damage: PixelRegion) {
        let (handle, earlier) = (texture.handle, changes.repaintedRegions[texture.handle])
        if !changes.repainted.contains(handle) {
            changes.repaintedRegions[handle] = damage
        } else if let earlier {
            changes.repaintedRegions[handle] = Damage.union(earlier, damage)
        }  // else repainted whole already this frame
        changes.repainted.insert(handle)
        texture.hasMipmaps = false
    }

    /// Records whether every texel of `texture` is now opaque; a held texture turning opaque or
    /// translucent changes what it hides, so a retained list is rebuilt.
    package func setOpaqueTexels(_ opaque: Bool, of texture: BitmapTexture, wasHeld: Bool) {
        if wasHeld, texture.opaqueTexels != opaque { changes.replaced = true }
        texture.opaqueTexels = opaque
    }

    /// Forgets a bitmap (its owner dropped it); its texture is released once no list binds it.
    public func remove(_ id: BitmapID) {
        if textures.removeValue(forKey: id) != nil { changes.replaced = true }
    }

    /// Forgets every bitmap.
    public func removeAll() {
        if !textures.isEmpty { changes.replaced = true }
        textures.removeAll()
    }

    // MARK: Frames (the list's)

    /// Starts a frame: textures looked up from now on count as in use and are safe from eviction.
    package func beginFrame() {
        frame &+= 1
    }

    /// The texture for `id`, marked as drawn this frame, with its mip chain asked for when `mipmapped`.
    package func texture(for id: BitmapID, mipmapped: Bool) -> BitmapTexture? {
        guard let texture = textures[id] else { return nil }
        tick &+= 1
        texture.lastUsed = tick
        texture.drawnInFrame = frame
        if mipmapped { texture.ensureMipmaps() }
        return texture
    }

    /// Marks a texture a retained render list still draws as drawn this frame (safe from eviction).
    package func markDrawn(_ texture: BitmapTexture) {
        tick &+= 1
        texture.lastUsed = tick
        texture.drawnInFrame = frame
    }

    /// Evicts least recently drawn textures until the table is within budget, sparing those drawn in
    /// the current frame.
    package func evict() {
        var total = bytes
        guard total > budget else { return }
        for texture in textures.values.sorted(by: { $0.lastUsed < $1.lastUsed }) {
            guard total > budget else { break }
            guard texture.drawnInFrame != frame, !texture.isShared else { continue }
            total -= texture.bytes
            textures[texture.id] = nil
            changes.replaced = true
            evictions += 1
        }
    }
}

/// Records belong to the render thread, as their textures do.
@available(*, unavailable)
extension BitmapTextureTable: Sendable {}
