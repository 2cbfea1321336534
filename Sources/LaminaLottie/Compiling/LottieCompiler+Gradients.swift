import LaminaCore
import RealModule

/// Gradient fills and strokes (`gf`, `gs`): a gradient layer over the box the paths can reach, masked
/// by a shape layer that fills (or strokes) the paths, as lottie-ios draws them.
extension LottieCompiler {
    /// A gradient's stops: colours with their locations, the alpha stops (when the file has them)
    /// merged in at every location either list has.
    struct GradientStops: Equatable {
        var colors: [Color]
        var locations: [Double]
    }

    mutating func gradient(
        _ path: LottieProperty<Path>, with style: LottieNode, stroke: Bool, cut: TrimCut?, dashes: StrokeDashes?
    ) throws(LottieError) -> LayerHandle {
        // The box every keyframe's path (and, for a stroke, half its widest width) stays inside.
        var points: [Point] = []
        for p in path.keyValues {
            let b = p.boundingBox
            guard !b.isNull else { continue }
            points += [b.origin, Point(x: b.origin.x + b.size.width, y: b.origin.y + b.size.height)]
        }
        var box = points.isEmpty ? Rect(x: 0, y: 0, width: 1, height: 1) : Rect.boundingBox(of: points)
        if stroke {
            let widths = try style["w"]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in max(try n.number(), 0) }.keyValues ?? [1]
            box = box.insetBy(dx: -(widths.max() ?? 1) / 2 - 1, dy: -(widths.max() ?? 1) / 2 - 1)
        }
        box.size.width = max(box.size.width, 1)
        box.size.height = max(box.size.height, 1)

        let layer = try emitter.create(.gradient, name: style["nm"].flatMap { try? $0.string() }, at: style.path)
        emitter.set(layer, .bounds, .rect(box), at: style.path)
        emitter.set(layer, .anchorPoint, .point(.zero), at: style.path)
        emitter.set(layer, .position, .point(box.origin), at: style.path)
        let radial = (try? style.number("t", default: 1)) == 2
        if radial { emitter.set(layer, .gradientType, Self.keyword(.gradientType, "radial"), at: style.path + ".t") }

        let g = try style.required("g")
        let count = try g.integer("p", in: 0...1000, default: 0)
        let stops = try g.required("k").property(&diagnostics) { (n: LottieNode) throws(LottieError) in Self.stops(try n.numbers(), count: count) }
        emitter.apply(stops.mapValues(\.colors), to: layer, LayerKeyPath(.colors), at: g.path) { .colors($0) }
        emitter.apply(stops.mapValues(\.locations), to: layer, LayerKeyPath(.locations), at: g.path) { .numbers($0) }

