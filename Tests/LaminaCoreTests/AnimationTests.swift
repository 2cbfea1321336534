import Foundation
import LaminaCore
import PropertyBased
import Testing
import LaminaTestSupport

/// The presentation values of one layer with model `model` and `animations` applied in order at `time`.
func present(
    _ animations: [Animation], model: PropertyValues = PropertyValues(), at time: Double, base: PropertyValue? = nil
) -> PropertyValues {
    var overlay = PresentationOverlay()
    for a in animations { a.apply(at: time, base: base, model: model, id: AnimationID(0), to: &overlay) }
    return overlay.applied(to: model)
}

private let x = try! LayerKeyPath("position.x")
private let opacity = LayerKeyPath(.opacity)
private func timing(_ duration: Double, fill: FillMode = .removed) -> MediaTiming {
    MediaTiming(duration: duration, fillMode: fill)
}

@Suite("Basic animations")
struct BasicAnimationTests {
    var model: PropertyValues {
        var m = PropertyValues()
        m[.position] = Point(x: 100, y: 7)
        return m
    }

    @Test("from + to, from + by, by + to")
    func explicitPairs() {
        let t = timing(2)
        #expect(present([.basic(x, from: .number(0), to: .number(10), timing: t)], model: model, at: 0.5)[.position].x == 2.5)
        #expect(present([.basic(x, from: .number(10), by: .number(10), timing: t)], model: model, at: 1)[.position].x == 15)
        #expect(present([.basic(x, to: .number(10), by: .number(4), timing: t)], model: model, at: 1)[.position].x == 8)
        #expect(present([.basic(x, from: .number(0), to: .number(10), timing: t)], model: model, at: 1)[.position].y == 7)
    }

    @Test("from alone goes to the model value; to alone and by alone start from the presentation value")
    func partialValues() {
        let t = timing(2)
        #expect(present([.basic(x, from: .number(0), timing: t)], model: model, at: 1)[.position].x == 50)
        #expect(present([.basic(x, to: .number(0), timing: t)], model: model, at: 1)[.position].x == 50)
        #expect(present([.basic(x, by: .number(20), timing: t)], model: model, at: 1)[.position].x == 110)
        // The captured presentation value, when the engine has one, is where it starts.
        #expect(present([.basic(x, to: .number(0), timing: t)], model: model, at: 1, base: .number(40))[.position].x == 20)
        // None: from the previous presentation value to the current model value.
        #expect(present([.basic(x, timing: t)], model: model, at: 1, base: .number(0))[.position].x == 50)
    }

    @Test("Outside the active interval nothing shows unless filled")
    func fill() {
        let removed = Animation.basic(x, from: .number(0), to: .number(10), timing: MediaTiming(beginTime: 1, duration: 1))
        #expect(present([removed], model: model, at: 0.5)[.position].x == 100)
        #expect(present([removed], model: model, at: 3)[.position].x == 100)
        var filled = removed
        filled.timing.fillMode = .both
        #expect(present([filled], model: model, at: 0.5)[.position].x == 0)
        #expect(present([filled], model: model, at: 3)[.position].x == 10)
    }

    @Test("additive adds to the value below; cumulative builds across repeats")
    func additiveAndCumulative() {
        var add = Animation.basic(x, from: .number(0), to: .number(10), timing: timing(1))
        add.kind = .basic(BasicAnimation(keyPath: x, fromValue: .number(0), toValue: .number(10), additive: true))
        #expect(present([add], model: model, at: 0.5)[.position].x == 105)
        let cumulative = Animation(
            .basic(BasicAnimation(keyPath: x, fromValue: .number(0), toValue: .number(10), cumulative: true)),
            timing: MediaTiming(duration: 1, repeatCount: 3))
        #expect(present([cumulative], model: model, at: 2.5)[.position].x == 25)
    }

