import LaminaCore
import RealModule

/// Shape layers' content. Each group becomes a plain layer with the group's transform; each fill or
/// stroke becomes a shape layer whose path joins the paths it paints. A style paints the paths before
/// it in its group and in the groups before it (which inherit it), as After Effects does; items earlier
/// in a list are drawn above later ones. Trim paths act on the strokes after them alike.
extension LottieCompiler {
    /// What a group inherits from the groups around it: the styles and trims after it.
    struct Inherited {
        var styles: [LottieNode] = []
        var trims: [LottieNode] = []
    }

    mutating func shapes(_ list: LottieNode?, into layer: LayerHandle, at path: String) throws(LottieError) {
        guard let list else { return }
        try group(list.elements, into: layer, inherited: Inherited(), depth: 0)
    }

    private mutating func group(_ items: [LottieNode], into container: LayerHandle, inherited: Inherited, depth: Int) throws(LottieError) {
        guard let first = items.first else { return }
        guard depth < LottieLimits.maximumGroupDepth else {
            throw first.error("shape groups nested deeper than \(LottieLimits.maximumGroupDepth)")
        }
        // A repeater copies what is above it: those items go into a replicator drawn where the
        // repeater is, over the items below it, whose styles paint the copies too.
        if let r = items.firstIndex(where: { !$0.flag("hd") && (try? $0["ty"]?.string()) == "rp" }) {
            let rest = Array(items[(r + 1)...])
            try group(rest, into: container, inherited: inherited, depth: depth)
            var passed = inherited
            passed.styles = rest.filter { ["fl", "st", "gf", "gs"].contains((try? $0["ty"]?.string()) ?? "") && !$0.flag("hd") } + inherited.styles
            passed.trims = rest.filter { (try? $0["ty"]?.string()) == "tm" && !$0.flag("hd") } + inherited.trims
            for copy in try repeaterCopies(items[r]) {
                try group(Array(items[..<r]), into: copy, inherited: passed, depth: depth + 1)
                emitter.insert(copy, into: container, at: items[r].path)
            }
            return
        }
        var paths: [(index: Int, shape: LottieProperty<LottieBezier>)] = []
        var styles: [(index: Int, node: LottieNode)] = []
        var trims: [(index: Int, node: LottieNode)] = []
        var groups: [(index: Int, node: LottieNode)] = []
        var mergeItems: [(index: Int, mode: Int, node: LottieNode)] = []
        for (i, item) in items.enumerated() where !item.flag("hd") {
            let type = (try? item["ty"]?.string()) ?? ""
            switch type {
            case "sh", "rc", "el", "sr":
                paths.append((i, try shapePath(item, type)))
            case "fl", "st", "gf", "gs":
                styles.append((i, item))
            case "gr":
                groups.append((i, item))
            case "tm":
                trims.append((i, item))
            case "tr":
                break
            case "rd", "pb", "op":
                // Round corners (`r`, points), pucker & bloat (`a`, percent) and offset paths (`a`,
                // points) change the paths above.
                let key = type == "rd" ? "r" : "a"
                let amount = try item[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() } ?? .constant(0)
                let modify: (LottieBezier, Double) -> LottieBezier
                switch type {
                case "rd": modify = { $0.rounded(max($1, 0)) }
                case "pb": modify = { $0.puckered($1) }
                default:
                    let join = try offsetJoin(item)
                    modify = { $0.offset(by: $1, join: join) }
                }
                paths = paths.map { path in
                    guard path.index < i else { return path }
                    let shape = path.shape
                    return (path.index, Self.combine([shape.timeline, amount.timeline]) { f in
                        modify(shape.value(at: f, interpolate: LottieBezier.interpolate), amount.value(at: f, interpolate: Double.mix))
                    })
                }
            case "mm":
                // Mode 1 (merge) makes the paths above one compound path, which is what a style
                // painting several paths paints; the others combine them (`Merge`).
                let mode = try item.integer("mm", in: 1...5, default: 1)
                if mode != 1 { mergeItems.append((i, mode, item)) }
            default:
                report(.unsupported, "shape-\(type.isEmpty ? "unknown" : type)", at: item.path, "the shape item is ignored")
            }
        }
        // A group whose transform never changes joins its paths to this group's, so that the styles
        // after it fill them as one compound path (the holes of glyphs split across groups stay holes).
        var flattened: Set<Int> = []
        for g in groups {
            guard let shapes = try flattenedPaths(of: g.node, depth: depth + 1) else { continue }
            flattened.insert(g.index)
            paths += shapes.map { (g.index, $0) }
        }
        paths.sort { $0.index < $1.index }
        // A merge takes the paths above it (those no merge before it took) out of the group's paths.
        var merges: [Merge] = []
        for item in mergeItems {
            let taken = paths.filter { $0.index < item.index }
            guard !taken.isEmpty else { continue }
            paths.removeAll { $0.index < item.index }
            merges.append(Merge(index: item.index, mode: item.mode, shapes: taken.map(\.shape), path: item.node.path))
        }
        // Inherited styles paint this group's paths below everything in it, each path cut by the
        // trims after it here, then by the inherited ones: runs of paths the same trims cut.
        var runs: [(shapes: [LottieProperty<LottieBezier>], cuts: [Int])] = []
        for path in paths {
            let cuts = trims.filter { $0.index > path.index }.map(\.index)
            if let last = runs.last, last.cuts == cuts {
                runs[runs.count - 1].shapes.append(path.shape)
            } else {
                runs.append(([path.shape], cuts))
            }
        }
        for style in inherited.styles.reversed() {
            for run in runs {
                let cuts = trims.filter { run.cuts.contains($0.index) }.map(\.node) + inherited.trims
                try paint(run.shapes, with: style, trims: cuts, into: container)
            }
            for merge in merges {
                try paintMerged(merge, with: style, trims: trims.filter { $0.index > merge.index }.map(\.node) + inherited.trims, into: container)
            }
        }
        // Then the group's own items, last (bottom) first.
        let drawn = (styles.map { ($0.index, $0.node, false) } + groups.map { ($0.index, $0.node, true) }).sorted { $0.0 > $1.0 }
        for (index, node, isGroup) in drawn {
            if isGroup && flattened.contains(index) {
                // Its paths are painted by the styles here that apply to it; its own styles paint them
                // too, cut by the trims after it.
                let cuts = trims.filter { $0.index > index }.map(\.node) + inherited.trims
                try paintStylesOnly(of: node, trims: cuts, depth: depth + 1, into: container)
            } else if isGroup {
                var passed = inherited
                passed.styles = styles.filter { $0.index > index }.map(\.node) + inherited.styles
                passed.trims = trims.filter { $0.index > index }.map(\.node) + inherited.trims
                let layer = try emitter.create(name: node["nm"].flatMap { try? $0.string() }, at: node.path)
                let children = node["it"]?.elements ?? []
                let tr = children.last { (try? $0["ty"]?.string()) == "tr" }
                try transform(tr, of: layer, size: .zero, opacity: true, at: tr?.path ?? node.path)
                try group(children, into: layer, inherited: passed, depth: depth + 1)
                emitter.insert(layer, into: container, at: node.path)
            } else {
                for merge in merges where merge.index < index {
                    try paintMerged(merge, with: node, trims: trims.filter { $0.index > merge.index }.map(\.node) + inherited.trims, into: container)
                }
                let before = paths.filter { $0.index < index }
                guard let first = before.first else { continue }
                // A trim cuts the paths above it, wherever the style is: one below the stroke cuts
                // it too (as lottie-web and ThorVG draw it).
                let applying = trims.filter { $0.index > first.index }.map(\.node) + inherited.trims
                try paint(before.map(\.shape), with: node, trims: applying, into: container)
            }
        }
    }

