import LaminaCore
import LaminaImage

/// The state of one compilation: the operations written so far, the diagnostics met, and the file's
/// assets. Each Lottie layer becomes a small stack of plain layers, as in lottie-ios:
///
/// - the layer itself: its transform (the anchor as `bounds.origin` with `anchorPoint` (0, 0), so that a
///   point q of the layer's space lands at `position + M·(q − anchor)`, as Lottie places it), its
///   opacity, its masks, blend mode and the `hidden` keyframes of its in and out points, and its content
///   (a solid's rectangle, a shape's layers, a precomp's time container) as sublayers;
/// - one transform-only layer around it per parent in its `parent` chain, since a Lottie parent passes
///   on its transform but not its opacity or visibility;
/// - for a track matte, a container whose `mask` is the matte layer's own stack.
///
/// Times: every composition's layers run in that composition's time, in seconds from its frame 0, so a
/// keyframe at frame f is at f / fr. A precomp's container maps its parent's time with `beginTime` =
/// st / fr and `speed` = 1 / sr: (t − st) / sr, as lottie-ios maps it.
struct LottieCompiler {
    let document: LottieNode
    let frameRate: Double
    var emitter: LayerEmitter
    var diagnostics: [LottieDiagnostic] = []
    /// Diagnostics already reported, by feature and path, so a precomp used twice reports once.
    private var reported: Set<String> = []
    /// Trim cuts already resolved, by the paths of their trims (`trimCut`).
    var trimCuts: [String: TrimCut] = [:]
    /// Stroke layers the file may still make for dash lengths that animate (`dashFrames`).
    var dashSamplesLeft = LottieLimits.maximumDashSamples
    /// Assets (precomps and images) by id.
    var assets: [String: LottieNode] = [:]
    /// Where image files named by path are read from.
    let imageFiles: LottieImageFiles
    /// The images decoded so far, in the order met, and each image asset's bitmap and size.
    var images: [(id: BitmapID, image: RGBAImage)] = []
    var decodedImages: [String: (BitmapID, Size)] = [:]

    static let boundsOrigin = try! LayerKeyPath("bounds.origin")
    static let positionX = try! LayerKeyPath("position.x")
    static let positionY = try! LayerKeyPath("position.y")
    static let scaleX = try! LayerKeyPath("transform.scale.x")
    static let scaleY = try! LayerKeyPath("transform.scale.y")
    static let rotationZ = try! LayerKeyPath("transform.rotation.z")
    static let rotationX = try! LayerKeyPath("transform.rotation.x")
    static let rotationY = try! LayerKeyPath("transform.rotation.y")

    /// A keyword property's choice by its name (one the schema has).
    static func keyword(_ key: PropertyKey, _ name: String) -> PropertyValue {
        try! LayerKeyPath(key).unnamed(.string(name))
    }

    init(document: LottieNode, frameRate: Double, firstHandle: UInt64, imageFiles: LottieImageFiles) {
        self.document = document
        self.frameRate = frameRate
        self.imageFiles = imageFiles
        emitter = LayerEmitter(firstHandle: firstHandle, frameRate: frameRate)
        for asset in document["assets"]?.elements ?? [] {
            guard let id = try? asset["id"]?.string() else { continue }
            assets[id] = asset
        }
    }

    /// Reports a feature that plays differently (once per feature and place).
    mutating func report(_ kind: LottieDiagnostic.Kind, _ feature: String, at path: String, _ detail: String) {
        guard reported.insert("\(feature)@\(path)").inserted else { return }
        diagnostics.append(LottieDiagnostic(kind, feature: feature, path: path, detail: detail))
    }

    /// The root: the composition's bounds, holding the last frame from `duration` on, and under it the
    /// time origin (`timeOffset` = ip / fr) that the file's layers run in.
    mutating func root(size: Size, inPoint: Double, outPoint: Double) throws(LottieError) -> (root: LayerHandle, timeOrigin: LayerHandle) {
        let root = try emitter.create(name: document["nm"].flatMap { try? $0.string() } ?? "lottie", at: "")
        placeAtOrigin(root, size: size, at: "")
        // A thousandth of a frame short: the last frame shown is op − 0.001 (see `playedDuration`).
        emitter.set(root, .duration, .number((outPoint - inPoint - 0.001) / frameRate), at: "")
        emitter.set(root, .fillMode, Self.keyword(.fillMode, "both"), at: "")
        let origin = try emitter.create(name: "time", at: "")
        placeAtOrigin(origin, size: size, at: "")
        emitter.set(origin, .timeOffset, .number(inPoint / frameRate), at: "ip")
        emitter.insert(origin, into: root, at: "")
        try composition(
            try document.required("layers"), into: origin,
            context: Context(size: size, range: (inPoint, outPoint), depth: 0, assetChain: []))
        return (root, origin)
    }

