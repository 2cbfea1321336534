/// A stored layer property, by its Core Animation name. The raw value indexes `LayerProperties.table`
/// and every layer's `PropertyValues`, so lookups are array reads, never string hashing.
///
/// The case names *are* Core Animation's names: the table takes each name from `String(describing:)`,
/// which is why this enum has no custom description.
public enum PropertyKey: Int, Sendable, CaseIterable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ
    case transform, sublayerTransform
    case hidden, opacity, allowsGroupOpacity, doubleSided, geometryFlipped, masksToBounds
    case backgroundColor, borderWidth, borderColor, cornerRadius
    case contents, contentsRect, contentsCenter, contentsGravity, contentsScale
    case minificationFilter, magnificationFilter
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case beginTime, timeOffset, speed

    /// The descriptor in the property table.
    @inlinable
    public var descriptor: PropertyDescriptor { LayerProperties.table[rawValue] }

    /// Core Animation's name of the property.
    public var name: String { descriptor.name }

    /// The key with Core Animation's name `name`, or nil.
    public init?(name: some StringProtocol) {
        guard let key = LayerProperties.keysByName[String(name)] else { return nil }
        self = key
    }
}

/// A `PropertyKey` that knows the Swift type of its value, for typed reads and writes:
/// `values[.position]` is a `Point`.
public struct Property<Value: PropertyValueConvertible>: Sendable {
    /// The untyped key.
    public let key: PropertyKey

    @usableFromInline init(_ key: PropertyKey) { self.key = key }
}

extension Property where Value == Rect {
    public static var bounds: Self { .init(.bounds) }
    public static var contentsRect: Self { .init(.contentsRect) }
    public static var contentsCenter: Self { .init(.contentsCenter) }
}

extension Property where Value == Point {
    public static var position: Self { .init(.position) }
    public static var anchorPoint: Self { .init(.anchorPoint) }
}

extension Property where Value == Size {
    public static var shadowOffset: Self { .init(.shadowOffset) }
}

extension Property where Value == Double {
    public static var zPosition: Self { .init(.zPosition) }
    public static var anchorPointZ: Self { .init(.anchorPointZ) }
    public static var opacity: Self { .init(.opacity) }
    public static var borderWidth: Self { .init(.borderWidth) }
    public static var cornerRadius: Self { .init(.cornerRadius) }
    public static var contentsScale: Self { .init(.contentsScale) }
    public static var shadowOpacity: Self { .init(.shadowOpacity) }
    public static var shadowRadius: Self { .init(.shadowRadius) }
    public static var beginTime: Self { .init(.beginTime) }
    public static var timeOffset: Self { .init(.timeOffset) }
    public static var speed: Self { .init(.speed) }
}

extension Property where Value == Transform3D {
    public static var transform: Self { .init(.transform) }
    public static var sublayerTransform: Self { .init(.sublayerTransform) }
}

extension Property where Value == Bool {
    public static var hidden: Self { .init(.hidden) }
    public static var allowsGroupOpacity: Self { .init(.allowsGroupOpacity) }
    public static var doubleSided: Self { .init(.doubleSided) }
    public static var geometryFlipped: Self { .init(.geometryFlipped) }
    public static var masksToBounds: Self { .init(.masksToBounds) }
}

extension Property where Value == Color {
    public static var backgroundColor: Self { .init(.backgroundColor) }
    public static var borderColor: Self { .init(.borderColor) }
    public static var shadowColor: Self { .init(.shadowColor) }
}

extension Property where Value == ContentsGravity {
    public static var contentsGravity: Self { .init(.contentsGravity) }
}

extension Property where Value == ContentsFilter {
    public static var minificationFilter: Self { .init(.minificationFilter) }
    public static var magnificationFilter: Self { .init(.magnificationFilter) }
}

extension Property where Value == BitmapID? {
    public static var contents: Self { .init(.contents) }
}
