import CLaminaSys
import Glibc
public import LaminaWire

/// A timerfd on CLOCK_MONOTONIC ticking at an output's refresh rate: the headless output's vsync.
///
/// Ticks keep one phase for the daemon's life, `epoch + k · interval`, like a display's vertical
/// blank: re-arming after idling waits for the next tick of the same grid rather than starting a new
/// one, so frame callbacks come at the output's rate however quickly clients answer them. The timer is
/// disarmed while nothing needs drawing, so an idle daemon gets no wakeups at all.
public final class FrameTimer {
    /// The descriptor to watch for reading.
    public let descriptor: Int32
    /// Seconds between ticks.
    public let interval: Double
    /// Whether it is ticking.
    public private(set) var isArmed = false
    /// The first tick's time; all ticks fall on `epoch + k · interval`.
    private var epoch: Double?

    /// A disarmed timer for `refreshRate` frames per second.
    public init(refreshRate: Double) throws(SystemCallError) {
        descriptor = lamina_timerfd()
        guard descriptor >= 0 else { throw SystemCallError("timerfd_create") }
        interval = 1 / refreshRate
    }

    deinit { close(descriptor) }

    /// Starts ticking at the next tick of the grid (right away the first time).
    public func arm() {
        guard !isArmed else { return }
        let now = MediaClock.now
        let first: Double
        if let epoch {
            first = epoch + (((now - epoch) / interval).rounded(.up)) * interval
        } else {
            epoch = now
            first = now
        }
        set(first: first, every: interval)
        isArmed = true
    }

    /// Stops ticking.
    public func disarm() {
        guard isArmed else { return }
        _ = lamina_timerfd_set(descriptor, 0, 0)
        isArmed = false
    }

    /// Clears the ticks that fired and returns the time of the latest one (the frame's vsync time).
    public func acknowledge() -> Double {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        let now = MediaClock.now
        guard let epoch else { return now }
        return epoch + ((now - epoch) / interval + 1e-6).rounded(.down) * interval
    }

    private func set(first: Double, every: Double) {
        _ = lamina_timerfd_set(descriptor, Swift.max(UInt64((first * 1e9).rounded()), 1), UInt64((every * 1e9).rounded()))
    }
}
