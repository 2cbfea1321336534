import LaminaCore
import RealModule

/// Layer effects (`ef`). The drop shadow (type 25) becomes the layer's shadow as lottie-ios maps it:
/// opacity from 0...255, softness / 5 as the radius, and the direction (clockwise from up) with the
/// distance as the offset. Other effects are reported and left out.
extension LottieCompiler {
    mutating func effects(_ list: LottieNode?, of layer: LayerHandle) throws(LottieError) {
        guard let list else { return }
        for effect in list.elements where !effect.flag("hd") && (effect["en"].map { $0.flag("en") || (try? $0.number()) != 0 } ?? true) {
            let type = try effect.integer("ty", in: Int(Int32.min)...Int(Int32.max), default: -1)
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
    }
}
