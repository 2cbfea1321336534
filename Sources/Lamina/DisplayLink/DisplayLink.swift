/// A frame rate range (`CAFrameRateRange`): the rates a display link accepts and the one it prefers.
public struct FrameRateRange: Hashable, Sendable {
    public var minimum: Double
    public var maximum: Double
    public var preferred: Double?

    /// A range; `preferred` nil means the output's rate.
    public init(minimum: Double, maximum: Double, preferred: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// Any rate, the output's preferred.
    public static let `default` = FrameRateRange(minimum: 0, maximum: 0)

    /// Every how many frames of an output refreshing `refresh` times a second a link with this range is
    /// called: the output can only show whole fractions of its rate (refresh / k), so of those within
    /// `minimum...maximum` (0: no bound) the one nearest `preferred` (the faster on a tie), or, with no
    /// preferred rate, the fastest. When no fraction lies in the range, the one nearest it.
    public func frameInterval(refresh: Double) -> Int {
        guard refresh.isFinite, refresh > 0 else { return 1 }
        let candidates = 1...max(1, min(240, Int(refresh.rounded())))
        func rate(_ k: Int) -> Double { refresh / Double(k) }
        // How far a rate lies outside the range (0 inside it).
        func outside(_ r: Double) -> Double {
            var d = 0.0
            if minimum > 0, r < minimum - 1e-9 { d = minimum - r }
            if maximum > 0, r > maximum + 1e-9 { d = max(d, r - maximum) }
            return d
        }
        let nearestRange = candidates.map { outside(rate($0)) }.min() ?? 0
        let allowed = candidates.filter { outside(rate($0)) <= nearestRange + 1e-9 }
        guard let preferred, preferred > 0 else { return allowed.first ?? 1 }
        return allowed.min { abs(rate($0) - preferred) < abs(rate($1) - preferred) - 1e-9 } ?? 1
    }
}

/// Calls back once per frame of the daemon's frame clock (`CADisplayLink`), on the main actor.
///
/// `timestamp` is when the frame was composed and `targetTimestamp` when it is shown, both media times
/// (`currentMediaTime()`). The link asks the daemon for a frame callback only while it runs, so a
/// paused or invalidated link costs nothing; a `preferredFrameRateRange` below the output's rate skips
/// frames, to the whole fraction of the output's rate its minimum, maximum and preferred rate choose.
@MainActor
public final class DisplayLink {
    /// The frame being prepared: when it was composed.
    public private(set) var timestamp: Double = 0
    /// When it is shown.
    public private(set) var targetTimestamp: Double = 0
    /// The time between frames at the output's rate.
    public private(set) var duration: Double = 0
    /// The rates the callback wants: it is called every `frameInterval(refresh:)` frames of the output.
    public var preferredFrameRateRange = FrameRateRange.default
    /// Whether callbacks are suspended.
    public var isPaused = false {
        didSet { if !isPaused { connection?.requestFrameIfNeeded() } }
    }

    private let callback: @MainActor (DisplayLink) -> Void
    /// Every how many output frames the link is called, and the range and frame duration it was worked
    /// out for (worked out again only when either changes, not on every frame).
    private var interval: (frames: Int, range: FrameRateRange, duration: Double) = (1, .default, 0)
    private weak var connection: Connection?
    private var lastFired: Double?
    /// Whether the callback is running: a frame that arrives meanwhile (the callback waiting on the
    /// daemon, as `GLLayer.nextDrawable` does) is skipped, not called into the callback again, as a
    /// busy main thread skips `CADisplayLink` frames.
    private var isFiring = false

    /// A link calling `callback` each frame, once added to a connection.
    public init(_ callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts calling back on `connection`'s frames (it holds the link until `invalidate()`).
    public func add(to connection: Connection) {
        self.connection = connection
        connection.displayLinks.append(self)
        duration = 1 / (connection.welcome.outputs.first?.refreshRate ?? 60)
        connection.requestFrameIfNeeded()
    }

    /// Stops for good and lets go of the connection.
    public func invalidate() {
        connection?.displayLinks.removeAll { $0 === self }
        connection = nil
    }

    func fire(timestamp: Double, targetTimestamp: Double) {
        guard !isPaused, !isFiring else { return }
        if interval.range != preferredFrameRateRange || interval.duration != duration {
            let frames = duration > 0 ? preferredFrameRateRange.frameInterval(refresh: 1 / duration) : 1
            interval = (frames, preferredFrameRateRange, duration)
        }
        if let last = lastFired, timestamp - last < Double(interval.frames) * duration - duration / 2 {
            return
        }
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        lastFired = timestamp
        isFiring = true
        defer { isFiring = false }
        callback(self)
    }
}
