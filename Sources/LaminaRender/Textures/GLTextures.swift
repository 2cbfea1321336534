import CGLES3
import LaminaCore
import LaminaRenderList

/// The GL textures behind the render list's `TextureHandle`s, and the one place their requests are
/// carried out: the list and its builder run on the CPU alone and name textures by handle; before a
/// list is drawn, `perform` makes, fills, mipmaps and deletes what its build asked for
/// (`TextureRequests`), and the draw looks each binding's name up here.
///
/// Lives on the render thread: GL names belong to its context.
final class GLTextures {
    /// Texel bytes copied to the GPU (client bitmaps and generated textures) since the renderer last
    /// took the count (`FrameStatistics.uploadedTextureBytes`).
    var uploadedBytes = 0
    /// Where handles come from and requests wait.
    let requests = TextureRequests()
    /// Whether BGRA textures can be stored as they are (`EXT_texture_format_BGRA8888`).
    let bgraStorage: Bool
    /// The GL name of each live handle.
    private var names: [TextureHandle: GLuint] = [:]
    /// The offscreen targets of cached subtrees (`CachedSubtree.handle`), made when first drawn into.
    var targets: [TextureHandle: OffscreenTarget] = [:]
    /// The EGLImages of imported client buffers (`importShared`), released with their textures.
    private var images: [TextureHandle: ImportedImage] = [:]
    /// The import entry points, loaded on the first import (nil inside: not offered).
    private var sharedFunctions: SharedBufferFunctions??

    init(bgraStorage: Bool) {
        self.bgraStorage = bgraStorage
    }

    deinit {
        for var name in names.values { glDeleteTextures(1, &name) }
        for image in images.values { image.release() }
    }

    /// The import entry points of `display`, loaded once.
    func sharedBufferFunctions(_ display: Display) -> SharedBufferFunctions? {
        if let loaded = sharedFunctions { return loaded }
        let loaded = SharedBufferFunctions(display: display)
        sharedFunctions = .some(loaded)
        return loaded
    }

    /// Takes `name`, a texture made over an imported `image`, as `handle`'s.
    func adopt(_ name: GLuint, image: ImportedImage, for handle: TextureHandle) {
        names[handle] = name
        images[handle] = image
    }

    /// The GL name of `handle`, or 0 when none was made (drawn as no texture).
    func name(of handle: TextureHandle) -> GLuint {
        names[handle] ?? 0
    }

    /// Makes an empty texture for a client bitmap's `record`, in its byte order.
    func makeBitmapTexture(_ record: BitmapTexture) {
        let name = GLObjects.make(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        let native = record.isBGRAStorage
        let swizzle = record.format.isBGR && !native
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), swizzle ? GL_BLUE : GL_RED)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), swizzle ? GL_RED : GL_BLUE)
        // Native BGRX gets real 255s on upload, so its swizzle stays the identity.
        glTexParameteri(
            GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), record.format.isOpaque && !native ? GL_ONE : GL_ALPHA)
        let layout = native ? GLenum(GL_BGRA_EXT) : GLenum(GL_RGBA)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, native ? GLint(GL_BGRA_EXT) : GL_RGBA8, GLsizei(record.width), GLsizei(record.height), 0,
            layout, GLenum(GL_UNSIGNED_BYTE), nil)
        names[record.handle] = name
    }

    /// Carries out every request waiting, in order.
    func perform() {
        let pending = requests.take()
        guard !pending.isEmpty else { return }
        for request in pending {
            switch request {
            case .create(let handle, let width, let height, let storage, let texels):
                uploadedBytes += texels.count
                names[handle] = Self.makeGenerated(width: width, height: height, storage: storage, texels: texels, bgraStorage: false)
            case .replace(let handle, let region, let storage, let texels):
                guard let name = names[handle] else { continue }
                uploadedBytes += texels.count
                Self.replace(name, region: region, texels: texels, storage: storage)
            case .mipmaps(let handle):
                guard let name = names[handle] else { continue }
                glBindTexture(GLenum(GL_TEXTURE_2D), name)
                glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            case .release(let handle):
                if var name = names.removeValue(forKey: handle) { glDeleteTextures(1, &name) }
                images.removeValue(forKey: handle)?.release()
                targets[handle] = nil
            }
        }
    }

    /// A texture of `width` x `height` texels from `texels` (rows top to bottom, tightly packed, in the
    /// layout `storage` names), sampled linearly unless it holds floats.
    static func makeGenerated(width: Int, height: Int, storage: GeneratedTexture.Storage, texels: [UInt8], bgraStorage: Bool) -> GLuint {
        let name = GLObjects.make(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let target = GLenum(GL_TEXTURE_2D)
        texels.withUnsafeBytes { pixels in
            switch storage {
            case .premultipliedBGRA:
                if bgraStorage {
                    glTexImage2D(
                        target, 0, GLint(GL_BGRA_EXT), GLsizei(width), GLsizei(height), 0, GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE),
                        pixels.baseAddress)
                } else {
                    glTexParameteri(target, GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
                    glTexParameteri(target, GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
                    glTexImage2D(
                        target, 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
                }
            case .coverage:
                glTexImage2D(target, 0, GL_R8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
            case .coverage2:
                glTexImage2D(target, 0, GL_RG8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RG), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
            case .floats:
                glTexImage2D(target, 0, GL_RGBA32F, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_FLOAT), pixels.baseAddress)
            }
        }
        // Floats are not filterable in GLES 3.0: nearest keeps the texture complete for texelFetch.
        let filter = storage == .floats ? GL_NEAREST : GL_LINEAR
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        return name
    }

    /// Replaces the texels of `region` of a generated texture with `texels` (tightly packed).
    private static func replace(_ name: GLuint, region: PixelRegion, texels: [UInt8], storage: GeneratedTexture.Storage) {
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let (format, type): (GLenum, GLenum) =
            switch storage {
            case .coverage: (GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE))
            case .coverage2: (GLenum(GL_RG), GLenum(GL_UNSIGNED_BYTE))
            case .premultipliedBGRA: (GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE))
            case .floats: (GLenum(GL_RGBA), GLenum(GL_FLOAT))
            }
        texels.withUnsafeBytes {
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height), format, type,
                $0.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    }
}

@available(*, unavailable)
extension GLTextures: Sendable {}
