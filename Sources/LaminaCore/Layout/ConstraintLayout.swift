/// Solves sublayers' constraints (`CAConstraintLayoutManager`): each constrained sublayer's frame, in
/// its superlayer's space, from the superlayer's bounds and its siblings' frames.
///
/// On each axis a layer's constraints fix what they name: an extent (`width`), and one or two of its
/// edges and centre; two of those fix the extent too, unless it is given. What they leave open keeps
/// the frame's current value. Layers are solved after the siblings they depend on; a cycle of
/// dependencies is an error naming its layers, never a loop.
public enum ConstraintLayout {
    /// A sublayer as the layout sees it: its name, frame and constraints.
    public struct Item: Sendable {
        public var name: String
        public var frame: Rect
        public var constraints: [Constraint]

        public init(name: String, frame: Rect, constraints: [Constraint]) {
            self.name = name
            self.frame = frame
            self.constraints = constraints
        }
    }

    /// Why the constraints cannot be solved.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The layers depend on each other round a cycle, in order.
        case cycle([String])
        /// A constraint names a sibling that is not there.
        case unknownSource(layer: String, source: String)

        public var description: String {
            switch self {
            case .cycle(let names): "constraints form a cycle: \(names.joined(separator: " -> "))"
            case .unknownSource(let layer, let source): "a constraint of \"\(layer)\" is relative to \"\(source)\", which is no sibling of it"
            }
        }
    }

    /// The new frames of `items` (in order) under `superBounds`.
    public static func solve(_ items: [Item], in superBounds: Rect) throws(Failure) -> [Rect] {
        var index: [String: Int] = [:]
        for (i, item) in items.enumerated() where index[item.name] == nil { index[item.name] = i }
        var frames = items.map(\.frame)
        // 0 unvisited, 1 on the current path, 2 solved: a depth-first walk that stops at a cycle.
        var state = [UInt8](repeating: 0, count: items.count)
        var path: [Int] = []
        func visit(_ i: Int) throws(Failure) {
            if state[i] == 2 { return }
            if state[i] == 1 {
                let start = path.firstIndex(of: i) ?? 0
                throw .cycle((path[start...] + [i]).map { items[$0].name })
            }
            state[i] = 1
            path.append(i)
            for constraint in items[i].constraints {
                guard case .sibling(let name) = constraint.source else { continue }
                guard let j = index[name] else { throw .unknownSource(layer: items[i].name, source: name) }
                if j != i { try visit(j) } else { throw .cycle([items[i].name, items[i].name]) }
            }
            path.removeLast()
            frames[i] = Self.frame(of: items[i], current: frames[i]) { source, attribute in
                switch source {
                case .superlayer: attribute.value(in: superBounds)
                case .sibling(let name): attribute.value(in: frames[index[name]!])
                }
            }
            state[i] = 2
        }
        for i in items.indices { try visit(i) }
        return frames
    }

    /// One layer's frame from its constraints, `current` where they leave it open.
    static func frame(of item: Item, current: Rect, source: (ConstraintSource, ConstraintAttribute) -> Double) -> Rect {
        var given: [ConstraintAttribute: Double] = [:]
        for c in item.constraints { given[c.attribute] = source(c.source, c.sourceAttribute) * c.scale + c.offset }
        func axis(_ low: ConstraintAttribute, _ mid: ConstraintAttribute, _ high: ConstraintAttribute, _ extent: ConstraintAttribute,
                  origin: Double, length: Double) -> (Double, Double) {
            var size = given[extent] ?? length
            if given[extent] == nil {
                if let a = given[low], let b = given[high] { size = b - a }
                else if let a = given[low], let m = given[mid] { size = 2 * (m - a) }
                else if let m = given[mid], let b = given[high] { size = 2 * (b - m) }
            }
            let start: Double =
                if let a = given[low] { a }
                else if let m = given[mid] { m - size / 2 }
                else if let b = given[high] { b - size }
                else { origin }
            return (start, size)
        }
        let (x, width) = axis(.minX, .midX, .maxX, .width, origin: current.minX, length: current.width)
        let (y, height) = axis(.minY, .midY, .maxY, .height, origin: current.minY, length: current.height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
