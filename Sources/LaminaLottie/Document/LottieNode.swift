import LaminaJSON

/// A JSON value with the path that leads to it, so every error and diagnostic can say where it is.
///
/// Lottie files are read leniently where exporters differ (a scalar written as `[5]`, a missing `a`
/// flag on an animated property, colours in 0...255) and strictly where a value would be unsafe or
/// meaningless (a string where a number must be, a non-finite number, a size over the limits).
struct LottieNode {
    let value: JSONValue
    /// `layers[2].ks.o`; empty for the document.
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// The member `key` of an object (nil when absent, null, or this is not an object).
    subscript(_ key: String) -> LottieNode? {
        guard case .object(let members) = value, let member = members.first(where: { $0.key == key }) else { return nil }
        if case .null = member.value { return nil }
        return LottieNode(member.value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The elements of an array (none when this is not one).
    var elements: [LottieNode] {
        guard case .array(let elements) = value else { return [] }
        return elements.enumerated().map { LottieNode($0.element, path: "\(path)[\($0.offset)]") }
    }

    var isArray: Bool { if case .array = value { true } else { false } }
    var isObject: Bool { if case .object = value { true } else { false } }

    func error(_ message: String) -> LottieError { LottieError(path: path, message: message) }

    func expected(_ what: String) -> LottieError { error("expected \(what), got \(value.shortDescription)") }

    /// A finite number within `LottieLimits.maximumMagnitude`; a one-element array of one is taken as
    /// the number.
    func number() throws(LottieError) -> Double {
        switch value {
        case .number(let n) where n.isFinite: return try Self.inRange(n, self)
        case .bool(let b): return b ? 1 : 0
        case .array(let a) where a.count >= 1:
            if case .number(let n) = a[0], n.isFinite { return try Self.inRange(n, self) }
        default: break
        }
        throw expected("a number")
    }

    /// `n`, unless it is larger than any value a file needs (whose products would overflow).
    private static func inRange(_ n: Double, _ node: LottieNode) throws(LottieError) -> Double {
        guard abs(n) <= LottieLimits.maximumMagnitude else {
            throw node.error("\(n) is out of range (at most \(Int(LottieLimits.maximumMagnitude)) in magnitude)")
        }
        return n
    }

    /// Finite numbers: an array of them, or one number as a one-element array.
    func numbers() throws(LottieError) -> [Double] {
        switch value {
        case .number(let n) where n.isFinite: return [try Self.inRange(n, self)]
        case .array(let a):
            var numbers: [Double] = []
            numbers.reserveCapacity(a.count)
            for (i, e) in a.enumerated() {
                let element = LottieNode(e, path: "\(path)[\(i)]")
                guard case .number(let n) = e, n.isFinite else { throw element.expected("a number") }
                numbers.append(try Self.inRange(n, element))
            }
            return numbers
        default:
            throw expected("a number or an array of numbers")
        }
    }

    func string() throws(LottieError) -> String {
        guard case .string(let s) = value else { throw expected("a string") }
        return s
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws(LottieError) -> Int {
        let n = try number()
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw error("expected a whole number in \(range.lowerBound)...\(range.upperBound), got \(JSONWriter.format(n))")
        }
        return Int(n)
    }

    /// `self[key]` as a number, or `fallback` when absent.
    func number(_ key: String, default fallback: Double) throws(LottieError) -> Double {
        guard let node = self[key] else { return fallback }
        return try node.number()
    }

    /// `self[key]` as a whole number, or `fallback` when absent.
    func integer(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(LottieError) -> Int {
        guard let node = self[key] else { return fallback }
        return try node.integer(in: range)
    }

    /// Whether `self[key]` is 1 or true.
    func flag(_ key: String) -> Bool {
        guard let node = self[key] else { return false }
        switch node.value {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: return false
        }
    }

    /// A member that must be there.
    func required(_ key: String) throws(LottieError) -> LottieNode {
        guard let node = self[key] else { throw error("missing \"\(key)\"") }
        return node
    }
}
