/// A path to properties of a Lottie animation by the names in the file (lottie-ios's
/// `AnimationKeypath`): layer names, from the composition down through precomps, then shape group and
/// item names, then the property, joined by dots: `"Ball.Shape 1.Fill 1.Color"`. `*` stands for any one
/// name and `**` for any number of names (none included): `"**.Fill 1.Color"` is every fill named
/// "Fill 1".
public struct LottieKeypath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The names, outermost first.
    public let keys: [String]

    /// A keypath from its dotted form.
    public init(_ keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// A keypath from its names.
    public init(keys: [String]) { self.keys = keys }

    public var description: String { keys.joined(separator: ".") }

    /// Whether the names of one property, `path`, are matched: each key matches its name exactly, `*`
    /// matches any one name, `**` any run of names.
    public func matches(_ path: [String]) -> Bool {
        // Positions in `path` reachable after each key: a small NFA, linear in keys × names.
        var reachable: Set<Int> = [0]
        for key in keys {
            var next: Set<Int> = []
            for position in reachable {
                switch key {
                case "**": next.formUnion(position...path.count)
                case "*": if position < path.count { next.insert(position + 1) }
                default: if position < path.count && path[position] == key { next.insert(position + 1) }
                }
            }
            reachable = next
            if reachable.isEmpty { return false }
        }
        return reachable.contains(path.count)
    }
}
