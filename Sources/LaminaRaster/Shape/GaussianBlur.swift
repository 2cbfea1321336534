/// A Gaussian blur of one byte a pixel (a shadow's coverage), separable: a horizontal pass, then a
/// vertical one, with a kernel of ±3σ taps. A shadow with a `shadowPath` is blurred once, here, and
/// then drawn as coverage like any shape: no offscreen pass for it on the GPU.
public enum GaussianBlur {
    /// The most taps on each side (a kernel of 2 × 64 + 1): beyond σ ≈ 21 pixels the caller should
    /// blur at a lower scale; this clamps.
    public static let maximumReach = 64

    /// Blurs `bytes` (`width` x `height`, rows top first, `stride` bytes from one pixel to the next
    /// and `channel` the byte used in each) in place with standard deviation `sigma` pixels.
    public static func blur(_ bytes: inout [UInt8], width: Int, height: Int, stride: Int = 1, channel: Int = 0, sigma: Double) {
        guard sigma > 0.05, width > 0, height > 0 else { return }
        let reach = min(Int((3 * sigma).rounded(.up)), maximumReach)
        var kernel = (0...(2 * reach)).map { i -> Double in
            let x = Double(i - reach)
            return Double.exp(-x * x / (2 * sigma * sigma))
        }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var line = [Double](repeating: 0, count: max(width, height))
        func pass(count: Int, lines: Int, at index: (Int, Int) -> Int) {
            for l in 0..<lines {
                for i in 0..<count { line[i] = Double(bytes[index(l, i) * stride + channel]) }
                for i in 0..<count {
                    var sum = 0.0
                    for k in 0...(2 * reach) {
                        let j = i + k - reach
                        if j >= 0 && j < count { sum += kernel[k] * line[j] }
                    }
                    bytes[index(l, i) * stride + channel] = UInt8(min(max(sum.rounded(), 0), 255))
                }
            }
        }
        pass(count: width, lines: height) { y, x in y * width + x }
        pass(count: height, lines: width) { x, y in y * width + x }
    }
}
