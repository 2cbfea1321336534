/// A `PropertyKey` that knows the Swift type of its value, for typed reads and writes:
/// `values[.position]` is a `Point`.
public struct Property<Value: PropertyValueConvertible>: Sendable {
    /// The untyped key.
    public let key: PropertyKey

    @usableFromInline init(_ key: PropertyKey) { self.key = key }
}
