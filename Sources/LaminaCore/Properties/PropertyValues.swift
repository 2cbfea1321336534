/// One layer's values of every property its kind has, stored densely by `PropertyKey.rawValue`.
///
/// Reading is an array index; writing checks the value's type against the table, and the property
/// against the layer's kind, so a `PropertyValues` never holds a wrongly typed value or a property its
/// layer does not have. Copies share storage until written.
///
/// The storage reaches only as far as the highest property ever written: `CALayer`'s own properties
/// come first in the table and the subclasses' after, so a plain layer never pays for a shape layer's
/// dozen properties.
///
/// A bit mask beside the storage records which properties were ever written. Reading one that never
/// was returns the table's default without touching the storage: a layer's values span about twenty
/// cache lines, most layers set a handful of properties, and a frame that reads a dozen properties of
/// each of ten thousand layers is otherwise spent waiting on memory.
public struct PropertyValues: Hashable, Sendable {
    @usableFromInline var storage: ContiguousArray<PropertyValue>
    /// Bit `rawValue` set: the property was written, so `storage` holds its value (which may still
    /// equal the default). Clear: it holds the default.
    @usableFromInline var written: UInt128 = 0
    /// The kind of layer these values belong to, which decides the properties they have.
    public let kind: LayerKind

    /// Every property at its default, for a layer of `kind`.
    public init(kind: LayerKind = .layer) {
        storage = []
        self.kind = kind
    }

    @usableFromInline static let defaults = ContiguousArray(LayerProperties.table.map(\.defaultValue))

    /// The value stored at `index`, read from the defaults when it was never written.
    @inlinable @inline(__always)
    func stored(_ index: Int) -> PropertyValue {
        written & (1 &<< UInt128(index)) != 0 ? storage[index] : Self.defaults[index]
    }

    /// Stores `value` at `index` (whose type the caller has checked) and marks it written.
    @inlinable @inline(__always)
    mutating func store(_ value: PropertyValue, at index: Int) {
        if index >= storage.count { grow(through: index) }
        storage[index] = value
        written |= 1 &<< UInt128(index)
    }

    /// Extends the storage with defaults up to `index`.
    @usableFromInline
    mutating func grow(through index: Int) {
        storage.append(contentsOf: Self.defaults[storage.count...index])
    }

    /// Whether a layer of these values' kind has the property.
    @inlinable
    public func has(_ key: PropertyKey) -> Bool { key.descriptor.kinds.contains(kind) }

    /// Whether a property was ever written; when not, it holds its default. (A written property may
    /// also hold its default, when that is what was written.)
    @inlinable
    public func isWritten(_ key: PropertyKey) -> Bool { written & (1 &<< UInt128(key.rawValue)) != 0 }

    /// The value of a transform-valued property, read without retaining its box; one never written is
    /// the identity, every transform property's default (the schema's tests hold it to that).
    @inlinable
    public func transform(_ key: PropertyKey) -> Transform3D {
        guard isWritten(key), case .transform(let t) = storage[key.rawValue] else { return .identity }
        return t
    }

    /// The untyped value of a property (`values[.position]` is the typed way).
    @inlinable
    public func value(_ key: PropertyKey) -> PropertyValue { stored(key.rawValue) }

    /// The typed value of a property: `values[.position]` is a `Point`.
    @inlinable
    public subscript<Value>(property: Property<Value>) -> Value {
        get { Value(propertyValue: stored(property.key.rawValue))! }
        set { store(newValue.propertyValue, at: property.key.rawValue) }
    }

    /// Sets a property, refusing a value of the wrong type.
    public mutating func set(_ value: PropertyValue, for key: PropertyKey) throws(PropertyError) {
        guard has(key) else { throw .notAProperty(key: key.name, kind: kind) }
        let type = key.descriptor.type
        guard value.type == type else { throw .typeMismatch(key: key.name, expected: type, got: value.type) }
        store(value, at: key.rawValue)
    }

    /// The value at a key path such as `position.x` (`value(forKeyPath:)`).
    public func value(at path: LayerKeyPath) -> PropertyValue {
        path.read(from: stored(path.key.rawValue))
    }

    /// Sets the value at a key path, refusing a value of the wrong type (`setValue(_:forKeyPath:)`).
    public mutating func setValue(_ value: PropertyValue, at path: LayerKeyPath) throws(PropertyError) {
        guard has(path.key) else { throw .notAProperty(key: path.description, kind: kind) }
        store(try path.write(value, into: stored(path.key.rawValue)), at: path.key.rawValue)
    }

    /// The value at a dotted key path, keyword choices by name (`LayerKeyPath.named`); unknown paths
    /// throw `unknownKey`.
    public func value(forKeyPath path: String) throws(PropertyError) -> PropertyValue {
        let path = try LayerKeyPath(path)
        return path.named(value(at: path))
    }

    /// What tells these very values apart from any other, in a few words: where their storage is, how
    /// much of it, which properties were written, and the kind.
    ///
    /// A cache that keeps a copy of a layer's values beside what it made of them can compare identities
    /// to learn, in constant time and without touching the values, that they were not written since:
    /// while the cache holds its copy the storage is shared, so any write to the layer's values first
    /// gives them storage of their own (and shared storage is never written in place). Equal identities
    /// mean identical values only while such a copy is kept; unequal ones may still hold equal values.
    @frozen
    public struct Identity: Hashable, Sendable {
        /// The storage's reference, as a number: read without touching the storage itself.
        @usableFromInline let storage: UInt
        @usableFromInline let written: UInt128
        /// The kind of layer the values belong to.
        public let kind: LayerKind

        @inlinable
        init(storage: UInt, written: UInt128, kind: LayerKind) {
            (self.storage, self.written, self.kind) = (storage, written, kind)
        }
    }

    /// These values' identity (see `Identity`).
    @inlinable
    public var identity: Identity {
        Identity(storage: withUnsafeBytes(of: storage) { $0.load(as: UInt.self) }, written: written, kind: kind)
    }

    /// Equal when every value is: which properties were written does not matter, since an unwritten
    /// property's storage holds its default.
    public static func == (a: PropertyValues, b: PropertyValues) -> Bool {
        a.kind == b.kind && (0..<Self.defaults.count).allSatisfy { a.stored($0) == b.stored($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        for i in 0..<Self.defaults.count { hasher.combine(stored(i)) }
    }

    /// Sets the value at a dotted key path; unknown paths and wrongly typed values throw.
    public mutating func setValue(_ value: PropertyValue, forKeyPath path: String) throws(PropertyError) {
        let path = try LayerKeyPath(path)
        try setValue(try path.unnamed(value), at: path)
    }
}
