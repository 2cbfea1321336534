import CLaminaSys
import Glibc
public import LaminaWire

/// A timerfd on CLOCK_MONOTONIC ticking at an output's refresh rate: the headless output's vsync.
/// Disarmed while nothing needs drawing, so an idle daemon gets no wakeups at all.
public final class FrameTimer {
    /// The descriptor to watch for reading.
    public let descriptor: Int32
    /// Seconds between ticks.
    public let interval: Double
    /// Whether it is ticking.
    public private(set) var isArmed = false

    /// A disarmed timer for `refreshRate` frames per second.
    public init(refreshRate: Double) throws(SystemCallError) {
        descriptor = lamina_timerfd()
        guard descriptor >= 0 else { throw SystemCallError("timerfd_create") }
        interval = 1 / refreshRate
    }

    deinit { close(descriptor) }

    /// Starts ticking: the first tick right away, then every `interval`.
    public func arm() {
        guard !isArmed else { return }
        set(first: 1e-9, every: interval)
        isArmed = true
    }

    /// Stops ticking.
    public func disarm() {
        guard isArmed else { return }
        set(first: 0, every: 0)
        isArmed = false
    }

    /// Clears the ticks that fired; returns how many (more than 1: frames were missed).
    @discardableResult
    public func acknowledge() -> UInt64 {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return count
    }

    private func set(first: Double, every: Double) {
        _ = lamina_timerfd_set(descriptor, UInt64((first * 1e9).rounded()), UInt64((every * 1e9).rounded()))
    }
}
