import LaminaWire
import CSystemd
import Glibc

/// The daemon's side of systemd: socket activation, readiness and status, the watchdog. Every call is
/// a no-op outside systemd (no `$NOTIFY_SOCKET`, no `$LISTEN_FDS`), so the daemon runs the same from a
/// shell.
public enum Systemd {
    /// Sockets systemd passed in (`sd_listen_fds_with_names`), with their `FileDescriptorName=`.
    /// Unsets the `LISTEN_*` variables so children do not inherit them.
    public static func listenedSockets() -> [(descriptor: Int32, name: String)] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(1, &names)
        guard count > 0 else { return [] }
        defer {
            if let names {
                for i in 0..<Int(count) { free(names[i]) }
                free(names)
            }
        }
        return (0..<Int(count)).map { i in
            (SD_LISTEN_FDS_START + Int32(i), names?[i].map { String(cString: $0) } ?? "unknown")
        }
    }

    /// Sends a state to the service manager (`READY=1`, `STATUS=...`, `STOPPING=1`, `WATCHDOG=1`).
    public static func notify(_ state: String) {
        _ = sd_notify(0, state)
    }

    /// The watchdog interval systemd expects pings within (`WatchdogSec=`), or nil when not enabled.
    public static func watchdogInterval() -> Double? {
        var usec: UInt64 = 0
        guard sd_watchdog_enabled(0, &usec) > 0, usec > 0 else { return nil }
        return Double(usec) / 1e6
    }
}

/// Pings systemd's watchdog from the I/O thread at half its interval: a thread stuck anywhere stops
/// the pings and systemd restarts the daemon.
final class Watchdog {
    /// systemd's interval in seconds.
    let interval: Double
    private var last = 0.0

    init(interval: Double) { self.interval = interval }

    func pingIfDue() {
        let now = MediaClock.now
        guard now - last >= interval / 2 else { return }
        last = now
        Systemd.notify("WATCHDOG=1")
    }
}
