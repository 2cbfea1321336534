/// Why one `LayerOperation` could not be applied. The messages use the committer's handles, never the
/// tree's internal layer ids, because they go back to the client that sent the operation.
public enum OperationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The handle names none of the committer's layers.
    case unknownLayer(LayerHandle)
    /// `create` used a handle already in use.
    case handleInUse(LayerHandle)
    /// A bitmap the committer never supplied.
    case unknownBitmap(BitmapID)
    /// The model tree refused the edit (a cycle, an index out of range, a bad value, an animation),
    /// told in handles.
    case tree(String)
    /// The edit would pass a bound every tree has (nesting deeper than `LayerTree.maximumDepth`).
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .unknownLayer(let h): "unknown layer \(h)"
        case .handleInUse(let h): "\(h) already exists"
        case .unknownBitmap(let b): "unknown \(b)"
        case .tree(let message), .limitExceeded(let message): message
        }
    }
}
