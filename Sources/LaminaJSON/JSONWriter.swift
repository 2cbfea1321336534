/// Writes `JSONValue`s: compact, or indented two spaces; members in their stored order.
public enum JSONWriter {
    /// The JSON text of `value`.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var out = ""
        write(value, into: &out, indent: pretty ? 0 : nil)
        return out
    }

    /// A number as JSON writes it: whole numbers without a fraction, others in the shortest form that
    /// reads back exactly; non-finite numbers (which JSON cannot hold) as `null`.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return n == 0 ? "0" : String(Int64(n)) }
        return "\(n)"
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: Int?) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += format(n)
        case .string(let s): quote(s, into: &out)
        case .array(let elements):
            // Arrays of numbers (points, rects, matrices) stay on one line even when pretty.
            let flat = elements.allSatisfy { if case .number = $0 { true } else { false } }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += flat || indent == nil ? (flat && indent != nil ? ", " : ",") : "," }
                if !flat, let indent { newline(indent + 1, into: &out) }
                write(element, into: &out, indent: indent.map { $0 + 1 })
            }
            if !flat, let indent, !elements.isEmpty { newline(indent, into: &out) }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if let indent { newline(indent + 1, into: &out) }
                quote(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(member.value, into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent, !members.isEmpty { newline(indent, into: &out) }
            out += "}"
        }
    }

    private static func newline(_ level: Int, into out: inout String) {
        out += "\n" + String(repeating: "  ", count: level)
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
