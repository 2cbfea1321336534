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

extension PropertyValue {
    /// Whether every number in the value is finite: the domain of every numeric property value that
    /// comes from a client or a scene file. Infinities and NaNs have no place on screen, and finite
    /// values, however large, are what the renderer and the animation engine are written to survive.
    public var isFinite: Bool {
        func finite(_ v: SIMD4<Double>) -> Bool { v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite }
        if let v = vector { return finite(v) }
        if case .transform(let t) = self { return finite(t.row1) && finite(t.row2) && finite(t.row3) && finite(t.row4) }
        return true
    }
}
