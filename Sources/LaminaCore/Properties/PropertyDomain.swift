/// The values a property takes, beyond its type: every number finite, and for a few numbers a sign.
///
/// Checked where values enter (`LayerKeyPath.write`, so the wire, scene files and the client library
/// all refuse the same values with the same error); the renderer may then divide by a scale without
/// checking it again.
public enum PropertyDomain: String, Hashable, Sendable, CaseIterable {
    /// Any finite value (every number of it finite).
    case finite
    /// A finite number greater than zero (a scale).
    case positive

    /// Whether `value` lies in the domain.
    public func contains(_ value: PropertyValue) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .finite: return true
        case .positive:
            if case .number(let n) = value { return n > 0 }
            return true
        }
    }

    /// The values, in words (for errors and the docs).
    public var words: String {
        switch self {
        case .finite: "finite"
        case .positive: "> 0"
        }
    }
}