    @Test("Later animations apply on top of earlier ones")
    func order() {
        let first = Animation.basic(x, from: .number(0), to: .number(10), timing: timing(1))
        let second = Animation(
            .basic(BasicAnimation(keyPath: x, fromValue: .number(1), toValue: .number(1), additive: true)), timing: timing(1))
        #expect(present([first, second], model: model, at: 0.5)[.position].x == 6)
        #expect(present([second, first], model: model, at: 0.5)[.position].x == 5)
    }

    @Test("An explicit animation's timing function defaults to linear, its duration to 0.25 s")
    func defaults() {
        let a = Animation(.basic(BasicAnimation(keyPath: opacity, fromValue: .number(0), toValue: .number(1))))
        #expect(a.timingFunction == .linear && a.removedOnCompletion)
        #expect(present([a], at: 0.0625)[.opacity] == 0.25)
    }

    @Test("The timing function applies to progress")
    func curve() {
        let a = Animation.basic(opacity, from: .number(0), to: .number(1), timing: timing(1), timingFunction: .easeIn)
        #expect(close(present([a], at: 0.6575)[.opacity], 0.5, 1e-9))
    }

    @Test("transform interpolates by decomposition: identity to a full turn does not move")
    func transformByDecomposition() {
        let full = Animation.basic(
            LayerKeyPath(.transform), from: .transform(.identity),
            to: .transform(Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1)), timing: timing(1))
        #expect(close(present([full], at: 0.5)[.transform], .identity, 1e-9))
        let quarter = Animation.basic(
            LayerKeyPath(.transform), from: .transform(.identity),
            to: .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), timing: timing(1))
        // Half way is a rigid 45° rotation, not an element-wise blend (which would shrink).
        #expect(close(present([quarter], at: 0.5)[.transform], Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1), 1e-9))
    }

    @Test("transform.rotation.z interpolates the angle: 0 to 2π turns a full circle")
    func transformKeyPath() throws {
        let spin = Animation.basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(2 * .pi), timing: timing(1))
        #expect(close(present([spin], at: 0.5)[.transform], Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1), 1e-9))
        #expect(close(present([spin], at: 0.25)[.transform], Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), 1e-9))
        let scale = Animation.basic(try LayerKeyPath("transform.scale.x"), from: .number(1), to: .number(3), timing: timing(1))
        #expect(close(present([scale], at: 0.5)[.transform], Transform3D(scaleX: 2, y: 1, z: 1)))
    }

    @Test("Colours, rects and discrete values")
    func valueTypes() {
        let colour = Animation.basic(
            LayerKeyPath(.backgroundColor), from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
            to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0)), timing: timing(1))
        #expect(present([colour], at: 0.25)[.backgroundColor] == Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))
        let bounds = Animation.basic(
            LayerKeyPath(.bounds), from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
            to: .rect(Rect(x: 10, y: 10, width: 30, height: 50)), timing: timing(1))
        #expect(present([bounds], at: 0.5)[.bounds] == Rect(x: 5, y: 5, width: 20, height: 30))
        let hidden = Animation.basic(LayerKeyPath(.hidden), from: .bool(false), to: .bool(true), timing: timing(1))
        #expect(present([hidden], at: 0.49)[.hidden] == false)
        #expect(present([hidden], at: 0.5)[.hidden] == true)
    }
}

@Suite("Keyframe, group, transition and spring animations")
struct KeyframeAnimationTests {
    func keyframes(
        _ values: [Double], keyTimes: [Double]? = nil, mode: CalculationMode = .linear,
        functions: [TimingFunction]? = nil
    ) -> Animation {
        Animation(
            .keyframe(KeyframeAnimation(
                keyPath: x, values: values.map(PropertyValue.number), keyTimes: keyTimes, timingFunctions: functions,
                calculationMode: mode)),
            timing: timing(1))
    }

    func xAt(_ a: Animation, _ t: Double) -> Double { present([a], at: t)[.position].x }

