public import LaminaCore

/// One buffer of a GL layer's swap chain, for one frame (`CAMetalDrawable`): bind `framebuffer`,
/// render, then `present()`. Its contents are undefined when it is handed out: render the whole frame.
///
/// A drawable the app lets go of without presenting returns to the chain.
@MainActor
public final class GLDrawable {
    /// The framebuffer object to render into (its colour attachment is `texture`; with
    /// `GLLayer.wantsDepthBuffer`, a depth-stencil renderbuffer too), in the context that was current
    /// when the drawable was asked for.
    public let framebuffer: UInt32
    /// The colour texture (RGBA8, `width` x `height`), which an app may also sample from.
    public let texture: UInt32
    /// The size in pixels.
    public let width: Int
    public let height: Int

    /// The layer it belongs to (weak: a drawable does not keep its layer).
    private weak var layer: GLLayer?
    let slot: Int
    let buffers: GLFramebuffer
    private(set) var isPresented = false

    init(layer: GLLayer, slot: Int, buffers: GLFramebuffer) {
        (self.layer, self.slot, self.buffers) = (layer, slot, buffers)
        (framebuffer, texture, width, height) = (buffers.framebuffer, buffers.texture, buffers.width, buffers.height)
    }

    /// Shows this frame as the layer's contents: its pixels are read back and sent (only `damage`,
    /// in pixels from the top left, when given and the layer's last frame was this size: where the
    /// frame differs from the one before). With `presentsWithTransaction` the frame goes with the
    /// current transaction; otherwise at once. The context the drawable was made in must be current.
    public func present(damage: Rect? = nil) throws(GLLayerError) {
        guard !isPresented else { throw .presentedTwice }
        isPresented = true
        guard let layer else { return }
        try layer.present(self, damage: damage)
    }

    isolated deinit {
        if !isPresented { layer?.abandon(slot) }
    }
}
