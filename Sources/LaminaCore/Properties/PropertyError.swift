/// Why a property read or write was refused. Each case names the key the caller wrote.
public enum PropertyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key or key path names no supported layer property (or no component of one).
    case unknownKey(String)
    /// The value's type is not the property's (or the component's).
    case typeMismatch(key: String, expected: PropertyType, got: PropertyType)
    /// The value (or what writing it into the property made) has a number that is not finite.
    case notFinite(key: String)
    /// The value is outside the property's domain (a scale of 0, say).
    case outOfDomain(key: String, domain: PropertyDomain, value: PropertyValue)
    /// The value is larger than `PropertyLimits` allows (`excess` says how, in words).
    case tooLarge(key: String, excess: String)
    /// The keyword's index names none of the property's choices.
    case unknownChoice(key: String, index: Int, choices: [String])
    /// The keyword's name is none of the property's choices (`"sideways"` for `fillMode`).
    case unknownChoiceName(key: String, name: String, choices: [String])
    /// The property belongs to other kinds of layer (`fillColor` on a `gradient` layer).
    case notAProperty(key: String, kind: LayerKind)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown layer property '\(key)'"
        case .typeMismatch(let key, let expected, let got):
            "'\(key)' takes a \(expected), not a \(got)"
        case .notFinite(let key):
            "'\(key)' takes finite numbers only (no infinity or NaN)"
        case .outOfDomain(let key, let domain, let value):
            if case .number(let n) = value { "'\(key)' takes numbers \(domain.words), not \(n)" }
            else { "'\(key)' takes values \(domain.words)" }
        case .tooLarge(let key, let excess):
            "'\(key)' was given \(excess)"
        case .unknownChoice(let key, let index, let choices):
            "'\(key)' has no choice number \(index) (\(choices.count) choices: \(choices.joined(separator: ", ")))"
        case .unknownChoiceName(let key, let name, let choices):
            "'\(key)' has no choice '\(name)' (it takes \(choices.joined(separator: ", ")))"
        case .notAProperty(let key, let kind):
            "'\(key)' is not a property of a `\(kind)` layer"
        }
    }
}
