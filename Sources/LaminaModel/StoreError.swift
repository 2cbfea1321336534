public import LaminaCore

/// Why a `LayerStore` refused a client's operations (`CommitError`: the operation and the reason). The
/// compositor tells it to the client as a `TransactionError`, which adds what only the GPU can refuse.
public typealias StoreError = CommitError<StoreRefusal>

/// What the model store refuses.
public enum StoreRefusal: Error, Hashable, Sendable, CustomStringConvertible {
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
