import ArgumentParser

/// `K/N`: the K-th (1...N) of N contiguous parts of a frame sequence, for rendering on N machines.
struct Shard: ExpressibleByArgument, Sendable {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, (1...n).contains(k) else { return nil }
        (index, count) = (k, n)
    }

    /// The indices of `total` frames this shard renders: the K-th of N ranges as equal as whole frames
    /// allow, in order, so the shards' outputs end to end are the whole sequence.
    func range(of total: Int) -> Range<Int> {
        (total * (index - 1) / count)..<(total * index / count)
    }

    static var defaultValueDescription: String { "K/N" }
}
