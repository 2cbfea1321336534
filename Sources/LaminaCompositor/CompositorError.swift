public import LaminaRender
import LaminaRenderList

/// Why the compositor could not start or draw a frame. (A client's bad transaction is not one of
/// these: it is rejected with a `TransactionError` and the frame goes on.)
public enum CompositorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output configuration is impossible.
    case invalidOutput(String)
    /// The output's target could not be made.
    case target(OffscreenTargetError)
    /// The renderer failed.
    case renderer(RendererError)
    /// Reading the output back failed.
    case readback(GLError)

    public var description: String {
        switch self {
        case .invalidOutput(let problem): "output: \(problem)"
        case .target(let error): "output: \(error)"
        case .renderer(let error): "\(error)"
        case .readback(let error): "output readback: \(error)"
        }
    }
}
