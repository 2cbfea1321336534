import CGLES3
public import LaminaCore
public import LaminaRenderList

/// A framebuffer object with one RGBA8 colour buffer of any size: where Lamina draws when nothing is
/// on screen (the `render` command, screenshots, tests) and, later, intermediate passes.
///
/// Pixels are premultiplied, as GL blends them. `projection` maps the target's own pixel space
/// (origin at the top left, y down, like Core Animation's) to clip space, and `read()` returns rows
/// top first, so a point drawn at pixel (x, y) is found at `image[x, y]`: GL's bottom-up rows never
/// leak out. Made from a `RenderContext` and not `Sendable`, so it lives and dies on the render thread,
/// which is where its GL names are deleted.
public final class OffscreenTarget {
    /// What holds the colour.
    public enum Storage: Hashable, Sendable {
        /// A texture (`glTexStorage2D`), so a later pass can sample what was drawn.
        case texture
        /// A renderbuffer: only drawn into and read back.
        case renderbuffer
    }

    /// How the colour buffer orders its bytes. Pixels read back are RGBA either way.
    public typealias ColorLayout = TargetColorLayout

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// What holds the colour.
    public let storage: Storage
    /// The colour buffer's byte order.
    public let layout: ColorLayout

    /// The framebuffer object.
    let framebuffer: GLuint
    /// The texture or renderbuffer holding the colour.
    let colorBuffer: GLuint
    /// The depth/stencil renderbuffer (the renderer clips in the stencil), 0 when there is none.
    let stencilBuffer: GLuint
    /// Whether the target has a stencil buffer.
    public var hasStencil: Bool { stencilBuffer != 0 }
    /// Whether the stencil buffer is attached to the framebuffer now. A frame with no stencil clip
    /// detaches it: a software rasteriser then neither clears it nor carries it through every tile.
    public private(set) var isStencilAttached: Bool

