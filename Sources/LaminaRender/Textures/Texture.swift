import CGLES3
public import LaminaCore

/// One GL texture holding one bitmap, owned by the `TextureCache` on the render thread.
///
/// Mutable storage (`glTexImage2D`), so a damaged region can be replaced in place and mipmaps can be
/// generated the first time a layer asks for `trilinear`. BGRA bitmaps are stored as uploaded and read
/// through a red/blue swizzle, so a shader always sees RGBA; the opaque `x` formats read alpha as 1
/// through the swizzle too.
public final class Texture {
    /// The bitmap it holds.
    public let id: BitmapID
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The byte order it was uploaded in.
    public let format: PixelFormat
    /// Whether every texel is opaque (an `x` format): the renderer draws it without blending and
    /// culls what it covers.
    public var isOpaque: Bool { format.isOpaque }
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

    init(id: BitmapID, width: Int, height: Int, format: PixelFormat) {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        let swizzle = format.isBGR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), swizzle ? GL_BLUE : GL_RED)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), swizzle ? GL_RED : GL_BLUE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), format.isOpaque ? GL_ONE : GL_ALPHA)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
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
