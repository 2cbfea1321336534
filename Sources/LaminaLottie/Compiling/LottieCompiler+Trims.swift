import LaminaCore

/// Trim paths (`tm`) as `strokeStart` and `strokeEnd`.
///
/// A trim keeps the part of a path from `s` to `e` percent of its length, both moved on by the
/// offset `o` (degrees: 360 is once round). Moved past either end the kept part wraps round to the
/// other, which one `strokeStart`...`strokeEnd` range cannot say. Such a trim strokes the path twice
/// over, one copy after the other, and keeps the range of that doubled path that covers the wrapped
/// part (lottie-ios's Core Animation engine draws offset trims the same way). The fractions then
/// jump where the kept part's start crosses the path's start: they are sampled once a frame and
/// held across the jump.
extension LottieCompiler {
    /// A trim path resolved for one stroke.
    struct TrimCut {
        /// The fraction of the stroked path where the stroke starts and ends, each within 0...1.
        var start: LottieProperty<Double>
        var end: LottieProperty<Double>
        /// Whether the stroked path is the paths twice over (the kept part wraps round).
        var doubled: Bool
        /// The trim item, for the places its values came from.
        var node: LottieNode
        /// The values sampled for it (a frame's each, at both ends), which every stroke that takes the
        /// cut spends from the file's budget: 0 when it keeps the file's keyframes.
        var sampledValues = 0
    }

    /// `trims` resolved, innermost (the first) first: each later trim keeps its part of what the ones
    /// before it kept. Nil without a trim. Resolved once per list of trims (a repeater's copies, and
    /// each instance of a precomp, stroke the same ones), and its samples spent at each stroke.
    mutating func trimCut(_ trims: [LottieNode]) throws(LottieError) -> TrimCut? {
        guard let trim = trims.first else { return nil }
        let key = trims.map(\.path).joined(separator: "\n")
        let cut: TrimCut
        if let known = trimCuts[key] {
            cut = known
        } else {
            cut = try resolvedTrimCut(trims)
            trimCuts[key] = cut
        }
        guard cut.sampledValues == 0 || emitter.spend(cut.sampledValues, at: trim.path) else {
            return TrimCut(start: .constant(0), end: .constant(1), doubled: false, node: trim)
        }
        return cut
    }

