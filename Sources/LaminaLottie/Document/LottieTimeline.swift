import LaminaCore

/// When a property's keyframes are and how its segments move, without its values: what combining
/// several properties into one value (a rectangle from its position, size and roundness; a group's
/// paths into one path) needs to know.
struct LottieTimeline {
    var times: [Double]
    var easings: [TimingFunction]
    var holds: [Bool]
}

extension LottieProperty {
    /// The keyframes' times and curves; nil for a constant.
    var timeline: LottieTimeline? {
        guard case .animated(let keys) = self else { return nil }
        return LottieTimeline(times: keys.map(\.time), easings: keys.map(\.easing), holds: keys.map(\.hold))
    }

    /// The property with each value passed through `transform`, which cannot fail.
    func mapValues<T>(_ transform: (Value) -> T) -> LottieProperty<T> {
        try! map { (v: Value) throws(LottieError) in transform(v) }
    }
}

extension LottieCompiler {
    /// Samples that stand in for one eased segment when several properties with different keyframes
    /// are combined (their curves cannot be kept, so the segment is cut into straight pieces).
    static let samplesPerSegment = 4

    /// One property built from several by `build(frame)`: constant when none is animated; at the
    /// keyframes (and with the curves) of the only animated one; otherwise at every keyframe time of
    /// each, with each segment cut into `samplesPerSegment` linear pieces.
    static func combine<R>(_ timelines: [LottieTimeline?], _ build: (Double) -> R) -> LottieProperty<R> {
        let animated = timelines.compactMap { $0 }
        guard let first = animated.first else { return .constant(build(0)) }
        if animated.count == 1 || animated.allSatisfy({ $0.times == first.times && $0.easings == first.easings && $0.holds == first.holds }) {
            return .animated(
                first.times.indices.map { i in
                    LottieKeyframe(
                        time: first.times[i], value: build(first.times[i]), end: nil, easing: first.easings[i], hold: first.holds[i],
                        tangentOut: nil, tangentIn: nil)
                })
        }
        let times = Set(animated.flatMap(\.times)).sorted()
        var samples: [Double] = []
        for (a, b) in zip(times, times.dropFirst()) {
            for k in 0..<samplesPerSegment { samples.append(a + (b - a) * Double(k) / Double(samplesPerSegment)) }
        }
        samples.append(times[times.count - 1])
        // No more than one animation can hold: every k-th sample, the last kept.
        if samples.count > KeyframeAnimation.maximumKeyframes {
            let stride = (samples.count + KeyframeAnimation.maximumKeyframes - 2) / (KeyframeAnimation.maximumKeyframes - 1)
            samples = samples.enumerated().filter { $0.offset % stride == 0 }.map(\.element) + [samples[samples.count - 1]]
        }
        return .animated(
            samples.map { t in
                LottieKeyframe(time: t, value: build(t), end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil)
            })
    }
}

extension Point {
    static func mix(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
}

extension Double {
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}
