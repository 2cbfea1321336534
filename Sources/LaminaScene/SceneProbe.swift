public import LaminaCore
import LaminaModel
public import LaminaJSON

/// `lamina probe`: the presentation values of every layer on the canvas at one scene time, as JSON.
///
/// It runs the scene's commits through a `LayerStore` and evaluates animations exactly as the
/// compositor does, without a GPU.
public enum SceneProbe {
    /// `{"time": T, "layers": {"NAME": {"position": [x, y], ..., "frame": [...]}}}`: layers on the
    /// canvas (sublayers and masks, depth first), each with every property of the property table in
    /// the table's order, then `frame`.
    public static func report(_ script: SceneScript, at time: Double) -> JSONValue {
        var (store, client) = script.store(at: time)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        store.evaluate(at: time, into: &presentation, events: &events)

        let imageNames = Dictionary(uniqueKeysWithValues: script.scene.images.map { ($0.id, $0.name) })
        var names: [LayerID: String] = [:]
        for (name, handle) in script.handles {
            if let id = store.layer(handle, of: client) { names[id] = name }
        }
        var layers: [(key: String, value: JSONValue)] = []
        func visit(_ id: LayerID) {
            if let name = names[id] {
                layers.append((name, layerValues(presentation.values(of: id, in: store.tree), images: imageNames)))
            }
            if let mask = try? store.tree.mask(of: id) { visit(mask) }
            for sublayer in (try? store.tree.sublayers(of: id)) ?? [] { visit(sublayer) }
        }
        visit(store.root)
        return .object([("time", .number(time)), ("layers", .object(layers))])
    }

    /// Every property of one layer's values (its kind's: a shape layer's `path` and the rest after
    /// `CALayer`'s own, with `type` first for any kind but `layer`), then `frame`.
    static func layerValues(_ values: PropertyValues, images: [BitmapID: String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = values.kind == .layer ? [] : [("type", .string("\(values.kind)"))]
        for key in LayerProperties.keys(of: values.kind) {
            members.append((key.name, json(values.value(key), images: images, choices: key.descriptor.choices)))
        }
        let f = values.frame
        members.append(("frame", .array([f.origin.x, f.origin.y, f.size.width, f.size.height].map(JSONValue.number))))
        return .object(members)
    }

    /// A property value in the scene format's JSON (colours as `[r, g, b, a]`, transforms as 16 numbers).
    /// Empty paths and lists are `null` (Core Animation's `nil`); a path is absolute SVG path data
    /// (`M L Q C Z`, numbers as JSON writes them); a keyword is its choice's name among `choices`.
    public static func json(_ value: PropertyValue, images: [BitmapID: String] = [:], choices: [String] = []) -> JSONValue {
        func numbers(_ list: [Double]) -> JSONValue { .array(list.map(JSONValue.number)) }
        switch value {
        case .number(let n): return n == .infinity ? .string("infinity") : .number(n)
        case .point(let p): return numbers([p.x, p.y])
        case .size(let s): return numbers([s.width, s.height])
        case .rect(let r): return numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return numbers([c.red, c.green, c.blue, c.alpha])
        case .transform(let t):
            return numbers([t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44])
        case .bool(let b): return .bool(b)
        case .gravity(let g): return .string(g.rawValue)
        case .filter(let f): return .string(f.rawValue)
        case .bitmap(let b): return b.map { .string(images[$0] ?? "\($0)") } ?? .null
        case .path(let p): return p.isEmpty ? .null : .string(svg(p))
        case .numbers(let list): return list.isEmpty ? .null : numbers(list)
        case .colors(let list): return list.isEmpty ? .null : .array(list.map { numbers([$0.red, $0.green, $0.blue, $0.alpha]) })
        case .string(let s): return .string(s)
        case .keyword(let k): return Int(k) < choices.count ? .string(choices[Int(k)]) : .number(Double(k))
        case .corners(let c): return .array(CornerMask.names.filter { c.contains($0.corner) }.map { .string($0.name) })
        case .cells(let cells):
            guard !cells.isEmpty else { return .null }
            return cellsJSON(cells, images: images)
        case .filters(let list):
            guard !list.isEmpty else { return .null }
            return .array(
                list.map { f in
                    let parameter = f.kindName == "colorMatrix" ? numbers(f.numbers) : .number(f.numbers[0])
                    return .object((f.name.map { [("name", JSONValue.string($0))] } ?? []) + [(f.kindName, parameter)])
                })
        }
    }

    /// Emitter cells as the scene format writes them: the name, then what differs from Core Animation's
    /// defaults, then the nested cells.
    static func cellsJSON(_ cells: [EmitterCell], images: [BitmapID: String]) -> JSONValue {
        .array(
            cells.map { cell in
                var members: [(String, JSONValue)] = []
                if let name = cell.name { members.append(("name", .string(name))) }
                if !cell.isEnabled { members.append(("enabled", .bool(false))) }
                if let id = cell.contents { members.append(("contents", .string(images[id] ?? "\(id)"))) }
                if cell.contentsRect != Rect(x: 0, y: 0, width: 1, height: 1) { members.append(("contentsRect", json(.rect(cell.contentsRect)))) }
                if cell.color != Color(red: 1, green: 1, blue: 1, alpha: 1) { members.append(("color", json(.color(cell.color)))) }
                for field in EmitterCell.Field.allCases where cell[field] != field.defaultValue {
                    members.append((field.rawValue, .number(cell[field])))
                }
                if !cell.emitterCells.isEmpty { members.append(("emitterCells", cellsJSON(cell.emitterCells, images: images))) }
                return .object(members)
            })
    }

    /// A path as absolute SVG path data with JSON's numbers: `M0 0 L10 0 Q10 10 0 10 Z`.
    static func svg(_ path: Path) -> String {
        func p(_ point: Point) -> String { "\(JSONWriter.format(point.x)) \(JSONWriter.format(point.y))" }
        return path.elements.map { element -> String in
            switch element {
            case .move(let to): "M\(p(to))"
            case .line(let to): "L\(p(to))"
            case .quadCurve(let to, let c): "Q\(p(c)) \(p(to))"
            case .curve(let to, let c1, let c2): "C\(p(c1)) \(p(c2)) \(p(to))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }
}
