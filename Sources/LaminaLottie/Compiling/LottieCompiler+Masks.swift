import LaminaCore

extension LottieCompiler {
    /// A layer's masks (`masksProperties`) as its `mask`: a shape layer filling the masks' paths in
    /// black, at the first mask's opacity. Added masks join (non-zero); when a mask subtracts,
    /// intersects or is inverted, the paths are filled even-odd, with the layer's surroundings (three
    /// times the composition's size around it) as the first path where the first mask takes away from
    /// everything: exact while the masks that cut lie inside the ones they cut (reported as
    /// approximated). Expansion is not drawn.
    mutating func masks(_ list: LottieNode?, of layer: LayerHandle, size: Size) throws(LottieError) {
        guard let list, !list.elements.isEmpty else { return }
        var shapes: [LottieProperty<LottieBezier>] = []
        var opacity: LottieProperty<Double>?
        var evenOdd = false
        for mask in list.elements {
            let mode = (try? mask["mode"]?.string()) ?? "a"
            if mode == "n" { continue }
            let inverted = mask.flag("inv")
            if !["a", "s", "i"].contains(mode) {
                report(.unsupported, "mask-mode-\(mode)", at: mask.path + ".mode", "the mask is drawn as added")
            }
            if mode == "s" || mode == "i" || inverted {
                report(.approximated, mode == "s" ? "subtracted-masks" : mode == "i" ? "intersected-masks" : "inverted-masks", at: mask.path,
                    "drawn even-odd: exact while the masks that cut lie inside the ones they cut")
                evenOdd = true
            }
            if let x = mask["x"], let expansion = try? x.property(&diagnostics, { (n: LottieNode) throws(LottieError) in try n.number() }),
                expansion.isAnimated || expansion.initialValue != 0
            {
                report(.unsupported, "mask-expansion", at: x.path, "the mask is not expanded")
            }
            let shape = try mask.required("pt").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.bezier() }
            if shapes.isEmpty && (mode == "s" || (mode != "s" && inverted)) {
                let w = size.width, h = size.height
                shapes.append(.constant(LottieBezier(polygon: [Point(x: -w, y: -h), Point(x: 2 * w, y: -h), Point(x: 2 * w, y: 2 * h), Point(x: -w, y: 2 * h)])))
            }
            if mode == "i" { shapes = [] }
            shapes.append(shape)
            if opacity == nil, let o = mask["o"] {
                opacity = try o.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) }
            }
        }
        guard !shapes.isEmpty else { return }
        let mask = try emitter.create(.shape, name: "mask", at: list.path)
        let path = joined(shapes, at: list.path)
        emitter.apply(path, to: mask, LayerKeyPath(.path), at: list.path) { .path($0) }
        emitter.set(mask, .fillColor, .color(.black), at: list.path)
        if evenOdd { emitter.set(mask, .fillRule, Self.keyword(.fillRule, "evenOdd"), at: list.path) }
        if let opacity, opacity.isAnimated || opacity.initialValue != 1 {
            emitter.apply(opacity, to: mask, LayerKeyPath(.opacity), at: list.path) { .number($0) }
        }
        emitter.setMask(mask, of: layer, at: list.path)
    }
}
