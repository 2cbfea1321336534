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
    /// How the animation engine moves between two values.
    public let interpolation: Interpolation
}

/// The layer property table: every CALayer property Lamina supports, in one list that the client
/// library, the wire codec, the scene loader, the animation engine and the renderer all read.
///
/// Adding a property is adding a `PropertyKey` case and one row here; nothing else enumerates properties.
public enum LayerProperties {
    /// The rows, indexed by `PropertyKey.rawValue` (a test holds that order).
    public static let table: [PropertyDescriptor] = [
        row(.bounds, .rect(.zero)),
        row(.position, .point(.zero)),
        row(.zPosition, .number(0)),
        row(.anchorPoint, .point(Point(x: 0.5, y: 0.5))),
        row(.anchorPointZ, .number(0)),
        row(.transform, .transform(.identity), interpolation: .decomposedTransform),
        row(.sublayerTransform, .transform(.identity), interpolation: .decomposedTransform),
        row(.hidden, .bool(false), interpolation: .discrete),
        row(.opacity, .number(1)),
        row(.allowsGroupOpacity, .bool(true), animatable: false, interpolation: .discrete),
        row(.doubleSided, .bool(true), interpolation: .discrete),
        row(.geometryFlipped, .bool(false), animatable: false, interpolation: .discrete),
        row(.masksToBounds, .bool(false), interpolation: .discrete),
        row(.backgroundColor, .color(.clear)),
        row(.borderWidth, .number(0)),
        row(.borderColor, .color(.black)),
        row(.cornerRadius, .number(0)),
        row(.contents, .bitmap(nil), interpolation: .discrete),
        row(.contentsRect, .rect(unit)),
        row(.contentsCenter, .rect(unit)),
        row(.contentsGravity, .gravity(.resize), animatable: false, interpolation: .discrete),
        row(.contentsScale, .number(1), animatable: false),
        row(.minificationFilter, .filter(.linear), animatable: false, interpolation: .discrete),
        row(.magnificationFilter, .filter(.linear), animatable: false, interpolation: .discrete),
        row(.shadowColor, .color(.black)),
        row(.shadowOpacity, .number(0)),
        row(.shadowOffset, .size(Size(width: 0, height: -3))),
        row(.shadowRadius, .number(3)),
        row(.beginTime, .number(0), animatable: false),
        row(.timeOffset, .number(0), animatable: false),
        row(.speed, .number(1), animatable: false),
    ]

    /// The unit rectangle, the default of `contentsRect` and `contentsCenter`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

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
        _ key: PropertyKey, _ defaultValue: PropertyValue, animatable: Bool = true,
        interpolation: Interpolation = .linear
    ) -> PropertyDescriptor {
        PropertyDescriptor(
            key: key, name: String(describing: key), type: defaultValue.type,
            defaultValue: defaultValue, isAnimatable: animatable, interpolation: interpolation)
    }
}
