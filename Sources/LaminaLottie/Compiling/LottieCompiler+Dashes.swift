import LaminaCore

/// A stroke's dashes (`d`): the dash and gap lengths, alternating, and the offset.
///
/// The offset animates `lineDashPhase`, as lottie-ios animates it. Lengths that change over time are
/// the specification's, which lottie-ios's Core Animation engine refuses (it keeps the first lengths and
/// reports the file incompatible, since Core Animation does not animate `lineDashPattern`): the stroke
/// becomes one layer per frame sampled, each drawing that frame's lengths and shown only while that
/// sample is the nearest, as animated text documents are drawn.
extension LottieCompiler {
    struct StrokeDashes {
        var lengths: [LottieProperty<Double>]
        var offset: (property: LottieProperty<Double>, path: String)?
        /// The `d` array, for the places values came from.
        var node: LottieNode
        /// The frame whose lengths a layer draws: nil for the first lengths.
        var frame: Double?

        /// The lengths at `frame`, an odd count repeated as Core Animation and Lottie repeat it.
        var pattern: [Double] {
            var pattern = lengths.map { length in frame.map { length.value(at: $0, interpolate: Double.mix) } ?? length.initialValue }
            if pattern.count % 2 == 1 { pattern += pattern }
            return pattern
        }

        /// The same dashes drawn with the lengths at `frame`.
        func at(_ frame: Double) -> StrokeDashes {
            var sampled = self
            sampled.frame = frame
            return sampled
        }
    }

    /// The dashes of a stroke item, nil without any.
    mutating func strokeDashes(_ style: LottieNode) throws(LottieError) -> StrokeDashes? {
        guard let dashes = style["d"], dashes.isArray else { return nil }
        var lengths: [LottieProperty<Double>] = []
        var offset: (LottieProperty<Double>, String)?
        for dash in dashes.elements {
            let name = (try? dash["n"]?.string()) ?? "d"
            if name == "o" {
                offset = (try dash.required("v").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }, dash.path)
            } else {
                lengths.append(try dash.required("v").property(&diagnostics) { (n: LottieNode) throws(LottieError) in max(try n.number(), 0) })
            }
        }
        return StrokeDashes(lengths: lengths, offset: offset, node: dashes, frame: nil)
    }

    /// The frames at which dashes whose lengths animate are drawn, one layer stroking `shapes` each:
    /// once a frame from their first keyframe to their last, and at every keyframe. Nil when the
    /// lengths hold still, or when the file's layers for animated dashes (`LottieLimits.maximumDashSamples`)
    /// or its sampled values (every layer holds the paths' vertices again) would run out: that stroke
    /// then keeps its first lengths, reported.
    mutating func dashFrames(_ dashes: StrokeDashes, stroking shapes: [LottieProperty<LottieBezier>]) -> [Double]? {
        guard dashes.lengths.contains(where: \.isAnimated) else { return nil }
        let frames = Self.keyedFrames(dashes.lengths.map(\.timeline))
        guard frames.count > 1 else { return nil }
        let vertices = shapes.reduce(0) { $0 + ($1.keyValues.map(\.vertices.count).max() ?? 0) }
        guard frames.count <= dashSamplesLeft, emitter.spendIfLeft((frames.count - 1) * vertices) else {
            report(
                .approximated, "animated-dashes", at: dashes.node.path,
                "the dashes keep their first lengths: the file's \(LottieLimits.maximumDashSamples) layers for animated dashes, or its sampled values, are spent")
            return nil
        }
        dashSamplesLeft -= frames.count
        return frames
    }

    /// Hides `layer`, the stroke drawn with the dash lengths of `frames[k]`, except while that sample is
    /// the nearest: from halfway after the previous sample to halfway before the next (before the
    /// first, the first shows; after the last, the last). A frame on a sample draws its lengths exactly.
    mutating func showOnlyAtItsSample(_ layer: LayerHandle, _ k: Int, of frames: [Double], at path: String) {
        func key(_ time: Double, hidden: Bool) -> LottieKeyframe<Bool> {
            LottieKeyframe(time: time, value: hidden, end: nil, easing: .linear, hold: true, tangentOut: nil, tangentIn: nil)
        }
        var keys = k > 0 ? [key(frames[k - 1], hidden: true), key((frames[k - 1] + frames[k]) / 2, hidden: false)] : [key(frames[0], hidden: false)]
        if k + 1 < frames.count { keys.append(key((frames[k] + frames[k + 1]) / 2, hidden: true)) }
        emitter.apply(LottieProperty<Bool>.animated(keys), to: layer, LayerKeyPath(.hidden), at: path) { .bool($0) }
    }
}
