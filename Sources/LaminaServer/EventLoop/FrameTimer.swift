import CLaminaSys
import Glibc
public import LaminaWire

/// The output's frame clock: vertical blanks on a fixed grid, `epoch + k · interval`, and a timerfd on
/// CLOCK_MONOTONIC that wakes the compositor a little before the next one, in time to draw the frame
/// shown there (Weston's repaint window).
///
/// The grid keeps one phase for the daemon's life, like a display's vertical blank: arming after idling
/// waits for the next blank of the same grid rather than starting a new one, so frames come at the
/// output's rate however quickly clients answer them. Each arming is one wake-up, `lead` seconds
/// before the first blank not yet drawn for: the compositor measures how long its frames take and
/// starts each as late as that allows, so a commit that arrives just before is shown at that blank
/// (latency one interval plus the frame's own time, not two intervals). The timer is disarmed while
/// nothing needs drawing, so an idle daemon gets no wakeups at all.
public final class FrameTimer {
    /// The descriptor to watch for reading.
    public let descriptor: Int32
    /// Seconds between blanks.
    public private(set) var interval: Double
    /// Whether a wake-up is set.
    public private(set) var isArmed = false
    /// The first blank's time; all blanks fall on `epoch + k · interval`.
    private var epoch: Double?
    /// The blank the set wake-up is for, and the last one drawn for.
    private var target: Double?
    private var lastTarget = -Double.infinity

    /// A disarmed timer for `refreshRate` blanks per second.
    public init(refreshRate: Double) throws(SystemCallError) {
        descriptor = lamina_timerfd()
        guard descriptor >= 0 else { throw SystemCallError("timerfd_create") }
        interval = 1 / refreshRate
    }

    deinit { close(descriptor) }

    /// Sets a wake-up `lead` seconds before the first blank of the grid that is not yet drawn for and
    /// still that far away; does nothing while one is set. The lead is held to half an interval (a
    /// little more than Weston's default repaint window of 7 ms at 60 Hz), so a client answering a
    /// frame callback always has half an interval to commit for the next frame; a frame that takes
    /// longer is shown late rather than every client's commits waiting a frame more.
    public func arm(lead: Double) {
        guard !isArmed else { return }
        let now = MediaClock.now
        let lead = Swift.min(Swift.max(lead, 0), interval * 0.5)
        let epoch = self.epoch ?? now + lead
        self.epoch = epoch
        // The first blank after the last one drawn for, and after now + lead.
        let earliest = Swift.max(now + lead, lastTarget + interval * 0.5)
        let blank = epoch + ((earliest - epoch) / interval).rounded(.up) * interval
        target = blank
        _ = lamina_timerfd_set(descriptor, Swift.max(UInt64(((blank - lead) * 1e9).rounded()), 1), 0)
        isArmed = true
    }

    /// Puts the grid on a display's real blanks: `blank` was one (a Wayland host's wp_presentation
    /// feedback says when a frame was shown), and they come `interval` seconds apart when that is
    /// known (and between 1 ms and 1 s). A wake-up already set stays; the next arming uses the new
    /// grid.
    public func synchronize(blank: Double, interval: Double?) {
        guard blank.isFinite else { return }
        if let interval, interval.isFinite, interval >= 0.001, interval <= 1 { self.interval = interval }
        epoch = blank
    }

    /// Stops ticking.
    public func disarm() {
        guard isArmed else { return }
        _ = lamina_timerfd_set(descriptor, 0, 0)
        isArmed = false
        target = nil
    }

    /// Clears the wake-up that fired and returns the blank it is for: the time the frame drawn now is
    /// shown, and the media time it shows.
    public func acknowledge() -> Double {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        isArmed = false
        let blank = target ?? MediaClock.now
        target = nil
        lastTarget = blank
        return blank
    }
}
