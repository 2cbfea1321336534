public import LaminaCore

// Property values travel without a type tag: the key path they belong to fixes their type through the
// property table, so the table is the one schema both sides share (`docs/protocol.md`, "Values").

extension WireWriter {
    /// Appends a key path: the property's wire id (`PropertyDescriptor.wireID`, never its place in the
    /// table), then the component (0 for the whole value, else 1 + its index in
    /// `LayerKeyPath.Component.allCases`), then, for a component of a named list element
    /// (`filters.NAME.blur`), the element's name as a string.
    public mutating func keyPath(_ path: LayerKeyPath) {
        u8(path.key.descriptor.wireID)
        if let component = path.component {
            u8(UInt8(LayerKeyPath.Component.allCases.firstIndex(of: component)! + 1))
            if let element = path.element { string(element) }
        } else {
            u8(0)
        }
    }

    /// Appends a value in the encoding of its type.
    public mutating func value(_ v: PropertyValue) {
        switch v {
        case .number(let n): f64(n)
        case .point(let p): f64(p.x); f64(p.y)
        case .size(let s): f64(s.width); f64(s.height)
        case .rect(let r): f64(r.origin.x); f64(r.origin.y); f64(r.size.width); f64(r.size.height)
        case .color(let c): f64(c.red); f64(c.green); f64(c.blue); f64(c.alpha)
        case .transform(let t): for e in t.elements { f64(e) }
        case .bool(let b): bool(b)
        case .gravity(let g): u8(UInt8(ContentsGravity.allCases.firstIndex(of: g)!))
        case .filter(let f): u8(UInt8(ContentsFilter.allCases.firstIndex(of: f)!))
        case .bitmap(let id): optional(id) { $0.u64($1.rawValue) }
        case .path(let p): path(p)
        case .numbers(let list): array(list) { $0.f64($1) }
        case .colors(let list): array(list) { w, c in w.f64(c.red); w.f64(c.green); w.f64(c.blue); w.f64(c.alpha) }
        case .string(let s): string(s)
        case .keyword(let k): u8(k)
        case .corners(let c): u8(c.rawValue)
        case .filters(let list): array(list) { $0.filter($1) }
        case .cells(let cells): array(cells) { $0.cell($1) }
        }
    }

    /// Appends an emitter cell: `optional<string>` name, `bool` enabled, `optional<u64>` contents,
    /// contentsRect and color (4 `f64` each), the numeric fields in `EmitterCell.Field` order, then its
    /// own cells.
    mutating func cell(_ c: EmitterCell) {
        optional(c.name) { $0.string($1) }
        bool(c.isEnabled)
        optional(c.contents) { $0.u64($1.rawValue) }
        let r = c.contentsRect
        for n in [r.origin.x, r.origin.y, r.size.width, r.size.height, c.color.red, c.color.green, c.color.blue, c.color.alpha] { f64(n) }
        for n in c.numbers { f64(n) }
        array(c.emitterCells) { $0.cell($1) }
    }

    /// Appends a filter: its optional name, its kind (0 blur, 1 colour matrix, 2 saturation,
    /// 3 brightness, 4 contrast) and its numbers (one, or the matrix's 20).
    mutating func filter(_ f: LayerFilter) {
        optional(f.name) { $0.string($1) }
        u8(Self.filterKinds.firstIndex(of: f.kindName).map(UInt8.init)!)
        for n in f.numbers { f64(n) }
    }

    /// Filter kinds by their wire number.
    static let filterKinds = ["blur", "colorMatrix", "saturation", "brightness", "contrast"]
}

extension WireReader {
    /// Reads a key path (see `WireWriter.keyPath`).
    public mutating func keyPath() throws(WireError) -> LayerKeyPath {
        let start = offset
        let id = try u8("a property id")
        guard let key = LayerProperties.keysByWireID[id] else {
            throw WireError(offset: start, "unknown property id \(id)")
        }
        let componentIndex = Int(try u8("a key path component"))
        guard componentIndex > 0 else { return LayerKeyPath(key) }
        let components = LayerKeyPath.Component.allCases
        guard componentIndex <= components.count else {
            throw WireError(offset: start + 1, "unknown key path component \(componentIndex)")
        }
        let component = components[componentIndex - 1]
        if key.descriptor.type == .filters || key.descriptor.type == .cells {
            let element = try string("an element name", limit: PropertyLimits.nameBytes)
            do {
                return try LayerKeyPath(key, element: element, component)
            } catch {
                throw WireError(offset: start + 1, "\(key.name).\(element).\(component.rawValue) is not a key path")
            }
        }
        let name = "\(key.name).\(component.rawValue)"
        do {
            return try LayerKeyPath(name)
        } catch {
            throw WireError(offset: start + 1, "\(name) is not a key path (\(key.name) has no such component)")
        }
    }

