import LaminaWire

/// The current media time in seconds (`CACurrentMediaTime()`): `CLOCK_MONOTONIC`, the clock the daemon
/// stamps commits, frames and presentation queries with (`MediaClock`), so times from both sides
/// compare directly.
public func currentMediaTime() -> Double {
    MediaClock.now
}
