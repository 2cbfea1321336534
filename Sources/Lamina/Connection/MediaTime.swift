import Glibc

/// The current media time in seconds (`CACurrentMediaTime()`): `CLOCK_MONOTONIC`, the clock the daemon
/// stamps commits, frames and presentation queries with, so times from both sides compare directly.
public func currentMediaTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
