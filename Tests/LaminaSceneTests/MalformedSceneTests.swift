import Foundation
import LaminaScene
import Testing

/// Bad scene files: each exits 1 with one line naming the file, the JSON path and the problem, and
/// nothing is written.
@Suite struct MalformedSceneTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var error: String
        var testDescription: String { name }
    }

    static let canvas = ##""lamina": 1, "canvas": {"width": 100, "height": 100}"##

    static let cases: [Case] = [
        Case(name: "wrong type", text: #"{\#(canvas), "layers": [{"name": "a"}, {"name": "b"}, {"name": "c", "sublayers": [{"name": "d", "opacity": "high"}]}]}"#,
             error: #"layers[2].sublayers[0].opacity: expected a number, got "high""#),
        Case(name: "typo in a property", text: #"{\#(canvas), "layers": [{"name": "a", "opacty": 0.5}]}"#,
             error: #"layers[0].opacty: unknown field (did you mean "opacity"?)"#),
        Case(name: "unknown top-level field", text: #"{\#(canvas), "layer": []}"#,
             error: #"layer: unknown field (did you mean "layers"?)"#),
        Case(name: "syntax error", text: "{\"lamina\": 1,\n \"canvas\": {\"width\": 10 \"height\": 10}}",
             error: "not valid JSON: line 2, column 25: unexpected '\"', expected ',' or '}'"),
        Case(name: "duplicate member", text: #"{\#(canvas), "layers": [{"name": "a", "opacity": 1, "opacity": 0}]}"#,
             error: "not valid JSON: line 1, column 95: duplicate member \"opacity\""),
        Case(name: "missing version", text: #"{"canvas": {"width": 10, "height": 10}}"#,
             error: #"neither a scene (an object with a "lamina" member) nor a Lottie file"#),
        Case(name: "unsupported version", text: #"{"lamina": 2, "canvas": {"width": 10, "height": 10}}"#,
             error: "lamina: unsupported format 2 (this Lamina reads format 1)"),
        Case(name: "huge canvas", text: #"{"lamina": 1, "canvas": {"width": 100000, "height": 10}}"#,
             error: "canvas.width: 100000 is outside 1...16384"),
        Case(name: "canvas over the pixel limit at its scale", text: #"{"lamina": 1, "canvas": {"width": 10000, "height": 10, "scale": 2}}"#,
             error: "canvas.width: 10000 points at scale 2 is over 16384 pixels"),
        Case(name: "missing name", text: #"{\#(canvas), "layers": [{"opacity": 1}]}"#,
             error: #"layers[0]: missing "name""#),
        Case(name: "duplicate name", text: #"{\#(canvas), "layers": [{"name": "a"}, {"name": "b", "sublayers": [{"name": "a"}]}]}"#,
             error: #"layers[1].sublayers[0].name: another layer is already named "a""#),
        Case(name: "unknown image", text: #"{\#(canvas), "layers": [{"name": "a", "contents": "logo"}]}"#,
             error: #"layers[0].contents: no image named "logo" in "images""#),
        Case(name: "bad colour", text: ##"{\##(canvas), "layers": [{"name": "a", "backgroundColor": "#12345"}]}"##,
             error: ##"layers[0].backgroundColor: expected a colour "#RRGGBB" or "#RRGGBBAA", got "#12345""##),
        Case(name: "colour component out of range", text: #"{\#(canvas), "layers": [{"name": "a", "borderColor": [1, 0, 2, 1]}]}"#,
             error: "layers[0].borderColor: colour component 2 is 2, outside 0...1"),
        Case(name: "short point", text: #"{\#(canvas), "layers": [{"name": "a", "position": [1]}]}"#,
             error: "layers[0].position: expected a point [x, y], got an array of 1"),
        Case(name: "unknown gravity", text: #"{\#(canvas), "layers": [{"name": "a", "contentsGravity": "middle"}]}"#,
             error: #"layers[0].contentsGravity: unknown contentsGravity "middle" (one of: center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect, resizeAspectFill)"#),
        Case(name: "bad transform operation", text: #"{\#(canvas), "layers": [{"name": "a", "transform": [{"spin": [1, 0, 0, 1]}]}]}"#,
             error: ##"layers[0].transform[0].spin: unknown field (did you mean "skin"?)"##.replacingOccurrences(of: ##" (did you mean "skin"?)"##, with: "")),
        Case(name: "unknown layer type", text: #"{\#(canvas), "layers": [{"name": "a", "type": "sprite"}]}"#,
             error: #"layers[0].type: unknown layer type "sprite" (one of: layer, shape, gradient, text, replicator, scroll, transform, emitter, tiled)"#),
        Case(name: "a GL layer", text: #"{\#(canvas), "layers": [{"name": "a", "type": "gl"}]}"#,
             error: "layers[0].type: a `gl` layer shows frames an app renders with OpenGL ES (the client library's GLLayer); a scene file cannot draw one: show an image as `contents` instead"),
        Case(name: "tiles on a layer that is not tiled", text: #"{\#(canvas), "layers": [{"name": "a", "tiles": "logo"}]}"#,
             error: "layers[0].tiles: only a `tiled` layer takes its tiles from an image"),
        Case(name: "tiles from an unknown image", text: #"{\#(canvas), "layers": [{"name": "a", "type": "tiled", "tiles": "logo"}]}"#,
             error: #"layers[0].tiles: no image named "logo" in "images""#),
        Case(name: "a tile size that is not positive", text: #"{\#(canvas), "layers": [{"name": "a", "type": "tiled", "tileSize": [0, 64]}]}"#,
             error: "layers[0].tileSize: "),
        Case(name: "tiles from no image", text: #"{\#(canvas), "layers": [{"name": "a", "type": "tiled", "tiles": null}]}"#,
             error: "layers[0].tiles: a tiled layer's tiles come from an image, not null"),
        Case(name: "a property of another kind of layer", text: ##"{\##(canvas), "layers": [{"name": "a", "type": "gradient", "fillColor": "#FF0000"}]}"##,
             error: "layers[0].fillColor: not a property of a `gradient` layer"),
        Case(name: "malformed path data", text: #"{\#(canvas), "layers": [{"name": "a", "type": "shape", "path": "M 0 0 L 10"}]}"#,
             error: "layers[0].path: "),
        Case(name: "negative line width", text: #"{\#(canvas), "layers": [{"name": "a", "type": "shape", "lineWidth": -1}]}"#,
             error: "layers[0].lineWidth: 'lineWidth' takes numbers ≥ 0, not -1.0"),
        Case(name: "unknown keyword", text: #"{\#(canvas), "layers": [{"name": "a", "type": "shape", "lineCap": "pointy"}]}"#,
             error: #"layers[0].lineCap: unknown value "pointy" (one of: butt, round, square)"#),
        Case(name: "location outside 0...1", text: #"{\#(canvas), "layers": [{"name": "a", "type": "gradient", "locations": [0, 1.5]}]}"#,
             error: "layers[0].locations: 'locations' takes values in 0...1"),
        Case(name: "image with the wrong pixel count", text: ##"{\##(canvas), "images": {"p": {"pixels": ["#FF0000"], "width": 2, "height": 1}}}"##,
             error: "images.p.pixels: expected 2 colours (2x1), got 1"),
        Case(name: "missing PNG", text: #"{\#(canvas), "images": {"p": {"path": "nowhere.png"}}}"#,
             error: "images.p.path: cannot read"),
        Case(name: "animation without a type", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"keyPath": "opacity"}]}]}"#,
             error: #"layers[0].animations[0]: missing "type" (basic, keyframe, group, transition or spring)"#),
        Case(name: "field of another animation type", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "values": [0, 1]}]}]}"#,
             error: "layers[0].animations[0].values: unknown field"),
        Case(name: "unknown key path", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "positon.x", "toValue": 1}]}]}"#,
             error: "layers[0].animations[0].keyPath: unknown layer property 'positon.x'"),
        Case(name: "value of the wrong type for the key path", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "position", "toValue": 3}]}]}"#,
             error: "layers[0].animations[0].toValue: expected a point [x, y], got 3"),
        Case(name: "not animatable", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "speed", "toValue": 3}]}]}"#,
             error: "layers[0].animations[0]: 'speed' is not animatable"),
        Case(name: "keyTimes that do not fit", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}]}"#,
             error: "layers[0].animations[0]: keyframes of 'opacity': 3 keyTimes for 2 keyframes (expected 2)"),
        Case(name: "negative duration", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "duration": -1}]}]}"#,
             error: "layers[0].animations[0].duration: expected a number of at least 0, got -1"),
        Case(name: "bad repeatCount", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "repeatCount": "forever"}]}]}"#,
             error: #"layers[0].animations[0].repeatCount: expected a number or "infinity", got "forever""#),
        Case(name: "unknown fillMode", text: #"{\#(canvas), "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "fillMode": "always"}]}]}"#,
             error: #"layers[0].animations[0].fillMode: unknown fillMode "always" (one of: removed, forwards, backwards, both)"#),
        Case(name: "set of an unknown layer", text: #"{\#(canvas), "timeline": [{"at": 1, "set": {"ghost": {"opacity": 0}}}]}"#,
             error: #"timeline[0].set.ghost: no layer named "ghost" exists at 1.0 s"#),
        Case(name: "set of a layer added later", text: #"{\#(canvas), "timeline": [{"at": 1, "set": {"b": {"opacity": 0}}}, {"at": 2, "add": [{"layer": {"name": "b"}}]}]}"#,
             error: #"timeline[0].set.b: no layer named "b" exists at 1.0 s"#),
        Case(name: "timeline out of order", text: #"{\#(canvas), "timeline": [{"at": 2}, {"at": 1}]}"#,
             error: "timeline[1].at: 1 is before the previous transaction's 2 (list transactions in time order)"),
        Case(name: "insert index out of range", text: #"{\#(canvas), "layers": [{"name": "a"}], "timeline": [{"at": 1, "add": [{"parent": "a", "index": 3, "layer": {"name": "b"}}]}]}"#,
             error: #"timeline[0].add[0].index: index 3 is outside 0...0 for the sublayers of "a""#),
        Case(name: "unknown property in set", text: ##"{\##(canvas), "layers": [{"name": "a"}], "timeline": [{"at": 1, "set": {"a": {"colour": "#FFFFFF"}}}]}"##,
             error: "timeline[0].set.a.colour: unknown layer property"),
        Case(name: "filter of two kinds", text: #"{\#(canvas), "layers": [{"name": "a", "filters": [{"blur": 1, "saturation": 2}]}]}"#,
             error: #"layers[0].filters[0]: a filter has a "name" (optional) and exactly one of blur, colorMatrix, saturation, brightness, contrast"#),
        Case(name: "filter name with a dot", text: #"{\#(canvas), "layers": [{"name": "a", "backgroundFilters": [{"name": "a.b", "blur": 1}]}]}"#,
             error: #"layers[0].backgroundFilters[0]: a filter's name "a.b" is a key path part: not empty, no dots"#),
        Case(name: "negative blur", text: #"{\#(canvas), "layers": [{"name": "a", "filters": [{"blur": -1}]}]}"#,
             error: "layers[0].filters[0].blur: a blur radius is at least 0, got -1"),
        Case(name: "short colour matrix", text: #"{\#(canvas), "layers": [{"name": "a", "filters": [{"colorMatrix": [1, 2]}]}]}"#,
             error: "layers[0].filters[0].colorMatrix: expected a 4x5 colour matrix (20 numbers), got an array of 2"),
        Case(name: "nine filters", text: #"{\#(canvas), "layers": [{"name": "a", "filters": [\#(Array(repeating: #"{"blur": 1}"#, count: 9).joined(separator: ", "))]}]}"#,
             error: "layers[0].filters: 'filters' was given 9 filters (at most 8)"),
        Case(name: "negative birth rate", text: #"{\#(canvas), "layers": [{"name": "e", "type": "emitter", "emitterCells": [{"birthRate": -1}]}]}"#,
             error: "layers[0].emitterCells[0].birthRate: birthRate is at least 0, got -1"),
        Case(name: "unknown cell field", text: #"{\#(canvas), "layers": [{"name": "e", "type": "emitter", "emitterCells": [{"sparkle": 1}]}]}"#,
             error: "layers[0].emitterCells[0].sparkle: unknown field"),
        Case(name: "cell contents not an image", text: #"{\#(canvas), "layers": [{"name": "e", "type": "emitter", "emitterCells": [{"contents": "nope"}]}]}"#,
             error: #"layers[0].emitterCells[0].contents: no image named "nope" in "images""#),
        Case(name: "cells nested too deep", text: #"{\#(canvas), "layers": [{"name": "e", "type": "emitter", "emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": [{}]}]}]}]}]}]}"#,
             error: "layers[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells: emitter cells nest at most 4 deep"),
        Case(name: "negative commit time", text: #"{\#(canvas), "timeline": [{"at": -1}]}"#,
             error: "timeline[0].at: expected a number of at least 0, got -1"),
    ]

    @Test(arguments: cases)
    func rejected(_ c: Case) throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bad.json").path
        try c.text.write(toFile: path, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png").path
        let run = try lamina("render", path, "--time", "0", "--output", output)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let line = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(line.hasPrefix("lamina: \(path): \(c.error)"), "got: \(line)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing is rendered from a scene with errors")
    }

    @Test func missingFileNamesIt() throws {
        let run = try lamina("probe", "/nonexistent/scene.json", "--time", "0")
        #expect(run.status == 1)
        #expect(run.stderr == "lamina: /nonexistent/scene.json: cannot open: No such file or directory\n")
    }

    @Test("a file over the 256 MiB limit is refused, naming the limit")
    func oversizedFile() throws {
        let path = try temporaryFolder().appendingPathComponent("huge.json").path
        // Sparse: a byte past the limit costs no disk.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(SceneLoader.maxFileBytes) + 1)
        try handle.close()
        #expect(SceneLoader.maxFileBytes == 256 << 20)
        let run = try lamina("probe", path, "--time", "0")
        #expect(run.status == 1 && run.stderr == "lamina: \(path): larger than 256 MiB\n", "\(run.stderr)")
    }

    @Test func badUsageExitsTwo() throws {
        #expect(try lamina("render").status == 2)
        #expect(try lamina("render", "x.json", "--output", "x.png").status == 2)
        #expect(try lamina("render", "x.json", "--time", "1", "--frames", "0:1:30", "--output", "x").status == 2)
        #expect(try lamina("render", "x.json", "--frames", "1:0:30", "--output", "x").status == 2)
        #expect(try lamina("probe", "x.json", "--time", "-1").status == 2)
        #expect(try lamina("frobnicate").status == 2)
        let help = try lamina("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("render"))
    }
}
