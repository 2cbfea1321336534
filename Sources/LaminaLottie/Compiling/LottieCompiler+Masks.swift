import LaminaCore

extension LottieCompiler {
    /// A layer's masks (`masksProperties`) as its `mask`: a shape layer filling the added masks' paths
    /// in black, at the first mask's opacity. Masks that subtract, intersect or invert, and expansion,
    /// are reported and drawn as added.
    mutating func masks(_ list: LottieNode?, of layer: LayerHandle, size: Size) throws(LottieError) {
        guard let list, !list.elements.isEmpty else { return }
        var shapes: [LottieProperty<LottieBezier>] = []
        var opacity: LottieProperty<Double>?
        for mask in list.elements {
            let mode = (try? mask["mode"]?.string()) ?? "a"
            if mode == "n" { continue }
            if mode != "a" {
                report(.unsupported, "mask-mode-\(mode)", at: mask.path + ".mode", "the mask is drawn as added")
            }
            if mask.flag("inv") { report(.unsupported, "inverted-masks", at: mask.path + ".inv", "the mask is drawn uninverted") }
            if let x = mask["x"], let expansion = try? x.property(&diagnostics, { (n: LottieNode) throws(LottieError) in try n.number() }),
                expansion.isAnimated || expansion.initialValue != 0
            {
                report(.unsupported, "mask-expansion", at: x.path, "the mask is not expanded")
            }
            shapes.append(try mask.required("pt").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.bezier() })
            if opacity == nil, let o = mask["o"] {
                opacity = try o.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) }
            }
        }
        guard !shapes.isEmpty else { return }
        let mask = try emitter.create(.shape, name: "mask", at: list.path)
        let path: LottieProperty<Path>
        if !shapes.contains(where: \.isAnimated) {
            var joined = Path()
            for shape in shapes { joined.addPath(shape.initialValue.path) }
            path = .constant(joined)
        } else {
            path = Self.combine(shapes.map(\.timeline)) { f in
                var joined = Path()
                for shape in shapes { joined.addPath(shape.value(at: f, interpolate: LottieBezier.interpolate).cubicPath) }
                return joined
            }
        }
        emitter.apply(path, to: mask, LayerKeyPath(.path), at: list.path) { .path($0) }
        emitter.set(mask, .fillColor, .color(.black), at: list.path)
        if let opacity, opacity.isAnimated || opacity.initialValue != 1 {
            emitter.apply(opacity, to: mask, LayerKeyPath(.opacity), at: list.path) { .number($0) }
        }
        emitter.setMask(mask, of: layer, at: list.path)
    }
}
