/// One edge, centre or extent of a layer's frame, on one axis (`CAConstraintAttribute`).
public enum ConstraintAttribute: String, Hashable, Sendable, CaseIterable {
    case minX, midX, maxX, width, minY, midY, maxY, height

    /// Whether it is on the x axis.
    public var isHorizontal: Bool { self == .minX || self == .midX || self == .maxX || self == .width }

    /// Its value in `rect`.
    public func value(in rect: Rect) -> Double {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}

/// What a constraint measures from: the superlayer's bounds, or a sibling's frame, by name.
public enum ConstraintSource: Hashable, Sendable, CustomStringConvertible {
    case superlayer
    case sibling(String)

    public var description: String {
        switch self {
        case .superlayer: "superlayer"
        case .sibling(let name): "\"\(name)\""
        }
    }
}

/// `attribute = source's sourceAttribute · scale + offset` (`CAConstraint`), applied by a constraint
/// layout (`ConstraintLayout`) to a sublayer's frame in its superlayer's space.
public struct Constraint: Hashable, Sendable {
    public var attribute: ConstraintAttribute
    public var source: ConstraintSource
    public var sourceAttribute: ConstraintAttribute
    public var scale: Double
    public var offset: Double

    /// A constraint; `sourceAttribute` defaults to `attribute`.
    public init(
        _ attribute: ConstraintAttribute, relativeTo source: ConstraintSource,
        attribute sourceAttribute: ConstraintAttribute? = nil, scale: Double = 1, offset: Double = 0
    ) {
        self.attribute = attribute
        self.source = source
        self.sourceAttribute = sourceAttribute ?? attribute
        self.scale = scale
        self.offset = offset
    }
}