    /// Where a composition's layers are compiled.
    struct Context {
        var size: Size
        /// The root composition's in and out points; nil inside precomps, whose time is not bounded.
        var range: (in: Double, out: Double)?
        var depth: Int
        /// The precomp assets being expanded, outermost first: one reaching itself is recursion.
        var assetChain: [String]
    }

    /// A bounds of `size` at the origin of the parent's space.
    mutating func placeAtOrigin(_ layer: LayerHandle, size: Size, at path: String) {
        emitter.set(layer, .bounds, .rect(Rect(origin: .zero, size: size)), at: path)
        emitter.set(layer, .anchorPoint, .point(.zero), at: path)
        emitter.set(layer, .position, .point(.zero), at: path)
    }

    // MARK: Compositions

    /// A composition's layers (`layers` of the file or of a precomp asset) under `parent`, the first
    /// layer on top. Matte sources are drawn only as masks.
    mutating func composition(_ list: LottieNode, into parent: LayerHandle, context: Context) throws(LottieError) {
        guard list.isArray else { throw list.expected("an array of layers") }
        let layers = list.elements
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() {
            if let ind = layer["ind"], let n = try? ind.number(), n == n.rounded(), abs(n) < 1e15 { byIndex[Int(n)] = i }
        }
        // Which layer each matted layer uses: `tp` names it; without it, the layer just above.
        var matteOf: [Int: Int] = [:]
        var sources: Set<Int> = []
        for (i, layer) in layers.enumerated() {
            let mode = try layer.integer("tt", in: 0...4, default: 0)
            guard mode != 0 else {
                if layer.flag("td") { sources.insert(i) }
                continue
            }
            let source: Int?
            if let tp = layer["tp"] {
                source = byIndex[try tp.integer(in: Int.min...Int.max)]
            } else {
                source = i > 0 ? i - 1 : nil
            }
            guard let source, source != i else {
                report(.unsupported, "matte-missing", at: layer.path + ".tt", "no matte layer is found; the layer is drawn unmatted")
                continue
            }
            matteOf[i] = source
            sources.insert(source)
        }
        for i in layers.indices.reversed() where !sources.contains(i) {
            let node = layers[i]
            if node.flag("hd") { continue }
            guard var handle = try stack(node, layers: layers, byIndex: byIndex, context: context) else { continue }
            if let source = matteOf[i] {
                handle = try matted(handle, node, by: layers[source], layers: layers, byIndex: byIndex, context: context)
            }
            emitter.insert(handle, into: parent, at: node.path)
        }
    }

    // MARK: Layers

