import Glibc

/// A one-dimensional Gaussian kernel as the blur shader samples it: the centre texel's weight, and
/// the texels on each side in pairs, each pair one linear sample.
///
/// Why pairs: a linear sample at `i + w₂ / (w₁ + w₂)` between texels `i` and `i + 1` returns
/// `(w₁ · t(i) + w₂ · t(i + 1)) / (w₁ + w₂)`, so weighting it by `w₁ + w₂` adds both texels at their
/// weights with one fetch. On llvmpipe, where every fetch and every `exp` is run on the CPU, the
/// kernel of a shadow 12 pixels soft (73 texels) cost 73 fetches and 36 exponentials per pixel per
/// pass; it now costs 37 fetches. Weights are normalised over the texels taken.
struct GaussianTaps: Equatable {
    /// The most pairs the shader holds (`u_taps[48]` in `blur.frag`): a radius of 96 texels.
    static let maximumPairs = 48

    /// The weight of the centre texel.
    let centre: Float
    /// Per pair on each side: where it is sampled (in texels from the centre) and its weight.
    let pairs: [SIMD2<Float>]

    /// The kernel of standard deviation `sigma` texels over `radius` texels on each side (at most
    /// 96); radius 0 is the centre texel alone.
    init(sigma: Double, radius: Int) {
        let radius = min(max(radius, 0), 2 * Self.maximumPairs)
        let k = -0.5 / (sigma * sigma)
        let weights = (0...radius).map { i in exp(Double(i * i) * k) }
        let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
        centre = Float(weights[0] / total)
        pairs = stride(from: 1, through: radius, by: 2).map { i in
            let (w1, w2) = (weights[i], i + 1 <= radius ? weights[i + 1] : 0)
            return SIMD2(Float(Double(i) + w2 / (w1 + w2)), Float((w1 + w2) / total))
        }
    }
}
