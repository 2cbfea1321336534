/// One layer's values of every property in the table, stored densely by `PropertyKey.rawValue`.
///
/// Reading is an array index; writing checks the value's type against the table, so a
/// `PropertyValues` never holds a wrongly typed value. Copies share storage until written.
public struct PropertyValues: Hashable, Sendable {
    @usableFromInline var storage: ContiguousArray<PropertyValue>

    /// Every property at its default.
    public init() { storage = Self.defaults }

    private static let defaults = ContiguousArray(LayerProperties.table.map(\.defaultValue))

    /// The untyped value of a property (`values[.position]` is the typed way).
    @inlinable
    public func value(_ key: PropertyKey) -> PropertyValue { storage[key.rawValue] }

    /// The typed value of a property: `values[.position]` is a `Point`.
    @inlinable
    public subscript<Value>(property: Property<Value>) -> Value {
        get { Value(propertyValue: storage[property.key.rawValue])! }
        set { storage[property.key.rawValue] = newValue.propertyValue }
    }

    /// Sets a property, refusing a value of the wrong type.
    public mutating func set(_ value: PropertyValue, for key: PropertyKey) throws(PropertyError) {
        let type = key.descriptor.type
        guard value.type == type else { throw .typeMismatch(key: key.name, expected: type, got: value.type) }
        storage[key.rawValue] = value
    }

    /// The value at a key path such as `position.x` (`value(forKeyPath:)`).
    public func value(at path: LayerKeyPath) -> PropertyValue {
        path.read(from: storage[path.key.rawValue])
    }

    /// Sets the value at a key path, refusing a value of the wrong type (`setValue(_:forKeyPath:)`).
    public mutating func setValue(_ value: PropertyValue, at path: LayerKeyPath) throws(PropertyError) {
        storage[path.key.rawValue] = try path.write(value, into: storage[path.key.rawValue])
    }

    /// The value at a dotted key path; unknown paths throw `unknownKey`.
    public func value(forKeyPath path: String) throws(PropertyError) -> PropertyValue {
        value(at: try LayerKeyPath(path))
    }

    /// Sets the value at a dotted key path; unknown paths and wrongly typed values throw.
    public mutating func setValue(_ value: PropertyValue, forKeyPath path: String) throws(PropertyError) {
        try setValue(value, at: try LayerKeyPath(path))
    }
}
