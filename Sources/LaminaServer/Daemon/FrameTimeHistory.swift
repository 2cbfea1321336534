/// The last frames' times, for the percentiles `stats` reports.
struct FrameTimeHistory {
    private var samples: [Double] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int = 600) { self.capacity = capacity }

    /// How many samples are kept.
    var count: Int { samples.count }

    mutating func record(_ seconds: Double) {
        if samples.count < capacity {
            samples.append(seconds)
        } else {
            samples[next] = seconds
            next = (next + 1) % capacity
        }
    }

    /// The `p`-th percentile (0...1) in seconds, nearest rank; 0 with no samples.
    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