        let start = try style.required("s").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.point() }
        let end = try style.required("e").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.point() }
        func unit(_ p: Point) -> Point { Point(x: (p.x - box.origin.x) / box.size.width, y: (p.y - box.origin.y) / box.size.height) }
        emitter.apply(start, to: layer, LayerKeyPath(.startPoint), at: style.path + ".s") { .point(unit($0)) }
        if radial {
            try highlight(of: style, start: start, end: end, on: layer)
            // Core Animation's radial gradient is an ellipse with radii |end − start| in unit
            // coordinates of each axis: the end point that makes it Lottie's circle.
            let both = Self.combine([start.timeline, end.timeline]) { f -> Point in
                let s = start.value(at: f, interpolate: Point.mix), e = end.value(at: f, interpolate: Point.mix)
                let r = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
                let u = unit(s)
                return Point(x: u.x + r / box.size.width, y: u.y + r / box.size.height)
            }
            emitter.apply(both, to: layer, LayerKeyPath(.endPoint), at: style.path + ".e") { .point($0) }
        } else {
            emitter.apply(end, to: layer, LayerKeyPath(.endPoint), at: style.path + ".e") { .point(unit($0)) }
        }

        // The mask: the paths filled, or stroked, in the container's space.
        let mask = try emitter.create(.shape, name: "gradient mask", at: style.path)
        emitter.set(mask, .position, .point(box.origin), at: style.path)
        emitter.set(mask, .anchorPoint, .point(.zero), at: style.path)
        emitter.set(mask, .bounds, .rect(Rect(origin: box.origin, size: .zero)), at: style.path)
        emitter.apply(path, to: mask, LayerKeyPath(.path), at: style.path) { .path($0) }
        if stroke {
            try self.stroke(style, on: mask, cut: cut, dashes: dashes)
            emitter.set(mask, .strokeColor, .color(.black), at: style.path)
        } else {
            emitter.set(mask, .fillColor, .color(.black), at: style.path)
            emitter.set(mask, .fillRule, Self.keyword(.fillRule, (try? style.number("r", default: 1)) == 2 ? "evenOdd" : "nonZero"), at: style.path)
        }
        emitter.setMask(mask, of: layer, at: style.path)
        return layer
    }

    /// A radial gradient's highlight (`h`, percent of the radius, and `a`, degrees from the line from
    /// start to end) as the layer's `focusOffset`, as lottie-web places SVG's focus: `h` / 100 of the
    /// radius (within ±0.99) from the centre, at the line's angle plus `a`. lottie-ios draws radial
    /// gradients centred.
    private mutating func highlight(
        of style: LottieNode, start: LottieProperty<Point>, end: LottieProperty<Point>, on layer: LayerHandle
    ) throws(LottieError) {
        func number(_ key: String) throws(LottieError) -> LottieProperty<Double> {
            try style[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() } ?? .constant(0)
        }
        let (length, angle) = (try number("h"), try number("a"))
        guard length.isAnimated || length.initialValue != 0 else { return }
        let focus = Self.combine([start.timeline, end.timeline, length.timeline, angle.timeline]) { f -> Point in
            let s = start.value(at: f, interpolate: Point.mix), e = end.value(at: f, interpolate: Point.mix)
            let direction = Double.atan2(y: e.y - s.y, x: e.x - s.x) + angle.value(at: f, interpolate: Double.mix) * .pi / 180
            let amount = min(max(length.value(at: f, interpolate: Double.mix) / 100, -0.99), 0.99)
            return Point(x: Double.cos(direction) * amount, y: Double.sin(direction) * amount)
        }
        emitter.apply(focus, to: layer, LayerKeyPath(.focusOffset), at: style.path + ".h") { .point($0) }
    }

    /// `[offset, r, g, b] x count` then optional `[offset, alpha]` pairs, as stops.
    static func stops(_ v: [Double], count: Int) -> GradientStops {
        let n = min(count, v.count / 4)
        guard n > 0 else { return GradientStops(colors: [.black, .black], locations: [0, 1]) }
        var colorStops: [(offset: Double, color: Color)] = []
        for i in 0..<n {
            colorStops.append((v[4 * i], color([v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]])))
        }
        var alphaStops: [(offset: Double, alpha: Double)] = []
        var i = 4 * n
        while i + 1 < v.count {
            alphaStops.append((v[i], min(max(v[i + 1], 0), 1)))
            i += 2
        }
        func colorAt(_ x: Double) -> Color {
            guard let after = colorStops.firstIndex(where: { $0.offset >= x }) else { return colorStops[colorStops.count - 1].color }
            guard after > 0 else { return colorStops[0].color }
            let (a, b) = (colorStops[after - 1], colorStops[after])
            let t = b.offset > a.offset ? (x - a.offset) / (b.offset - a.offset) : 0
            return Color(
                red: a.color.red + (b.color.red - a.color.red) * t, green: a.color.green + (b.color.green - a.color.green) * t,
                blue: a.color.blue + (b.color.blue - a.color.blue) * t)
        }
        func alphaAt(_ x: Double) -> Double {
            guard !alphaStops.isEmpty else { return 1 }
            guard let after = alphaStops.firstIndex(where: { $0.offset >= x }) else { return alphaStops[alphaStops.count - 1].alpha }
            guard after > 0 else { return alphaStops[0].alpha }
            let (a, b) = (alphaStops[after - 1], alphaStops[after])
            let t = b.offset > a.offset ? (x - a.offset) / (b.offset - a.offset) : 0
            return a.alpha + (b.alpha - a.alpha) * t
        }
        let all: [Double] = colorStops.map { $0.offset } + alphaStops.map { $0.offset }
        let offsets: [Double] = Set(all.map { min(max($0, 0), 1) }).sorted()
        var colors: [Color] = []
        for x in offsets {
            var c = colorAt(x)
            c.alpha = alphaAt(x)
            colors.append(c)
        }
        if colors.count == 1 { return GradientStops(colors: colors + colors, locations: [0, 1]) }
        return GradientStops(colors: colors, locations: offsets)
    }
}

extension LottieProperty {
    /// Every keyframe's value (the one value of a constant).
    var keyValues: [Value] {
        switch self {
        case .constant(let v): [v]
        case .animated(let keys): keys.map(\.value)
        }
    }
}
