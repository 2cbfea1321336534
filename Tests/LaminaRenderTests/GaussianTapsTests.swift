import Foundation
import Testing

@testable import LaminaRender
@testable import LaminaRenderList

/// The blur's kernel, two texels per linear sample: it must add every texel at its Gaussian weight.
@Suite("The blur's Gaussian taps")
struct GaussianTapsTests {
    /// The discrete kernel, normalised over the `2r + 1` texels taken.
    static func kernel(sigma: Double, radius: Int) -> [Double] {
        let w = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = w.reduce(0, +)
        return w.map { $0 / total }
    }

    /// What the taps add up to for texel `j` (from -r to r): linear samples read texels `⌊o⌋` and
    /// `⌊o⌋ + 1` with weights `1 - frac(o)` and `frac(o)`, each side mirrored.
    static func weight(of j: Int, in taps: GaussianTaps) -> Double {
        var sum = j == 0 ? Double(taps.centre) : 0
        for pair in taps.pairs {
            let (o, w) = (Double(pair.x), Double(pair.y))
            let i = Int(o.rounded(.down))
            let f = o - Double(i)
            if abs(j) == i { sum += w * (1 - f) }
            if abs(j) == i + 1 { sum += w * f }
        }
        return sum
    }

    @Test(arguments: [(0.6, 2), (1.5, 5), (4, 12), (12, 36), (30, 90), (40, 96)])
    func pairsAddEveryTexelAtItsGaussianWeight(sigma: Double, radius: Int) {
        let taps = GaussianTaps(sigma: sigma, radius: radius)
        #expect(taps.pairs.count == (radius + 1) / 2)
        let expected = Self.kernel(sigma: sigma, radius: radius)
        for j in -radius...radius {
            #expect(abs(Self.weight(of: j, in: taps) - expected[j + radius]) < 1e-6, "texel \(j)")
        }
        // Each sample lies between its two texels, so it reads no others.
        for (k, pair) in taps.pairs.enumerated() {
            #expect(Double(pair.x) >= Double(2 * k + 1) && Double(pair.x) <= Double(2 * k + 2), "pair \(k) at \(pair.x)")
        }
    }

    @Test func radiusZeroIsTheCentreAlone() {
        let taps = GaussianTaps(sigma: 1, radius: 0)
        #expect(taps.centre == 1 && taps.pairs.isEmpty)
    }

    @Test func theRadiusIsCappedAtWhatTheShaderHolds() {
        #expect(GaussianTaps(sigma: 100, radius: 500).pairs.count == GaussianTaps.maximumPairs)
    }
}
