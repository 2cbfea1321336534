import CEGL
import Glibc
import LaminaCore
import LaminaWire

/// A drawable's texture exported as a DMA-BUF (`EGL_MESA_image_dma_buf_export`), for the daemon to
/// sample in place: the EGLImage made from the texture, and the planes' descriptors, kept open so the
/// buffer can be shared again with a daemon that restarted.
final class GLBufferExport {
    /// How the daemon is to read it (its `id` is the bitmap's the layer shows).
    let description: WireDMABuf
    /// One descriptor per plane, ours: the message carries copies.
    let descriptors: [Int32]
    private let image: EGLImageKHR
    private let display: EGLDisplay
    private let destroy: PFNEGLDESTROYIMAGEKHRPROC

    /// Why this EGL display cannot export DMA-BUFs, or nil when it can.
    static func unavailability(on display: EGLDisplay?) -> String? {
        missingExtension(["EGL_MESA_image_dma_buf_export", "EGL_KHR_gl_texture_2D_image"], on: display)
    }

    /// Exports `buffers`' texture, made in the current context, as bitmap `id`.
    init(_ buffers: GLFramebuffer, id: BitmapID, opaque: Bool) throws(GLLayerError) {
        let display = eglGetCurrentDisplay(), context = eglGetCurrentContext()
        guard let display, let context else { throw .noCurrentContext }
        guard let create = load("eglCreateImageKHR", as: PFNEGLCREATEIMAGEKHRPROC.self),
            let destroy = load("eglDestroyImageKHR", as: PFNEGLDESTROYIMAGEKHRPROC.self),
            let query = load("eglExportDMABUFImageQueryMESA", as: PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC.self),
            let export = load("eglExportDMABUFImageMESA", as: PFNEGLEXPORTDMABUFIMAGEMESAPROC.self)
        else { throw .transportUnavailable("the EGL export entry points are missing") }
        let attributes: [EGLint] = [EGLint(EGL_NONE)]
        guard let image = create(display, context, EGLenum(EGL_GL_TEXTURE_2D_KHR), EGLClientBuffer(bitPattern: UInt(buffers.texture)), attributes)
        else { throw .context(call: "eglCreateImageKHR(EGL_GL_TEXTURE_2D_KHR)", eglError: eglGetError()) }
        var fourcc: Int32 = 0, planeCount: Int32 = 0
        var modifiers = [EGLuint64KHR](repeating: 0, count: 4)
        guard query(display, image, &fourcc, &planeCount, &modifiers) == EGLBoolean(EGL_TRUE), (1...4).contains(planeCount) else {
            _ = destroy(display, image)
            throw .context(call: "eglExportDMABUFImageQueryMESA", eglError: eglGetError())
        }
        var fds = [Int32](repeating: -1, count: 4), strides = [EGLint](repeating: 0, count: 4), offsets = [EGLint](repeating: 0, count: 4)
        guard export(display, image, &fds, &strides, &offsets) == EGLBoolean(EGL_TRUE) else {
            _ = destroy(display, image)
            throw .context(call: "eglExportDMABUFImageMESA", eglError: eglGetError())
        }
        let count = Int(planeCount)
        // An opaque layer's RGBA says so: the daemon then ignores alpha (same bytes, an X format).
        var code = UInt32(bitPattern: fourcc)
        if opaque, code == WireDMABuf.fourcc("AB24") { code = WireDMABuf.fourcc("XB24") }
        if opaque, code == WireDMABuf.fourcc("AR24") { code = WireDMABuf.fourcc("XR24") }
        description = WireDMABuf(
            id: id, width: UInt32(buffers.width), height: UInt32(buffers.height), fourcc: code, modifier: modifiers[0],
            planes: (0..<count).map { WireDMABuf.Plane(offset: UInt32(offsets[$0]), stride: UInt32(strides[$0])) })
        descriptors = Array(fds.prefix(count))
        (self.image, self.display, self.destroy) = (image, display, destroy)
    }

    deinit {
        for fd in descriptors { close(fd) }
        _ = destroy(display, image)
    }
}

/// Why `display` cannot do what needs `extensions`: the first it lacks (or that none is current), or
/// nil when it has them all.
func missingExtension(_ extensions: [String], on display: EGLDisplay?) -> String? {
    guard let display else { return "no EGL display is current" }
    let names = eglQueryString(display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
    let list = Set(names.split(separator: " ").map(String.init))
    return extensions.first { !list.contains($0) }.map { "\($0) is missing on the app's EGL display" }
}

/// An EGL or GL extension entry point (never linked: glvnd exports core symbols only).
func load<F>(_ name: String, as type: F.Type) -> F? {
    guard let pointer = eglGetProcAddress(name) else { return nil }
    return unsafeBitCast(pointer, to: F.self)
}
