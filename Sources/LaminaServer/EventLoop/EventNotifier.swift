import CLaminaSys
import Glibc
public import LaminaWire

/// An eventfd: one thread's way to wake another that sleeps in epoll. Signals coalesce, so a burst of
/// work costs the sleeper one wakeup.
public final class EventNotifier: Sendable {
    /// The descriptor to watch for reading.
    public let descriptor: Int32

    /// A non-blocking eventfd.
    public init() throws(SystemCallError) {
        descriptor = lamina_eventfd()
        guard descriptor >= 0 else { throw SystemCallError("eventfd") }
    }

    deinit { close(descriptor) }

    /// Wakes the watcher.
    public func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Clears pending signals (call when woken, before looking for work).
    public func drain() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
    }
}