    // MARK: Repeaters

    /// A repeater's copies (`rp`), in drawing order: copy k is moved by k times the repeater's
    /// position, turned by k times its rotation and scaled by its scale to the k-th power, about its
    /// anchor, its opacity running from `so` to `eo`. Layers, not a replicator: Core Animation's
    /// instance transform compounds (the k-th copy's move turns with it), Lottie's does not.
    ///
    /// The number of copies is the count rounded down (lottie-ios's `Int(copies)`; lottie-web rounds
    /// up, which matched fewer of the corpus's references). When
    /// it animates, there are as many copies as it ever reaches, and copy k shows, sampled once a
    /// frame, while the count is above k; when the transform animates, each copy's matrix follows it.
    private mutating func repeaterCopies(_ item: LottieNode) throws(LottieError) -> [LayerHandle] {
        func number(_ node: LottieNode?, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
            try node?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() } ?? .constant(fallback)
        }
        func point(_ node: LottieNode?, _ fallback: Point) throws(LottieError) -> LottieProperty<Point> {
            try node?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in
                let v = try n.numbers()
                return Point(x: v.first ?? fallback.x, y: v.count > 1 ? v[1] : v.first ?? fallback.y)
            } ?? .constant(fallback)
        }
        let count = try number(item["c"], 1), offset = try number(item["o"], 0)
        let tr = item["tr"]
        let anchor = try point(tr?["a"], .zero), position = try point(tr?["p"], .zero)
        let scale = try point(tr?["s"], Point(x: 100, y: 100)), rotation = try number(tr?["r"], 0)
        let startOpacity = try number(tr?["so"], 100), endOpacity = try number(tr?["eo"], 100)
        func copies(at f: Double) -> Int {
            let c = count.value(at: f, interpolate: Double.mix)
            return c.isFinite ? Int(min(max(c.rounded(.down), 0), 1_000)) : 0
        }
        func placed(_ k: Int, at f: Double) -> AffineTransform {
            let n = Double(k) + offset.value(at: f, interpolate: Double.mix)
            let a = anchor.value(at: f, interpolate: Point.mix), p = position.value(at: f, interpolate: Point.mix)
            let s = scale.value(at: f, interpolate: Point.mix)
            // q ↦ a + n·p + R(n·r)·S^n·(q − a).
            return AffineTransform.lottie(
                anchor: a, position: Point(x: a.x + n * p.x, y: a.y + n * p.y),
                scale: Point(x: Double.pow(s.x / 100, n), y: Double.pow(s.y / 100, n)),
                angle: rotation.value(at: f, interpolate: Double.mix) * .pi / 180 * n)
        }
        func opacity(_ k: Int, at f: Double) -> Double {
            let n = copies(at: f)
            guard k < n else { return 0 }
            let so = startOpacity.value(at: f, interpolate: Double.mix) / 100, eo = endOpacity.value(at: f, interpolate: Double.mix) / 100
            return min(max(n > 1 ? so + (eo - so) * Double(k) / Double(n - 1) : so, 0), 1)
        }
        let placement = [offset.timeline, anchor.timeline, position.timeline, scale.timeline, rotation.timeline]
        let shown = [count.timeline, startOpacity.timeline, endOpacity.timeline]
        let frames = shown.contains { $0 != nil } ? Self.keyedFrames(shown) : [0]
        let most = frames.map { copies(at: $0) }.max() ?? 0
        if frames.count > 1 || placement.contains(where: { $0 != nil }) {
            guard emitter.spend(most * frames.count, at: item.path) else { return [] }
        }
        var layers: [LayerHandle] = []
        for k in 0..<most {
            let copy = try emitter.create(name: "copy \(k)", at: item.path)
            emitter.set(copy, .anchorPoint, .point(.zero), at: item.path)
            let matrix = Self.combine(placement) { f in placed(k, at: f) }
            emitter.apply(matrix, to: copy, LayerKeyPath(.transform), at: item.path + ".tr") { .transform(Transform3D(affine: $0)) }
            let opacities = frames.map { opacity(k, at: $0) }
            if opacities.count > 1 {
                // Held where the copy appears or goes, which no curve between samples can say; a
                // sample inside a run of equal ones adds nothing.
                let keys = frames.indices.compactMap { i -> LottieKeyframe<Double>? in
                    let same = i > 0 && i + 1 < frames.count && opacities[i - 1] == opacities[i] && opacities[i + 1] == opacities[i]
                    guard !same else { return nil }
                    let hold = i + 1 < frames.count && (opacities[i] == 0) != (opacities[i + 1] == 0)
                    return LottieKeyframe(time: frames[i], value: opacities[i], end: nil, easing: .linear, hold: hold, tangentOut: nil, tangentIn: nil)
                }
                emitter.apply(LottieProperty<Double>.animated(keys), to: copy, LayerKeyPath(.opacity), at: item.path + ".c") { .number($0) }
            } else if opacities[0] != 1 {
                emitter.set(copy, .opacity, .number(opacities[0]), at: item.path + ".tr")
            }
            layers.append(copy)
        }
        // Composite "above" (1) puts later copies over earlier ones; "below" (2) under them.
        return (try? item.number("m", default: 1)) == 2 ? layers.reversed() : layers
    }

    /// An offset path's join (`lj`: 1 miter, 2 round, 3 bevel) and miter limit (`ml`, 4 when absent).
    private mutating func offsetJoin(_ item: LottieNode) throws(LottieError) -> LottieBezier.OffsetJoin {
        switch try item.integer("lj", in: 1...3, default: 1) {
        case 2: return .round
        case 3: return .bevel
        default:
            let limit = try item["ml"]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in max(try n.number(), 1) }
            if limit?.isAnimated == true { report(.approximated, "animated-miter-limit", at: item.path + ".ml", "the miter limit keeps its first value") }
            return .miter(limit: limit?.initialValue ?? 4)
        }
    }

    // MARK: Flattening

    /// Every path of a group and the groups in it, mapped into the space around the group, when no
    /// transform on the way animates and none fades (nil otherwise: the group is drawn as layers).
    private mutating func flattenedPaths(of group: LottieNode, depth: Int) throws(LottieError) -> [LottieProperty<LottieBezier>]? {
        guard depth < LottieLimits.maximumGroupDepth else { throw group.error("shape groups nested deeper than \(LottieLimits.maximumGroupDepth)") }
        let items = (group["it"]?.elements ?? []).filter { !$0.flag("hd") }
        guard let matrix = try staticMatrix(items.last { (try? $0["ty"]?.string()) == "tr" }) else { return nil }
        var shapes: [LottieProperty<LottieBezier>] = []
        for item in items {
            let type = (try? item["ty"]?.string()) ?? ""
            switch type {
            case "sh", "rc", "el", "sr": shapes.append(try shapePath(item, type))
            case "gr":
                guard let inner = try flattenedPaths(of: item, depth: depth + 1) else { return nil }
                shapes += inner
            case "tm":
                // A trim that keeps the whole path changes nothing.
                guard try isWholeTrim(item) else { return nil }
            case "rd", "pb", "rp", "mm", "zz", "tw", "op": return nil
            default: break
            }
        }
        return shapes.map { $0.mapValues { $0.applying(matrix) } }
    }

    /// Whether a trim path keeps its paths whole throughout (0 to 100%, no offset).
    private mutating func isWholeTrim(_ trim: LottieNode) throws(LottieError) -> Bool {
        for (key, whole) in [("s", 0.0), ("e", 100.0), ("o", 0.0)] {
            guard let node = trim[key] else { continue }
            let property = try node.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
            if property.isAnimated || property.initialValue != whole { return false }
        }
        return true
    }

    /// The styles of a flattened group (and of the groups in it), each painting the group's paths.
    private mutating func paintStylesOnly(of group: LottieNode, trims: [LottieNode], depth: Int, into container: LayerHandle) throws(LottieError) {
        let items = (group["it"]?.elements ?? []).filter { !$0.flag("hd") }
        guard items.contains(where: { ["fl", "st", "gf", "gs"].contains((try? $0["ty"]?.string()) ?? "") }) || items.contains(where: { (try? $0["ty"]?.string()) == "gr" }) else { return }
        let layer = try emitter.create(name: group["nm"].flatMap { try? $0.string() }, at: group.path)
        let tr = items.last { (try? $0["ty"]?.string()) == "tr" }
        try transform(tr, of: layer, size: .zero, opacity: true, at: tr?.path ?? group.path)
        try self.group(items, into: layer, inherited: Inherited(styles: [], trims: trims), depth: depth)
        emitter.insert(layer, into: container, at: group.path)
    }

    /// A group transform (`tr`) as a matrix, when nothing in it animates and its opacity is full.
    private mutating func staticMatrix(_ tr: LottieNode?) throws(LottieError) -> AffineTransform? {
        guard let tr else { return .identity }
        func value(_ key: String, _ fallback: [Double]) throws(LottieError) -> [Double]? {
            guard let node = tr[key] else { return fallback }
            let property = try node.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.numbers() }
            return property.isAnimated ? nil : property.initialValue
        }
        guard let a = try value("a", [0, 0]), let p = try value("p", [0, 0]), let s = try value("s", [100, 100]),
            let r = try value("r", [0]), let o = try value("o", [100]), let sk = try value("sk", [0]), let sa = try value("sa", [0]),
            tr["p"]?.flag("s") != true, (o.first ?? 100) >= 100
        else { return nil }
        func point(_ v: [Double], _ fallback: Double) -> Point { Point(x: v.first ?? fallback, y: v.count > 1 ? v[1] : v.first ?? fallback) }
        return AffineTransform.lottie(
            anchor: point(a, 0), position: point(p, 0), scale: Point(x: point(s, 100).x / 100, y: point(s, 100).y / 100),
            angle: (r.first ?? 0) * .pi / 180, skew: (sk.first ?? 0) * .pi / 180, skewAxis: (sa.first ?? 0) * .pi / 180)
    }

    // MARK: Paths

    /// A path item (`sh`, `rc`, `el`, `sr`) as a bezier shape over time.
    private mutating func shapePath(_ item: LottieNode, _ type: String) throws(LottieError) -> LottieProperty<LottieBezier> {
        let reversed = (try? item.number("d", default: 1)) == 3
        func point(_ key: String) throws(LottieError) -> LottieProperty<Point> {
            try item[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.point() } ?? .constant(.zero)
        }
        func number(_ key: String) throws(LottieError) -> LottieProperty<Double> {
            try item[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() } ?? .constant(0)
        }
        switch type {
        case "sh":
            // A drawn path keeps the direction it was drawn in (`d` is for the parametric shapes).
            return try item.required("ks").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.bezier() }
        case "rc":
            let (p, s, r) = (try point("p"), try point("s"), try number("r"))
            let rounded = r.keyValues.contains { $0 > 0 }
            return Self.combine([p.timeline, s.timeline, r.timeline]) { f in
                let size = s.value(at: f, interpolate: Point.mix)
                return ShapeGeometry.rectangle(
                    center: p.value(at: f, interpolate: Point.mix), size: Size(width: size.x, height: size.y),
                    roundness: r.value(at: f, interpolate: Double.mix), reversed: reversed, eightVertices: rounded)
            }
        case "el":
            let (p, s) = (try point("p"), try point("s"))
            return Self.combine([p.timeline, s.timeline]) { f in
                let size = s.value(at: f, interpolate: Point.mix)
                return ShapeGeometry.ellipse(
                    center: p.value(at: f, interpolate: Point.mix), size: Size(width: size.x, height: size.y), reversed: reversed)
            }
        default:
            let isStar = (try? item.number("sy", default: 1)) != 2
            let (p, pt, r) = (try point("p"), try number("pt"), try number("r"))
            let (or, os, ir, is_) = (try number("or"), try number("os"), try number("ir"), try number("is"))
            let count = pt.initialValue
            guard count.isFinite, count >= 0, count <= Double(LottieLimits.maximumPathVertices / 2) else {
                throw LottieError(path: item.path + ".pt", message: "\(count) points (at most \(LottieLimits.maximumPathVertices / 2))")
            }
            let build = { (f: Double) -> LottieBezier in
                ShapeGeometry.star(
                    center: p.value(at: f, interpolate: Point.mix),
                    points: min(pt.value(at: f, interpolate: Double.mix), Double(LottieLimits.maximumPathVertices / 2)),
                    outer: or.value(at: f, interpolate: Double.mix), outerRoundness: os.value(at: f, interpolate: Double.mix),
                    inner: isStar ? ir.value(at: f, interpolate: Double.mix) : nil, innerRoundness: is_.value(at: f, interpolate: Double.mix),
                    rotation: r.value(at: f, interpolate: Double.mix), reversed: reversed)
            }
            let timelines = [p.timeline, pt.timeline, r.timeline, or.timeline, os.timeline, ir.timeline, is_.timeline]
            guard let points = pt.timeline, let first = points.times.first, let last = points.times.last, last > first else {
                guard r.isAnimated else { return Self.combine(timelines, build) }
                return turning(timelines, rotation: r, at: item.path + ".r", build)
            }
            // A changing number of points changes the path's vertices, between which nothing
            // interpolates: the shape is built at every frame, held where the vertices change.
            let frames = Array(stride(from: first, through: last, by: max(1, (last - first) / 1_000)))
            guard emitter.spend(frames.count, at: item.path + ".pt") else { return .constant(build(first)) }
            let shapes = frames.map(build)
            return .animated(
                frames.indices.map { i in
                    let hold = i + 1 < frames.count && shapes[i + 1].vertices.count != shapes[i].vertices.count
                    return LottieKeyframe(time: frames[i], value: shapes[i], end: nil, easing: .linear, hold: hold, tangentOut: nil, tangentIn: nil)
                })
        }
    }

    /// A star whose rotation animates, sampled at most `maximumTurnPerSample` degrees of turn apart:
    /// its vertices move on circles, which a path interpolated vertex by vertex between keyframes
    /// would cut across (a whole turn, whose ends are the same path, would not move at all).
    mutating func turning(
        _ timelines: [LottieTimeline?], rotation: LottieProperty<Double>, at path: String,
        _ build: (Double) -> LottieBezier
    ) -> LottieProperty<LottieBezier> {
        // Held keyframes jump, which straight pieces between samples would smooth: kept as `combine` has them.
        guard !timelines.contains(where: { $0?.holds.contains(true) ?? false }) else { return Self.combine(timelines, build) }
        let times = Set(timelines.compactMap { $0?.times }.joined()).sorted()
        var frames: [Double] = []
        // Counted before any sample is made: a hostile turn (10^9 degrees a keyframe) asks for more
        // samples than one animation holds, and is then drawn as `combine` draws it.
        var count = 1
        var pieces: [Int] = []
        for (a, b) in zip(times, times.dropFirst()) {
            let turn = abs(rotation.value(at: b, interpolate: Double.mix) - rotation.value(at: a, interpolate: Double.mix))
            let wanted = turn / Self.maximumTurnPerSample
            guard wanted.isFinite, wanted < Double(KeyframeAnimation.maximumKeyframes) else { return Self.combine(timelines, build) }
            pieces.append(max(Self.samplesPerSegment, Int(wanted.rounded(.up))))
            count += pieces[pieces.count - 1]
            guard count <= KeyframeAnimation.maximumKeyframes else { return Self.combine(timelines, build) }
        }
        guard emitter.spend(count, at: path) else { return Self.combine(timelines, build) }
        for ((a, b), n) in zip(zip(times, times.dropFirst()), pieces) {
            for k in 0..<n { frames.append(a + (b - a) * Double(k) / Double(n)) }
        }
        frames.append(times[times.count - 1])
        return .animated(
            frames.map { t in
                LottieKeyframe(time: t, value: build(t), end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil)
            })
    }

    /// The most a sampled star turns between samples: a vertex interpolated straight across 10° of arc
    /// comes within 0.4% of its radius of the circle.
    static let maximumTurnPerSample = 10.0

    /// Several paths as one `path` over time (a style's, or a layer's masks'). Animated, every sample
    /// holds every path as cubics, so the samples' vertices are taken from the file's budget.
    mutating func joined(_ shapes: [LottieProperty<LottieBezier>], at path: String) -> LottieProperty<Path> {
        func atFirst() -> Path {
            var joined = Path()
            for shape in shapes { joined.addPath(shape.initialValue.path) }
            return joined
        }
        guard shapes.contains(where: \.isAnimated) else { return .constant(atFirst()) }
        let vertices = shapes.reduce(0) { $0 + ($1.keyValues.map(\.vertices.count).max() ?? 0) }
        let times = Set(shapes.flatMap(\.times)).count
        let samples = min(times * Self.samplesPerSegment + 1, KeyframeAnimation.maximumKeyframes)
        guard emitter.spend(vertices * samples, at: path) else { return .constant(atFirst()) }
        // Cubics only, so that every keyframe's path has the same elements and interpolates.
        return Self.combine(shapes.map(\.timeline)) { f in
            var joined = Path()
            for shape in shapes { joined.addPath(shape.value(at: f, interpolate: LottieBezier.interpolate).cubicPath) }
            return joined
        }
    }

    // MARK: Styles

    /// A shape layer painting `shapes` with a fill or stroke item.
    mutating func paint(_ shapes: [LottieProperty<LottieBezier>], with style: LottieNode, trims: [LottieNode], into container: LayerHandle)
        throws(LottieError)
    {
        let type = (try? style["ty"]?.string()) ?? "fl"
        // Trimmed "simultaneously", each path is cut by the same fractions of its own length.
        if shapes.count > 1, type == "st" || type == "gs", let trim = trims.first, (try? trim.number("m", default: 1)) == 1 {
            for shape in shapes { try paint([shape], with: style, trims: trims, into: container) }
            return
        }
        let isStroke = type == "st" || type == "gs"
        let cut = isStroke ? try trimCut(trims) : nil
        // A trim that wraps round strokes the paths twice over (see `TrimCut`).
        let stroked = cut?.doubled == true ? shapes + shapes : shapes
        if !isStroke, !trims.isEmpty {
            report(.unsupported, "trimmed-fills", at: trims[0].path, "a trim path does not cut fills")
        }
        let dashes = isStroke ? try strokeDashes(style) : nil
        guard let dashes, let frames = dashFrames(dashes, stroking: stroked) else {
            emitter.insert(try paintLayer(stroked, with: style, isStroke: isStroke, cut: cut, dashes: dashes), into: container, at: style.path)
            return
        }
        for (k, frame) in frames.enumerated() {
            let layer = try paintLayer(stroked, with: style, isStroke: true, cut: cut, dashes: dashes.at(frame))
            showOnlyAtItsSample(layer, k, of: frames, at: dashes.node.path)
            emitter.insert(layer, into: container, at: style.path)
        }
    }

    /// The layer that paints `shapes` with a fill or stroke item, not yet in the tree.
    private mutating func paintLayer(
        _ shapes: [LottieProperty<LottieBezier>], with style: LottieNode, isStroke: Bool, cut: TrimCut?, dashes: StrokeDashes?
    ) throws(LottieError) -> LayerHandle {
        let type = (try? style["ty"]?.string()) ?? "fl"
        let layer: LayerHandle
        if type == "gf" || type == "gs" {
            layer = try gradient(joined(shapes, at: style.path), with: style, stroke: isStroke, cut: cut, dashes: dashes)
        } else {
            layer = try emitter.create(.shape, name: style["nm"].flatMap { try? $0.string() }, at: style.path)
            emitter.apply(joined(shapes, at: style.path), to: layer, LayerKeyPath(.path), at: style.path) { .path($0) }
            let colorNode = try style.required("c")
            let alpha = colorNode.flag(ValueProviderRewrite.providedAlpha)
            let color = try colorNode.property(&diagnostics) { (n: LottieNode) throws(LottieError) in Self.color(try n.numbers(), alpha: alpha) }
            emitter.apply(color, to: layer, LayerKeyPath(isStroke ? .strokeColor : .fillColor), at: style.path + ".c") { .color($0) }
            if isStroke {
                try stroke(style, on: layer, cut: cut, dashes: dashes)
            } else {
                emitter.set(layer, .fillRule, Self.keyword(.fillRule, (try? style.number("r", default: 1)) == 2 ? "evenOdd" : "nonZero"), at: style.path)
            }
        }
        if let o = style["o"] {
            let opacity = try o.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) }
            if opacity.isAnimated || opacity.initialValue != 1 {
                emitter.apply(opacity, to: layer, LayerKeyPath(.opacity), at: o.path) { .number($0) }
            }
        }
        return layer
    }

    mutating func stroke(_ style: LottieNode, on layer: LayerHandle, cut: TrimCut?, dashes: StrokeDashes?) throws(LottieError) {
        emitter.set(layer, .fillColor, .color(.clear), at: style.path)
        if let w = style["w"] {
            let width = try w.property(&diagnostics) { (n: LottieNode) throws(LottieError) in max(try n.number(), 0) }
            emitter.apply(width, to: layer, LayerKeyPath(.lineWidth), at: w.path) { .number($0) }
        }
        // Absent, a stroke's caps and joins are round and its miter limit 4, as lottie-ios decodes them
        // (and the specification's defaults).
        let cap = ["butt", "butt", "round", "square"][try style.integer("lc", in: 1...3, default: 2)]
        let join = ["miter", "miter", "round", "bevel"][try style.integer("lj", in: 1...3, default: 2)]
        emitter.set(layer, .lineCap, Self.keyword(.lineCap, cap), at: style.path + ".lc")
        emitter.set(layer, .lineJoin, Self.keyword(.lineJoin, join), at: style.path + ".lj")
        if let ml = style["ml"] ?? style["ml2"] {
            let limit = try ml.property(&diagnostics) { (n: LottieNode) throws(LottieError) in max(try n.number(), 0) }
            emitter.set(layer, .miterLimit, .number(limit.initialValue), at: ml.path)
        } else {
            emitter.set(layer, .miterLimit, .number(4), at: style.path)
        }
        if let dashes {
            let pattern = dashes.pattern
            if pattern.contains(where: { $0 > 0 }) {
                emitter.set(layer, .lineDashPattern, .numbers(pattern), at: dashes.node.path)
                if let (offset, path) = dashes.offset { emitter.apply(offset, to: layer, LayerKeyPath(.lineDashPhase), at: path) { .number($0) } }
            }
        }
        if let cut { apply(cut, to: layer) }
    }

    /// A Lottie colour (`[r, g, b]`, each 0...1; files with components over 1 are 0...255). A fourth
    /// component is ignored, as After Effects has none and lottie-ios, lottie-web, lottie-android and
    /// ThorVG ignore it, unless `alpha` (a value provider's colour, whose alpha lottie-ios keeps).
    static func color(_ v: [Double], alpha: Bool = false) -> Color {
        let scale = v.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        func c(_ i: Int, _ fallback: Double) -> Double { min(max(i < v.count ? v[i] / scale : fallback, 0), 1) }
        return Color(red: c(0, 0), green: c(1, 0), blue: c(2, 0), alpha: alpha && v.count > 3 ? min(max(v[3], 0), 1) : 1)
    }
}