    @Test("Without keyTimes the keyframes divide the duration evenly")
    func evenSpacing() {
        let a = keyframes([0, 10, 30])
        #expect(xAt(a, 0.25) == 5)
        #expect(xAt(a, 0.5) == 10)
        #expect(xAt(a, 0.75) == 20)
    }

    @Test("keyTimes place the keyframes; timingFunctions apply within each segment")
    func keyTimesAndFunctions() {
        let a = keyframes([0, 10, 30], keyTimes: [0, 0.8, 1])
        #expect(xAt(a, 0.4) == 5)
        #expect(close(xAt(a, 0.9), 20))
        let b = keyframes([0, 10, 30], functions: [.easeIn, .linear])
        #expect(close(xAt(b, 0.5 * 0.6575), 5, 1e-9))
        #expect(close(xAt(b, 0.75), 20))
    }

    @Test("discrete: each value holds from its keyTime to the next")
    func discrete() {
        let a = keyframes([1, 2, 3], mode: .discrete)
        #expect(xAt(a, 0.1) == 1)
        #expect(xAt(a, 0.34) == 2)
        #expect(xAt(a, 0.9) == 3)
        let b = keyframes([1, 2, 3], keyTimes: [0, 0.1, 0.2, 1], mode: .discrete)
        #expect(xAt(b, 0.15) == 2)
        #expect(xAt(b, 0.5) == 3)
    }

    @Test("paced: constant speed along the values, ignoring keyTimes")
    func paced() {
        let a = keyframes([0, 10, 40], keyTimes: [0, 0.9, 1], mode: .paced)
        #expect(close(xAt(a, 0.25), 10))
        #expect(close(xAt(a, 0.5), 20))
    }

    @Test("cubic is Catmull-Rom when tension, continuity and bias are 0, and passes the keyframes")
    func cubic() {
        let a = keyframes([0, 10, 0, 10], mode: .cubic)
        #expect(close(xAt(a, 1.0 / 3), 10))
        // Catmull-Rom midpoint of P1=10, P2=0 with neighbours 0 and 10: tangents m1 = (0-0)/2 = 0, m2 = 0.
        #expect(close(xAt(a, 0.5), 5))
        // First segment: P0=0 (repeated), P1=10, tangents (10-0)/2 = 5 and (0-0)/2 = 0; at u=0.5: 0.5·0 + 0.125·5 + 0.5·10 - 0.125·0.
        #expect(close(xAt(a, 1.0 / 6), 5.625))
        // Tension 1 flattens the tangents to zero: a smoothstep.
        var tense = KeyframeAnimation(keyPath: x, values: [0, 10, 0, 10].map(PropertyValue.number), calculationMode: .cubic)
        tense.tensionValues = [1, 1, 1, 1]
        #expect(close(present([Animation(.keyframe(tense), timing: timing(1))], at: 1.0 / 6)[.position].x, 5))
    }

