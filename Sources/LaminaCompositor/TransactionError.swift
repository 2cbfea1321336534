public import LaminaModel
public import LaminaRender
import LaminaRenderList

/// Why a transaction was rejected. It names the operation (its index and what it asked) and the reason;
/// a rejected transaction changes nothing.
public struct TransactionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why: what the store refuses (`StoreError.Reason`), or what only the GPU can.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// The model refused it: an unknown client, an operation the tree refused, a limit.
        case store(StoreError.Reason)
        /// The renderer could not draw what the transaction needs (a transition's old appearance).
        case renderer(RendererError)
        /// The bitmap's pixels could not be uploaded.
        case texture(TextureError)

        public var description: String {
            switch self {
            case .store(let reason): "\(reason)"
            case .texture(let error): "\(error)"
            case .renderer(let error): "\(error)"
            }
        }
    }

    /// The index of the failing operation in the transaction (nil for a bitmap upload).
    public var operationIndex: Int?
    /// What the operation asked (`set opacity of layer@3`), or the bitmap upload.
    public var operation: String
    /// Why it failed.
    public var reason: Reason

    /// The store's refusal, told the same way.
    public init(_ error: StoreError) {
        self.init(operationIndex: error.operationIndex, operation: error.operation, reason: .store(error.reason))
    }

    /// An error.
    public init(operationIndex: Int?, operation: String, reason: Reason) {
        self.operationIndex = operationIndex
        self.operation = operation
        self.reason = reason
    }

    /// `operation 2 (set opacity of layer@3): unknown layer layer@3`.
    public var description: String {
        if let operationIndex { return "operation \(operationIndex) (\(operation)): \(reason)" }
        return "\(operation): \(reason)"
    }
}
