import LaminaCore

extension LottieCompiler {
    /// A Lottie transform (`ks` of a layer, `tr` of a group) on `layer`: the anchor as `bounds.origin`
    /// (with `anchorPoint` (0, 0)), `position` (along its spatial tangents, or split into x and y),
    /// scale and rotation as transform components, and opacity when `opacity` (a parent passes on no
    /// opacity). `size` is the bounds' size, which nothing draws.
    mutating func transform(
        _ ks: LottieNode?, of layer: LayerHandle, size: Size, opacity: Bool, autoOrient: Bool = false, at path: String
    ) throws(LottieError) {
        emitter.set(layer, .anchorPoint, .point(.zero), at: path)
        guard let ks else {
            emitter.set(layer, .bounds, .rect(Rect(origin: .zero, size: size)), at: path)
            emitter.set(layer, .position, .point(.zero), at: path)
            return
        }
        if try !skewed(ks, of: layer, size: size) {
            try components(ks, of: layer, size: size, autoOrient: autoOrient)
        }
        if opacity, let o = ks["o"] {
            let value = try o.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) }
            if value.isAnimated || value.initialValue != 1 {
                emitter.apply(value, to: layer, LayerKeyPath(.opacity), at: o.path) { .number($0) }
            }
        }
    }

    /// The anchor as `bounds.origin`, position, scale and rotation, each as its own property.
    private mutating func components(_ ks: LottieNode, of layer: LayerHandle, size: Size, autoOrient: Bool) throws(LottieError) {
        let anchor: LottieProperty<Point> = try ks["a"]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.point() } ?? .constant(.zero)
        emitter.set(layer, .bounds, .rect(Rect(origin: anchor.initialValue, size: size)), at: ks.path)
        if anchor.isAnimated {
            emitter.apply(anchor, to: layer, Self.boundsOrigin, at: ks.path + ".a") { .point($0) }
        }

        if let p = ks["p"] {
            if p.flag("s") {
                let x = try p.required("x").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
                let y = try p.required("y").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
                emitter.set(layer, .position, .point(Point(x: x.initialValue, y: y.initialValue)), at: p.path)
                if x.isAnimated { emitter.apply(x, to: layer, Self.positionX, at: p.path + ".x") { .number($0) } }
                if y.isAnimated { emitter.apply(y, to: layer, Self.positionY, at: p.path + ".y") { .number($0) } }
            } else {
                let position = try p.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.point() }
                emitter.applyPosition(position, to: layer, autoOrient: autoOrient, at: p.path)
            }
        } else {
            emitter.set(layer, .position, .point(.zero), at: ks.path)
        }

        if let s = ks["s"] {
            let scale = try s.property(&diagnostics) { (n: LottieNode) throws(LottieError) in
                let v = try n.numbers()
                return Point(x: (v.first ?? 100) / 100, y: (v.count > 1 ? v[1] : v.first ?? 100) / 100)
            }
            if scale.isAnimated || scale.initialValue != Point(x: 1, y: 1) {
                emitter.apply(scale, to: layer, Self.scaleX, at: s.path) { .number($0.x) }
                emitter.apply(scale, to: layer, Self.scaleY, at: s.path) { .number($0.y) }
            }
        }

        if let r = ks["r"] ?? ks["rz"] {
            let rotation = try r.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() * .pi / 180 }
            if rotation.isAnimated || rotation.initialValue != 0 {
                emitter.apply(rotation, to: layer, Self.rotationZ, at: r.path) { .number($0) }
            }
        }
        // Rotations about x and y (a 3D layer's `rx`, `ry`) turn the layer without perspective, as
        // lottie-ios and ThorVG draw them with no camera: the layer's picture foreshortens.
        for (key, keyPath) in [("rx", Self.rotationX), ("ry", Self.rotationY)] {
            guard let r = ks[key] else { continue }
            let rotation = try r.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() * .pi / 180 }
            if rotation.isAnimated || rotation.initialValue != 0 {
                emitter.apply(rotation, to: layer, keyPath, at: r.path) { .number($0) }
            }
        }
        if let or = ks["or"], let orientation = try? or.property(&diagnostics, { (n: LottieNode) throws(LottieError) in try n.numbers() }),
            orientation.isAnimated || orientation.initialValue.contains(where: { $0 != 0 })
        {
            report(.unsupported, "3d-orientation", at: or.path, "a 3D layer's orientation is not drawn")
        }
    }

    /// A transform with a skew (`sk`, about the axis `sa`) as one matrix on `transform`, since a
    /// skew is no component Core Animation animates on its own (lottie-ios does the same for a group's
    /// skew): constant when nothing animates, else sampled where the components' keyframes are (see
    /// `combine`). The layer's bounds sit at the origin. Position moves straight between its keyframes
    /// here, without its spatial tangents. False (nothing set) without a skew.
    private mutating func skewed(_ ks: LottieNode, of layer: LayerHandle, size: Size) throws(LottieError) -> Bool {
        guard let skNode = ks["sk"] else { return false }
        func number(_ key: String, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
            try ks[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() } ?? .constant(fallback)
        }
        func point(_ node: LottieNode?, _ fallback: Point) throws(LottieError) -> LottieProperty<Point> {
            try node?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in
                let v = try n.numbers()
                return Point(x: v.first ?? fallback.x, y: v.count > 1 ? v[1] : v.first ?? fallback.y)
            } ?? .constant(fallback)
        }
        let skew = try number("sk", 0)
        guard skew.isAnimated || skew.initialValue != 0 else { return false }
        let axis = try number("sa", 0)
        let rotation = try ks["r"] != nil ? number("r", 0) : number("rz", 0)
        let anchor = try point(ks["a"], .zero)
        let scale = try point(ks["s"], Point(x: 100, y: 100))
        var positionX: LottieProperty<Double>, positionY: LottieProperty<Double>
        if let p = ks["p"], p.flag("s") {
            positionX = try p.required("x").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
            positionY = try p.required("y").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
        } else {
            let position = try point(ks["p"], .zero)
            positionX = position.mapValues(\.x)
            positionY = position.mapValues(\.y)
        }
        let timelines = [skew.timeline, axis.timeline, rotation.timeline, anchor.timeline, scale.timeline, positionX.timeline, positionY.timeline]
        let matrix = Self.combine(timelines) { f in
            let s = scale.value(at: f, interpolate: Point.mix)
            return AffineTransform.lottie(
                anchor: anchor.value(at: f, interpolate: Point.mix),
                position: Point(x: positionX.value(at: f, interpolate: Double.mix), y: positionY.value(at: f, interpolate: Double.mix)),
                scale: Point(x: s.x / 100, y: s.y / 100), angle: rotation.value(at: f, interpolate: Double.mix) * .pi / 180,
                skew: skew.value(at: f, interpolate: Double.mix) * .pi / 180, skewAxis: axis.value(at: f, interpolate: Double.mix) * .pi / 180)
        }
        emitter.set(layer, .bounds, .rect(Rect(origin: .zero, size: size)), at: ks.path)
        emitter.set(layer, .position, .point(.zero), at: ks.path)
        emitter.apply(matrix, to: layer, LayerKeyPath(.transform), at: skNode.path) { .transform(Transform3D(affine: $0)) }
        return true
    }
}
