import CGLES3
public import LaminaCore

/// One GL texture holding one bitmap, owned by the `TextureCache` on the render thread.
///
/// Mutable storage (`glTexImage2D`), so a damaged region can be replaced in place and mipmaps can be
/// generated the first time a layer asks for `trilinear`. A shader always sees RGBA:
/// - RGBA bitmaps are RGBA8 textures; `rgbx8` reads alpha as 1 through the texture swizzle.
/// - BGRA bitmaps are `GL_BGRA_EXT` textures where the driver has them (`EXT_texture_format_BGRA8888`):
///   uploaded as they are, with no swizzle, which is what lets llvmpipe copy them on its fast path.
///   `bgrx8` has its fourth byte set to 255 on upload. Without the extension they are RGBA8 textures
///   read through a red/blue swizzle (and alpha as 1 for `bgrx8`).
public final class Texture {
    /// The bitmap it holds.
    public let id: BitmapID
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The byte order it was uploaded in.
    public let format: PixelFormat
    /// Whether every texel is opaque: an `x` format, or a format with alpha whose every uploaded pixel
    /// had alpha 255 (`opaqueTexels`). The renderer draws it without blending and culls what it covers.
    public var isOpaque: Bool { format.isOpaque || opaqueTexels }
    /// Whether the pixels uploaded so far all had alpha 255, as far as the cache could tell: a client
    /// drawing an opaque window into a format with alpha (ARGB8888, as most toolkits do) gets the
    /// opaque path, without declaring it (`TextureCache.write`).
    var opaqueTexels = false
    /// Whether the texels are stored in B, G, R, A order with no swizzle (`GL_BGRA_EXT`).
    public let isBGRAStorage: Bool
    /// The GL texture.
    let name: GLuint
    /// Whether the mip chain matches level 0.
    var hasMipmaps = false
    /// The cache's use counter when it was last uploaded or drawn (least recently used goes first).
    var lastUsed: UInt64 = 0
    /// The frame that last drew it: textures of the frame being drawn are never evicted.
    var drawnInFrame: UInt64 = 0

    /// GPU bytes: level 0, plus a third for the mip chain when present.
    public var bytes: Int { width * height * 4 + (hasMipmaps ? width * height * 4 / 3 : 0) }

    /// A texture for `format`; BGRA formats use `GL_BGRA_EXT` storage when `bgraStorage` (the driver
    /// has the extension).
    init(id: BitmapID, width: Int, height: Int, format: PixelFormat, bgraStorage: Bool) {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        let native = format.isBGR && bgraStorage
        let swizzle = format.isBGR && !native
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), swizzle ? GL_BLUE : GL_RED)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), swizzle ? GL_RED : GL_BLUE)
        // Native BGRX gets real 255s on upload, so its swizzle stays the identity.
        glTexParameteri(
            GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), format.isOpaque && !native ? GL_ONE : GL_ALPHA)
        let layout = native ? GLenum(GL_BGRA_EXT) : GLenum(GL_RGBA)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, native ? GLint(GL_BGRA_EXT) : GL_RGBA8, GLsizei(width), GLsizei(height), 0,
            layout, GLenum(GL_UNSIGNED_BYTE), nil)
        self.isBGRAStorage = native
        self.id = id
        self.width = width
        self.height = height
        self.format = format
        self.name = name
    }

    deinit {
        var name = name
        glDeleteTextures(1, &name)
    }

    /// Builds the mip chain from level 0 if it is missing or stale.
    func ensureMipmaps() {
        guard !hasMipmaps else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        hasMipmaps = true
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension Texture: Sendable {}
