import LaminaCore

/// One keyframe of an animated Lottie property: the value from `time` (in the composition's frames), and
/// how the segment to the next keyframe moves.
struct LottieKeyframe<Value> {
    /// The frame at which the keyframe's value is reached.
    var time: Double
    var value: Value
    /// The old format's end value (`e`): what the segment reaches at the next keyframe's time, which
    /// may differ from that keyframe's own start value (a jump).
    var end: Value?
    /// The segment's easing, from this keyframe's out tangent (`o`) and in tangent (`i`). For
    /// multi-dimensional values only the first dimension's tangents are used, as lottie-ios does.
    var easing: TimingFunction
    /// A hold keyframe (`h`): the value stays until the next keyframe, then jumps.
    var hold: Bool
    /// Spatial tangents of a position's segment (`to`, `ti`), relative to its end points.
    var tangentOut: Point?
    var tangentIn: Point?
}

/// A Lottie animatable property (`{"a": 0 | 1, "k": ...}`), decoded: one value, or keyframes.
enum LottieProperty<Value> {
    case constant(Value)
    case animated([LottieKeyframe<Value>])

    /// Whether the property changes over time.
    var isAnimated: Bool { if case .animated = self { true } else { false } }

    /// The value at frame 0 of its own time, or of the first keyframe: what a layer shows before any
    /// animation is added, and the model value under the animation.
    var initialValue: Value {
        switch self {
        case .constant(let v): v
        case .animated(let keys): keys[0].value
        }
    }

    /// The keyframe times (frames), none for a constant.
    var times: [Double] {
        switch self {
        case .constant: []
        case .animated(let keys): keys.map(\.time)
        }
    }

    /// The property with each value passed through `transform`.
    func map<T>(_ transform: (Value) throws(LottieError) -> T) throws(LottieError) -> LottieProperty<T> {
        switch self {
        case .constant(let v): return .constant(try transform(v))
        case .animated(let keys):
            var mapped: [LottieKeyframe<T>] = []
            mapped.reserveCapacity(keys.count)
            for k in keys {
                mapped.append(
                    LottieKeyframe(
                        time: k.time, value: try transform(k.value), end: try k.end.map(transform), easing: k.easing,
                        hold: k.hold, tangentOut: k.tangentOut, tangentIn: k.tangentIn))
            }
            return .animated(mapped)
        }
    }

    /// The value at `frame`, eased as the keyframes say (what the compiled animation shows there):
    /// used where several keyframed values must be combined into one (a group's paths).
    func value(at frame: Double, interpolate: (Value, Value, Double) -> Value) -> Value {
        guard case .animated(let keys) = self else { return initialValue }
        if frame <= keys[0].time { return keys[0].value }
        guard let next = keys.firstIndex(where: { $0.time > frame }) else {
            let last = keys[keys.count - 1]
            return last.value
        }
        let key = keys[next - 1]
        if key.hold { return key.value }
        let span = keys[next].time - key.time
        let progress = key.easing((frame - key.time) / span)
        return interpolate(key.value, key.end ?? keys[next].value, progress)
    }
}

extension LottieNode {
    /// Decodes an animatable property whose values `decode` reads, reporting expressions (which are
    /// not evaluated: the keyframed values play).
    func property<Value>(
        _ diagnostics: inout [LottieDiagnostic], _ decode: (LottieNode) throws(LottieError) -> Value
    ) throws(LottieError) -> LottieProperty<Value> {
        if let x = self["x"], case .string(let s) = x.value, !s.isEmpty {
            diagnostics.append(
                LottieDiagnostic(.unsupported, feature: "expressions", path: x.path, detail: "the expression is not evaluated; the keyframed value plays"))
        }
        guard isObject else { return .constant(try decode(self)) }
        let k = try required("k")
        guard Self.isKeyframeList(k) else { return .constant(try decode(k)) }
        let nodes = k.elements
        guard nodes.count <= LottieLimits.maximumKeyframes else {
            throw k.error("\(nodes.count) keyframes (at most \(LottieLimits.maximumKeyframes))")
        }
        var keys: [LottieKeyframe<Value>] = []
        keys.reserveCapacity(nodes.count)
        var previousEnd: Value?
        for node in nodes {
            let time = try node.required("t").number()
            let value: Value
            if let s = node["s"] {
                value = try decode(s)
            } else if let end = previousEnd ?? keys.last?.value {
                // The old format's last keyframe has only a time: it holds the previous segment's end.
                value = end
            } else {
                throw node.error("missing \"s\"")
            }
            let end = try node["e"].map { (n: LottieNode) throws(LottieError) in try decode(n) }
            previousEnd = end
            if let last = keys.last, time < last.time {
                throw node["t"]!.error("keyframe at frame \(time) comes before the previous one at \(last.time)")
            }
            keys.append(
                LottieKeyframe(
                    time: time, value: value, end: end, easing: try node.easing(), hold: node.flag("h"),
                    tangentOut: try node["to"].map { (n: LottieNode) throws(LottieError) in try n.point() },
                    tangentIn: try node["ti"].map { (n: LottieNode) throws(LottieError) in try n.point() }))
        }
        guard !keys.isEmpty else { throw k.error("an animated property with no keyframes") }
        if keys.count == 1 { return .constant(keys[0].value) }
        return .animated(keys)
    }

    /// Whether `k` is a keyframe list (an array of objects with a time), not a value.
    private static func isKeyframeList(_ k: LottieNode) -> Bool {
        guard case .array(let elements) = k.value, let first = elements.first, case .object(let members) = first else { return false }
        return members.contains { $0.key == "t" }
    }

    /// The segment's curve from `o` (out of this keyframe) and `i` (into the next); linear when absent.
    private func easing() throws(LottieError) -> TimingFunction {
        guard let o = self["o"], let i = self["i"] else { return .linear }
        func first(_ node: LottieNode, _ key: String, _ fallback: Double) throws(LottieError) -> Double {
            guard let c = node[key] else { return fallback }
            return try c.number()
        }
        return TimingFunction(
            controlPoints: try first(o, "x", 0), try first(o, "y", 0), try first(i, "x", 1), try first(i, "y", 1))
    }

    /// A point from two (or more) numbers; a missing y is 0.
    func point() throws(LottieError) -> Point {
        let n = try numbers()
        return Point(x: n.first ?? 0, y: n.count > 1 ? n[1] : 0)
    }
}
