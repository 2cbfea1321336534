import Foundation
import LaminaCore
import Testing
import LaminaTestSupport

/// Animation fields and the time rules of the scene format, through `lamina probe`.
@Suite struct ProbeAnimationTests {
    /// The probed value of `property` of layer "a" with `animation` attached, at `time`.
    func animated(_ animation: String, _ property: String, at time: Double, layer: String = #""opacity": 1"#) throws -> [Double] {
        let layers = try probe(scene(#"[{"name": "a", \#(layer), "animations": [\#(animation)]}]"#), at: time)
        return numbers(layers["a"]?[property])
    }

    @Test func basicValueRules() throws {
        let base = #""type": "basic", "keyPath": "opacity", "duration": 1"#
        #expect(close(try animated(#"{\#(base), "fromValue": 0, "toValue": 0.5}"#, "opacity", at: 0.5), [0.25]))
        #expect(close(try animated(#"{\#(base), "fromValue": 0.2, "byValue": 0.4}"#, "opacity", at: 0.5), [0.4]))
        #expect(close(try animated(#"{\#(base), "byValue": 0.4, "toValue": 0.6}"#, "opacity", at: 0.5), [0.4]))
        // from alone goes to the model value; to alone comes from the presentation value at the commit.
        #expect(close(try animated(#"{\#(base), "fromValue": 0}"#, "opacity", at: 0.25, layer: #""opacity": 0.8"#), [0.2]))
        #expect(close(try animated(#"{\#(base), "toValue": 0}"#, "opacity", at: 0.25, layer: #""opacity": 0.8"#), [0.6]))
        #expect(close(try animated(#"{\#(base), "byValue": -0.4}"#, "opacity", at: 0.5, layer: #""opacity": 0.8"#), [0.6]))
    }

    @Test func mediaTimingFields() throws {
        let base = #""type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100"#
        // beginTime (in the layer's time), duration.
        #expect(close(try animated(#"{\#(base), "beginTime": 1, "duration": 2}"#, "position", at: 2), [50, 0]))
        // Before it begins: the model value, unless fillMode backwards holds the start.
        #expect(close(try animated(#"{\#(base), "beginTime": 1, "duration": 2}"#, "position", at: 0.5, layer: #""position": [7, 0]"#), [7, 0]))
        #expect(close(try animated(#"{\#(base), "beginTime": 1, "duration": 2, "fillMode": "backwards"}"#, "position", at: 0.5), [0, 0]))
        // After it ends: removed, unless forwards and not removedOnCompletion.
        #expect(close(try animated(#"{\#(base), "duration": 1}"#, "position", at: 3, layer: #""position": [7, 0]"#), [7, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}"#, "position", at: 3), [100, 0]))
        // speed and timeOffset.
        #expect(close(try animated(#"{\#(base), "duration": 2, "speed": 2}"#, "position", at: 0.5), [50, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 2, "timeOffset": 1}"#, "position", at: 0.5), [75, 0]))
        // repeatCount (fractional), repeatDuration, autoreverses.
        #expect(close(try animated(#"{\#(base), "duration": 1, "repeatCount": 2.5}"#, "position", at: 1.25), [25, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "repeatCount": 2.5, "fillMode": "forwards", "removedOnCompletion": false}"#, "position", at: 9), [50, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "repeatCount": "infinity"}"#, "position", at: 100.25), [25, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "repeatDuration": 1.5, "fillMode": "forwards", "removedOnCompletion": false}"#, "position", at: 5), [50, 0]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "autoreverses": true}"#, "position", at: 1.25), [75, 0]))
        // timingFunction: named and control points.
        let eased = TimingFunction.easeIn(0.5) * 100
        #expect(close(try animated(#"{\#(base), "duration": 1, "timingFunction": "easeIn"}"#, "position", at: 0.5), [eased, 0]))
        let custom = TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1)(0.5) * 100
        #expect(close(try animated(#"{\#(base), "duration": 1, "timingFunction": [0.1, 0.9, 0.2, 1]}"#, "position", at: 0.5), [custom, 0]))
        // additive adds to the model; cumulative accumulates over repeats.
        #expect(close(try animated(#"{\#(base), "duration": 1, "additive": true}"#, "position", at: 0.5, layer: #""position": [10, 3]"#), [60, 3]))
        #expect(close(try animated(#"{\#(base), "duration": 1, "repeatCount": 3, "cumulative": true}"#, "position", at: 2.5), [250, 0]))
    }

    @Test func keyframeFields() throws {
        let base = #""type": "keyframe", "keyPath": "position.x", "duration": 1"#
        #expect(close(try animated(#"{\#(base), "values": [0, 100, 0]}"#, "position", at: 0.25), [50, 0]))
        #expect(close(try animated(#"{\#(base), "values": [0, 100, 0], "keyTimes": [0, 0.8, 1]}"#, "position", at: 0.4), [50, 0]))
        #expect(close(try animated(#"{\#(base), "values": [0, 100, 200], "calculationMode": "discrete"}"#, "position", at: 0.5), [100, 0]))
        // paced: constant speed over the whole length (0→10 is 10, 10→100 is 90).
        #expect(close(try animated(#"{\#(base), "values": [0, 10, 100], "calculationMode": "paced"}"#, "position", at: 0.5), [50, 0]))
        let eased = TimingFunction.easeOut(0.5) * 100
        #expect(close(try animated(#"{\#(base), "values": [0, 100, 200], "timingFunctions": ["easeOut", "linear"]}"#, "position", at: 0.25), [eased, 0]))
        // cubic with tension, continuity and bias: the same result as the engine's own spline.
        var spline = KeyframeAnimation(
            keyPath: try LayerKeyPath("position.x"), values: [0, 100, 20, 60].map(PropertyValue.number),
            calculationMode: .cubic, tensionValues: [0.5, 0.5, 0.5, 0.5], continuityValues: [0, 0.3, 0, 0],
            biasValues: [0, 0, -0.5, 0])
        spline.keyTimes = nil
        var overlay = PresentationOverlay()
        Animation(.keyframe(spline), timing: MediaTiming(duration: 1)).apply(
            at: 0.4, base: nil, model: PropertyValues(), id: AnimationID(1), to: &overlay)
        let expected = Point(propertyValue: overlay.value(.position)!)!.x
        #expect(close(
            try animated(#"{\#(base), "values": [0, 100, 20, 60], "calculationMode": "cubic", "tensionValues": [0.5, 0.5, 0.5, 0.5], "continuityValues": [0, 0.3, 0, 0], "biasValues": [0, 0, -0.5, 0]}"#, "position", at: 0.4),
            [expected, 0]))
    }

