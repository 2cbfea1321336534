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
        for key in ["rx", "ry"] {
            if let r = ks[key], (try? r.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() })?.isAnimated == true
                || (try? r["k"]?.number()).map({ $0 != 0 }) == true
            {
                report(.unsupported, "3d-rotation", at: r.path, "rotations about x and y are not drawn")
            }
        }
        if let sk = ks["sk"] {
            let skew = try sk.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
            if skew.isAnimated || skew.initialValue != 0 {
                report(.unsupported, "skew", at: sk.path, "skew is not drawn")
            }
        }
        if opacity, let o = ks["o"] {
            let value = try o.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) }
            if value.isAnimated || value.initialValue != 1 {
                emitter.apply(value, to: layer, LayerKeyPath(.opacity), at: o.path) { .number($0) }
            }
        }
    }
}
