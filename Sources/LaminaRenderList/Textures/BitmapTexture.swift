public import LaminaCore

/// What the render list knows of one client bitmap held as a texture: its handle, size, byte order,
/// whether it is opaque, whether its mip chain is built. The GL texture behind the handle belongs to the
/// renderer (`LaminaRender.TextureCache` uploads into it); this record is what a list binds, and it lives
/// as long as a list or the cache holds it: when the last lets go, it asks for its texture's release.
///
/// A shader always sees RGBA: RGBA bitmaps are RGBA8 textures; BGRA ones are stored as they are where
/// the driver has `EXT_texture_format_BGRA8888` (`isBGRAStorage`, what lets llvmpipe copy them on its
/// fast path), else read through a red/blue swizzle; the `x` formats read alpha as 1.
public final class BitmapTexture {
    /// The texture.
    public let handle: TextureHandle
    /// The bitmap it holds.
    public let id: BitmapID
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The byte order it was uploaded in.
    public let format: PixelFormat
    /// Whether the texels are stored in B, G, R, A order with no swizzle (`GL_BGRA_EXT`).
    public let isBGRAStorage: Bool
    /// Whether every texel is opaque: an `x` format, or a format with alpha whose every uploaded pixel
    /// had alpha 255 (`opaqueTexels`). The renderer draws it without blending and culls what it covers.
    public var isOpaque: Bool { format.isOpaque || opaqueTexels }
    /// Whether the pixels uploaded so far all had alpha 255, as far as the cache could tell: a client
    /// drawing an opaque window into a format with alpha (ARGB8888, as most toolkits do) gets the
    /// opaque path, without declaring it.
    package var opaqueTexels = false
    /// Whether the mip chain matches level 0 by the time the list is drawn (a `mipmaps` request made
    /// for it counts: the renderer performs it before drawing).
    package var hasMipmaps = false
    /// Whether it samples a client's GPU buffer in place (an imported DMA-BUF): never evicted (the
    /// memory is the client's, and nothing could upload it again), and never mipmapped (its one level
    /// is the client's; trilinear sampling falls back to linear).
    package var isShared = false
    /// The table's use counter when it was last uploaded or drawn (least recently used goes first).
    package var lastUsed: UInt64 = 0
    /// The frame that last drew it: textures of the frame being drawn are never evicted.
    package var drawnInFrame: UInt64 = 0
    /// Where its release is posted.
    private let requests: TextureRequests

    /// GPU bytes: level 0, plus a third for the mip chain when present (none of a shared buffer's: they
    /// are the client's).
    public var bytes: Int { isShared ? 0 : width * height * 4 + (hasMipmaps ? width * height * 4 / 3 : 0) }

    /// A record for a texture the renderer has made (or, in tests, pretends to have made) under a new
    /// handle from `requests`.
    package init(id: BitmapID, width: Int, height: Int, format: PixelFormat, bgraStorage: Bool, requests: TextureRequests) {
        self.handle = requests.makeHandle()
        self.id = id
        self.width = width
        self.height = height
        self.format = format
        self.isBGRAStorage = format.isBGR && bgraStorage
        self.requests = requests
    }

    deinit {
        requests.post(.release(handle))
    }

    /// Asks for the mip chain to be built from level 0 if it is missing or stale.
    package func ensureMipmaps() {
        guard !hasMipmaps, !isShared else { return }
        requests.post(.mipmaps(handle))
        hasMipmaps = true
    }
}

/// Records belong to the render thread, as their textures do.
@available(*, unavailable)
extension BitmapTexture: Sendable {}
