import LaminaCore
import LaminaImage
import LaminaModel
import LaminaJSON

/// Reads a scene document (format 1) into a `Scene`, checking every field: unknown fields, wrong
/// types, out-of-range numbers, unknown images and layer names, duplicate names, bad animations.
struct SceneDecoder {
    /// The most pixels along an image's or the canvas's side.
    static let maxSide = OutputConfiguration.maxPixels
    /// The most pixels an image may have.
    static let maxImagePixels = 1 << 26

    let file: String
    /// The folder image paths are relative to.
    let folder: String
    var images: [String: BitmapID] = [:]
    /// Every layer name seen so far (initial tree and timeline adds).
    var names: Set<String> = []

    static let layerFields = ["name", "type", "frame", "sublayers", "mask", "animations", "constraints", "tiles"] + LayerProperties.table.map(\.name)
    static let constraintFields = ["attribute", "relativeTo", "sourceAttribute", "scale", "offset"]
    static let timingFields = [
        "type", "key", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
    ]
    static let basicFields = ["keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative"]
    static let keyframeFields = [
        "keyPath", "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
        "continuityValues", "biasValues", "rotationMode", "additive", "cumulative",
    ]
    static let springFields = basicFields + ["mass", "stiffness", "damping", "initialVelocity"]
    static let groupFields = ["animations"]
    static let transitionFields = ["transition", "subtype", "startProgress", "endProgress"]

    // MARK: Document

    mutating func document(_ root: JSONNode) throws(SceneError) -> Scene {
        let members = try root.object(allowing: ["lamina", "canvas", "images", "layers", "timeline"])
        let version = try members.required("lamina")
        guard case .number(1) = version.value else {
            throw version.error("unsupported format \(version.value.shortDescription) (this Lamina reads format 1)")
        }
        let canvas = try self.canvas(members.required("canvas"))
        var sceneImages: [SceneImage] = []
        if let node = members["images"] {
            for (name, imageNode) in try node.dictionary() {
                let id = BitmapID(UInt64(sceneImages.count + 1))
                sceneImages.append(SceneImage(name: name, id: id, image: try image(imageNode)))
                images[name] = id
            }
        }
        var layers: [SceneLayer] = []
        if let node = members["layers"] {
            for element in try node.array() { layers.append(try layer(element)) }
        }
        var timeline: [SceneCommit] = []
        if let node = members["timeline"] {
            for element in try node.array() {
                let commit = try self.commit(element)
                if let previous = timeline.last, commit.at < previous.at {
                    throw element.member("at", .number(commit.at)).error(
                        "\(JSONWriter.format(commit.at)) is before the previous transaction's \(JSONWriter.format(previous.at)) (list transactions in time order)")
                }
                timeline.append(commit)
            }
        }
        return Scene(file: file, canvas: canvas, images: sceneImages, layers: layers, timeline: timeline)
    }

    func canvas(_ node: JSONNode) throws(SceneError) -> OutputConfiguration {
        let members = try node.object(allowing: ["width", "height", "scale", "background"])
        let width = try members.required("width").number(in: 1...Double(Self.maxSide))
        let height = try members.required("height").number(in: 1...Double(Self.maxSide))
        let scale = try members["scale"]?.number(in: 0.01...16) ?? 1
        for (name, side) in [("width", width), ("height", height)] where (side * scale).rounded() > Double(Self.maxSide) {
            throw try members.required(name).error(
                "\(JSONWriter.format(side)) points at scale \(JSONWriter.format(scale)) is over \(Self.maxSide) pixels")
        }
        let background = try members["background"]?.color() ?? .clear
        return OutputConfiguration(width: width, height: height, scale: scale, background: background)
    }

    // MARK: Images

