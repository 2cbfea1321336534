/// One layer property: its name, the type of its value, its default, and how it animates.
public struct PropertyDescriptor: Sendable {
    /// The key (its raw value is this descriptor's index in the table).
    public let key: PropertyKey
    /// Core Animation's name.
    public let name: String
    /// The type of the value.
    public let type: PropertyType
    /// Core Animation's default (`CALayer.defaultValue(forKey:)`).
    public let defaultValue: PropertyValue
    /// Whether changes run implicit actions and explicit animations may target it.
    public let isAnimatable: Bool
    /// How the animation engine moves between two values (`LayerKeyPath.interpolation`): the default
    /// rule of the type unless the row says otherwise.
    public let interpolation: Interpolation
    /// The property's number on the wire: explicit and stable, so that rows can be reordered or
    /// inserted without renumbering the protocol (a golden-byte test holds each one).
    public let wireID: UInt8
    /// The values it takes (`LayerKeyPath.write` refuses the others).
    public let domain: PropertyDomain
    /// The kinds of layer that have it: every kind for `CALayer`'s own properties, one kind for the
    /// properties of a subclass (`fillColor` is a shape layer's).
    public let kinds: LayerKinds
    /// A keyword property's choices by name, in the order of their indices (and wire numbers); empty
    /// for every other type.
    public let choices: [String]
    /// The protocol version that added each choice (0 for those every served version has), parallel
    /// to `choices`: a session of an older version is refused the newer choices, as its daemon would
    /// have refused them.
    public let choiceVersions: [UInt32]
    /// The protocol version that added the property (0: every served version has it): a session of an
    /// older version is refused it, as its daemon would have refused a property it did not know.
    public let since: UInt32

    /// The name of a keyword value's choice (`evenOdd`), or nil when the index names none.
    public func choiceName(_ index: UInt8) -> String? {
        Int(index) < choices.count ? choices[Int(index)] : nil
    }

    /// The protocol version that added choice `index` (0: every version has it).
    public func choiceVersion(_ index: UInt8) -> UInt32 {
        Int(index) < choiceVersions.count ? choiceVersions[Int(index)] : 0
    }
}

/// The layer property table: every CALayer property Lamina supports, in one list that the client
/// library, the wire codec, the scene loader, the animation engine and the renderer all read.
///
/// The rows themselves (`table`, in `LayerProperties+Table.swift`) and the keys are generated from
/// LaminaSchema's declaration of each property (`make generate`); nothing else enumerates properties.
public enum LayerProperties {
    /// The unit rectangle, the default of `contentsRect` and `contentsCenter`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Keys by wire id (`PropertyDescriptor.wireID`).
    public static let keysByWireID: [UInt8: PropertyKey] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.wireID, $0.key) })

    /// Keys by Core Animation name.
    static let keysByName: [String: PropertyKey] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.name, $0.key) })

    /// The default value for a key or key path (`CALayer.defaultValue(forKey:)`), such as `opacity` or
    /// `position.x`; a keyword property's by its choice's name (`"removed"` for `fillMode`).
    public static func defaultValue(forKey key: String) throws(PropertyError) -> PropertyValue {
        let path = try LayerKeyPath(key)
        return path.named(path.read(from: path.key.descriptor.defaultValue))
    }

    static func row(
        _ key: PropertyKey, wire: UInt8, _ defaultValue: PropertyValue, animatable: Bool = true,
        interpolation: Interpolation? = nil, domain: PropertyDomain = .finite, kind: LayerKind? = nil,
        kinds: [LayerKind] = [], choices: [String] = [], choiceVersions: [UInt32] = [], since: UInt32 = 0
    ) -> PropertyDescriptor {
        var set: LayerKinds = kind.map(LayerKinds.init) ?? (kinds.isEmpty ? .all : [])
        for k in kinds { set.formUnion(LayerKinds(k)) }
        return PropertyDescriptor(
            key: key, name: String(describing: key), type: defaultValue.type, defaultValue: defaultValue,
            isAnimatable: animatable, interpolation: interpolation ?? .default(for: defaultValue.type), wireID: wire,
            domain: domain, kinds: set, choices: choices,
            choiceVersions: choiceVersions.isEmpty ? Array(repeating: 0, count: choices.count) : choiceVersions, since: since)
    }

    /// The properties a layer of `kind` has, in table order: `CALayer`'s, then its own.
    public static func keys(of kind: LayerKind) -> [PropertyKey] {
        keysByKind[Int(kind.rawValue)]
    }

    /// Indexed by `LayerKind.rawValue` (whose numbers are the wire's, with gaps for kinds to come).
    static let keysByKind: [[PropertyKey]] = (0...UInt8(LayerKind.allCases.map(\.rawValue).max()!)).map { raw in
        LayerKind(rawValue: raw).map { kind in table.filter { $0.kinds.contains(kind) }.map(\.key) } ?? []
    }
}
