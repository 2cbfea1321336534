import CEGL
import CGLES3
import LaminaCore
import LaminaRenderList

/// Whether a display can sample clients' DMA-BUFs in place, and why not.
public enum SharedBufferImport: Hashable, Sendable {
    case available
    /// What is missing, named.
    case unavailable(String)

    /// What `display` and its GL offer: `EGL_EXT_image_dma_buf_import` makes an EGLImage of a
    /// buffer's planes, `GL_OES_EGL_image` binds it to a texture.
    init(display: Display, gl: GLInfo) {
        if !display.extensions.contains("EGL_EXT_image_dma_buf_import") {
            self = .unavailable("EGL_EXT_image_dma_buf_import is missing on \(display.name)")
        } else if !gl.extensions.contains("GL_OES_EGL_image") {
            self = .unavailable("GL_OES_EGL_image is missing on \(gl.renderer)")
        } else {
            self = .available
        }
    }
}

/// The EGL and GL entry points an import needs, loaded once (extensions: never linked).
struct SharedBufferFunctions {
    let createImage: PFNEGLCREATEIMAGEKHRPROC
    let destroyImage: PFNEGLDESTROYIMAGEKHRPROC
    let targetTexture: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC
    /// Whether explicit modifiers may be given (`EGL_EXT_image_dma_buf_import_modifiers`).
    let takesModifiers: Bool

    init?(display: Display) {
        guard let create = EGLFunctions.load("eglCreateImageKHR", as: PFNEGLCREATEIMAGEKHRPROC.self),
            let destroy = EGLFunctions.load("eglDestroyImageKHR", as: PFNEGLDESTROYIMAGEKHRPROC.self),
            let target = EGLFunctions.load("glEGLImageTargetTexture2DOES", as: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC.self)
        else { return nil }
        (createImage, destroyImage, targetTexture) = (create, destroy, target)
        takesModifiers = display.extensions.contains("EGL_EXT_image_dma_buf_import_modifiers")
    }

    /// The attributes of `buffer`'s EGLImage: size, format, each plane's descriptor, offset and pitch,
    /// and its modifier when one was given and the display takes them.
    func attributes(of buffer: SharedBuffer) -> [EGLint] {
        let planeKeys: [(fd: Int32, offset: Int32, pitch: Int32, lo: Int32, hi: Int32)] = [
            (EGL_DMA_BUF_PLANE0_FD_EXT, EGL_DMA_BUF_PLANE0_OFFSET_EXT, EGL_DMA_BUF_PLANE0_PITCH_EXT,
             EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT),
            (EGL_DMA_BUF_PLANE1_FD_EXT, EGL_DMA_BUF_PLANE1_OFFSET_EXT, EGL_DMA_BUF_PLANE1_PITCH_EXT,
             EGL_DMA_BUF_PLANE1_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE1_MODIFIER_HI_EXT),
            (EGL_DMA_BUF_PLANE2_FD_EXT, EGL_DMA_BUF_PLANE2_OFFSET_EXT, EGL_DMA_BUF_PLANE2_PITCH_EXT,
             EGL_DMA_BUF_PLANE2_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE2_MODIFIER_HI_EXT),
            (EGL_DMA_BUF_PLANE3_FD_EXT, EGL_DMA_BUF_PLANE3_OFFSET_EXT, EGL_DMA_BUF_PLANE3_PITCH_EXT,
             EGL_DMA_BUF_PLANE3_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE3_MODIFIER_HI_EXT),
        ]
        var list: [EGLint] = [
            EGLint(EGL_WIDTH), EGLint(buffer.width), EGLint(EGL_HEIGHT), EGLint(buffer.height),
            EGLint(EGL_LINUX_DRM_FOURCC_EXT), EGLint(bitPattern: buffer.fourcc),
        ]
        let modifier = buffer.modifier != UInt64.max && takesModifiers ? buffer.modifier : nil
        for (plane, keys) in zip(buffer.planes, planeKeys) {
            list += [keys.fd, plane.descriptor, keys.offset, EGLint(plane.offset), keys.pitch, EGLint(plane.stride)]
            if let modifier {
                list += [keys.lo, EGLint(bitPattern: UInt32(truncatingIfNeeded: modifier)), keys.hi, EGLint(bitPattern: UInt32(truncatingIfNeeded: modifier >> 32))]
            }
        }
        return list + [EGLint(EGL_NONE)]
    }
}

extension GLTextures {
    /// Makes a texture sampling `buffer` in place for `record`: an EGLImage of its planes bound to a new
    /// texture. The image is destroyed with the texture (`perform`'s release).
    func importShared(_ record: BitmapTexture, _ buffer: SharedBuffer, display: Display) throws(TextureError) {
        guard let functions = sharedBufferFunctions(display) else {
            throw .importFailed(record.id, "eglCreateImageKHR or glEGLImageTargetTexture2DOES is missing")
        }
        let attributes = functions.attributes(of: buffer)
        guard let image = functions.createImage(display.handle, nil, EGLenum(EGL_LINUX_DMA_BUF_EXT), nil, attributes)
        else {
            throw .importFailed(record.id, "eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT) failed: \(EGLErrorCode.last())")
        }
        let name = GLObjects.make(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        functions.targetTexture(GLenum(GL_TEXTURE_2D), UnsafeMutableRawPointer(image))
        do throws(GLError) {
            try GLError.check("binding \(record.id)'s EGLImage to a texture")
        } catch {
            var dead = name
            glDeleteTextures(1, &dead)
            _ = functions.destroyImage(display.handle, image)
            throw .gl(record.id, error)
        }
        adopt(name, image: ImportedImage(image: image, display: display.handle, destroy: functions.destroyImage), for: record.handle)
    }
}

/// An EGLImage behind an imported texture, destroyed with it.
struct ImportedImage {
    let image: EGLImageKHR
    let display: EGLDisplay
    let destroy: PFNEGLDESTROYIMAGEKHRPROC

    func release() { _ = destroy(display, image) }
}
