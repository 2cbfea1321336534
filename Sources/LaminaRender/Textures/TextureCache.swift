import CGLES3
public import LaminaCore
public import LaminaRenderList

/// The bitmaps the GPU holds, keyed by contents identity (`BitmapID`): one bitmap shown by many layers
/// is one texture, uploaded when its owner says it changed and never per frame.
///
/// Textures are premultiplied RGBA (straight-alpha sources are premultiplied on upload; BGRA is
/// swizzled by GL, and the opaque `x` formats read alpha as 1). Under memory pressure the least recently drawn textures are evicted, never one the
/// frame being drawn uses; an evicted bitmap draws as absent until it is uploaded again, so owners
/// re-upload when `contains` says it is gone. Lives on the render thread: GL names are deleted there.
public final class TextureCache {
    /// Counts since the cache was made.
    public var statistics: Statistics {
        var counts = counted
        counts.evictions = table.evictions
        return counts
    }
    private var counted = Statistics()

    /// What the cache has done.
    public struct Statistics: Hashable, Sendable {
        /// Whole-bitmap uploads.
        public var uploads = 0
        /// Damaged-region uploads.
        public var partialUploads = 0
        /// Textures evicted for the budget.
        public var evictions = 0
    }

    /// What the render list sees of the textures: sizes, opacity, recency, changes.
    public let table: BitmapTextureTable
    /// The GL textures behind the handles.
    let gl: GLTextures
    /// The largest side of a texture the driver takes.
    let maximumSize: Int
    /// The display clients' shared buffers are imported on.
    let display: Display
    /// Whether that display can import them.
    public let sharedBufferImport: SharedBufferImport
    /// Scratch for premultiplying straight-alpha rows, kept to avoid a per-upload allocation.
    private var scratch: [UInt8] = []
    /// The most bytes of rows converted per `glTexSubImage2D` call (bounds `scratch`).
    static let scratchBytes = 1 << 20

    /// An empty cache for `context`, keeping at most `budget` bytes, its textures in `gl`.
    init(_ context: RenderContext, gl: GLTextures, budget: Int = 512 << 20) {
        self.maximumSize = context.info.maxTextureSize
        self.display = context.display
        self.sharedBufferImport = SharedBufferImport(display: context.display, gl: context.info)
        self.gl = gl
        self.table = BitmapTextureTable(
            budget: budget, maximumSize: context.info.maxTextureSize, bgraStorage: gl.bgraStorage, requests: gl.requests)
    }

    /// The most bytes the cache keeps before evicting.
    public var budget: Int {
        get { table.budget }
        set { table.budget = newValue }
    }

    /// The number of textures held.
    public var count: Int { table.count }
    /// The bytes they hold on the GPU.
    public var bytes: Int { table.bytes }

    /// Whether `id` is held.
    public func contains(_ id: BitmapID) -> Bool { table.contains(id) }

    /// The pixel size of a held bitmap.
    public func size(of id: BitmapID) -> (width: Int, height: Int)? {
        table.record(of: id).map { ($0.width, $0.height) }
    }

    /// Uploads a bitmap whole under `id`, replacing what was there (a new texture only when the size or
    /// format changed), then evicts down to the budget.
    public func upload(_ id: BitmapID, _ pixels: PixelSource) throws(TextureError) {
        try validate(id, pixels)
        let bytes = pixels.width * pixels.height * 4
        guard bytes <= budget else { throw .overBudget(id, bytes: bytes, budget: budget) }
        let (texture, isNew) = table.prepare(id, width: pixels.width, height: pixels.height, format: pixels.format)
        if isNew { gl.makeBitmapTexture(texture) }
        let whole = PixelRegion(x: 0, y: 0, width: pixels.width, height: pixels.height)
        let opaque = !pixels.format.isOpaque && Self.everyPixelOpaque(pixels, in: whole)
        table.setOpaqueTexels(opaque, of: texture, wasHeld: !isNew)
        try write(pixels, region: whole, into: texture)
        counted.uploads += 1
        table.evict()
    }

