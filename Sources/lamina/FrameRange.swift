import ArgumentParser

/// `START:END:FPS`: frames at START, START + 1/FPS, ... up to END inclusive.
struct FrameRange: ExpressibleByArgument, Sendable {
    var start: Double
    var end: Double
    var fps: Double

    /// The most frames one range may hold.
    static let maxFrames = 100_000

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let start = Double(parts[0]), let end = Double(parts[1]), let fps = Double(parts[2]),
            start.isFinite, end.isFinite, fps.isFinite, start >= 0, end >= start, fps > 0,
            (end - start) * fps < Double(Self.maxFrames)
        else { return nil }
        self.start = start
        self.end = end
        self.fps = fps
    }

    /// The frame times.
    var times: [Double] {
        let count = Int(((end - start) * fps + 1e-9).rounded(.down)) + 1
        return (0..<count).map { start + Double($0) / fps }
    }

    static var defaultValueDescription: String { "START:END:FPS" }
}
