import Foundation
import LaminaCore
import Testing

/// `"constraints"` in scene files, solved by the scene player after every transaction.
@Suite struct ProbeLayoutTests {
    static let layers = #"""
        [{"name": "panel", "frame": [0, 0, 200, 100], "sublayers": [
          {"name": "title", "bounds": [0, 0, 80, 20], "constraints": [
            {"attribute": "midX", "relativeTo": "superlayer"}, {"attribute": "minY", "offset": 10}]},
          {"name": "body", "constraints": [
            {"attribute": "minX", "offset": 10}, {"attribute": "maxX", "offset": -10},
            {"attribute": "minY", "relativeTo": "title", "sourceAttribute": "maxY", "offset": 5},
            {"attribute": "maxY", "offset": -10}]}]}]
        """#

    @Test("frames follow the constraints, and again when the superlayer's bounds change")
    func constraintsAreSolved() throws {
        let timeline = #"[{"at": 1, "disableActions": true, "set": {"panel": {"bounds": [0, 0, 100, 80]}}}]"#
        let start = try probe(scene(Self.layers, timeline: timeline), at: 0.5)
        #expect(numbers(start["title"]?["frame"]) == [60, 10, 80, 20])
        #expect(numbers(start["body"]?["frame"]) == [10, 35, 180, 55])
        let later = try probe(scene(Self.layers, timeline: timeline), at: 1.5)
        #expect(numbers(later["title"]?["frame"]) == [10, 10, 80, 20])
        #expect(numbers(later["body"]?["frame"]) == [10, 35, 80, 35])
    }

    @Test("a cycle of constraints is an error naming the layers and the JSON path")
    func cycles() throws {
        let layers = #"""
            [{"name": "p", "frame": [0, 0, 100, 100], "sublayers": [
              {"name": "a", "constraints": [{"attribute": "minX", "relativeTo": "b"}]},
              {"name": "b", "constraints": [{"attribute": "minX", "relativeTo": "a"}]}]}]
            """#
        let path = try sceneFile(scene(layers))
        let run = try lamina("probe", path, "--time", "0")
        #expect(run.status == 1)
        #expect(run.stderr.contains("constraints: constraints form a cycle: a -> b -> a"), "\(run.stderr)")
    }
}