    @Test("Evaluating at a keyTime gives that key value")
    func atKeyTimes() async {
        let values = Gen.double(in: -100...100).array(of: 2...6)
        await propertyCheck(input: values) { v in
            let a = keyframes(v)
            for i in v.indices {
                let t = Double(i) / Double(v.count - 1)
                if t < 1 { #expect(close(xAt(a, t), v[i], 1e-9)) }
            }
            var filled = a
            filled.timing.fillMode = .forwards
            #expect(close(xAt(filled, 5), v.last!, 1e-9))
        }
    }

    @Test("A path moves a point property; rotationMode turns the layer along the tangent")
    func path() throws {
        let path = try Path(svgPathData: "M0 0 L100 0 L100 100")
        var k = KeyframeAnimation(keyPath: LayerKeyPath(.position), path: path)
        k.rotationMode = .auto
        let a = Animation(.keyframe(k), timing: timing(1))
        let atQuarter = present([a], at: 0.25)
        #expect(close(atQuarter[.position], Point(x: 50, y: 0)))
        #expect(close(atQuarter[.transform], .identity))
        let atThree = present([a], at: 0.75)
        #expect(close(atThree[.position], Point(x: 100, y: 50)))
        #expect(close(atThree[.transform], Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)))
        k.rotationMode = .autoReverse
        #expect(close(present([Animation(.keyframe(k), timing: timing(1))], at: 0.25)[.transform], Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)))
        k.calculationMode = .paced
        k.rotationMode = nil
        #expect(close(present([Animation(.keyframe(k), timing: timing(1))], at: 0.75)[.position], Point(x: 100, y: 50)))
    }

    @Test("Groups time their children in the group's time and clip them to its duration")
    func group() {
        let early = Animation.basic(x, from: .number(0), to: .number(10), timing: MediaTiming(duration: 1, fillMode: .forwards))
        let late = Animation.basic(opacity, from: .number(0), to: .number(1), timing: MediaTiming(beginTime: 1, duration: 2))
        let g = Animation(.group([early, late]), timing: MediaTiming(duration: 2, speed: 2))
        let at = present([g], at: 0.25)  // group time 0.5
        #expect(at[.position].x == 5)
        #expect(at[.opacity] == 1)
        let later = present([g], at: 0.75)  // group time 1.5
        #expect(later[.position].x == 10)
        #expect(later[.opacity] == 0.25)
        #expect(present([g], at: 1.5)[.opacity] == 1)  // the group has ended: nothing shows
    }

    @Test("Transitions yield progress between startProgress and endProgress")
    func transition() {
        let t = Animation(.transition(Transition(type: .push, subtype: .fromRight, startProgress: 0.2, endProgress: 0.6)), timing: timing(1))
        var overlay = PresentationOverlay()
        t.apply(at: 0.5, base: nil, model: PropertyValues(), id: AnimationID(7), to: &overlay)
        #expect(overlay.transition?.progress == 0.4)
        #expect(overlay.transition?.transition.type == .push)
        #expect(overlay.transition?.animation == AnimationID(7))
    }

    @Test("Springs follow the damped oscillator and settle")
    func spring() {
        let s = SpringAnimation(BasicAnimation(keyPath: x, fromValue: .number(0), toValue: .number(100)))
        // Defaults: ω₀ = 10, ζ = 0.5; x(t) = 1 - e^{-5t}(cos(ωd t) + (5/ωd) sin(ωd t)), ωd = √75.
        let wd = 75.0.squareRoot()
        let expected = 1 - exp(-5 * 0.1) * (cos(wd * 0.1) + 5 / wd * sin(wd * 0.1))
        #expect(close(s.progress(at: 0.1), expected, 1e-12))
        #expect(s.progress(at: 0) == 0)
        #expect((0.0...2).contains(s.settlingDuration))
        #expect(abs(s.progress(at: s.settlingDuration) - 1) < 0.001)
        // Over-damped (ζ = 2): x = 1 + c1·e^{r1 t} + c2·e^{r2 t}, r = -ω₀(ζ ∓ √(ζ²-1)).
        let overdamped = SpringAnimation(BasicAnimation(keyPath: x), damping: 40)
        let (r1, r2) = (-10 * (2 - 3.0.squareRoot()), -10 * (2 + 3.0.squareRoot()))
        let c2 = r1 / (r2 - r1)
        #expect(close(overdamped.progress(at: 0.5), 1 + (-1 - c2) * exp(r1 * 0.5) + c2 * exp(r2 * 0.5), 1e-12))
        // Critically damped (ζ = 1): x = 1 - e^{-ω₀t}(1 + ω₀t).
        let critical = SpringAnimation(BasicAnimation(keyPath: x), damping: 20)
        #expect(close(critical.progress(at: 0.3), 1 - exp(-3) * (1 + 3), 1e-12))
        // A spring's duration 0 lasts its settling duration.
        let a = Animation(.spring(s))
        #expect(a.effectiveTiming.duration == s.settlingDuration)
        #expect(close(present([a], at: 0.1)[.position].x, 100 * expected, 1e-9))
    }
}
