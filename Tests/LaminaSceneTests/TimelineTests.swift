import Foundation
import LaminaCore
import Testing
import LaminaTestSupport

/// The timeline: transactions at scene times, implicit actions, adds, removes.
@Suite struct TimelineTests {
    let layers = #"[{"name": "a", "opacity": 1, "position": [0, 0]}, {"name": "b"}]"#

    @Test func setRunsTheImplicitActionWithTheTransactionsDurationAndCurve() throws {
        let timeline = #"[{"at": 1, "animationDuration": 2, "animationTimingFunction": "linear", "set": {"a": {"opacity": 0, "position": [100, 0]}}}]"#
        let mid = try probe(scene(layers, timeline: timeline), at: 1.5)
        #expect(close(numbers(mid["a"]?["opacity"]), [0.75]))
        #expect(close(numbers(mid["a"]?["position"]), [25, 0]))
        let end = try probe(scene(layers, timeline: timeline), at: 3)
        #expect(numbers(end["a"]?["opacity"]) == [0])
    }

    @Test func defaultActionLastsAQuarterSecondOnTheDefaultCurve() throws {
        let timeline = #"[{"at": 1, "set": {"a": {"opacity": 0}}}]"#
        let layers = try probe(scene(self.layers, timeline: timeline), at: 1.1)
        #expect(close(numbers(layers["a"]?["opacity"]), [1 - TimingFunction.default(0.4)]))
    }

    @Test func disableActionsSetsAtOnce() throws {
        let timeline = #"[{"at": 1, "disableActions": true, "set": {"a": {"opacity": 0}}}]"#
        #expect(numbers(try probe(scene(layers, timeline: timeline), at: 1.01)["a"]?["opacity"]) == [0])
    }

    @Test func implicitActionStartsFromThePresentationValue() throws {
        // A second change while the first animates starts from where the layer is on screen.
        let timeline = #"""
            [{"at": 1, "animationDuration": 1, "animationTimingFunction": "linear", "set": {"a": {"position": [100, 0]}}},
             {"at": 1.5, "animationDuration": 1, "animationTimingFunction": "linear", "set": {"a": {"position": [0, 0]}}}]
            """#
        let layers = try probe(scene(self.layers, timeline: timeline), at: 2)
        // At 1.5 it showed 50; from 50 to 0 over 1 s, half-way at 2.0. (The first animation, replaced
        // under the same key, no longer counts.)
        #expect(close(numbers(layers["a"]?["position"]), [25, 0]))
    }

    @Test func frameInSetAnimatesBoundsAndPosition() throws {
        let timeline = #"[{"at": 1, "animationDuration": 1, "animationTimingFunction": "linear", "set": {"b": {"frame": [0, 0, 20, 40]}}}]"#
        let layers = try probe(scene(self.layers, timeline: timeline), at: 1.5)
        #expect(close(numbers(layers["b"]?["bounds"]), [0, 0, 10, 20]))
        #expect(close(numbers(layers["b"]?["position"]), [5, 10]))
    }

    @Test func addRemoveAndRemoveAnimations() throws {
        let timeline = #"""
            [{"at": 0.5, "add": [{"parent": "a", "layer": {"name": "c", "opacity": 0.5}},
                                 {"parent": "a", "index": 0, "layer": {"name": "d", "sublayers": [{"name": "e"}], "mask": {"name": "m"}}}],
                         "set": {"c": {"opacity": 0.25}}},
             {"at": 1, "remove": ["b"], "animations": {"a": [{"type": "basic", "key": "fade", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 10}]}},
             {"at": 2, "removeAnimations": {"a": ["fade"]}}]
            """#
        let s = scene(layers, timeline: timeline)
        let before = try probe(s, at: 0.25)
        #expect(before["c"] == nil)
        #expect(before["b"] != nil)
        let after = try probe(s, at: 1.5)
        // A layer added in the transaction that sets it does not animate: 0.25 at once.
        #expect(numbers(after["c"]?["opacity"]) == [0.25])
        #expect(after["d"] != nil && after["e"] != nil && after["m"] != nil)
        #expect(after["b"] == nil, "removed layers leave the canvas")
        #expect(close(numbers(after["a"]?["opacity"]), [0.05]))
        #expect(numbers(try probe(s, at: 2.5)["a"]?["opacity"]) == [1])
    }

    @Test func probeListsLayersInTreeOrderWithIndexedInserts() throws {
        let timeline = #"[{"at": 1, "add": [{"index": 0, "layer": {"name": "first"}}]}]"#
        let path = try sceneFile(scene(layers, timeline: timeline))
        let run = try lamina("probe", path, "--time", "1")
        let names = run.stdout.ranges(of: #/"(first|a|b)":\{/#).map { String(run.stdout[$0].dropFirst().prefix { $0 != "\"" }) }
        #expect(names == ["first", "a", "b"])
    }
}
