import Foundation
import LaminaCore
import LaminaScene
import Testing
import LaminaTestSupport
import LaminaJSON

/// Shape, gradient and text layers in scene files, through `lamina probe`: their properties with
/// Core Animation's defaults, their values in the contract's JSON forms, and their animations.
@Suite struct ProbeLayerKindTests {
    @Test("a tiled layer lists CATiledLayer's properties with its defaults, and the values a scene gives")
    func tiledLayer() throws {
        let layers = try probe(
            scene(
                #"[{"name": "d", "type": "tiled"}, {"name": "m", "type": "tiled", "tiles": "c", "tileSize": [512, 128], "levelsOfDetail": 4, "levelsOfDetailBias": 2, "fadeDuration": 0}]"#,
                images: ##"{"c": {"checkerboard": ["#000000", "#FFFFFF"], "cell": 4, "width": 64, "height": 64}}"##),
            at: 0)
        let plain = try #require(layers["d"]), map = try #require(layers["m"])
        #expect(plain["type"] == .string("tiled"))
        #expect(numbers(plain["tileSize"]) == [256, 256] && numbers(plain["levelsOfDetail"]) == [1])
        #expect(numbers(plain["levelsOfDetailBias"]) == [0] && numbers(plain["fadeDuration"]) == [0.25])
        #expect(numbers(map["tileSize"]) == [512, 128] && numbers(map["levelsOfDetail"]) == [4])
        #expect(numbers(map["levelsOfDetailBias"]) == [2] && numbers(map["fadeDuration"]) == [0])
        #expect(plain["fillColor"] == nil, "a tiled layer has no shape properties")
    }

    @Test("a layer's kind lists its own properties after CALayer's, with Core Animation's defaults")
    func defaultsByKind() throws {
        let layers = try probe(
            scene(#"[{"name": "s", "type": "shape"}, {"name": "g", "type": "gradient"}, {"name": "t", "type": "text"}, {"name": "p"}]"#),
            at: 0)
        let shape = try #require(layers["s"]), gradient = try #require(layers["g"]), text = try #require(layers["t"])
        #expect(shape["type"] == .string("shape"))
        #expect(shape["path"] == .null)
        #expect(numbers(shape["fillColor"]) == [0, 0, 0, 1])
        #expect(numbers(shape["strokeColor"]) == [0, 0, 0, 0])
        #expect(shape["fillRule"] == .string("nonZero"))
        #expect(shape["lineCap"] == .string("butt"))
        #expect(shape["lineJoin"] == .string("miter"))
        #expect(numbers(shape["lineWidth"]) == [1])
        #expect(numbers(shape["miterLimit"]) == [10])
        #expect(shape["lineDashPattern"] == .null)
        #expect(numbers(shape["strokeEnd"]) == [1])
        #expect(shape["colors"] == nil, "a shape layer has no gradient properties")
        #expect(gradient["colors"] == .null)
        #expect(gradient["locations"] == .null)
        #expect(numbers(gradient["startPoint"]) == [0.5, 0])
        #expect(numbers(gradient["endPoint"]) == [0.5, 1])
        #expect(gradient["gradientType"] == .string("axial"))
        #expect(gradient["fillColor"] == nil)
        #expect(text["string"] == .string(""))
        #expect(text["font"] == .string("DejaVu Sans"))
        #expect(numbers(text["fontSize"]) == [36])
        #expect(numbers(text["foregroundColor"]) == [1, 1, 1, 1])
        #expect(text["alignmentMode"] == .string("natural"))
        #expect(text["wrapped"] == .bool(false))
        #expect(text["truncationMode"] == .string("none"))
        #expect(layers["p"]?["type"] == nil && layers["p"]?["path"] == nil, "a plain layer has none of them")
    }

    @Test("paths probe as absolute M L Q C Z data: relative commands, shorthands and arcs converted")
    func pathsAreAbsolute() throws {
        let layers = try probe(
            scene(#"[{"name": "s", "type": "shape", "path": "m10 10 h20 v20 z"}, {"name": "a", "type": "shape", "path": "M0 0 A10 10 0 0 1 20 0"}]"#),
            at: 0)
        #expect(layers["s"]?["path"] == .string("M10 10 L30 10 L30 30 Z"))
        guard case .string(let arc)? = layers["a"]?["path"] else { Issue.record("no arc path"); return }
        // A half circle: two cubic pieces of 90°.
        #expect(arc.hasPrefix("M0 0 C") && arc.filter { $0 == "C" }.count == 2, "\(arc)")
    }

    @Test("strokeEnd, lineWidth and colours animate as numbers and colours")
    func numbersAnimate() throws {
        let layers = try probe(
            scene(#"""
                [{"name": "s", "type": "shape", "path": "M0 0 L10 0", "animations": [
                  {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 2},
                  {"type": "basic", "keyPath": "fillColor", "fromValue": "#FF0000", "toValue": "#0000FF", "duration": 2}]}]
                """#),
            at: 0.5)
        #expect(close(numbers(layers["s"]?["strokeEnd"]), [0.25]))
        #expect(close(numbers(layers["s"]?["fillColor"]), [0.75, 0, 0.25, 1]))
    }

    @Test("a path animates point by point when both paths have the same commands, else switches halfway")
    func pathMorph() throws {
        let morph = #"{"type": "basic", "keyPath": "path", "fromValue": "M0 0 L10 0 L10 10 Z", "toValue": "M0 0 L30 0 L30 30 Z", "duration": 1}"#
        let layers = try probe(scene(#"[{"name": "s", "type": "shape", "animations": [\#(morph)]}]"#), at: 0.5)
        #expect(layers["s"]?["path"] == .string("M0 0 L20 0 L20 20 Z"))
        let switching = #"{"type": "basic", "keyPath": "path", "fromValue": "M0 0 L10 0", "toValue": "M0 0 Q5 5 10 0", "duration": 1}"#
        let early = try probe(scene(#"[{"name": "s", "type": "shape", "animations": [\#(switching)]}]"#), at: 0.4)
        let late = try probe(scene(#"[{"name": "s", "type": "shape", "animations": [\#(switching)]}]"#), at: 0.6)
        #expect(early["s"]?["path"] == .string("M0 0 L10 0"))
        #expect(late["s"]?["path"] == .string("M0 0 Q5 5 10 0"))
    }

    @Test("a gradient's colours and locations animate element by element")
    func listsAnimate() throws {
        let animations = #"""
            [{"type": "basic", "keyPath": "colors", "fromValue": ["#FF0000", "#0000FF"], "toValue": ["#00FF00", "#FFFFFF"], "duration": 1},
             {"type": "basic", "keyPath": "locations", "fromValue": [0, 1], "toValue": [0.5, 1], "duration": 1}]
            """#
        let layers = try probe(scene(#"[{"name": "g", "type": "gradient", "animations": \#(animations)}]"#), at: 0.5)
        guard case .array(let colors)? = layers["g"]?["colors"], colors.count == 2 else {
            Issue.record("colors: \(String(describing: layers["g"]?["colors"]))")
            return
        }
        #expect(close(numbers(colors[0]), [0.5, 0.5, 0, 1]))
        #expect(close(numbers(colors[1]), [0.5, 0.5, 1, 1]))
        #expect(close(numbers(layers["g"]?["locations"]), [0.25, 1]))
    }

    @Test("an animation of a property the layer's kind lacks is refused, naming both")
    func animationOfAnotherKind() throws {
        let path = try sceneFile(
            scene(#"[{"name": "g", "type": "gradient", "animations": [{"type": "basic", "keyPath": "strokeEnd", "toValue": 0, "duration": 1}]}]"#))
        let run = try lamina("probe", path, "--time", "0")
        #expect(run.status == 1)
        #expect(run.stderr.contains("'strokeEnd' is not a property of a `gradient` layer"), "\(run.stderr)")
    }
}

/// Scroll layers in scene files: the timeline's `scroll` entry moves the bounds' origin on the axes
/// `scrollMode` allows.
@Suite struct ProbeScrollTests {
    func bounds(_ mode: String, at time: Double) throws -> [Double] {
        let layers = #"[{"name": "s", "type": "scroll", "scrollMode": "\#(mode)", "frame": [0, 0, 50, 50], "sublayers": [{"name": "c", "frame": [0, 0, 200, 200]}]}]"#
        let timeline = #"[{"at": 1, "disableActions": true, "scroll": {"s": [20, 30]}}]"#
        return numbers(try probe(scene(layers, timeline: timeline), at: time)["s"]?["bounds"])
    }

    @Test("scroll sets the bounds' origin on the allowed axes only")
    func scrollModes() throws {
        #expect(try bounds("both", at: 0.5) == [0, 0, 50, 50])
        #expect(try bounds("both", at: 1.5) == [20, 30, 50, 50])
        #expect(try bounds("vertically", at: 1.5) == [0, 30, 50, 50])
        #expect(try bounds("horizontally", at: 1.5) == [20, 0, 50, 50])
        #expect(try bounds("none", at: 1.5) == [0, 0, 50, 50])
    }

    @Test("scrolling a layer of another kind is an error naming it")
    func scrollingAPlainLayer() throws {
        let path = try sceneFile(scene(#"[{"name": "p"}]"#, timeline: #"[{"at": 1, "scroll": {"p": [1, 1]}}]"#))
        let run = try lamina("probe", path, "--time", "2")
        #expect(run.status == 1)
        #expect(run.stderr.contains(#"timeline[0].scroll.p: "p" is a `layer` layer, not a `scroll` layer"#), "\(run.stderr)")
    }

    @Test("filters in the contract's JSON, and filters.NAME.FIELD animating one parameter")
    func filters() throws {
        let layers = try probe(
            scene(
                #"[{"name": "f", "filters": [{"name": "soft", "blur": 4}, {"saturation": 0.5}], "backgroundFilters": [{"colorMatrix": [1,0,0,0,0, 0,1,0,0,0, 0,0,1,0,0, 0,0,0,1,0]}], "#
                    + #""animations": [{"type": "basic", "keyPath": "filters.soft.blur", "fromValue": 0, "toValue": 10, "duration": 2}]}, {"name": "p"}]"#),
            at: 0.5)
        let f = try #require(layers["f"])
        #expect(f["filters"] == .array([.object([("name", .string("soft")), ("blur", .number(2.5))]), .object([("saturation", .number(0.5))])]))
        #expect(f["backgroundFilters"] == .array([.object([("colorMatrix", .array([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0].map(JSONValue.number)))])]))
        #expect(layers["p"]?["filters"] == .null && layers["p"]?["backgroundFilters"] == .null)
    }

    @Test("a replicator's properties with Core Animation's defaults, animating; probe lists the original sublayers only")
    func replicator() throws {
        let layers = try probe(
            scene(
                #"[{"name": "r", "type": "replicator", "instanceCount": 12, "animations": [{"type": "basic", "keyPath": "instanceDelay", "fromValue": 0, "toValue": 1, "duration": 2}], "#
                    + #""sublayers": [{"name": "dot", "frame": [0, 0, 4, 4]}]}, {"name": "p"}]"#),
            at: 0.5)
        let r = try #require(layers["r"])
        #expect(r["type"] == .string("replicator"))
        #expect(numbers(r["instanceCount"]) == [12])
        #expect(numbers(r["instanceTransform"]) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(close(numbers(r["instanceDelay"]), [0.25]))
        #expect(numbers(r["instanceColor"]) == [1, 1, 1, 1])
        for offset in ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] {
            #expect(numbers(r[offset]) == [0], "\(offset)")
        }
        #expect(r["preservesDepth"] == .bool(false))
        #expect(layers.count == 3, "the replicator, its one sublayer and the plain layer: \(layers.keys.sorted())")
        #expect(layers["p"]?["instanceCount"] == nil)
    }

    @Test("an emitter's cells in the contract's JSON, Core Animation's defaults left out; emitterCells.NAME.FIELD animates")
    func emitter() throws {
        let layers = try probe(
            scene(
                ##"[{"name": "e", "type": "emitter", "emitterShape": "circle", "emitterCells": [{"name": "spark", "birthRate": 10, "color": "#FF0000", "##
                    + #""emitterCells": [{"name": "ember", "lifetime": 2}]}], "animations": [{"type": "basic", "keyPath": "emitterCells.ember.lifetime", "#
                    + #""fromValue": 2, "toValue": 4, "duration": 2}]}]"#),
            at: 1)
        let e = try #require(layers["e"])
        #expect(e["type"] == .string("emitter") && e["emitterShape"] == .string("circle") && e["emitterMode"] == .string("volume"))
        #expect(e["renderMode"] == .string("unordered") && numbers(e["birthRate"]) == [1] && numbers(e["seed"]) == [0])
        #expect(
            e["emitterCells"]
                == .array([
                    .object([
                        ("name", .string("spark")), ("color", .array([1, 0, 0, 1].map(JSONValue.number))), ("birthRate", .number(10)),
                        ("emitterCells", .array([.object([("name", .string("ember")), ("lifetime", .number(3))])])),
                    ])
                ]))
    }
}