    /// Re-uploads only `damage` of a held bitmap whose new pixels are `pixels` (the whole bitmap, of
    /// the same size and format as held): a client redrawing a corner pays for the corner.
    public func update(_ id: BitmapID, _ pixels: PixelSource, damage: PixelRegion) throws(TextureError) {
        try validate(id, pixels)
        guard let texture = table.record(of: id), texture.width == pixels.width, texture.height == pixels.height,
            texture.format == pixels.format
        else { throw .notCached(id) }
        let whole = PixelRegion(x: 0, y: 0, width: texture.width, height: texture.height)
        guard !damage.isEmpty, whole.contains(damage) else {
            throw .invalidDamage(id, damage, width: texture.width, height: texture.height)
        }
        if texture.opaqueTexels, !Self.everyPixelOpaque(pixels, in: damage) {
            table.setOpaqueTexels(false, of: texture, wasHeld: true)
        }
        try write(pixels, region: damage, into: texture)
        table.repainted(texture, in: damage)
        counted.partialUploads += 1
    }

    /// Convenience: uploads a whole `RGBAImage`.
    public func upload(_ id: BitmapID, image: RGBAImage) throws(TextureError) {
        try image.withPixelSource { (source: PixelSource) throws(TextureError) in try upload(id, source) }
    }

    /// Samples a client's GPU buffer in place as bitmap `id` (replacing what was there): never evicted
    /// (the memory is the client's) and never mipmapped. The display must import DMA-BUFs
    /// (`SharedBufferImport`). The buffer's descriptors stay the caller's.
    public func importShared(_ id: BitmapID, _ buffer: SharedBuffer) throws(TextureError) {
        guard (1...maximumSize).contains(buffer.width), (1...maximumSize).contains(buffer.height) else {
            throw .invalidSize(id, width: buffer.width, height: buffer.height, maximum: maximumSize)
        }
        table.remove(id)
        let (texture, _) = table.prepare(id, width: buffer.width, height: buffer.height, format: buffer.isOpaque ? .rgbx8 : .rgba8)
        texture.isShared = true
        do throws(TextureError) { try gl.importShared(texture, buffer, display: display) } catch {
            table.remove(id)
            throw error
        }
    }

    /// Forgets a bitmap (its owner dropped it); its texture is deleted once no render list binds it.
    public func remove(_ id: BitmapID) {
        table.remove(id)
    }

    /// Forgets every bitmap.
    public func removeAll() {
        table.removeAll()
    }

    // MARK: Uploading

    private func validate(_ id: BitmapID, _ pixels: PixelSource) throws(TextureError) {
        guard (1...maximumSize).contains(pixels.width), (1...maximumSize).contains(pixels.height) else {
            throw .invalidSize(id, width: pixels.width, height: pixels.height, maximum: maximumSize)
        }
        guard pixels.bytesPerRow >= pixels.width * 4, pixels.bytes.count >= pixels.requiredBytes else {
            throw .bufferTooSmall(
                id, needed: max(pixels.requiredBytes, pixels.width * 4 * pixels.height), given: pixels.bytes.count,
                bytesPerRow: pixels.bytesPerRow)
        }
    }

