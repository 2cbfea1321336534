import LaminaCore
import PropertyBased
import Testing
import LaminaTestSupport

@Suite("Timing functions")
struct TimingFunctionTests {
    @Test("Named curves have Core Animation's control points")
    func named() {
        #expect(TimingFunction.linear == TimingFunction(controlPoints: 0, 0, 1, 1))
        #expect(TimingFunction.easeIn == TimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(TimingFunction.easeOut == TimingFunction(controlPoints: 0, 0, 0.58, 1))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(controlPoints: 0.42, 0, 0.58, 1))
        #expect(TimingFunction.default == TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
        #expect(TimingFunction(name: "easeOut") == .easeOut)
        #expect(TimingFunction(name: "bouncy") == nil)
    }

    @Test("Solves for x, then evaluates y")
    func solves() {
        // easeInEaseOut is symmetric: y(0.5) = 0.5, y(1-x) = 1-y(x).
        #expect(close(TimingFunction.easeInEaseOut(0.5), 0.5, 1e-12))
        #expect(close(TimingFunction.easeInEaseOut(0.2) + TimingFunction.easeInEaseOut(0.8), 1, 1e-12))
        // Reference values (x, y) computed independently with exact rational Bézier evaluation at t = 0.5.
        // For easeIn at t = 0.5: x = 3·0.25·0.5·0.42 + 3·0.5·0.25 + 0.125 = 0.6575, y = 0.375 + 0.125 = 0.5.
        #expect(close(TimingFunction.easeIn(0.6575), 0.5, 1e-10))
        // For default at t = 0.5: x = 0.375·0.25 + 0.375·0.25 + 0.125 = 0.3125, y = 0.375·0.1 + 0.375 + 0.125 = 0.5375.
        #expect(close(TimingFunction.default(0.3125), 0.5375, 1e-10))
        #expect(TimingFunction.linear(0.37) == 0.37)
    }

    @Test("Input is clamped to 0...1; output is not clamped")
    func clamping() {
        #expect(TimingFunction.easeIn(-1) == 0)
        #expect(TimingFunction.easeIn(2) == 1)
        let overshoot = TimingFunction(controlPoints: 0.3, 1.8, 0.6, 1.5)
        #expect(overshoot(0.5) > 1)
        let undershoot = TimingFunction(controlPoints: 0.3, -0.8, 0.6, 0.2)
        #expect(undershoot(0.2) < 0)
    }

    @Test("Near-flat slopes fall back to bisection and stay exact")
    func flatSlopes() {
        let flat = TimingFunction(controlPoints: 1, 0, 0, 1)  // x'(t) = 0 at t = 0.5
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let y = flat(x)
            #expect(y >= -1e-9 && y <= 1 + 1e-9)
        }
        #expect(close(flat(0.5), 0.5, 1e-6))
    }

    @Test("Monotonic curves give monotonic progress")
    func monotonic() async {
        let curves = Gen.double(in: 0...1).array(of: 4).map { TimingFunction(controlPoints: $0[0], $0[1], $0[2], $0[3]) }
        await propertyCheck(input: curves, Gen.double(in: 0...1), Gen.double(in: 0...1)) { f, a, b in
            let (lo, hi) = (min(a, b), max(a, b))
            #expect(f(lo) <= f(hi) + 1e-9, "\(f) at \(lo), \(hi)")
        }
    }
}

@Suite("Media timing")
struct MediaTimingTests {
    func progress(_ t: MediaTiming, _ time: Double) -> Double? { t.state(at: time).progress }

    @Test("t = (tp - beginTime)·speed, and duration 0 means 0.25 s")
    func mapping() {
        let t = MediaTiming(beginTime: 1, duration: 2, speed: 2)
        #expect(progress(t, 1.5) == 0.5)
        #expect(t.endTime == 2)
        let d = MediaTiming()
        #expect(d.simpleDuration == 0.25 && d.activeDuration == 0.25)
        #expect(progress(d, 0.125) == 0.5)
    }

    @Test("Phases and fill modes")
    func phasesAndFill() {
        var t = MediaTiming(beginTime: 1, duration: 1)
        #expect(t.state(at: 0.5) == TimingState(phase: .before, progress: nil, iteration: 0))
        #expect(t.state(at: 2.5).phase == .after && progress(t, 2.5) == nil)
        t.fillMode = .backwards
        #expect(progress(t, 0.5) == 0 && progress(t, 2.5) == nil)
        t.fillMode = .forwards
        #expect(progress(t, 0.5) == nil && progress(t, 2.5) == 1)
        t.fillMode = .both
        #expect(progress(t, 0.5) == 0 && progress(t, 2.5) == 1)
        #expect(t.state(at: 1.5).phase == .active)
    }

    @Test("repeatCount: whole counts end on the final value, fractional ones on the partial progress")
    func repeats() {
        var t = MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
        #expect(progress(t, 1.25) == 0.25)
        #expect(t.state(at: 1.25).iteration == 1)
        #expect(progress(t, 5) == 1)
        t.repeatCount = 1.5
        #expect(progress(t, 5) == 0.5)
        t.repeatCount = .infinity
        #expect(t.endTime == .infinity)
        #expect(progress(t, 1000.75) == 0.75)
        t = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        #expect(progress(t, 9) == 0.5)
    }

    @Test("autoreverses: one repeat lasts twice the duration and mirrors")
    func autoreverse() {
        let t = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        #expect(t.activeDuration == 2)
        #expect(progress(t, 0.25) == 0.25)
        #expect(progress(t, 1.75) == 0.25)
        #expect(progress(t, 3) == 0)  // ends back at the start
    }

    @Test("Autoreversed halves mirror for any time")
    func autoreverseMirrors() async {
        let t = MediaTiming(duration: 2, autoreverses: true)
        await propertyCheck(input: Gen.double(in: 0.001...2)) { x in
            #expect(close(progress(t, x) ?? -1, progress(t, 4 - x) ?? -2, 1e-12))
        }
    }

    @Test("timeOffset starts partway and wraps, playing the full active length")
    func timeOffset() {
        let t = MediaTiming(duration: 3, timeOffset: 1)
        #expect(close(progress(t, 0)!, 1.0 / 3))
        #expect(close(progress(t, 2.5)!, 0.5 / 3))  // wrapped
        #expect(t.state(at: 2.99).phase == .active)
        #expect(t.state(at: 3).phase == .after)
    }

    @Test("speed 0 freezes at timeOffset; a negative speed plays backwards")
    func speeds() {
        let frozen = MediaTiming(beginTime: 5, duration: 2, speed: 0, timeOffset: 0.5)
        #expect(progress(frozen, 0) == 0.25 && progress(frozen, 100) == 0.25)
        let backwards = MediaTiming(beginTime: 1, duration: 2, speed: -1)
        #expect(progress(backwards, 1) == 1)
        #expect(progress(backwards, 2.5) == 0.25)
        #expect(backwards.endTime == 3)
        #expect(backwards.state(at: 3).phase == .after)
    }
}