    /// The cut of `trims` (at least one), computed.
    private mutating func resolvedTrimCut(_ trims: [LottieNode]) throws(LottieError) -> TrimCut {
        let trim = trims[0]
        func fraction(_ node: LottieNode, _ key: String, _ fallback: Double, per unit: Double) throws(LottieError) -> LottieProperty<Double> {
            try node[key]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() / unit } ?? .constant(fallback)
        }
        var parts: [(start: LottieProperty<Double>, end: LottieProperty<Double>, offset: LottieProperty<Double>)] = []
        for node in trims {
            parts.append((try fraction(node, "s", 0, per: 100), try fraction(node, "e", 1, per: 100), try fraction(node, "o", 0, per: 360)))
        }
        let (start, end, offset) = parts[0]
        let timelines = parts.flatMap { [$0.start.timeline, $0.end.timeline, $0.offset.timeline] }
        // One trim's kept part at frame f, its ends ordered (a start past the end trims between them
        // the other way round, as every player does) and moved on by the offset.
        func part(_ k: Int, _ f: Double) -> (Double, Double) {
            let s = parts[k].start.value(at: f, interpolate: Double.mix), e = parts[k].end.value(at: f, interpolate: Double.mix)
            let o = parts[k].offset.value(at: f, interpolate: Double.mix)
            return (min(s, e) + o, max(s, e) + o)
        }
        // What all of them keep: each later part taken of the part kept so far (a later trim that
        // wraps round within it is cut off at its ends).
        var outerWraps = false
        func kept(_ f: Double) -> (Double, Double) {
            var (a, b) = part(0, f)
            for k in parts.indices.dropFirst() {
                let (lo, hi) = part(k, f)
                if lo < 0 || hi > 1 { outerWraps = true }
                (a, b) = (a + (b - a) * min(max(lo, 0), 1), a + (b - a) * min(max(hi, 0), 1))
            }
            return (a, b)
        }
        let frames = Self.keyedFrames(timelines)
        let ends = frames.map(kept)
        let wraps = ends.contains { $0.0 < 0 || $0.1 > 1 }
        if outerWraps { report(.approximated, "nested-trims", at: trims[1].path, "a trim after another that wraps round is cut off at the ends of what the first kept") }
        let swaps = frames.contains { start.value(at: $0, interpolate: Double.mix) > end.value(at: $0, interpolate: Double.mix) }
        // One trim that neither wraps, swaps nor moves its offset: the file's keyframes, curves and all.
        if parts.count == 1, !wraps, !swaps, !offset.isAnimated {
            let shift = offset.initialValue
            return TrimCut(start: start.mapValues { $0 + shift }, end: end.mapValues { $0 + shift }, doubled: false, node: trim)
        }
        guard frames.count > 1 else {
            let (a, b) = Self.wrapped(ends[0], doubled: wraps)
            return TrimCut(start: .constant(a), end: .constant(b), doubled: wraps, node: trim)
        }
        // Once a frame, held where the kept part's start goes round past the path's start.
        let turns = ends.map { ($0.0).rounded(.down) }
        let values = ends.map { Self.wrapped($0, doubled: wraps) }
        func keyframes(_ pick: ((Double, Double)) -> Double) -> LottieProperty<Double> {
            .animated(
                frames.indices.map { i in
                    let hold = wraps && i + 1 < frames.count && turns[i + 1] != turns[i]
                    return LottieKeyframe(time: frames[i], value: pick(values[i]), end: nil, easing: .linear, hold: hold, tangentOut: nil, tangentIn: nil)
                })
        }
        return TrimCut(start: keyframes(\.0), end: keyframes(\.1), doubled: wraps, node: trim, sampledValues: frames.count * 2)
    }

    /// The kept part `(a, b)` (fractions of one path, b − a ≤ 1 when ordered) as fractions of the
    /// stroked path: of the doubled path when `doubled`, with a brought into 0..<1 (b then ends
    /// within the second copy); clamped to one path otherwise.
    static func wrapped(_ part: (Double, Double), doubled: Bool) -> (Double, Double) {
        guard doubled else { return (min(max(part.0, 0), 1), min(max(part.1, 0), 1)) }
        // All of it, or more: the whole path once.
        guard part.1 - part.0 < 1 else { return (0, 0.5) }
        let turn = part.0.rounded(.down)
        return ((part.0 - turn) / 2, (part.1 - turn) / 2)
    }

    /// The frames to sample values at whose changes no curve can follow (a trim that wraps round, a
    /// repeater's count): every keyframe time of them, and once a frame between the first and the
    /// last (at most `TimeRemap.maximumSamples`); frame 0 alone when nothing animates.
    static func keyedFrames(_ timelines: [LottieTimeline?]) -> [Double] {
        let times = Set(timelines.compactMap { $0 }.flatMap(\.times)).sorted()
        guard let first = times.first, let last = times.last else { return [0] }
        let frames = LayerEmitter.TimeRemap.frames(from: first, to: last)
        return Set(frames + times).sorted()
    }

    /// The trim on a stroke layer whose path is already the cut's (doubled where it says so).
    mutating func apply(_ cut: TrimCut, to layer: LayerHandle) {
        emitter.apply(cut.start, to: layer, LayerKeyPath(.strokeStart), at: cut.node.path + ".s") { .number(min(max($0, 0), 1)) }
        emitter.apply(cut.end, to: layer, LayerKeyPath(.strokeEnd), at: cut.node.path + ".e") { .number(min(max($0, 0), 1)) }
    }
}