    /// Copies `region` of `pixels` into the texture: straight from the caller's memory when already
    /// premultiplied or opaque (GL reads the stride through `UNPACK_ROW_LENGTH`), through scratch rows
    /// otherwise (premultiplying, or setting the ignored byte of native BGRX to 255).
    private func write(_ pixels: PixelSource, region: PixelRegion, into texture: BitmapTexture) throws(TextureError) {
        glBindTexture(GLenum(GL_TEXTURE_2D), gl.name(of: texture.handle))
        let rowBytes = region.width * 4
        gl.uploadedBytes += rowBytes * region.height
        let start = region.y * pixels.bytesPerRow + region.x * 4
        let layout = texture.isBGRAStorage ? GLenum(GL_BGRA_EXT) : GLenum(GL_RGBA)
        let fillAlpha = texture.isBGRAStorage && pixels.format.isOpaque
        if (pixels.alpha == .premultiplied || pixels.format.isOpaque) && !fillAlpha {
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(pixels.bytesPerRow / 4))
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(region.width),
                GLsizei(region.height), layout, GLenum(GL_UNSIGNED_BYTE), pixels.bytes.baseAddress! + start)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        } else {
            // Through a band of at most `scratchBytes` (one row when a row is wider): a big bitmap costs
            // a few more calls, not a scratch copy of itself kept for the daemon's life.
            let bandRows = max(1, min(region.height, Self.scratchBytes / rowBytes))
            let needed = rowBytes * bandRows
            if scratch.count < needed { scratch = [UInt8](repeating: 0, count: needed) }
            scratch.withUnsafeMutableBytes { out in
                for band in stride(from: 0, to: region.height, by: bandRows) {
                    let rows = min(bandRows, region.height - band)
                    for row in 0..<rows {
                        let from = pixels.bytes.baseAddress! + start + (band + row) * pixels.bytesPerRow
                        let to = out.baseAddress! + row * rowBytes
                        if fillAlpha {
                            Self.fillAlpha(from, into: to, pixels: region.width)
                        } else {
                            Self.premultiply(from, into: to, pixels: region.width)
                        }
                    }
                    glTexSubImage2D(
                        GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y + band), GLsizei(region.width),
                        GLsizei(rows), layout, GLenum(GL_UNSIGNED_BYTE), out.baseAddress)
                }
            }
        }
        texture.hasMipmaps = false
        do throws(GLError) {
            try GLError.check("uploading \(texture.id) region \(region)")
        } catch {
            throw .gl(texture.id, error)
        }
    }

    /// Whether every pixel of `region` has alpha 255 (the fourth byte, in every format): what lets a
    /// bitmap in a format with alpha draw as opaque. Stops at the first row holding a translucent pixel,
    /// so translucent bitmaps cost a row or so; opaque ones one read of their pixels, eight at a time,
    /// beside the copy into GL.
    static func everyPixelOpaque(_ pixels: PixelSource, in region: PixelRegion) -> Bool {
        guard let base = pixels.bytes.baseAddress else { return false }
        let alpha = UInt32(0xFF00_0000).littleEndian
        let alphas = SIMD8<UInt32>(repeating: alpha)
        for row in 0..<region.height {
            let start = base + (region.y + row) * pixels.bytesPerRow + region.x * 4
            var all = SIMD8<UInt32>(repeating: .max)
            var p = 0
            // Unaligned loads: a pool row may start anywhere.
            while p + 8 <= region.width {
                all &= start.loadUnaligned(fromByteOffset: p * 4, as: SIMD8<UInt32>.self)
                p += 8
            }
            var rest = UInt32.max
            while p < region.width {
                rest &= start.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
                p += 1
            }
            guard all & alphas == alphas, rest & alpha == alpha else { return false }
        }
        return true
    }

    /// Copies pixels setting each fourth byte to 255 (an `x` format's ignored byte made real alpha).
    private static func fillAlpha(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, pixels: Int) {
        // Unaligned loads: a pool row may start anywhere.
        for p in 0..<pixels {
            let word = source.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
            destination.storeBytes(of: word | UInt32(0xFF00_0000).littleEndian, toByteOffset: p * 4, as: UInt32.self)
        }
    }

    /// Multiplies colour by alpha, rounding to nearest; alpha is the fourth byte in RGBA and BGRA alike.
    private static func premultiply(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, pixels: Int) {
        let s = source.assumingMemoryBound(to: UInt8.self)
        let d = destination.assumingMemoryBound(to: UInt8.self)
        for p in 0..<pixels {
            let i = p * 4
            let a = UInt32(s[i + 3])
            d[i + 3] = s[i + 3]
            for c in 0..<3 {
                d[i + c] = UInt8((UInt32(s[i + c]) * a + 127) / 255)
            }
        }
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension TextureCache: Sendable {}
