/// Why a commit was refused, told one way wherever it is refused: the failing operation (its index and
/// what it asked, `set opacity of layer@3`) and the reason, which each refusing layer of the daemon
/// says in its own terms (the model store's `StoreError`, the compositor's `TransactionError`). A refused
/// commit changes nothing.
public struct CommitError<Reason: Error & Hashable & Sendable & CustomStringConvertible>: Error, Hashable, Sendable,
    CustomStringConvertible
{
    /// The index of the failing operation (nil when the commit as a whole, or a bitmap of it, was refused).
    public var operationIndex: Int?
    /// What the operation asked (`set opacity of layer@3`), or what else was refused (`commit`, a bitmap
    /// upload).
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
