/// One kind of particle an emitter layer makes (`CAEmitterCell`): how many are born a second, how long
/// they live, how they move, turn, grow and change colour, each with its range, and the cells each
/// particle emits in turn.
///
/// A value, as the rest of a layer's properties are: an emitter's `emitterCells` is a list of them, and
/// `emitterCells.NAME.FIELD` animates one number (or `color`) of the cell named NAME, found at any depth.
/// The numbers live in `numbers`, one per `Field`, so the wire, the scene files, the key paths and the
/// animation engine all take them as data.
public struct EmitterCell: Hashable, Sendable {
    /// The numeric fields, in their wire order.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case birthRate, lifetime, lifetimeRange, velocity, velocityRange
        case xAcceleration, yAcceleration, zAcceleration
        case emissionLatitude, emissionLongitude, emissionRange
        case spin, spinRange, scale, scaleRange, scaleSpeed
        case alphaSpeed, redSpeed, greenSpeed, blueSpeed
        case redRange, greenRange, blueRange, alphaRange
        case beginTime, duration, contentsScale

        /// Core Animation's default: 1 for `scale` and `contentsScale`, 0 for the rest.
        public var defaultValue: Double { self == .scale || self == .contentsScale ? 1 : 0 }

        /// The field's place in `numbers`.
        @inlinable public var index: Int { Self.indices[self]! }
        @usableFromInline static let indices: [Field: Int] = Dictionary(
            uniqueKeysWithValues: allCases.enumerated().map { ($0.element, $0.offset) })
    }

    /// The name key paths find the cell by (optional; no dots).
    public var name: String?
    /// Whether the cell makes particles.
    public var isEnabled = true
    /// The particle's image (a bitmap of the layer's client), or nil: a cell without contents draws
    /// nothing, though its particles still emit their own cells.
    public var contents: BitmapID?
    /// The part of `contents` shown, in unit coordinates.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The particle's colour at birth (multiplying `contents`), before the ranges and speeds.
    public var color = Color(red: 1, green: 1, blue: 1, alpha: 1)
    /// The numeric fields, one per `Field`, in `Field.allCases` order.
    public var numbers: [Double] = Field.allCases.map(\.defaultValue)
    /// The cells each particle of this one emits.
    public var emitterCells: [EmitterCell] = []

    /// A cell with Core Animation's defaults.
    public init(name: String? = nil) {
        self.name = name
    }

    /// One numeric field.
    public subscript(field: Field) -> Double {
        get { numbers[field.index] }
        set { numbers[field.index] = newValue }
    }

    /// Whether two lists have the same cells, named alike, with the same contents and nesting, so
    /// that they interpolate field by field.
    public static func match(_ a: [EmitterCell], _ b: [EmitterCell]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in Swift.zip(a, b) {
            guard x.name == y.name, x.contents == y.contents, x.isEnabled == y.isEnabled, x.contentsRect == y.contentsRect,
                match(x.emitterCells, y.emitterCells)
            else { return false }
        }
        return true
    }

    /// The cells of `a` and `b` (which `match`) combined number by number (fields and colours).
    public static func zip(_ a: [EmitterCell], _ b: [EmitterCell], _ combine: (Double, Double) -> Double) -> [EmitterCell] {
        var result = a
        for i in a.indices {
            result[i].numbers = Swift.zip(a[i].numbers, b[i].numbers).map(combine)
            let (p, q) = (a[i].color, b[i].color)
            result[i].color = Color(
                red: combine(p.red, q.red), green: combine(p.green, q.green), blue: combine(p.blue, q.blue),
                alpha: combine(p.alpha, q.alpha))
            result[i].emitterCells = zip(a[i].emitterCells, b[i].emitterCells, combine)
        }
        return result
    }

    /// Every number of the cells (fields and colours), depth first.
    public static func forEachNumber(_ cells: [EmitterCell], _ body: (Double) -> Void) {
        for cell in cells {
            cell.numbers.forEach(body)
            body(cell.color.red); body(cell.color.green); body(cell.color.blue); body(cell.color.alpha)
            forEachNumber(cell.emitterCells, body)
        }
    }

    /// How deep the cells nest (a list of cells without cells of their own is 1).
    public static func depth(of cells: [EmitterCell]) -> Int {
        cells.isEmpty ? 0 : 1 + (cells.map { depth(of: $0.emitterCells) }.max() ?? 0)
    }

    /// How many cells the list holds at every depth.
    public static func count(of cells: [EmitterCell]) -> Int {
        cells.reduce(0) { $0 + 1 + count(of: $1.emitterCells) }
    }

    /// The path of indices to the first cell named `name`, depth first, or nil.
    public static func path(to name: String, in cells: [EmitterCell]) -> [Int]? {
        for (i, cell) in cells.enumerated() {
            if cell.name == name { return [i] }
            if let rest = path(to: name, in: cell.emitterCells) { return [i] + rest }
        }
        return nil
    }

    /// The cell at `path` in `cells`.
    public static func cell(at path: [Int], in cells: [EmitterCell]) -> EmitterCell {
        path.count == 1 ? cells[path[0]] : cell(at: Array(path.dropFirst()), in: cells[path[0]].emitterCells)
    }

    /// `cells` with the cell at `path` changed by `change`.
    public static func updating(_ cells: [EmitterCell], at path: [Int], _ change: (inout EmitterCell) -> Void) -> [EmitterCell] {
        var result = cells
        if path.count == 1 {
            change(&result[path[0]])
        } else {
            result[path[0]].emitterCells = updating(result[path[0]].emitterCells, at: Array(path.dropFirst()), change)
        }
        return result
    }

    /// The cells with every bitmap mapped by `map`; nil when `map` knows one not.
    public static func mappingBitmaps(_ cells: [EmitterCell], _ map: (BitmapID) -> BitmapID?) -> [EmitterCell]? {
        var result = cells
        for i in result.indices {
            if let id = result[i].contents {
                guard let mapped = map(id) else { return nil }
                result[i].contents = mapped
            }
            guard let inner = mappingBitmaps(result[i].emitterCells, map) else { return nil }
            result[i].emitterCells = inner
        }
        return result
    }

    /// Every bitmap the cells show, depth first.
    public static func bitmaps(in cells: [EmitterCell]) -> [BitmapID] {
        cells.flatMap { cell in (cell.contents.map { [$0] } ?? []) + bitmaps(in: cell.emitterCells) }
    }
}
