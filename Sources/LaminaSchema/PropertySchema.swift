/// One layer property, declared once: everything the rest of Lamina needs to know about it. The
/// generator (`lamina-schema`, `make generate`) writes LaminaCore's `PropertyKey` and property table,
/// the client library's `Layer` properties and the property tables of the docs from these rows.
public struct PropertySchema: Sendable {
    /// Core Animation's name, which is also the key path, the scene files' key and `PropertyKey`'s case.
    public var name: String
    /// The client library's Swift name (`isHidden` for `hidden`).
    public var swiftName: String
    /// The value's type.
    public var type: SchemaType
    /// Core Animation's default.
    public var defaultValue: SchemaValue
    /// The property's number on the wire: fixed for ever once released.
    public var wireID: UInt8
    /// Whether changes run implicit actions and animations may target it.
    public var isAnimatable: Bool
    /// What it is, in one sentence (the client library's doc comment).
    public var meaning: String
    /// Whether the client library gets a generated accessor (`contents` holds a `Bitmap` and has its
    /// own, in `Layer+Display.swift`).
    public var hasGeneratedAccessor: Bool
    /// The values it takes beyond its type: `finite` (every number), or `positive` (a scale).
    public var domain: SchemaDomain

    /// A row.
    public init(
        _ name: String, swift: String? = nil, _ type: SchemaType, _ defaultValue: SchemaValue, wire: UInt8,
        animatable: Bool = true, accessor: Bool = true, domain: SchemaDomain = .finite, _ meaning: String
    ) {
        self.domain = domain
        self.name = name
        self.swiftName = swift ?? name
        self.type = type
        self.defaultValue = defaultValue
        self.wireID = wire
        self.isAnimatable = animatable
        self.meaning = meaning
        self.hasGeneratedAccessor = accessor
    }
}

/// The values a property takes beyond its type (LaminaCore's `PropertyDomain`).
public enum SchemaDomain: String, Sendable, CaseIterable {
    case finite, positive

    /// In words, for the docs' tables.
    var words: String {
        switch self {
        case .finite: "finite"
        case .positive: "> 0"
        }
    }
}

/// The value types of layer properties.
public enum SchemaType: String, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, bool, gravity, filter, bitmap

    /// The Swift type of a value (`PropertyValue`'s payload).
    public var swiftType: String {
        switch self {
        case .number: "Double"
        case .point: "Point"
        case .size: "Size"
        case .rect: "Rect"
        case .color: "Color"
        case .transform: "Transform3D"
        case .bool: "Bool"
        case .gravity: "ContentsGravity"
        case .filter: "ContentsFilter"
        case .bitmap: "BitmapID?"
        }
    }

    /// The components a key path can name, as `(Swift key path suffix, Core Animation suffix)`, for the
    /// client library's typed key paths.
    var keyPathComponents: [(swift: String, name: String)] {
        switch self {
        case .point: [("x", "x"), ("y", "y")]
        case .size: [("width", "width"), ("height", "height")]
        case .rect:
            [
                ("origin", "origin"), ("size", "size"), ("origin.x", "origin.x"), ("origin.y", "origin.y"),
                ("size.width", "size.width"), ("size.height", "size.height"),
            ]
        case .number, .color, .transform, .bool, .gravity, .filter, .bitmap: []
        }
    }
}

/// A default value, written so that each generated file can say it its own way.
public enum SchemaValue: Sendable {
    case number(Double)
    case point(Double, Double)
    case size(Double, Double)
    case rect(Double, Double, Double, Double)
    /// A colour, with the words the docs use for it.
    case color(Double, Double, Double, Double, words: String, swift: String)
    case identity
    case bool(Bool)
    /// A case of `ContentsGravity` or `ContentsFilter`, by name, with its wire number.
    case enumeration(String, wire: Int)
    case none
}
