/// A typed value of a layer property (or of a component of one, such as `position.x`).
public enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    /// Boxed (`indirect`): a `Transform3D` is 128 bytes, and inline it would make every value of every
    /// type that large, which the engine copies many times per animated property per frame.
    indirect case transform(Transform3D)
    case bool(Bool)
    case gravity(ContentsGravity)
    case filter(ContentsFilter)
    /// A layer's contents: a bitmap's identity, or none.
    case bitmap(BitmapID?)
    /// A shape layer's outline (boxed, like a transform: its element list is already on the heap,
    /// and inline it would widen every value).
    indirect case path(Path)
    /// A list of numbers.
    case numbers([Double])
    /// A list of colours.
    case colors([Color])
    /// Text.
    case string(String)
    /// A choice among a property's named values, by index (`PropertyDescriptor.choices`).
    case keyword(UInt8)
    /// A set of corners.
    case corners(CornerMask)
    /// A list of filters.
    case filters([LayerFilter])
    /// A list of emitter cells.
    case cells([EmitterCell])

    /// The kind of this value.
    public var type: PropertyType {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .gravity: .gravity
        case .filter: .filter
        case .bitmap: .bitmap
        case .path: .path
        case .numbers: .numbers
        case .colors: .colors
        case .string: .string
        case .keyword: .keyword
        case .corners: .corners
        case .filters: .filters
        case .cells: .cells
        }
    }
}

/// A Swift type that a `PropertyValue` case carries, so typed property keys can read and write it.
public protocol PropertyValueConvertible: Sendable {
    /// The payload, when `value` is of this type.
    init?(propertyValue value: PropertyValue)
    /// The value wrapped in its `PropertyValue` case.
    var propertyValue: PropertyValue { get }
}

extension Double: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .number(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .number(self) }
}

extension Point: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .point(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .point(self) }
}

extension Size: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .size(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .size(self) }
}

extension Rect: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .rect(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .rect(self) }
}

extension Color: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .color(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .color(self) }
}

extension Transform3D: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .transform(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .transform(self) }
}

extension Bool: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .bool(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .bool(self) }
}

extension ContentsGravity: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .gravity(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .gravity(self) }
}

extension ContentsFilter: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .filter(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .filter(self) }
}

extension Optional: PropertyValueConvertible where Wrapped == BitmapID {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .bitmap(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .bitmap(self) }
}

extension Path: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .path(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .path(self) }
}

extension CornerMask: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .corners(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .corners(self) }
}

extension String: PropertyValueConvertible {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .string(let x) = v else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { .string(self) }
}

/// The element of a list property: numbers (`.numbers`) and colours (`.colors`).
public protocol PropertyListElement: Sendable {
    /// The list as a property value.
    static func listValue(_ list: [Self]) -> PropertyValue
    /// The list in `value`, when it is a list of this element.
    static func list(in value: PropertyValue) -> [Self]?
}

extension LayerFilter: PropertyListElement {
    @inlinable public static func listValue(_ list: [LayerFilter]) -> PropertyValue { .filters(list) }
    @inlinable public static func list(in value: PropertyValue) -> [LayerFilter]? {
        guard case .filters(let x) = value else { return nil }
        return x
    }
}

extension EmitterCell: PropertyListElement {
    @inlinable public static func listValue(_ list: [EmitterCell]) -> PropertyValue { .cells(list) }
    @inlinable public static func list(in value: PropertyValue) -> [EmitterCell]? {
        guard case .cells(let x) = value else { return nil }
        return x
    }
}

extension Double: PropertyListElement {
    @inlinable public static func listValue(_ list: [Double]) -> PropertyValue { .numbers(list) }
    @inlinable public static func list(in value: PropertyValue) -> [Double]? {
        guard case .numbers(let x) = value else { return nil }
        return x
    }
}

extension Color: PropertyListElement {
    @inlinable public static func listValue(_ list: [Color]) -> PropertyValue { .colors(list) }
    @inlinable public static func list(in value: PropertyValue) -> [Color]? {
        guard case .colors(let x) = value else { return nil }
        return x
    }
}

extension Array: PropertyValueConvertible where Element: PropertyListElement {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard let x = Element.list(in: v) else { return nil }
        self = x
    }
    @inlinable public var propertyValue: PropertyValue { Element.listValue(self) }
}

/// A Swift enumeration of a keyword property's choices (`FillRule`, `LineCap`, ...), generated from
/// the schema in the order of the row's choices, so a case's raw value is its index there.
public protocol PropertyKeyword: RawRepresentable, CaseIterable, Sendable, PropertyValueConvertible
where RawValue == UInt8 {}

extension PropertyKeyword {
    @inlinable public init?(propertyValue v: PropertyValue) {
        guard case .keyword(let x) = v else { return nil }
        self.init(rawValue: x)
    }
    @inlinable public var propertyValue: PropertyValue { .keyword(rawValue) }
}

extension PropertyValue {
    /// Whether every number in the value is finite: the domain of every numeric property value that
    /// comes from a client or a scene file. Infinities and NaNs have no place on screen, and finite
    /// values, however large, are what the renderer and the animation engine are written to survive.
    public var isFinite: Bool {
        func finite(_ v: SIMD4<Double>) -> Bool { v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite }
        if let v = vector { return finite(v) }
        switch self {
        case .transform(let t): return finite(t.row1) && finite(t.row2) && finite(t.row3) && finite(t.row4)
        case .path(let p): return p.isFinite
        case .numbers(let list): return list.allSatisfy(\.isFinite)
        case .colors(let list): return list.allSatisfy { finite(SIMD4($0.red, $0.green, $0.blue, $0.alpha)) }
        case .filters(let list): return list.allSatisfy { $0.numbers.allSatisfy(\.isFinite) }
        case .cells(let cells):
            var finite = true
            EmitterCell.forEachNumber(cells) { if !$0.isFinite { finite = false } }
            return finite
        default: return true
        }
    }
}
