import LaminaCore
import RealModule

/// Layer effects (`ef`). The drop shadow (type 25) becomes the layer's shadow as lottie-ios maps it:
/// opacity from 0...255, softness / 5 as the radius, and the direction (clockwise from up) with the
/// distance as the offset. Tint (20) and fill (21) become colour-matrix filters on the layer, in the
/// order of the list, their colours and amounts animated through `filters.NAME.colorMatrix`. Other
/// effects are reported and left out.
extension LottieCompiler {
    mutating func effects(_ list: LottieNode?, of layer: LayerHandle) throws(LottieError) {
        guard let list else { return }
        var filters: [(filter: LayerFilter, matrix: LottieProperty<[Double]>, path: String)] = []
        for effect in list.elements where !effect.flag("hd") && (effect["en"].map { $0.flag("en") || (try? $0.number()) != 0 } ?? true) {
            let type = try effect.integer("ty", in: Int(Int32.min)...Int(Int32.max), default: -1)
            if type == 20 || type == 21, let matrix = try colorEffect(effect, type: type) {
                let name = "effect\(filters.count + 1)"
                filters.append((LayerFilter(name: name, .colorMatrix(matrix.initialValue)), matrix, effect.path))
                continue
            }
            guard type == 25, let controls = effect["ef"]?.elements, controls.count >= 5 else {
                let names = [
                    5: "expression-controls", 20: "tint-effect", 21: "fill-effect", 22: "stroke-effect", 23: "tritone-effect",
                    24: "levels-effect", 26: "radial-wipe-effect", 27: "displacement-effect", 28: "matte-effect",
                    29: "gaussian-blur-effect", 30: "twirl-effect", 31: "mesh-warp-effect", 32: "wave-effect", 33: "spherize-effect",
                ]
                report(.unsupported, names[type] ?? "effect-\(type)", at: effect.path, "the effect is not drawn")
                continue
            }
            func value(_ i: Int) throws(LottieError) -> LottieProperty<[Double]> {
                try controls[i].required("v").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.numbers() }
            }
            let color = try value(0), opacity = try value(1), direction = try value(2), distance = try value(3), softness = try value(4)
            emitter.apply(color, to: layer, LayerKeyPath(.shadowColor), at: controls[0].path) { .color(Self.color($0)) }
            emitter.apply(opacity, to: layer, LayerKeyPath(.shadowOpacity), at: controls[1].path) { .number(min(max(($0.first ?? 0) / 255, 0), 1)) }
            emitter.apply(softness, to: layer, LayerKeyPath(.shadowRadius), at: controls[4].path) { .number(max(($0.first ?? 0) / 5, 0)) }
            let offset = Self.combine([direction.timeline, distance.timeline]) { f -> Size in
                let angle = ((direction.value(at: f) { a, b, t in zip(a, b).map { $0 + ($1 - $0) * t } }.first ?? 0) - 90) * .pi / 180
                let d = distance.value(at: f) { a, b, t in zip(a, b).map { $0 + ($1 - $0) * t } }.first ?? 0
                return Size(width: d * Double.cos(angle), height: d * Double.sin(angle))
            }
            emitter.apply(offset, to: layer, LayerKeyPath(.shadowOffset), at: controls[2].path) { .size($0) }
        }
        guard !filters.isEmpty else { return }
        emitter.set(layer, .filters, .filters(filters.map(\.filter)), at: list.path)
        for (filter, matrix, path) in filters where matrix.isAnimated {
            guard let keyPath = try? LayerKeyPath("filters.\(filter.name ?? "").colorMatrix") else { continue }
            emitter.apply(matrix, to: layer, keyPath, at: path) { .numbers($0) }
        }
    }

    /// A tint or fill effect as a colour matrix (straight RGBA 4x5, row-major) over time; nil when its
    /// controls are missing (reported). Tint maps each colour's Rec. 709 luma from "Map Black To" to
    /// "Map White To", mixed in by "Amount to Tint"; fill paints "Color" over what is drawn, keeping
    /// its alpha, at "Opacity" (its mask and feather controls are not drawn).
    private mutating func colorEffect(_ effect: LottieNode, type: Int) throws(LottieError) -> LottieProperty<[Double]>? {
        let controls = effect["ef"]?.elements ?? []
        func control(_ name: String, _ index: Int) -> LottieNode? {
            controls.first { (try? $0["nm"]?.string()) == name } ?? (index < controls.count ? controls[index] : nil)
        }
        func value(_ node: LottieNode?) throws(LottieError) -> LottieProperty<[Double]>? {
            try node?["v"]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.numbers() }
        }
        func mixed(_ p: LottieProperty<[Double]>, _ f: Double) -> [Double] { p.value(at: f) { a, b, t in zip(a, b).map { $0 + ($1 - $0) * t } } }
        let luma = [0.2126, 0.7152, 0.0722]
        if type == 20 {
            guard let black = try value(control("Map Black To", 0)), let white = try value(control("Map White To", 1)),
                let amount = try value(control("Amount to Tint", 2))
            else {
                report(.unsupported, "tint-effect", at: effect.path, "the tint's controls are missing; it is not drawn")
                return nil
            }
            return Self.combine([black.timeline, white.timeline, amount.timeline]) { f in
                let (b, w) = (Self.color(mixed(black, f)), Self.color(mixed(white, f)))
                let t = min(max((mixed(amount, f).first ?? 100) / 100, 0), 1)
                let (lo, hi) = ([b.red, b.green, b.blue], [w.red, w.green, w.blue])
                var m: [Double] = []
                for c in 0..<3 {
                    let row = (0..<3).map { (($0 == c) ? 1 - t : 0) + t * (hi[c] - lo[c]) * luma[$0] }
                    m += row + [0, t * lo[c]]
                }
                return m + [0, 0, 0, 1, 0]
            }
        }
        guard let color = try value(control("Color", 2)) else {
            report(.unsupported, "fill-effect", at: effect.path, "the fill's colour is missing; it is not drawn")
            return nil
        }
        if let mask = try value(control("Fill Mask", 0)), (mask.initialValue.first ?? 0) != 0 || mask.isAnimated {
            report(.approximated, "fill-effect-mask", at: effect.path, "the fill covers the whole layer, not one mask")
        }
        let opacity = try value(control("Opacity", 6)) ?? .constant([1])
        return Self.combine([color.timeline, opacity.timeline]) { f in
            let c = Self.color(mixed(color, f))
            // Opacity is 0...1 in exported files (some write percent).
            let raw = mixed(opacity, f).first ?? 1
            let o = min(max(raw > 1 ? raw / 100 : raw, 0), 1)
            let paint = [c.red, c.green, c.blue]
            var m: [Double] = []
            for k in 0..<3 { m += (0..<3).map { $0 == k ? 1 - o : 0 } + [0, o * paint[k]] }
            return m + [0, 0, 0, 1, 0]
        }
    }
}
