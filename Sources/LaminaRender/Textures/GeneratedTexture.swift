import CGLES3

/// A texture the renderer makes itself from layer properties, not from a client's bitmap: a
/// gradient's stop table, a shape rasterised at the scale it is shown at, a text layer's coverage.
///
/// Held by the frame's render list for as long as a draw binds it (the GL name is deleted when the
/// last holder lets go, on the render thread), and by `GeneratedTextures` while the layers that made it
/// still show it, so a retained list never binds a deleted name.
public final class GeneratedTexture {
    /// How the texels are stored, which decides how the layer program reads them.
    enum Storage {
        /// Premultiplied colour, B, G, R, A bytes (cairo's ARGB32 on a little-endian machine), read as
        /// RGBA.
        case premultipliedBGRA
        /// One coverage byte per pixel, in red (text).
        case coverage
        /// Two coverage bytes per pixel, in red and green (a shape's fill and stroke).
        case coverage2
        /// 32-bit floats, sampled only with `texelFetch` (a gradient's stop table).
        case floats

        /// Bytes per texel.
        var bytesPerTexel: Int {
            switch self {
            case .coverage: 1
            case .coverage2: 2
            case .premultipliedBGRA: 4
            case .floats: 16
            }
        }
    }

    let name: GLuint
    let width: Int
    let height: Int
    let storage: Storage
    /// The frame that last drew it.
    var drawnInFrame: UInt64 = 0

    /// GPU bytes.
    var bytes: Int { width * height * storage.bytesPerTexel }

    /// A texture of `width` x `height` texels from `pixels` (rows top to bottom, tightly packed, in the
    /// layout `storage` names), sampled linearly unless it holds floats.
    init(width: Int, height: Int, storage: Storage, pixels: UnsafeRawPointer, bgraStorage: Bool) {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let target = GLenum(GL_TEXTURE_2D)
        switch storage {
        case .premultipliedBGRA:
            if bgraStorage {
                glTexImage2D(target, 0, GLint(GL_BGRA_EXT), GLsizei(width), GLsizei(height), 0, GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE), pixels)
            } else {
                glTexParameteri(target, GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
                glTexParameteri(target, GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
                glTexImage2D(target, 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
            }
        case .coverage:
            glTexImage2D(target, 0, GL_R8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), pixels)
        case .coverage2:
            glTexImage2D(target, 0, GL_RG8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RG), GLenum(GL_UNSIGNED_BYTE), pixels)
        case .floats:
            glTexImage2D(target, 0, GL_RGBA32F, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), pixels)
        }
        // Floats are not filterable in GLES 3.0: nearest keeps the texture complete for texelFetch.
        let filter = storage == .floats ? GL_NEAREST : GL_LINEAR
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        self.name = name
        self.width = width
        self.height = height
        self.storage = storage
    }

    /// Replaces every texel with `pixels` (the same size and layout): a shape or text drawn anew at the
    /// same size keeps its texture, so a retained render list that binds it needs no rebuild, only
    /// damage where it is shown.
    func replace(_ pixels: UnsafeRawPointer) {
        replace(pixels, x: 0, y: 0, width: width, height: height)
    }

    /// Replaces the texels of one rectangle with `pixels` (tightly packed, in this texture's layout).
    func replace(_ pixels: UnsafeRawPointer, x: Int, y: Int, width: Int, height: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let (format, type): (GLenum, GLenum) =
            switch storage {
            case .coverage: (GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE))
            case .coverage2: (GLenum(GL_RG), GLenum(GL_UNSIGNED_BYTE))
            case .premultipliedBGRA: (GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE))
            case .floats: (GLenum(GL_RGBA), GLenum(GL_FLOAT))
            }
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(width), GLsizei(height), format, type, pixels)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    }

    deinit {
        var name = name
        glDeleteTextures(1, &name)
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension GeneratedTexture: Sendable {}