    /// Reads a value of `type`. Numbers must be finite, except that `infinityAllowed` lets a number be
    /// +infinity (a layer's `duration`, `repeatCount`, `repeatDuration`).
    public mutating func value(of type: PropertyType, infinityAllowed: Bool = false) throws(WireError) -> PropertyValue {
        switch type {
        case .number:
            guard infinityAllowed else { return .number(try finite("a number value")) }
            let start = offset
            let n = try f64("a number value")
            guard n == .infinity || n.isFinite else { throw WireError(offset: start, "a number value is \(n), not a finite number or infinity") }
            return .number(n)
        case .point: return .point(Point(x: try finite("x"), y: try finite("y")))
        case .size: return .size(Size(width: try finite("width"), height: try finite("height")))
        case .rect:
            let (x, y, w, h) = (try finite("x"), try finite("y"), try finite("width"), try finite("height"))
            return .rect(Rect(x: x, y: y, width: w, height: h))
        case .color:
            let (r, g, b, a) = (try finite("red"), try finite("green"), try finite("blue"), try finite("alpha"))
            return .color(Color(red: r, green: g, blue: b, alpha: a))
        case .transform:
            var elements: [Double] = []
            elements.reserveCapacity(16)
            for i in 0..<16 { elements.append(try finite("transform element \(i)")) }
            return .transform(Transform3D(elements: elements)!)
        case .bool: return .bool(try bool("a boolean value"))
        case .gravity: return .gravity(try enumeration(ContentsGravity.allCases, "contents gravity"))
        case .filter: return .filter(try enumeration(ContentsFilter.allCases, "contents filter"))
        case .bitmap: return .bitmap(try optional("a bitmap") { (r: inout WireReader) throws(WireError) in BitmapID(try r.u64("a bitmap id")) })
        case .path: return .path(try path(limit: PropertyLimits.pathElements))
        case .numbers:
            return .numbers(
                try array("numbers", minimumSize: 8, limit: PropertyLimits.listCount) { (r: inout WireReader, _) throws(WireError) in
                    try r.finite("a number")
                })
        case .colors:
            return .colors(
                try array("colours", minimumSize: 32, limit: PropertyLimits.listCount) { (r: inout WireReader, _) throws(WireError) in
                    let (red, g, b, a) = (try r.finite("red"), try r.finite("green"), try r.finite("blue"), try r.finite("alpha"))
                    return Color(red: red, green: g, blue: b, alpha: a)
                })
        case .string: return .string(try string("a string value", limit: PropertyLimits.stringBytes))
        case .keyword: return .keyword(try u8("a keyword"))
        case .corners:
            let start = offset
            let bits = try u8("a corner mask")
            guard bits <= 15 else { throw WireError(offset: start, "a corner mask is 4 bits, not \(bits)") }
            return .corners(CornerMask(rawValue: bits))
        case .cells:
            return .cells(try cells(depth: 1))
        case .filters:
            return .filters(
                try array("filters", minimumSize: 10, limit: PropertyLimits.filters) { (r: inout WireReader, _) throws(WireError) in
                    try r.filter()
                })
        }
    }

    /// Reads a list of emitter cells (see `WireWriter.cell`) nested `depth` deep.
    mutating func cells(depth: Int) throws(WireError) -> [EmitterCell] {
        let start = offset
        guard depth <= PropertyLimits.cellDepth else {
            throw WireError(offset: start, "emitter cells nested more than \(PropertyLimits.cellDepth) deep")
        }
        return try array("emitter cells", minimumSize: 8 * 35 + 7, limit: PropertyLimits.cells) { (r: inout WireReader, _) throws(WireError) in
            var cell = EmitterCell(name: try r.optional("a cell name") { (r: inout WireReader) throws(WireError) in
                try r.string("a cell name", limit: PropertyLimits.nameBytes)
            })
            cell.isEnabled = try r.bool("a cell's enabled")
            cell.contents = try r.optional("a cell's contents") { (r: inout WireReader) throws(WireError) in BitmapID(try r.u64("a bitmap id")) }
            let (x, y, w, h) = (try r.finite("x"), try r.finite("y"), try r.finite("width"), try r.finite("height"))
            cell.contentsRect = Rect(x: x, y: y, width: w, height: h)
            let (red, g, b, a) = (try r.finite("red"), try r.finite("green"), try r.finite("blue"), try r.finite("alpha"))
            cell.color = Color(red: red, green: g, blue: b, alpha: a)
            for field in EmitterCell.Field.allCases { cell[field] = try r.finite("a cell's \(field.rawValue)") }
            cell.emitterCells = try r.cells(depth: depth + 1)
            return cell
        }
    }

    /// Reads a filter (see `WireWriter.filter`).
    mutating func filter() throws(WireError) -> LayerFilter {
        let name = try optional("a filter name") { (r: inout WireReader) throws(WireError) in
            try r.string("a filter name", limit: PropertyLimits.nameBytes)
        }
        let start = offset
        let kind = Int(try u8("a filter kind"))
        switch kind {
        case 0: return LayerFilter(name: name, .blur(radius: try finite("a blur radius")))
        case 1:
            var m: [Double] = []
            for i in 0..<20 { m.append(try finite("colour matrix element \(i)")) }
            return LayerFilter(name: name, .colorMatrix(m))
        case 2: return LayerFilter(name: name, .saturation(try finite("a saturation")))
        case 3: return LayerFilter(name: name, .brightness(try finite("a brightness")))
        case 4: return LayerFilter(name: name, .contrast(try finite("a contrast")))
        default: throw WireError(offset: start, "unknown filter kind \(kind)")
        }
    }

    /// The fewest bytes a value of `type` takes (for bounding array counts).
    static func minimumSize(of type: PropertyType) -> Int {
        switch type {
        case .number: 8
        case .point, .size: 16
        case .rect, .color: 32
        case .transform: 128
        case .bool, .gravity, .filter, .bitmap, .keyword, .corners: 1
        case .path, .numbers, .colors, .string, .filters, .cells: 4
        }
    }
}