    /// A layer's stack (the layer in its parents' transform layers); nil for kinds that draw nothing.
    mutating func stack(
        _ node: LottieNode, layers: [LottieNode], byIndex: [Int: Int], context: Context
    ) throws(LottieError) -> LayerHandle? {
        let kind = try node.integer("ty", in: 0...Int(Int32.max), default: 3)
        let name = node["nm"].flatMap { try? $0.string() }
        switch kind {
        case 0, 1, 2, 3, 4, 5: break
        case 6: return nil  // audio
        default:
            report(.unsupported, "layer-type-\(kind)", at: node.path + ".ty", "a layer of type \(kind) is not drawn")
            return nil
        }
        if node.flag("ddd") {
            report(.approximated, "3d-layers", at: node.path + ".ddd", "the layer is drawn without perspective (no z position, no camera)")
        }
        let layer = try emitter.create(name: name, at: node.path)
        try transform(node["ks"], of: layer, size: context.size, opacity: true, autoOrient: node.flag("ao"), at: node.path + ".ks")
        switch kind {
        case 0: try precomp(node, into: layer, context: context)
        case 1: try solid(node, into: layer)
        case 2: try imageLayer(node, into: layer)
        case 4: try shapes(node["shapes"], into: layer, at: node.path + ".shapes")
        case 5: try text(node, into: layer)
        default: break
        }
        try masks(node["masksProperties"], of: layer, size: context.size)
        try blendMode(node, of: layer)
        try visibility(node, of: layer, context: context)
        if node["sr"] != nil, kind != 0, (try? node.number("sr", default: 1)) != 1 {
            report(.unsupported, "time-stretch", at: node.path + ".sr", "only a precomp's children are stretched")
        }
        try effects(node["ef"], of: layer)
        if node["sy"] != nil {
            report(.unsupported, "layer-styles", at: node.path + ".sy", "layer styles are not drawn")
        }

        // The parent chain, nearest first: each a transform without opacity.
        var outer = layer
        var parentIndex = try node["parent"].map { (p: LottieNode) throws(LottieError) in try p.integer(in: Int.min...Int.max) }
        var seen: Set<Int> = []
        while let index = parentIndex {
            guard let position = byIndex[index] else {
                report(.unsupported, "parent-missing", at: node.path + ".parent", "no layer has index \(index); the parent is ignored")
                break
            }
            guard seen.insert(index).inserted, seen.count <= LottieLimits.maximumGroupDepth else {
                throw LottieError(path: node.path + ".parent", message: "the parent chain loops or is deeper than \(LottieLimits.maximumGroupDepth)")
            }
            let parent = layers[position]
            let wrapper = try emitter.create(name: "parent \(index)", at: parent.path)
            try transform(parent["ks"], of: wrapper, size: context.size, opacity: false, at: parent.path + ".ks")
            emitter.insert(outer, into: wrapper, at: node.path)
            outer = wrapper
            parentIndex = try parent["parent"].map { (p: LottieNode) throws(LottieError) in try p.integer(in: Int.min...Int.max) }
        }
        return outer
    }

    /// A layer's in and out points as `hidden` keyframes: hidden outside ip ≤ frame < op. In the root
    /// composition a layer that starts at (or before) its start, or ends at (or after) its end, stays
    /// shown there, as lottie-ios shows the frame at `op` with such layers.
    private mutating func visibility(_ node: LottieNode, of layer: LayerHandle, context: Context) throws(LottieError) {
        let ip = try node.number("ip", default: -Double.infinity)
        let op = try node.number("op", default: Double.infinity)
        let shownBefore = context.range.map { ip <= $0.in } ?? (ip == -.infinity)
        let shownAfter = context.range.map { op >= $0.out } ?? (op == .infinity)
        if shownBefore && shownAfter { return }
        if let remap = emitter.remap {
            guard emitter.spend(remap.frames.count, at: node.path + ".ip") else { return }
            let hidden: LottieProperty<Bool> = .animated(
                remap.frames.map { f in
                    let c = remap.map(f)
                    return LottieKeyframe(time: f, value: !(ip <= c && c < op), end: nil, easing: .linear, hold: true, tangentOut: nil, tangentIn: nil)
                })
            emitter.set(layer, .hidden, .bool(true), at: node.path + ".ip")
            if case .animated(let keys) = hidden, keys.count > 1, keys.contains(where: { $0.value != keys[0].value }),
                let animation = emitter.keyframeAnimation(LayerKeyPath(.hidden), keys, { .bool($0) })
            {
                emitter.add(animation, to: layer, key: "visibility", at: node.path + ".ip")
            } else {
                emitter.set(layer, .hidden, .bool(hidden.initialValue), at: node.path + ".ip")
            }
            return
        }
        emitter.set(layer, .hidden, .bool(true), at: node.path + ".ip")
        guard op > ip else { return }
        let fill: FillMode = shownBefore ? .backwards : shownAfter ? .forwards : .removed
        let begin = shownBefore ? op - 1 : ip
        let end = shownAfter ? ip + 1 : op
        let shown = KeyframeAnimation(keyPath: LayerKeyPath(.hidden), values: [.bool(false)], calculationMode: .discrete)
        var animation = emitter.timed(.keyframe(shown), from: begin, to: end)
        animation.timing.fillMode = fill
        emitter.add(animation, to: layer, key: "visibility", at: node.path + ".ip")
    }

