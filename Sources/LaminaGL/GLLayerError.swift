public import Lamina

/// What can go wrong making, rendering into or presenting a GL layer's drawables, with the context to
/// act on it.
public enum GLLayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No EGL context is current on the calling thread: drawables are made in the app's context.
    case noCurrentContext
    /// The EGL context for apps without one could not be made: which call failed, and EGL's error.
    case context(call: String, eglError: Int32)
    /// A drawable's framebuffer is incomplete (`glCheckFramebufferStatus`).
    case framebufferIncomplete(width: Int, height: Int, status: UInt32)
    /// A GL call failed (`glGetError`).
    case gl(call: String, error: UInt32)
    /// The drawable size is not one a layer can show: each side must be 1...16384 pixels.
    case drawableSize(width: Double, height: Double)
    /// The drawable was presented already: each is presented once.
    case presentedTwice
    /// The connection failed while waiting for a drawable or sending a frame.
    case connection(LaminaError)
    /// The transport asked for (`GLLayer.transport`) cannot work here: what is missing, on which side.
    case transportUnavailable(String)

    public var description: String {
        switch self {
        case .noCurrentContext:
            "no EGL context is current on this thread: make the app's context current (or a GLContext) before asking for a drawable"
        case .context(let call, let code): "\(call) failed (EGL error 0x\(String(code, radix: 16)))"
        case .framebufferIncomplete(let width, let height, let status):
            "the \(width)x\(height) drawable's framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case .gl(let call, let error): "\(call) failed (GL error 0x\(String(error, radix: 16)))"
        case .drawableSize(let width, let height):
            "a drawable of \(width)x\(height) pixels is outside 1...16384 on a side (set drawableSize, or give the layer bounds)"
        case .presentedTwice: "the drawable was already presented; ask the layer for the next one"
        case .connection(let error): "\(error)"
        case .transportUnavailable(let reason): "frames cannot be shared as DMA-BUFs: \(reason)"
        }
    }
}
