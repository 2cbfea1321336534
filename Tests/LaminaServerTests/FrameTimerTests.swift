import LaminaServer
import LaminaWire
import Testing

/// The output's frame clock: blanks on a fixed grid, and a wake-up a lead before each one.
@Suite struct FrameTimerTests {
    /// Waits for the timer's wake-up; returns when it came and the blank it is for.
    static func wake(_ timer: FrameTimer) -> (woke: Double, blank: Double) {
        #expect(SystemCalls.waitReadable(timer.descriptor, timeout: 5), "the timer fired")
        let woke = MediaClock.now
        return (woke, timer.acknowledge())
    }

    @Test func eachWakeUpComesALeadBeforeItsBlankAndBlanksStayOnOneGrid() {
        let timer = try! FrameTimer(refreshRate: 100)
        let lead = 0.004
        var blanks: [Double] = []
        for _ in 0..<6 {
            let armed = MediaClock.now
            timer.arm(lead: lead)
            #expect(timer.isArmed)
            let (woke, blank) = Self.wake(timer)
            #expect(!timer.isArmed)
            // The blank chosen leaves the lead to draw in, and the wake-up (timerfd fires at or after
            // the time set, never before) comes at its start: blank - lead.
            #expect(blank >= armed + lead - 1e-9)
            #expect(woke >= blank - lead - 1e-6)
            blanks.append(blank)
        }
        for (a, b) in zip(blanks, blanks.dropFirst()) {
            let steps = (b - a) / timer.interval
            #expect(abs(steps - steps.rounded()) < 1e-6 && steps.rounded() >= 1, "\(b - a) s between blanks")
        }
    }

    @Test func aFrameIsNeverDrawnTwiceForOneBlank() {
        let timer = try! FrameTimer(refreshRate: 100)
        timer.arm(lead: 0)
        let first = Self.wake(timer).blank
        // Re-armed at once with the largest lead: the wake-up may come at once, but for a later blank.
        timer.arm(lead: 1)
        let (woke, second) = Self.wake(timer)
        #expect(second >= first + timer.interval - 1e-9)
        // A lead of a whole second is held to half an interval: the wake-up comes no earlier than that
        // before its blank (timerfd never fires early).
        #expect(second - woke <= timer.interval * 0.5 + 1e-6)
        timer.disarm()
        #expect(!timer.isArmed)
    }
}
