import Glibc

/// Media time: CLOCK_MONOTONIC in seconds, as `CACurrentMediaTime()` is mach_absolute_time in seconds.
/// Commit times, frame times and presentation queries all read this clock, in every process on the
/// machine, so a client can compare them with its own reading. It is part of the protocol (the
/// welcome's `mediaTime`), so it lives here, the one clock of the daemon, the client library and the
/// `lamina` command.
public enum MediaClock {
    /// Now, in seconds.
    public static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