    /// A solid layer's rectangle (`sw` x `sh` in `sc`) under it.
    private mutating func solid(_ node: LottieNode, into layer: LayerHandle) throws(LottieError) {
        let size = try node.size("sw", "sh")
        let colorNode = try node.required("sc")
        let hex = try colorNode.string()
        guard let color = Color(hex: hex.hasPrefix("#") ? hex : "#" + hex) else {
            throw colorNode.expected("a colour as #rrggbb")
        }
        let rect = try emitter.create(name: "solid", at: node.path)
        placeAtOrigin(rect, size: size, at: node.path)
        emitter.set(rect, .backgroundColor, .color(color), at: colorNode.path)
        emitter.insert(rect, into: layer, at: node.path)
    }

    /// A precomp layer's content: the asset's layers in a time container of the precomp's size, clipped
    /// to it, running in the precomp's time.
    private mutating func precomp(_ node: LottieNode, into layer: LayerHandle, context: Context) throws(LottieError) {
        let refNode = try node.required("refId")
        let ref = try refNode.string()
        guard let asset = assets[ref], let layers = asset["layers"] else {
            throw refNode.error("no precomp asset has id \"\(ref)\"")
        }
        guard !context.assetChain.contains(ref) else {
            throw refNode.error("the precomp \"\(ref)\" contains itself (\((context.assetChain + [ref]).joined(separator: " → ")))")
        }
        guard context.depth < LottieLimits.maximumPrecompDepth else {
            throw refNode.error("precomps nested deeper than \(LottieLimits.maximumPrecompDepth)")
        }
        let size = node["w"] == nil ? context.size : try node.size("w", "h", limit: LottieLimits.maximumPrecompSize)
        let container = try emitter.create(name: "precomp \(ref)", at: node.path)
        placeAtOrigin(container, size: size, at: node.path)
        emitter.set(container, .masksToBounds, .bool(true), at: node.path)
        let start = try node.number("st", default: 0)
        let stretch = try node.number("sr", default: 1)
        guard stretch > 0 else { throw node["sr"]!.error("a time stretch of \(stretch) (expected more than 0)") }
        let outer = emitter.remap
        if let tmNode = node["tm"] {
            // Time remapping (seconds of the precomp at each frame of the layer's time) is no line, so
            // everything inside is sampled at the outer frames, as lottie-ios does; st and sr then
            // do not apply, as in lottie-ios.
            let tm = try tmNode.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
            let (ip, op) = (try node.number("ip", default: 0), try node.number("op", default: 0))
            let frames = outer?.frames ?? LayerEmitter.TimeRemap.frames(from: ip, to: op)
            let outside = outer?.map ?? { $0 }
            let rate = frameRate
            emitter.remap = LayerEmitter.TimeRemap(frames: frames) { tm.value(at: outside($0), interpolate: Double.mix) * rate }
        } else if let outer {
            emitter.remap = LayerEmitter.TimeRemap(frames: outer.frames) { (outer.map($0) - start) / stretch }
        } else {
            if start != 0 { emitter.set(container, .beginTime, .number(start / frameRate), at: node.path + ".st") }
            if stretch != 1 { emitter.set(container, .speed, .number(1 / stretch), at: node.path + ".sr") }
        }
        defer { emitter.remap = outer }
        emitter.insert(container, into: layer, at: node.path)
        var inner = context
        inner.size = size
        inner.range = nil
        inner.depth += 1
        inner.assetChain.append(ref)
        try composition(layers, into: container, context: inner)
    }

    /// `bm` as the layer's `compositingFilter`.
    private mutating func blendMode(_ node: LottieNode, of layer: LayerHandle) throws(LottieError) {
        let mode = try node.integer("bm", in: 0...99, default: 0)
        guard mode != 0 else { return }
        let names = [
            1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten", 6: "colorDodge", 7: "colorBurn",
            8: "hardLight", 9: "softLight", 10: "difference", 11: "exclusion", 12: "hue", 13: "saturation", 14: "color",
            15: "luminosity", 16: "plusLighter",
        ]
        guard let name = names[mode] else {
            report(.unsupported, "blend-mode-\(mode)", at: node.path + ".bm", "blend mode \(mode) is drawn as normal")
            return
        }
        emitter.set(layer, .compositingFilter, Self.keyword(.compositingFilter, name), at: node.path + ".bm")
    }
}