    @Test func keyframePathWithRotationModeAuto() throws {
        let a = #"{"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 100 100", "rotationMode": "auto", "duration": 1}"#
        #expect(close(try animated(a, "position", at: 0.5), [50, 50]))
        // Moving down-right at 45 degrees turns the layer by pi/4 about z.
        let t = try animated(a, "transform", at: 0.5)
        #expect(close(Array(t[0...1]), [cos(Double.pi / 4), sin(Double.pi / 4)]))
    }

    @Test func groupSpringAndTransitionFields() throws {
        let group = #"{"type": "group", "duration": 2, "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}, {"type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 10, "beginTime": 1, "duration": 1}]}"#
        #expect(close(try animated(group, "opacity", at: 0.5), [0.5]))
        #expect(close(try animated(group, "position", at: 1.5), [0, 5]))
        let spring = SpringAnimation(BasicAnimation(keyPath: LayerKeyPath(.opacity)), mass: 2, stiffness: 50, damping: 3, initialVelocity: 1)
        let expected = spring.progress(at: 0.3)
        #expect(close(
            try animated(#"{"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "mass": 2, "stiffness": 50, "damping": 3, "initialVelocity": 1, "duration": 5}"#, "opacity", at: 0.3),
            [expected]))
        // A spring without a duration lasts its settling duration: still moving well after 0.25 s.
        let settling = try animated(#"{"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1}"#, "opacity", at: 0.5)
        #expect(close(settling, [SpringAnimation(BasicAnimation(keyPath: LayerKeyPath(.opacity))).progress(at: 0.5)]))
    }

