/// Why a frame could not be drawn.
public enum RendererError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A program failed to build.
    case shader(ShaderError)
    /// An offscreen target (for a group, mask, shadow or transition) could not be made.
    case target(OffscreenTargetError)
    /// The output target has no stencil buffer, which clipping needs.
    case targetWithoutStencil(width: Int, height: Int)
    /// GL reported an error while drawing.
    case gl(GLError)

    public var description: String {
        switch self {
        case .shader(let error): "renderer: \(error)"
        case .target(let error): "renderer: offscreen pass: \(error)"
        case .targetWithoutStencil(let width, let height):
            "renderer: the \(width)x\(height) target has no stencil buffer (make it with stencil: true)"
        case .gl(let error): "renderer: \(error)"
        }
    }
}
