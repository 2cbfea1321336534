import LaminaJSON
/// A JSON value with the path that leads to it, so every decoding error can say where it is.
struct JSONNode {
    let value: JSONValue
    /// `layers[2].sublayers[0].opacity`; empty for the document.
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func member(_ key: String, _ value: JSONValue) -> JSONNode {
        JSONNode(value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func element(_ index: Int, _ value: JSONValue) -> JSONNode {
        JSONNode(value, path: "\(path)[\(index)]")
    }

    /// An error here.
    func error(_ message: String) -> SceneError {
        SceneError(path: path, message: message)
    }

    /// `expected a number, got "high"`.
    func expected(_ what: String) -> SceneError {
        error("expected \(what), got \(value.shortDescription)")
    }

    // MARK: Shapes

    /// The members of an object, checked against the names it may have: an unknown name is an error
    /// (a typo must not pass silently), with a suggestion when one is close.
    func object(allowing allowed: [String]) throws(SceneError) -> Members {
        guard case .object(let members) = value else { throw expected("an object") }
        var nodes: [(key: String, node: JSONNode)] = []
        for (key, value) in members {
            let node = member(key, value)
            guard allowed.contains(key) else {
                let hint = Self.closest(to: key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw node.error("unknown field\(hint)")
            }
            nodes.append((key, node))
        }
        return Members(owner: self, nodes: nodes)
    }

    /// An object whose member names are free (image names, layer names).
    func dictionary() throws(SceneError) -> [(key: String, node: JSONNode)] {
        guard case .object(let members) = value else { throw expected("an object") }
        return members.map { ($0.key, member($0.key, $0.value)) }
    }

    func array() throws(SceneError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw expected("an array") }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }

    func number() throws(SceneError) -> Double {
        guard case .number(let n) = value else { throw expected("a number") }
        return n
    }

    func number(in range: ClosedRange<Double>) throws(SceneError) -> Double {
        let n = try number()
        guard range.contains(n) else { throw error("\(JSONWriter.format(n)) is outside \(JSONWriter.format(range.lowerBound))...\(JSONWriter.format(range.upperBound))") }
        return n
    }

    func nonNegative() throws(SceneError) -> Double {
        let n = try number()
        guard n >= 0 else { throw error("expected a number of at least 0, got \(JSONWriter.format(n))") }
        return n
    }

    func integer(in range: ClosedRange<Int>) throws(SceneError) -> Int {
        let n = try number()
        guard n == n.rounded() else { throw expected("a whole number") }
        guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw error("\(JSONWriter.format(n)) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(n)
    }

    func string() throws(SceneError) -> String {
        guard case .string(let s) = value else { throw expected("a string") }
        return s
    }

    func bool() throws(SceneError) -> Bool {
        guard case .bool(let b) = value else { throw expected("true or false") }
        return b
    }

    /// Exactly `count` numbers, described as `shape` in errors (`[x, y]`).
    func numbers(_ count: Int, shape: String) throws(SceneError) -> [Double] {
        guard case .array(let elements) = value, elements.count == count else { throw expected(shape) }
        var numbers: [Double] = []
        for (i, e) in elements.enumerated() {
            guard case .number(let n) = e else {
                throw element(i, e).expected("a number")
            }
            numbers.append(n)
        }
        return numbers
    }

    /// One of `names` (a Core Animation constant's name).
    func name<T>(_ choices: [(String, T)], what: String) throws(SceneError) -> T {
        guard case .string(let s) = value else { throw expected(what) }
        guard let match = choices.first(where: { $0.0 == s }) else {
            throw error("unknown \(what) \"\(s)\" (one of: \(choices.map(\.0).joined(separator: ", ")))")
        }
        return match.1
    }

    /// The allowed name within edit distance 2 of `key`, if exactly one is nearest.
    static func closest(to key: String, in allowed: [String]) -> String? {
        let scored = allowed.map { ($0, distance(Array(key.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// An object's members after their names were checked, in document order.
struct Members {
    let owner: JSONNode
    let nodes: [(key: String, node: JSONNode)]

    subscript(_ key: String) -> JSONNode? {
        nodes.first { $0.key == key }?.node
    }

    /// A member that must be there.
    func required(_ key: String) throws(SceneError) -> JSONNode {
        guard let node = self[key] else { throw owner.error("missing \"\(key)\"") }
        return node
    }
}
