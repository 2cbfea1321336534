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
}

/// The layer property table: every CALayer property Lamina supports, in one list that the client
/// library, the wire codec, the scene loader, the animation engine and the renderer all read.
///
/// Adding a property is adding a `PropertyKey` case and one row here; nothing else enumerates properties.
public enum LayerProperties {
    /// The rows, indexed by `PropertyKey.rawValue` (a test holds that order).
    public static let table: [PropertyDescriptor] = [
        row(.bounds, wire: 0, .rect(.zero)),
        row(.position, wire: 1, .point(.zero)),
        row(.zPosition, wire: 2, .number(0)),
        row(.anchorPoint, wire: 3, .point(Point(x: 0.5, y: 0.5))),
        row(.anchorPointZ, wire: 4, .number(0)),
        row(.transform, wire: 5, .transform(.identity)),
        row(.sublayerTransform, wire: 6, .transform(.identity)),
        row(.hidden, wire: 7, .bool(false)),
        row(.opacity, wire: 8, .number(1)),
        row(.allowsGroupOpacity, wire: 9, .bool(true), animatable: false),
        row(.doubleSided, wire: 10, .bool(true)),
        row(.geometryFlipped, wire: 11, .bool(false), animatable: false),
        row(.masksToBounds, wire: 12, .bool(false)),
        row(.backgroundColor, wire: 13, .color(.clear)),
        row(.borderWidth, wire: 14, .number(0)),
        row(.borderColor, wire: 15, .color(.black)),
        row(.cornerRadius, wire: 16, .number(0)),
        row(.contents, wire: 17, .bitmap(nil)),
        row(.contentsRect, wire: 18, .rect(unit)),
        row(.contentsCenter, wire: 19, .rect(unit)),
        row(.contentsGravity, wire: 20, .gravity(.resize), animatable: false),
        row(.contentsScale, wire: 21, .number(1), animatable: false),
        row(.minificationFilter, wire: 22, .filter(.linear), animatable: false),
        row(.magnificationFilter, wire: 23, .filter(.linear), animatable: false),
        row(.shadowColor, wire: 24, .color(.black)),
        row(.shadowOpacity, wire: 25, .number(0)),
        row(.shadowOffset, wire: 26, .size(Size(width: 0, height: -3))),
        row(.shadowRadius, wire: 27, .number(3)),
        row(.beginTime, wire: 28, .number(0), animatable: false),
        row(.timeOffset, wire: 29, .number(0), animatable: false),
        row(.speed, wire: 30, .number(1), animatable: false),
    ]

    /// The unit rectangle, the default of `contentsRect` and `contentsCenter`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Keys by wire id (`PropertyDescriptor.wireID`).
    public static let keysByWireID: [UInt8: PropertyKey] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.wireID, $0.key) })

    /// Keys by Core Animation name.
    static let keysByName: [String: PropertyKey] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.name, $0.key) })

    /// The default value for a key or key path (`CALayer.defaultValue(forKey:)`), such as `opacity` or
    /// `position.x`.
    public static func defaultValue(forKey key: String) throws(PropertyError) -> PropertyValue {
        let path = try LayerKeyPath(key)
        return path.read(from: path.key.descriptor.defaultValue)
    }

    private static func row(
        _ key: PropertyKey, wire: UInt8, _ defaultValue: PropertyValue, animatable: Bool = true,
        interpolation: Interpolation? = nil
    ) -> PropertyDescriptor {
        PropertyDescriptor(
            key: key, name: String(describing: key), type: defaultValue.type, defaultValue: defaultValue,
            isAnimatable: animatable, interpolation: interpolation ?? .default(for: defaultValue.type), wireID: wire)
    }
}
