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
}

/// Calls back once per frame of the daemon's frame clock (`CADisplayLink`), on the main actor.
///
/// `timestamp` is when the frame was composed and `targetTimestamp` when it is shown, both media times
/// (`currentMediaTime()`). The link asks the daemon for a frame callback only while it runs, so a
/// paused or invalidated link costs nothing; with a preferred rate below the output's, frames are
/// skipped to approach it.
@MainActor
public final class DisplayLink {
    /// The frame being prepared: when it was composed.
    public private(set) var timestamp: Double = 0
    /// When it is shown.
    public private(set) var targetTimestamp: Double = 0
    /// The time between frames at the output's rate.
    public private(set) var duration: Double = 0
    /// The rates the callback wants; `preferred` below the output's rate skips frames.
    public var preferredFrameRateRange = FrameRateRange.default
    /// Whether callbacks are suspended.
    public var isPaused = false {
        didSet { if !isPaused { connection?.requestFrameIfNeeded() } }
    }

    private let callback: @MainActor (DisplayLink) -> Void
    private weak var connection: Connection?
    private var lastFired: Double?

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
        guard !isPaused else { return }
        if let preferred = preferredFrameRateRange.preferred, preferred > 0, let last = lastFired,
            timestamp - last < 1 / preferred - duration / 2
        {
            return
        }
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        lastFired = timestamp
        callback(self)
    }
}
