import LaminaCore
import LaminaJSON

/// The value kinds of the scene format (see `docs/scene-format.md`), read from JSON.
extension JSONNode {
    func point() throws(SceneError) -> Point {
        let n = try numbers(2, shape: "a point [x, y]")
        return Point(x: n[0], y: n[1])
    }

    func size() throws(SceneError) -> Size {
        let n = try numbers(2, shape: "a size [width, height]")
        return Size(width: n[0], height: n[1])
    }

    func rect() throws(SceneError) -> Rect {
        let n = try numbers(4, shape: "a rect [x, y, width, height]")
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `"#RRGGBB"`, `"#RRGGBBAA"` or `[r, g, b, a]` in 0...1.
    func color() throws(SceneError) -> Color {
        switch value {
        case .string(let s):
            guard let color = Color(hex: s) else {
                throw error("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(s)\"")
            }
            return color
        case .array:
            let n = try numbers(4, shape: "a colour [r, g, b, a]")
            for (i, c) in n.enumerated() where !(0...1).contains(c) {
                throw error("colour component \(i) is \(JSONWriter.format(c)), outside 0...1")
            }
            return Color(red: n[0], green: n[1], blue: n[2], alpha: n[3])
        default:
            throw expected("a colour (\"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a])")
        }
    }

    /// 16 numbers in CATransform3D field order, or a list of operations applied from the identity.
    func transform() throws(SceneError) -> Transform3D {
        guard case .array(let elements) = value else {
            throw expected("a transform (16 numbers or a list of operations)")
        }
        if elements.count == 16, elements.allSatisfy({ if case .number = $0 { true } else { false } }) {
            return Transform3D(elements: try numbers(16, shape: "16 numbers"))!
        }
        var t = Transform3D.identity
        for node in try array() {
            let members = try node.object(allowing: ["translate", "scale", "rotate", "perspective", "matrix"])
            guard members.nodes.count == 1, let (name, operand) = members.nodes.first else {
                throw node.error("a transform operation has exactly one of translate, scale, rotate, perspective, matrix")
            }
            switch name {
            case "translate":
                let v = try operand.numbers(3, shape: "[tx, ty, tz]")
                t = t.translatedBy(x: v[0], y: v[1], z: v[2])
            case "scale":
                let v = try operand.numbers(3, shape: "[sx, sy, sz]")
                t = t.scaledBy(x: v[0], y: v[1], z: v[2])
            case "rotate":
                let v = try operand.numbers(4, shape: "[angle, x, y, z]")
                t = t.rotated(by: v[0], x: v[1], y: v[2], z: v[3])
            case "perspective":
                let d = try operand.number()
                guard d > 0 else { throw operand.error("the eye distance must be positive, got \(JSONWriter.format(d))") }
                t = t.concatenating(Transform3D(perspectiveDistance: d))
            default:
                let m = try operand.numbers(16, shape: "16 numbers")
                t = t.concatenating(Transform3D(elements: m)!)
            }
        }
        return t
    }

    /// A FILTER: `{"name": "optional", "blur": RADIUS}`, or one of `colorMatrix` (20 numbers),
    /// `saturation`, `brightness`, `contrast` in place of `blur`.
    func layerFilter() throws(SceneError) -> LayerFilter {
        let kinds = ["blur", "colorMatrix", "saturation", "brightness", "contrast"]
        let members = try object(allowing: ["name"] + kinds)
        let name = try members["name"]?.string()
        let given = members.nodes.filter { $0.key != "name" }
        guard given.count == 1, let (kind, operand) = given.first.map({ ($0.key, $0.node) }) else {
            throw error("a filter has a \"name\" (optional) and exactly one of \(kinds.joined(separator: ", "))")
        }
        if let name, name.contains(".") || name.isEmpty {
            throw error("a filter's name \"\(name)\" is a key path part: not empty, no dots")
        }
        switch kind {
        case "blur":
            let r = try operand.number()
            guard r >= 0 else { throw operand.error("a blur radius is at least 0, got \(JSONWriter.format(r))") }
            return LayerFilter(name: name, .blur(radius: r))
        case "colorMatrix": return LayerFilter(name: name, .colorMatrix(try operand.numbers(20, shape: "a 4x5 colour matrix (20 numbers)")))
        case "saturation": return LayerFilter(name: name, .saturation(try operand.number()))
        case "brightness": return LayerFilter(name: name, .brightness(try operand.number()))
        default: return LayerFilter(name: name, .contrast(try operand.number()))
        }
    }

    /// A list of CELL objects (`emitterCells`): `name`, `enabled`, `contents` (an image of `images`),
    /// `contentsRect`, `color`, the numeric fields of `EmitterCell.Field`, and nested `emitterCells`.
    func emitterCells(images: [String: BitmapID], depth: Int) throws(SceneError) -> [EmitterCell] {
        guard depth <= PropertyLimits.cellDepth else {
            throw error("emitter cells nest at most \(PropertyLimits.cellDepth) deep")
        }
        var cells: [EmitterCell] = []
        for node in try array() {
            let fields = EmitterCell.Field.allCases.map(\.rawValue)
            let members = try node.object(allowing: ["name", "enabled", "contents", "contentsRect", "color", "emitterCells"] + fields)
            var cell = EmitterCell(name: try members["name"]?.string())
            if let name = cell.name, name.isEmpty || name.contains(".") {
                throw node.error("an emitter cell's name \"\(name)\" is a key path part: not empty, no dots")
            }
            if let n = members["enabled"] { cell.isEnabled = try n.bool() }
            if let n = members["contents"], case .bitmap(let id) = try n.propertyValue(.bitmap, images: images) { cell.contents = id }
            if let n = members["contentsRect"] { cell.contentsRect = try n.rect() }
            if let n = members["color"] { cell.color = try n.color() }
            for field in EmitterCell.Field.allCases {
                guard let n = members[field.rawValue] else { continue }
                let value = try n.number()
                if [.birthRate, .lifetime, .lifetimeRange, .duration].contains(field), value < 0 {
                    throw n.error("\(field.rawValue) is at least 0, got \(JSONWriter.format(value))")
                }
                if field == .contentsScale, value <= 0 { throw n.error("contentsScale is above 0, got \(JSONWriter.format(value))") }
                cell[field] = value
            }
            if let n = members["emitterCells"] { cell.emitterCells = try n.emitterCells(images: images, depth: depth + 1) }
            cells.append(cell)
        }
        return cells
    }

    /// A named curve or four control points.
    func timingFunction() throws(SceneError) -> TimingFunction {
        switch value {
        case .string(let s):
            guard let f = TimingFunction(name: s) else {
                throw error(
                    "unknown timing function \"\(s)\" (one of: linear, easeIn, easeOut, easeInEaseOut, default, or [c1x, c1y, c2x, c2y])")
            }
            return f
        case .array:
            let c = try numbers(4, shape: "control points [c1x, c1y, c2x, c2y]")
            guard (0...1).contains(c[0]), (0...1).contains(c[2]) else {
                throw error("the control points' x must lie in 0...1")
            }
            return TimingFunction(controlPoints: c[0], c[1], c[2], c[3])
        default:
            throw expected("a timing function (a name or [c1x, c1y, c2x, c2y])")
        }
    }

    /// A value of a property (or component) type; `contents` names an image of `images`; a keyword
    /// names one of `choices`. `null` is the empty value of the types Core Animation lets be `nil`
    /// (a colour: transparent; a path or a list: empty).
    func propertyValue(_ type: PropertyType, images: [String: BitmapID], choices: [String] = []) throws(SceneError) -> PropertyValue {
        let isNull: Bool
        if case .null = value { isNull = true } else { isNull = false }
        switch type {
        case .number: return .number(try number())
        case .point: return .point(try point())
        case .size: return .size(try size())
        case .rect: return .rect(try rect())
        case .color: return .color(isNull ? .clear : try color())
        case .path:
            if isNull { return .path(Path()) }
            let data = try string()
            do { return .path(try Path(svgPathData: data)) } catch { throw self.error("\(error)") }
        case .numbers:
            if isNull { return .numbers([]) }
            var list: [Double] = []
            for element in try array() { list.append(try element.number()) }
            return .numbers(list)
        case .colors:
            if isNull { return .colors([]) }
            var list: [Color] = []
            for element in try array() { list.append(try element.color()) }
            return .colors(list)
        case .string: return .string(try string())
        case .keyword:
            return .keyword(try name(choices.enumerated().map { ($0.element, UInt8($0.offset)) }, what: "value"))
        case .corners:
            var corners: CornerMask = []
            for element in try array() { corners.insert(try element.name(CornerMask.names.map { ($0.name, $0.corner) }, what: "corner")) }
            return .corners(corners)
        case .cells:
            if isNull { return .cells([]) }
            return .cells(try emitterCells(images: images, depth: 1))
        case .filters:
            if isNull { return .filters([]) }
            var list: [LayerFilter] = []
            for element in try array() { list.append(try element.layerFilter()) }
            return .filters(list)
        case .transform: return .transform(try transform())
        case .bool: return .bool(try bool())
        case .gravity:
            return .gravity(try name(ContentsGravity.allCases.map { ($0.rawValue, $0) }, what: "contentsGravity"))
        case .filter:
            return .filter(try name(ContentsFilter.allCases.map { ($0.rawValue, $0) }, what: "filter"))
        case .bitmap:
            if case .null = value { return .bitmap(nil) }
            let imageName = try string()
            guard let id = images[imageName] else {
                throw error("no image named \"\(imageName)\" in \"images\"")
            }
            return .bitmap(id)
        }
    }
}
