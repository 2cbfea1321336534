public import LaminaCore
import LaminaModel

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

    /// Every property of one layer's values, then `frame`.
    static func layerValues(_ values: PropertyValues, images: [BitmapID: String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = LayerProperties.table.map {
            ($0.name, json(values.value($0.key), images: images))
        }
        let f = values.frame
        members.append(("frame", .array([f.origin.x, f.origin.y, f.size.width, f.size.height].map(JSONValue.number))))
        return .object(members)
    }

    /// A property value in the scene format's JSON (colours as `[r, g, b, a]`, transforms as 16 numbers).
    public static func json(_ value: PropertyValue, images: [BitmapID: String] = [:]) -> JSONValue {
        func numbers(_ list: [Double]) -> JSONValue { .array(list.map(JSONValue.number)) }
        switch value {
        case .number(let n): return .number(n)
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
        }
    }
}
