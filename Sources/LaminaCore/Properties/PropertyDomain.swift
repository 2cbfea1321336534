/// The values a property takes, beyond its type: every number finite, and for a few numbers a sign
/// or a range.
///
/// Checked where values enter (`LayerKeyPath.write`, so the wire, scene files and the client library
/// all refuse the same values with the same error); the renderer may then divide by a scale without
/// checking it again. A list's numbers are checked one by one.
public enum PropertyDomain: String, Hashable, Sendable, CaseIterable {
    /// Any finite value (every number of it finite).
    case finite
    /// A finite number greater than zero (a scale).
    case positive
    /// A finite number of zero or more (a line width, a font size, a dash length).
    case nonNegative
    /// A finite number in 0...1 (a gradient's locations).
    case unitInterval
    /// A number of zero or more, infinity included (a layer's `duration`, `repeatCount`).
    case nonNegativeOrInfinite

    /// Whether infinity belongs to the domain (every other number still must be finite).
    public var allowsInfinity: Bool { self == .nonNegativeOrInfinite }

    /// Whether `value` lies in the domain.
    public func contains(_ value: PropertyValue) -> Bool {
        if allowsInfinity, case .number(let n) = value { return contains(n) }
        guard value.isFinite else { return false }
        switch value {
        case .number(let n): return contains(n)
        case .numbers(let list): return list.allSatisfy(contains)
        // Both sides of a size (a tiled layer's `tileSize`).
        case .size(let size): return contains(size.width) && contains(size.height)
        default: return true
        }
    }

    /// Whether the number `n` lies in the domain.
    public func contains(_ n: Double) -> Bool {
        switch self {
        case .finite: n.isFinite
        case .positive: n.isFinite && n > 0
        case .nonNegative: n.isFinite && n >= 0
        case .unitInterval: n >= 0 && n <= 1
        case .nonNegativeOrInfinite: n >= 0
        }
    }

    /// The values, in words (for errors and the docs).
    public var words: String {
        switch self {
        case .finite: "finite"
        case .positive: "> 0"
        case .nonNegative: "≥ 0"
        case .unitInterval: "in 0...1"
        case .nonNegativeOrInfinite: "≥ 0 or infinite"
        }
    }
}

/// How large a value may be: the bounds every value a client or a scene file gives is held to where it
/// enters (`LayerKeyPath.write`), so that no property can make the compositor's work per frame, or its
/// memory, grow without bound.
public enum PropertyLimits {
    /// Elements of a path (moves, lines, curves, closes): 100,000, which the shape rasteriser fills
    /// and strokes in a few milliseconds.
    public static let pathElements = 100_000
    /// Entries of a list (`colors`, `locations`, `lineDashPattern`).
    public static let listCount = 10_000
    /// UTF-8 bytes of a string (`string`, `font`): 256 KiB, a long book chapter; a text layer lays
    /// out the whole of it whenever it changes.
    public static let stringBytes = 256 * 1024
    /// Filters in one list: 8, each a pass (a blur two) over the layer's pixels every time it is drawn.
    public static let filters = 8
    /// Emitter cells in one list, at every depth: 64; and how deep they nest: 4.
    public static let cells = 64
    public static let cellDepth = 4
    /// UTF-8 bytes of a filter's name: 256.
    public static let nameBytes = 256
    /// The largest blur radius drawn, in points: 500 (a standard deviation of 250 points, past any
    /// output's size at scale 1). A larger radius is accepted and draws as this one.
    public static let blurRadius = 500.0

    /// What about a cell is outside its fields' domains, in words, or nil: rates, lifetimes, their
    /// ranges and `contentsScale` take no negative numbers (and `contentsScale` not 0), names no dots.
    static func badCell(in cells: [EmitterCell]) -> String? {
        for cell in cells {
            if let name = cell.name, name.contains(".") || name.isEmpty || name.utf8.count > nameBytes {
                return "an emitter cell's name \"\(name.prefix(40))\" (a key path part: 1 to \(nameBytes) bytes, no dots)"
            }
            for field in [EmitterCell.Field.birthRate, .lifetime, .lifetimeRange, .duration] where cell[field] < 0 {
                return "an emitter cell's \(field.rawValue) of \(cell[field]) (at least 0)"
            }
            if cell[.contentsScale] <= 0 { return "an emitter cell's contentsScale of \(cell[.contentsScale]) (above 0)" }
            if let inner = badCell(in: cell.emitterCells) { return inner }
        }
        return nil
    }

    /// What about `value` is over a limit, in words, or nil when nothing is.
    public static func excess(of value: PropertyValue) -> String? {
        switch value {
        case .path(let p) where p.elements.count > pathElements:
            "a path of \(p.elements.count) elements (at most \(pathElements))"
        case .numbers(let list) where list.count > listCount:
            "a list of \(list.count) numbers (at most \(listCount))"
        case .colors(let list) where list.count > listCount:
            "a list of \(list.count) colours (at most \(listCount))"
        case .string(let s) where s.utf8.count > stringBytes:
            "a string of \(s.utf8.count) UTF-8 bytes (at most \(stringBytes))"
        case .cells(let cells) where EmitterCell.count(of: cells) > Self.cells:
            "\(EmitterCell.count(of: cells)) emitter cells (at most \(Self.cells))"
        case .cells(let cells) where EmitterCell.depth(of: cells) > cellDepth:
            "emitter cells nested \(EmitterCell.depth(of: cells)) deep (at most \(cellDepth))"
        case .cells(let cells) where Self.badCell(in: cells) != nil:
            Self.badCell(in: cells)!
        case .filters(let list) where list.contains(where: { ($0.name?.utf8.count ?? 0) > nameBytes }):
            "a filter name over \(nameBytes) UTF-8 bytes"
        case .filters(let list) where list.contains(where: { $0.name?.contains(".") ?? false }):
            "a filter name with a dot (names are key path parts)"
        case .filters(let list) where list.count > filters:
            "\(list.count) filters (at most \(filters))"
        case .filters(let list) where list.contains(where: { if case .colorMatrix(let m) = $0.kind { m.count != 20 } else { false } }):
            "a colorMatrix of other than 20 numbers"
        case .filters(let list) where list.contains(where: { if case .blur(let r) = $0.kind { r < 0 } else { false } }):
            "a blur of negative radius"
        default: nil
        }
    }
}
