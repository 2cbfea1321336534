public import LaminaCore
public import LaminaModel
public import LaminaRender

/// Why a transaction was rejected. It names the operation (its index and what it asked) and the reason;
/// a rejected transaction changes nothing.
public struct TransactionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// The client is not (or no longer) connected.
        case unknownClient(ClientID)
        /// An operation could not be applied (an unknown layer or bitmap, a handle in use, an edit the
        /// model tree refused).
        case operation(OperationError)
        /// The renderer could not draw what the transaction needs (a transition's old appearance).
        case renderer(RendererError)
        /// The bitmap's pixels could not be uploaded.
        case texture(TextureError)
        /// The transaction would take the client past one of its limits.
        case limit(String)

        public var description: String {
            switch self {
            case .unknownClient(let c): "\(c) is not connected"
            case .operation(let error): "\(error)"
            case .texture(let error): "\(error)"
            case .renderer(let error): "\(error)"
            case .limit(let message): message
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
        let reason: Reason =
            switch error.reason {
            case .unknownClient(let client): .unknownClient(client)
            case .operation(let operation): .operation(operation)
            case .limit(let message): .limit(message)
            }
        self.init(operationIndex: error.operationIndex, operation: error.operation, reason: reason)
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