    func image(_ node: JSONNode) throws(SceneError) -> RGBAImage {
        guard case .object(let raw) = node.value, let kind = raw.first(where: { ["path", "solid", "pixels", "checkerboard"].contains($0.key) })?.key
        else {
            throw node.error("an image is {\"path\": ...}, {\"solid\": ...}, {\"pixels\": ...} or {\"checkerboard\": ...}")
        }
        switch kind {
        case "path":
            let members = try node.object(allowing: ["path"])
            let pathNode = try members.required("path")
            let relative = try pathNode.string()
            let full = relative.hasPrefix("/") ? relative : folder + "/" + relative
            do {
                return try PNG.decode(fileAtPath: full)
            } catch {
                throw pathNode.error("\(error)")
            }
        case "solid":
            let members = try node.object(allowing: ["solid", "width", "height"])
            let (w, h) = try dimensions(members)
            let c = try members.required("solid").color()
            return RGBAImage(width: w, height: h, filledWith: Self.bytes(c), alpha: .straight)
        case "pixels":
            let members = try node.object(allowing: ["pixels", "width", "height"])
            let (w, h) = try dimensions(members)
            let list = try members.required("pixels").array()
            guard list.count == w * h else {
                throw try members.required("pixels").error("expected \(w * h) colours (\(w)x\(h)), got \(list.count)")
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(w * h * 4)
            for pixel in list {
                let p = Self.bytes(try pixel.color())
                bytes += [p.x, p.y, p.z, p.w]
            }
            return RGBAImage(width: w, height: h, bytes: bytes, alpha: .straight)
        default:
            let members = try node.object(allowing: ["checkerboard", "cell", "width", "height"])
            let (w, h) = try dimensions(members)
            let colorsNode = try members.required("checkerboard")
            let colors = try colorsNode.array()
            guard colors.count == 2 else { throw colorsNode.expected("two colours") }
            let first = Self.bytes(try colors[0].color()), second = Self.bytes(try colors[1].color())
            let cell = try members.required("cell").integer(in: 1...Self.maxSide)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let p = (x / cell + y / cell) % 2 == 0 ? first : second
                    bytes += [p.x, p.y, p.z, p.w]
                }
            }
            return RGBAImage(width: w, height: h, bytes: bytes, alpha: .straight)
        }
    }

    private func dimensions(_ members: Members) throws(SceneError) -> (Int, Int) {
        let w = try members.required("width").integer(in: 1...Self.maxSide)
        let h = try members.required("height").integer(in: 1...Self.maxSide)
        guard w * h <= Self.maxImagePixels else {
            throw members.owner.error("\(w)x\(h) pixels is more than the \(Self.maxImagePixels) an image may have")
        }
        return (w, h)
    }

    /// A straight-alpha colour as 8-bit sRGB.
    static func bytes(_ c: Color) -> SIMD4<UInt8> {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return SIMD4(byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
    }

    // MARK: Layers

    mutating func layer(_ node: JSONNode) throws(SceneError) -> SceneLayer {
        let members = try node.object(allowing: Self.layerFields)
        let nameNode = try members.required("name")
        let name = try nameNode.string()
        guard !name.isEmpty else { throw nameNode.error("a layer name must not be empty") }
        guard names.insert(name).inserted else { throw nameNode.error("another layer is already named \"\(name)\"") }
        var kind = LayerKind.layer
        if let typeNode = members["type"] {
            // A GL layer's frames come from an app's OpenGL ES rendering, which a scene file has none of.
            if case .string(LayerKind.gl.description) = typeNode.value {
                throw typeNode.error(
                    "a `gl` layer shows frames an app renders with OpenGL ES (the client library's GLLayer); a scene file cannot draw one: show an image as `contents` instead")
            }
            kind = try typeNode.name(LayerKind.allCases.filter { $0 != .gl }.map { ($0.description, $0) }, what: "layer type")
        }
        var layer = SceneLayer(
            name: name, path: node.path, kind: kind, properties: [], sublayers: [], mask: [], animations: [], constraints: [])
        for (key, child) in members.nodes {
            switch key {
            case "name", "type": continue
            case "sublayers":
                for element in try child.array() { layer.sublayers.append(try self.layer(element)) }
            case "mask":
                layer.mask = [try self.layer(child)]
            case "animations":
                for element in try child.array() { layer.animations.append(try animation(element)) }
            case "constraints":
                for element in try child.array() { layer.constraints.append(try constraint(element)) }
            case "tiles":
                guard kind == .tiled else { throw child.error("only a `tiled` layer takes its tiles from an image") }
                guard case .bitmap(let id?) = try child.propertyValue(.bitmap, images: images) else {
                    throw child.error("a tiled layer's tiles come from an image, not null")
                }
                layer.tiles = id
            default:
                layer.properties.append(try property(key, child, kind: kind))
            }
        }
        return layer
    }

    /// One assignment: `frame`, a property name, or (in `set`) a dotted key path such as `position.x`.
    ///
    /// The value is held to the property's domain and limits here, so the error names its JSON path; a
    /// property of another kind of layer is refused (`fillColor` on a `gradient` layer). `kind` is nil
    /// where the layer is not known yet (a timeline's `set`; the tree checks it when applied).
    func property(_ key: String, _ node: JSONNode, kind: LayerKind?) throws(SceneError) -> SceneProperty {
        if key == "frame" { return .frame(try node.rect()) }
        let path: LayerKeyPath
        do { path = try LayerKeyPath(key) } catch { throw node.error("\(error)") }
        if let kind, !path.key.descriptor.kinds.contains(kind) {
            throw node.error("not a property of a `\(kind)` layer")
        }
        let choices = path.component == nil ? path.key.descriptor.choices : []
        let value: PropertyValue
        if path.component == nil, path.key.descriptor.domain.allowsInfinity, case .string("infinity") = node.value {
            value = .number(.infinity)
        } else {
            value = try node.propertyValue(path.valueType, images: images, choices: choices)
        }
        if path.component == nil {
            do { _ = try path.write(value, into: path.key.descriptor.defaultValue) } catch { throw node.error("\(error)") }
        }
        return .value(path, value)
    }

    /// `{"attribute": A, "relativeTo": "superlayer" or a sibling's name, "sourceAttribute": A, "scale": 1,
    /// "offset": 0}` (CAConstraint).
    func constraint(_ node: JSONNode) throws(SceneError) -> Constraint {
        let members = try node.object(allowing: Self.constraintFields)
        let attributes = ConstraintAttribute.allCases.map { ($0.rawValue, $0) }
        let attribute = try members.required("attribute").name(attributes, what: "constraint attribute")
        let source = try members["relativeTo"].map { (n) throws(SceneError) in try n.string() } ?? "superlayer"
        return Constraint(
            attribute, relativeTo: source == "superlayer" ? .superlayer : .sibling(source),
            attribute: try members["sourceAttribute"].map { (n) throws(SceneError) in try n.name(attributes, what: "constraint attribute") },
            scale: try members["scale"]?.number() ?? 1, offset: try members["offset"]?.number() ?? 0)
    }

    // MARK: Animations

    func animation(_ node: JSONNode) throws(SceneError) -> SceneAnimation {
        guard case .object(let raw) = node.value else { throw node.expected("an animation object") }
        guard let typeValue = raw.first(where: { $0.key == "type" })?.value else {
            throw node.error("missing \"type\" (basic, keyframe, group, transition or spring)")
        }
        let typeNode = node.member("type", typeValue)
        let type = try typeNode.name(
            [("basic", "basic"), ("keyframe", "keyframe"), ("group", "group"), ("transition", "transition"), ("spring", "spring")],
            what: "animation type")
        let extra =
            switch type {
            case "basic": Self.basicFields
            case "keyframe": Self.keyframeFields
            case "spring": Self.springFields
            case "group": Self.groupFields
            default: Self.transitionFields
            }
        let m = try node.object(allowing: Self.timingFields + extra)

        var timing = MediaTiming()
        if let n = m["beginTime"] { timing.beginTime = try n.number() }
        if let n = m["duration"] { timing.duration = try n.nonNegative() }
        if let n = m["speed"] { timing.speed = try n.number() }
        if let n = m["timeOffset"] { timing.timeOffset = try n.number() }
        if let n = m["repeatCount"] {
            if case .string("infinity") = n.value {
                timing.repeatCount = .infinity
            } else {
                guard case .number = n.value else { throw n.expected("a number or \"infinity\"") }
                timing.repeatCount = try n.nonNegative()
            }
        }
        if let n = m["repeatDuration"] { timing.repeatDuration = try n.nonNegative() }
        if let n = m["autoreverses"] { timing.autoreverses = try n.bool() }
        if let n = m["fillMode"] { timing.fillMode = try n.name(FillMode.allCases.map { ($0.rawValue, $0) }, what: "fillMode") }

        let kind: Animation.Kind
        switch type {
        case "basic", "spring":
            let keyPath = try self.keyPath(m)
            let basic = BasicAnimation(
                keyPath: keyPath,
                fromValue: try m["fromValue"].map { (n) throws(SceneError) in try n.propertyValue(keyPath.valueType, images: images) },
                toValue: try m["toValue"].map { (n) throws(SceneError) in try n.propertyValue(keyPath.valueType, images: images) },
                byValue: try m["byValue"].map { (n) throws(SceneError) in try n.propertyValue(keyPath.valueType, images: images) },
                additive: try m["additive"]?.bool() ?? false, cumulative: try m["cumulative"]?.bool() ?? false)
            if type == "basic" {
                kind = .basic(basic)
            } else {
                kind = .spring(
                    SpringAnimation(
                        basic, mass: try m["mass"]?.number(in: 1e-6...1e6) ?? 1,
                        stiffness: try m["stiffness"]?.number(in: 1e-6...1e9) ?? 100,
                        damping: try m["damping"]?.number(in: 0...1e9) ?? 10,
                        initialVelocity: try m["initialVelocity"]?.number() ?? 0))
            }
        case "keyframe":
            let keyPath = try self.keyPath(m)
            var values: [PropertyValue] = []
            if let n = m["values"] {
                for element in try n.array() { values.append(try element.propertyValue(keyPath.valueType, images: images)) }
            }
            var path: Path?
            if let n = m["path"] {
                do { path = try Path(svgPathData: try n.string()) } catch { throw n.error("\(error)") }
            }
            if m["values"] == nil && path == nil { throw node.error("a keyframe animation needs \"values\" or \"path\"") }
            var keyTimes: [Double]?
            if let n = m["keyTimes"] {
                keyTimes = []
                for element in try n.array() { keyTimes!.append(try element.number(in: 0...1)) }
            }
            var functions: [TimingFunction]?
            if let n = m["timingFunctions"] {
                functions = []
                for element in try n.array() { functions!.append(try element.timingFunction()) }
            }
            func numbers(_ key: String) throws(SceneError) -> [Double] {
                guard let n = m[key] else { return [] }
                var list: [Double] = []
                for element in try n.array() { list.append(try element.number()) }
                return list
            }
            kind = .keyframe(
                KeyframeAnimation(
                    keyPath: keyPath, values: values, path: path, keyTimes: keyTimes, timingFunctions: functions,
                    calculationMode: try m["calculationMode"]?.name(
                        CalculationMode.allCases.map { ($0.rawValue, $0) }, what: "calculationMode") ?? .linear,
                    tensionValues: try numbers("tensionValues"), continuityValues: try numbers("continuityValues"),
                    biasValues: try numbers("biasValues"),
                    rotationMode: try m["rotationMode"]?.name(
                        [("auto", RotationMode.auto), ("autoReverse", .autoReverse), ("rotateAuto", .auto),
                         ("rotateAutoReverse", .autoReverse)], what: "rotationMode"),
                    additive: try m["additive"]?.bool() ?? false, cumulative: try m["cumulative"]?.bool() ?? false))
        case "group":
            var children: [Animation] = []
            for element in try m.required("animations").array() { children.append(try animation(element).animation) }
            kind = .group(children)
        default:
            var t = Transition()
            if let n = m["transition"] { t.type = try n.name(TransitionType.allCases.map { ($0.rawValue, $0) }, what: "transition") }
            if let n = m["subtype"] { t.subtype = try n.name(TransitionSubtype.allCases.map { ($0.rawValue, $0) }, what: "subtype") }
            if let n = m["startProgress"] { t.startProgress = try n.number(in: 0...1) }
            if let n = m["endProgress"] { t.endProgress = try n.number(in: 0...1) }
            if t.endProgress < t.startProgress {
                throw node.error("endProgress \(JSONWriter.format(t.endProgress)) is before startProgress \(JSONWriter.format(t.startProgress))")
            }
            kind = .transition(t)
        }

        var animation = Animation(kind, timing: timing)
        if let n = m["timingFunction"] { animation.timingFunction = try n.timingFunction() }
        if let n = m["removedOnCompletion"] { animation.removedOnCompletion = try n.bool() }
        do { try animation.validate() } catch { throw node.error("\(error)") }
        return SceneAnimation(key: try m["key"]?.string(), animation: animation, path: node.path)
    }

    private func keyPath(_ m: Members) throws(SceneError) -> LayerKeyPath {
        let node = try m.required("keyPath")
        do { return try LayerKeyPath(try node.string()) } catch { throw node.error("\(error)") }
    }

    // MARK: Timeline

    mutating func commit(_ node: JSONNode) throws(SceneError) -> SceneCommit {
        let m = try node.object(allowing: [
            "at", "animationDuration", "animationTimingFunction", "disableActions", "set", "add", "remove", "animations", "scroll",
            "removeAnimations",
        ])
        var settings = TransactionSettings.initial
        if let n = m["animationDuration"] { settings.animationDuration = try n.nonNegative() }
        if let n = m["animationTimingFunction"] { settings.animationTimingFunction = try n.timingFunction() }
        if let n = m["disableActions"] { settings.disableActions = try n.bool() }
        var commit = SceneCommit(
            at: try m.required("at").nonNegative(), path: node.path, settings: settings, set: [], add: [], remove: [],
            animations: [], removeAnimations: [])
        // `add` first: names it introduces may be used by `set` and `animations` of the same transaction.
        if let n = m["add"] {
            for element in try n.array() {
                let a = try element.object(allowing: ["parent", "index", "layer"])
                let index = try a["index"]?.integer(in: 0...Int(Int32.max))
                commit.add.append((try a["parent"]?.string(), index, try layer(a.required("layer")), element.path))
            }
        }
        if let n = m["set"] {
            for (name, changes) in try n.dictionary() {
                var properties: [SceneProperty] = []
                for (key, value) in try changes.dictionary() {
                    if key == "frame" || key.contains(".") || PropertyKey(name: key) != nil {
                        properties.append(try property(key, value, kind: nil))
                    } else {
                        let hint = JSONNode.closest(to: key, in: ["frame"] + LayerProperties.table.map(\.name))
                            .map { " (did you mean \"\($0)\"?)" } ?? ""
                        throw value.error("unknown layer property\(hint)")
                    }
                }
                commit.set.append((name, changes.path, properties))
            }
        }
        if let n = m["remove"] {
            for element in try n.array() { commit.remove.append((try element.string(), element.path)) }
        }
        if let n = m["scroll"] {
            for (name, point) in try n.dictionary() { commit.scroll.append((name, point.path, try point.point())) }
        }
        if let n = m["animations"] {
            for (name, list) in try n.dictionary() {
                var animations: [SceneAnimation] = []
                for element in try list.array() { animations.append(try animation(element)) }
                commit.animations.append((name, list.path, animations))
            }
        }
        if let n = m["removeAnimations"] {
            for (name, list) in try n.dictionary() {
                var keys: [String] = []
                for element in try list.array() { keys.append(try element.string()) }
                commit.removeAnimations.append((name, list.path, keys))
            }
        }
        return commit
    }
}
