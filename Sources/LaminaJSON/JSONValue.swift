/// A JSON value as a scene file holds it, objects keeping their members in document order.
///
/// Why not Foundation's `JSONDecoder` or `JSONSerialization`: both drop the order of an object's
/// members (a scene applies `bounds` and `frame` in the order written), silently keep one of two
/// duplicate keys (a typo's twin must be an error), answer a syntax error without saying where, and
/// `JSONSerialization` cannot tell `1` from `true`. `JSONParser` does all four.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let x): hasher.combine(x)
        case .number(let x): hasher.combine(x)
        case .string(let x): hasher.combine(x)
        case .array(let x): hasher.combine(x)
        case .object(let x):
            for member in x {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// How an error message shows what was found: `"high"`, `true`, `3`, `an array`, `an object`.
    public var shortDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): JSONWriter.format(n)
        case .string(let s): s.count > 40 ? "a string" : "\"\(s)\""
        case .array(let a): a.isEmpty ? "an empty array" : "an array of \(a.count)"
        case .object: "an object"
        }
    }
}