    @Test func animationsBeginAtTheirCommitTime() throws {
        let layers = try probe(
            scene(
                #"[{"name": "a"}, {"name": "b"}]"#,
                timeline: #"""
                [{"at": 1, "animations": {"a": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}],
                                          "b": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 1.25}]}}]
                """#),
            at: 1.5)
        // beginTime 0: begins at the commit (1.0); a non-zero beginTime is in the layer's time (1.25).
        #expect(close(numbers(layers["a"]?["position"]), [50, 0]))
        #expect(close(numbers(layers["b"]?["position"]), [25, 0]))
    }

    @Test func layerTimeNestsDownTheTree() throws {
        let spin = #"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 4}"#
        let layers = try probe(
            scene(#"""
                [{"name": "fast", "speed": 2, "sublayers": [{"name": "faster", "speed": 2, "animations": [\#(spin)]}]},
                 {"name": "paused", "speed": 0, "timeOffset": 1, "sublayers": [{"name": "held", "animations": [\#(spin)]}]},
                 {"name": "late", "beginTime": 1, "animations": [\#(spin)]}]
                """#),
            at: 0.5)
        #expect(close(numbers(layers["faster"]?["position"]), [50, 0]))  // 0.5 s x 2 x 2 = 2 s of 4
        #expect(close(numbers(layers["held"]?["position"]), [25, 0]))  // paused at local time 1
        // The layer's time is -0.5, but beginTime 0 was stamped with the commit in the layer's time (-1):
        // the animation still starts at the commit, 0.5 s ago.
        #expect(close(numbers(layers["late"]?["position"]), [12.5, 0]))
    }
}

/// A layer's own media timing (CALayer adopts CAMediaTiming): its time repeats, reverses and holds.
@Suite struct ProbeLayerTimingTests {
    /// position.x of a layer animated 0 to 100 over 2 s (linear, in its own time), the layer timed by
    /// `timing`, at canvas time `time`.
    func x(_ timing: String, at time: Double) throws -> Double {
        let move = #"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2, "timingFunction": "linear"}"#
        let layers = try probe(scene(#"[{"name": "a", \#(timing), "animations": [\#(move)]}]"#), at: time)
        return numbers(layers["a"]?["position"]).first ?? .nan
    }

    @Test("a layer's time repeats its duration, autoreverses, and holds at the ends of its active interval")
    func layerTiming() throws {
        // duration 2, autoreversing forever: canvas time 3 is local time 1 (on the way back).
        #expect(close([try x(#""duration": 2, "autoreverses": true, "repeatCount": "infinity""#, at: 3)], [50]))
        // duration 1, once: after it, the time holds at 1.
        #expect(close([try x(#""duration": 1"#, at: 5)], [50]))
        // Repeated twice: canvas 1.5 is local 0.5; after 2, held at the end (1).
        #expect(close([try x(#""duration": 1, "repeatCount": 2"#, at: 1.5)], [25]))
        #expect(close([try x(#""duration": 1, "repeatCount": 2"#, at: 9)], [50]))
        // Before its beginTime, held at the start.
        #expect(close([try x(#""duration": 1, "beginTime": 2"#, at: 1)], [0]))
        // The default: infinite, an ordinary layer.
        #expect(close([try x(#""duration": "infinity""#, at: 1.5)], [75]))
        let layers = try probe(scene(#"[{"name": "a"}]"#), at: 0)
        #expect(layers["a"]?["duration"] == .string("infinity"))
        #expect(layers["a"]?["fillMode"] == .string("removed"))
    }
}
