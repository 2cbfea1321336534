public import LaminaCore

/// Why a `LayerStore` refused a client's operations. It names the operation (its index and what it
/// asked) and the reason; a refused transaction changes nothing. The compositor tells it to the client
/// as a `TransactionError`, which adds what only the GPU can refuse.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// The client is not (or no longer) known.
        case unknownClient(ClientID)
        /// An operation could not be applied (an unknown layer or bitmap, a handle in use, an edit the
        /// model tree refused).
        case operation(OperationError)
        /// The transaction would take the client past one of its limits.
        case limit(String)

        public var description: String {
            switch self {
            case .unknownClient(let c): "\(c) is not connected"
            case .operation(let error): "\(error)"
            case .limit(let message): message
            }
        }
    }

    /// The index of the failing operation (nil when the transaction as a whole was refused).
    public var operationIndex: Int?
    /// What the operation asked (`set opacity of layer@3`), or `commit`.
    public var operation: String
    /// Why it failed.
    public var reason: Reason

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
