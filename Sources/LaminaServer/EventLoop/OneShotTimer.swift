import CLaminaSys
import Glibc
public import LaminaWire

/// A timerfd on CLOCK_MONOTONIC that fires once, at a set media time.
public final class OneShotTimer {
    /// The descriptor to watch for reading.
    public let descriptor: Int32
    /// The time it is set for, if it is set.
    public private(set) var deadline: Double?

    /// An unset timer.
    public init() throws(SystemCallError) {
        descriptor = lamina_timerfd()
        guard descriptor >= 0 else { throw SystemCallError("timerfd_create") }
    }

    deinit { close(descriptor) }

    /// Fires at media time `time` (at once if it has passed), replacing any time set before.
    public func set(_ time: Double) {
        deadline = time
        _ = lamina_timerfd_set(descriptor, Swift.max(UInt64((Swift.max(time, 0) * 1e9).rounded()), 1), 0)
    }

    /// Clears the firing (or an unfired setting).
    public func clear() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        _ = lamina_timerfd_set(descriptor, 0, 0)
        deadline = nil
    }
}
