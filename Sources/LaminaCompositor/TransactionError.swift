public import LaminaCore
public import LaminaModel
public import LaminaRender

/// Why the compositor rejected a transaction (`CommitError`: the operation and the reason).
public typealias TransactionError = CommitError<TransactionRefusal>

/// What the compositor refuses: what the store refuses, or what only the GPU can.
public enum TransactionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model refused it: an unknown client, an operation the tree refused, a limit.
    case store(StoreRefusal)
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

extension CommitError where Reason == TransactionRefusal {
    /// The store's refusal, told the same way.
    public init(_ error: StoreError) {
        self.init(operationIndex: error.operationIndex, operation: error.operation, reason: .store(error.reason))
    }
}