    /// A `width` x `height` target; each side from 1 to the implementation's renderbuffer (or
    /// texture) limit. With `stencil`, an 8-bit stencil buffer (packed with depth, the combination
    /// every GLES 3 implementation supports) rides along for the renderer's clips. A `.bgra` layout
    /// needs `.texture` storage and the driver's `EXT_texture_format_BGRA8888`; `preferredLayout`
    /// says which to ask for.
    public init(
        _ context: RenderContext, width: Int, height: Int, storage: Storage = .texture, stencil: Bool = true,
        layout: ColorLayout = .rgba
    ) throws(OffscreenTargetError) {
        let maximum = storage == .texture ? context.info.maxTextureSize : context.info.maxRenderbufferSize
        guard (1...maximum).contains(width), (1...maximum).contains(height) else {
            throw .invalidSize(width: width, height: height, maximum: maximum)
        }
        let framebuffer = GLObjects.make(.framebuffer)
        var colorBuffer: GLuint = 0
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        switch storage {
        case .texture:
            colorBuffer = GLObjects.make(.texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), colorBuffer)
            if layout == .bgra {
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GLint(GL_BGRA_EXT), GLsizei(width), GLsizei(height), 0, GLenum(GL_BGRA_EXT),
                    GLenum(GL_UNSIGNED_BYTE), nil)
            } else {
                glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            }
            for (parameter, value) in [
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
            ] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
            }
            glFramebufferTexture2D(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), colorBuffer, 0)
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        case .renderbuffer:
            colorBuffer = GLObjects.make(.renderbuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        }
        var stencilBuffer: GLuint = 0
        if stencil {
            stencilBuffer = GLObjects.make(.renderbuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), stencilBuffer)
            glRenderbufferStorage(
                GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), stencilBuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        }
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        // Every property is set before any check, so a throw below runs deinit and frees the names.
        self.width = width
        self.height = height
        self.storage = storage
        self.layout = storage == .texture ? layout : .rgba
        self.framebuffer = framebuffer
        self.colorBuffer = colorBuffer
        self.stencilBuffer = stencilBuffer
        self.isStencilAttached = stencil
        do throws(GLError) {
            try GLError.check("allocating a \(width)x\(height) \(layout == .bgra ? "BGRA" : "RGBA8") target")
        } catch {
            throw .gl(error)
        }
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw .incomplete(width: width, height: height, status: status)
        }
    }

    /// `.bgra` where the driver renders to BGRA textures, else `.rgba`.
    public static func preferredLayout(_ context: RenderContext) -> ColorLayout {
        context.info.extensions.contains("GL_EXT_texture_format_BGRA8888") ? .bgra : .rgba
    }

    deinit {
        var framebuffer = framebuffer
        var colorBuffer = colorBuffer
        var stencilBuffer = stencilBuffer
        glDeleteFramebuffers(1, &framebuffer)
        if stencilBuffer != 0 { glDeleteRenderbuffers(1, &stencilBuffer) }
        switch storage {
        case .texture: glDeleteTextures(1, &colorBuffer)
        case .renderbuffer: glDeleteRenderbuffers(1, &colorBuffer)
        }
    }

    /// Makes this the framebuffer that draws and reads, with the viewport covering all of it.
    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Attaches or detaches the stencil buffer (when the target has one), leaving the target bound.
    public func attachStencil(_ attached: Bool) {
        guard hasStencil, attached != isStencilAttached else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER),
            attached ? stencilBuffer : 0)
        isStencilAttached = attached
    }

    /// Binds the target and fills it with `color` (premultiplied on the way, as everything in it is),
    /// and the stencil, when attached, with 0. Honours the scissor box, when one is enabled.
    ///
    /// The colour is first rounded to whole 8-bit steps: a clear of the whole target and a scissored
    /// one take different paths in a driver (llvmpipe fills whole tiles directly but draws a quad for a
    /// scissored clear), and a channel exactly halfway between two steps (0.1 of 255 is 25.5) rounds
    /// up on one and down on the other. A damaged frame clears only its damage, and must match a full
    /// redraw to the bit.
    public func clear(to color: Color) {
        bind()
        let c = color.premultiplied
        func step(_ v: Double) -> GLfloat { GLfloat((min(max(v, 0), 1) * 255).rounded() / 255) }
        glClearColor(step(c.red), step(c.green), step(c.blue), step(c.alpha))
        glClearStencil(0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | (isStencilAttached ? GLbitfield(GL_STENCIL_BUFFER_BIT) : 0))
    }

    /// The colour texture, for a later pass to sample (0 for renderbuffer storage).
    var texture: GLuint { storage == .texture ? colorBuffer : 0 }

    /// The transform from this target's pixel space (origin top left, y down, z ignored) to clip space,
    /// to be concatenated after a layer's world transform. `z` is flattened: layers are ordered by the
    /// order they are drawn in, and perspective has already done its work in `w`.
    public var projection: Transform3D { ListTarget.projection(width: width, height: height) }

    /// What the render list is built for when it is drawn into this target.
    var listTarget: ListTarget { ListTarget(identity: self, width: width, height: height) }

    /// Reads every pixel back: premultiplied RGBA8, row 0 at the top. Waits for drawing to finish.
    public func read() throws(GLError) -> RGBAImage {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let rowBytes = width * 4
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * height)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bottomUp)
        try GLError.check("glReadPixels of a \(width)x\(height) target")
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        for row in 0..<height {
            let from = (height - 1 - row) * rowBytes
            topDown[(row * rowBytes)..<((row + 1) * rowBytes)] = bottomUp[from..<(from + rowBytes)]
        }
        return RGBAImage(width: width, height: height, bytes: topDown, alpha: .premultiplied)
    }

    /// The byte orders `read(into:stride:order:)` writes.
    public enum ReadOrder: Sendable {
        /// R, G, B, A: every GLES implementation reads it.
        case rgba
        /// B, G, R, A (`EXT_read_format_bgra`): what a Wayland host's `ARGB8888` buffer holds.
        case bgra
    }

    /// Whether the driver reads pixels back in BGRA order.
    public static func readsBGRA(_ context: RenderContext) -> Bool {
        context.info.extensions.contains("GL_EXT_read_format_bgra")
    }

    /// Reads the pixels of `region` (top-first target pixels, as damage is counted; nil: all of them)
    /// into `destination`, a whole target's worth of rows as GL keeps them, premultiplied, rows
    /// **bottom first**, `stride` bytes apart (a whole number of pixels, at least a row), each pixel
    /// at its own place: for a consumer that takes the rows in that order (a Wayland buffer with a
    /// flipped transform), so no row is moved on the CPU, and a retained buffer gets only what changed.
    /// `.bgra` needs `readsBGRA`. Waits for drawing to finish.
    public func read(
        into destination: UnsafeMutableRawPointer, stride: Int, order: ReadOrder, region: PixelRegion? = nil
    ) throws(GLError) {
        precondition(stride >= width * 4 && stride % 4 == 0, "a stride of \(stride) bytes cannot hold \(width) pixels")
        let box = (region ?? PixelRegion(x: 0, y: 0, width: width, height: height))
            .intersection(PixelRegion(x: 0, y: 0, width: width, height: height))
        guard !box.isEmpty else { return }
        let glY = height - box.y - box.height
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(stride / 4))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        let format = order == .rgba ? GLenum(GL_RGBA) : GLenum(0x80E1)  // GL_BGRA_EXT
        glReadPixels(
            GLint(box.x), GLint(glY), GLsizei(box.width), GLsizei(box.height), format, GLenum(GL_UNSIGNED_BYTE),
            destination + glY * stride + box.x * 4)
        try GLError.check("glReadPixels of \(box) of a \(width)x\(height) target in \(order) order")
    }
}

extension OffscreenTarget {
    /// Reads what `damage` covers (target pixels, top first) into `destination` as
    /// `read(into:stride:order:region:)` does, for a buffer that already holds the rest; returns the
    /// boxes read in the buffer's rows (counted from the bottom, as they are stored), or nil when it
    /// read everything.
    public func read(
        into destination: UnsafeMutableRawPointer, stride: Int, order: ReadOrder, damage: Damage
    ) throws(GLError) -> [PixelRegion]? {
        let changed = damage.clipped(width: width, height: height)
        if changed.isFull {
            try read(into: destination, stride: stride, order: order)
            return nil
        }
        for box in changed.boxes { try read(into: destination, stride: stride, order: order, region: box) }
        return changed.boxes.map { PixelRegion(x: $0.x, y: height - $0.y - $0.height, width: $0.width, height: $0.height) }
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension OffscreenTarget: Sendable {}
