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
    /// The kind of layer the property belongs to (a `CALayer` subclass), or nil for `CALayer`'s own,
    /// which every kind has.
    public var kind: SchemaKind?
    /// Further kinds that have the property too (`preservesDepth`: replicators and emitters).
    public var alsoKinds: [SchemaKind] = []

    /// Every kind the property belongs to (empty for `CALayer`'s own).
    public var kinds: [SchemaKind] { (kind.map { [$0] } ?? []) + alsoKinds }
    /// Whether Core Animation's value may be `nil` (`fillColor`, `path`, `colors`): the client library's
    /// property is then optional, `nil` standing for the type's empty value (`.clear`, the empty path,
    /// the empty list), which draws the same.
    public var isNullable: Bool
    /// A keyword property's Swift enumeration and its choices, in wire order.
    public var keyword: SchemaKeyword?
    /// What a change to it does to what is drawn; a kind's own property is `kindDrawing` unless its
    /// row says otherwise. Nil only for a row that forgot it, which a test refuses.
    public var change: SchemaChange?
    /// The protocol version that added the property (0: every served version has it): sessions of
    /// older versions are refused it, and the Python client's table leaves it out.
    public var since: UInt32
    /// Whether the property is Lamina's own, with no Core Animation counterpart (the client's doc
    /// comments say so instead of naming Core Animation's property).
    public var isLaminaOwn: Bool

    /// A row.
    public init(
        _ name: String, swift: String? = nil, _ type: SchemaType, _ defaultValue: SchemaValue, wire: UInt8,
        animatable: Bool = true, accessor: Bool = true, domain: SchemaDomain = .finite, kind: SchemaKind? = nil,
        also: [SchemaKind] = [], nullable: Bool = false, keyword: SchemaKeyword? = nil, change: SchemaChange? = nil,
        since: UInt32 = 0, own: Bool = false, _ meaning: String
    ) {
        self.since = since
        self.isLaminaOwn = own
        self.change = change ?? (kind == nil ? nil : .kindDrawing)
        self.domain = domain
        self.kind = kind
        self.alsoKinds = also
        self.isNullable = nullable
        self.keyword = keyword
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
    case finite, positive, nonNegative, unitInterval, nonNegativeOrInfinite

    /// In words, for the docs' tables.
    var words: String {
        switch self {
        case .finite: "finite"
        case .positive: "> 0"
        case .nonNegative: "≥ 0"
        case .unitInterval: "in 0...1"
        case .nonNegativeOrInfinite: "≥ 0 or infinite"
        }
    }
}

/// The layer kinds with properties of their own (LaminaCore's `LayerKind`), with the client library's
/// class for each.
public enum SchemaKind: String, Sendable, CaseIterable {
    case shape, gradient, text, replicator, scroll, emitter, tiled

    /// The client library's class (`ShapeLayer`).
    public var className: String {
        switch self {
        case .shape: "ShapeLayer"
        case .gradient: "GradientLayer"
        case .text: "TextLayer"
        case .replicator: "ReplicatorLayer"
        case .scroll: "ScrollLayer"
        case .emitter: "EmitterLayer"
        case .tiled: "TiledLayer"
        }
    }
}

/// A keyword property's Swift enumeration (`FillRule`) and its choices (`nonZero`, `evenOdd`), whose
/// positions are their wire numbers.
public struct SchemaKeyword: Sendable {
    public var typeName: String
    public var choices: [String]
    /// What the enumeration is, for its doc comment.
    public var meaning: String
    /// Whether LaminaCore already has the enumeration (`FillMode`, shared with animations): it is not
    /// generated, and its cases must be the choices in order.
    public var isExisting: Bool
    /// The protocol version that added each choice added after the first served version, by name:
    /// new choices go at the end, and sessions of older versions are refused them.
    public var since: [String: UInt32]

    public init(_ typeName: String, _ choices: [String], _ meaning: String, existing: Bool = false, since: [String: UInt32] = [:]) {
        self.typeName = typeName
        self.choices = choices
        self.meaning = meaning
        self.isExisting = existing
        self.since = since
    }

    /// The version that added each choice, in order (0 for the first served version's).
    public var versions: [UInt32] { choices.map { since[$0] ?? 0 } }
}

/// The value types of layer properties.
public enum SchemaType: String, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, bool, gravity, filter, bitmap
    case path, numbers, colors, string, keyword, corners, filters, cells

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
        case .path: "Path"
        case .numbers: "[Double]"
        case .colors: "[Color]"
        case .string: "String"
        case .keyword: "keyword"  // each row's own enumeration (`PropertySchema.swiftType`)
        case .corners: "CornerMask"
        case .filters: "[LayerFilter]"
        case .cells: "[EmitterCell]"
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
        default: []
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
    /// The empty path or list: Core Animation's `nil`.
    case empty
    /// Text.
    case text(String)
    /// A keyword property's choice, by name.
    case choice(String)
    /// Every corner.
    case allCorners
}

extension PropertySchema {
    /// The Swift type of the value in LaminaCore (`Property<Value>`).
    public var swiftType: String { keyword?.typeName ?? type.swiftType }

    /// The client library's type: optional when the value may be `nil`.
    var clientType: String { isNullable ? "\(swiftType)?" : swiftType }

    /// The empty value `nil` stands for, in Swift.
    var nullLiteral: String { type == .color ? ".clear" : type == .path ? "Path()" : "[]" }

    /// Whether a Swift value `v` is the empty value.
    func isNullTest(_ v: String) -> String { type == .color ? "\(v) == .clear" : "\(v).isEmpty" }
}
