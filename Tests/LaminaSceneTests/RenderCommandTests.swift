import Foundation
import LaminaCore
import LaminaImage
import LaminaScene
import Testing
import LaminaJSON

/// `lamina render` and `lamina bench`: real pixels from the embedded compositor on the GPU (llvmpipe
/// in CI), read back from the PNG files the command writes.
@Suite(.serialized) struct RenderCommandTests {
    func render(_ scene: String, at time: Double, folder: URL? = nil) throws -> RGBAImage {
        try renderedDocument(scene, at: time, folder: folder)
    }

    @Test func everyImageKindLandsWhereItsLayerIs() throws {
        let folder = try temporaryFolder()
        // A 2x1 PNG beside the scene: red, green.
        let png = RGBAImage(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 255, 0, 255], alpha: .straight)
        try PNG.write(png, toFile: folder.appendingPathComponent("two.png").path)
        let image = try render(
            scene(
                #"""
                [{"name": "file", "frame": [0, 0, 20, 10], "contents": "file", "magnificationFilter": "nearest"},
                 {"name": "solid", "frame": [20, 0, 10, 10], "contents": "solid"},
                 {"name": "pixels", "frame": [30, 0, 20, 10], "contents": "pixels", "magnificationFilter": "nearest"},
                 {"name": "checker", "frame": [0, 10, 20, 20], "contents": "checker", "magnificationFilter": "nearest"}]
                """#,
                images: #"""
                {"file": {"path": "two.png"}, "solid": {"solid": "#0000FF", "width": 1, "height": 1},
                 "pixels": {"pixels": ["#FFFFFF", [0, 0, 0, 1]], "width": 2, "height": 1},
                 "checker": {"checkerboard": ["#FFFF00", "#00FFFF"], "cell": 1, "width": 2, "height": 2}}
                """#, width: 50, height: 30),
            at: 0, folder: folder)
        #expect(image.width == 50 && image.height == 30)
        #expect(image[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(image[15, 5] == SIMD4(0, 255, 0, 255))
        #expect(image[25, 5] == SIMD4(0, 0, 255, 255))
        #expect(image[35, 5] == SIMD4(255, 255, 255, 255))
        #expect(image[45, 5] == SIMD4(0, 0, 0, 255))
        #expect(image[5, 15] == SIMD4(255, 255, 0, 255))
        #expect(image[15, 15] == SIMD4(0, 255, 255, 255))
        #expect(image[5, 25] == SIMD4(0, 255, 255, 255))
    }

    /// A tiled layer's tiles are cut from its `tiles` image at the level each zoom uses, and arrive in
    /// the frame that asks for them: the render shows the image, cell for cell, at every level.
    @Test func tiledLayerShowsItsImageAtEveryLevel() throws {
        // A 16x16 image of 4x4 cells of four colours over 64x64 points: cells of 16 points, 4 pixels of
        // the image each, so that the filtering (bilinear, enlarged) reads one cell alone at its middle.
        // Tiles of 16 pixels, three levels (scales 1, 0.5, 0.25); each zoom shows the layer about its
        // centre (32, 32).
        let colors: [SIMD4<UInt8>] = [SIMD4(255, 0, 0, 255), SIMD4(0, 255, 0, 255), SIMD4(0, 0, 255, 255), SIMD4(255, 255, 255, 255)]
        func cell(_ x: Int, _ y: Int) -> SIMD4<UInt8> { colors[(x + 2 * y) % 4] }
        let pixels = (0..<16).flatMap { y in (0..<16).map { x in
            let c = cell(x / 4, y / 4)
            return String(format: "\"#%02X%02X%02X\"", c.x, c.y, c.z)
        } }
        for zoom in [1.0, 0.5, 0.25] {
            let image = try render(
                scene(
                    """
                    [{"name": "map", "type": "tiled", "frame": [0, 0, 64, 64], "tiles": "cells", "tileSize": [16, 16],
                      "levelsOfDetail": 3, "transform": [{"scale": [\(zoom), \(zoom), 1]}]}]
                    """,
                    images: #"{"cells": {"pixels": ["# + pixels.joined(separator: ", ") + #"], "width": 16, "height": 16}}"#,
                    width: 64, height: 64),
                at: 0)
            // The middle of each cell, where the tile's filtering reads that cell alone.
            for y in 0..<4 {
                for x in 0..<4 {
                    let (px, py) = (32 + (Double(x) * 16 + 8 - 32) * zoom, 32 + (Double(y) * 16 + 8 - 32) * zoom)
                    #expect(image[Int(px), Int(py)] == cell(x, y), "zoom \(zoom), cell (\(x), \(y))")
                }
            }
        }
    }

    @Test func scaleMultipliesPixelsAndBackgroundKeepsStraightAlpha() throws {
        let image = try render(
            scene(##"[{"name": "a", "frame": [10, 10, 10, 10], "backgroundColor": "#FFFFFF"}]"##, width: 40, height: 20, scale: 2, background: "#FF000080"),
            at: 0)
        #expect(image.width == 80 && image.height == 40)
        #expect(image[1, 1] == SIMD4(255, 0, 0, 128))
        #expect(image[30, 30] == SIMD4(255, 255, 255, 255))
        #expect(image[19, 30] == SIMD4(255, 0, 0, 128))
    }

    @Test func timelineAndAnimationsAtTheGivenTime() throws {
        let s = scene(
            ##"[{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FFFFFF", "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 5, "toValue": 95, "duration": 1}]}]"##,
            timeline: ##"[{"at": 0.5, "disableActions": true, "set": {"a": {"backgroundColor": "#00FF00"}}}]"##)
        let early = try render(s, at: 0.25)
        #expect(early[27, 5] == SIMD4(255, 255, 255, 255))  // x centre 27.5: white
        #expect(early[60, 5] == SIMD4(0, 0, 0, 255))
        let late = try render(s, at: 0.75)
        #expect(late[72, 5] == SIMD4(0, 255, 0, 255))  // x centre 72.5, green since 0.5
    }

    @Test func fadeTransitionCrossFadesOldAndNewContents() throws {
        let s = scene(
            ##"[{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000"}]"##,
            timeline: ##"[{"at": 1, "disableActions": true, "set": {"a": {"backgroundColor": "#0000FF"}}, "animations": {"a": [{"type": "transition", "transition": "fade", "duration": 1}]}}]"##,
            width: 10, height: 10)
        let pixel = try render(s, at: 1.5)[5, 5]
        // Half old red, half new blue (blended in sRGB on premultiplied colours).
        #expect(abs(Int(pixel.x) - 128) <= 2 && pixel.y == 0 && abs(Int(pixel.z) - 128) <= 2)
        #expect(try render(s, at: 2.5)[5, 5] == SIMD4(0, 0, 255, 255))
        #expect(try render(s, at: 0.5)[5, 5] == SIMD4(255, 0, 0, 255))
    }

    @Test func pushTransitionWithSubtypeAndProgressRange() throws {
        let s = scene(
            ##"[{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000"}]"##,
            timeline: ##"[{"at": 1, "disableActions": true, "set": {"a": {"backgroundColor": "#0000FF"}}, "animations": {"a": [{"type": "transition", "transition": "push", "subtype": "fromRight", "startProgress": 0.5, "endProgress": 1, "duration": 1}]}}]"##,
            width: 10, height: 10)
        // At the commit the push is already half-way (startProgress 0.5): the old red has slid half
        // out to the left, the new blue half in from the right.
        let image = try render(s, at: 1)
        #expect(image[2, 5] == SIMD4(255, 0, 0, 255))
        #expect(image[7, 5] == SIMD4(0, 0, 255, 255))
    }

    @Test func frameSequenceWritesNumberedFiles() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("scene.json").path
        try scene(
            ##"[{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FFFFFF", "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 5, "toValue": 45, "duration": 1}]}]"##,
            width: 50, height: 10
        ).write(toFile: path, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("frames/nested").path
        let run = try lamina("render", path, "--frames", "0:1:4", "--output", out)
        try #require(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == (0...4).map { "frame-0000\($0).png" })
        // Frame 2 is t = 0.5: the square's centre at x = 25.
        let frame2 = try PNG.decode(fileAtPath: out + "/frame-00002.png")
        #expect(frame2[25, 5] == SIMD4(255, 255, 255, 255))
        #expect(frame2[5, 5] == SIMD4(0, 0, 0, 255))
    }

    @Test func progressBarOnlyWhenStderrIsATerminal() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("scene.json").path
        try scene(##"[{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FFFFFF"}]"##, width: 10, height: 10)
            .write(toFile: path, atomically: true, encoding: .utf8)
        // Through a pipe: nothing on stderr.
        let piped = try lamina("render", path, "--frames", "0:1:2", "--output", folder.appendingPathComponent("a").path)
        #expect(piped.status == 0 && piped.stderr.isEmpty)
        // Under a pseudo-terminal (util-linux `script`, part of every Debian system): the bar.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(laminaExecutable.path) render \(path) --frames 0:1:2 --output \(folder.path)/b", "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("] 1/3 frames") && text.contains("] 3/3 frames"), "\(text)")
    }

    /// With frames finished one by one, and overlapping the GPU's work as `laminad`'s frames do.
    @Test(arguments: [[], ["--overlap-gpu"]])
    func benchPrintsPhaseTimes(flags: [String]) throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bench.json").path
        let made = try lamina("make-bench-scene", "--layers", "50", "--output", path)
        try #require(made.status == 0, "\(made.stderr)")
        let run = try lamina(["bench", path, "--frames", "5"] + flags)
        try #require(run.status == 0, "\(run.stderr)")
        let json = try JSONParser.parse(Array(run.stdout.utf8))
        guard case .object(let top) = json else { Issue.record("not an object: \(run.stdout)"); return }
        #expect(top.map(\.key) == ["frames", "wallSeconds", "frameMs", "phases", "counters"])
        #expect(top[0].value == .number(5))
        guard case .object(let phases) = top[3].value else { Issue.record("no phases"); return }
        #expect(phases.map(\.key) == ["apply", "evaluate", "build", "encode", "draw", "finish"])
        guard case .object(let counters) = top[4].value else { Issue.record("no counters"); return }
        #expect(counters.map(\.key) == ["uploadedInstanceBytes", "uploadedTextureBytes", "drawCalls", "glObjectsCreated", "instancesVisited", "cpuMs"])
        for (_, phase) in phases + counters {
            guard case .object(let stats) = phase, case .number(let median) = stats[0].value, case .number(let p99) = stats[1].value
            else { Issue.record("bad phase \(phase)"); continue }
            #expect(stats.map(\.key) == ["median", "p99"])
            #expect(median >= 0 && p99 >= median)
        }
    }

    /// `--no-draw` stops each frame once its list is built: nothing is encoded, drawn or waited for,
    /// and asking to overlap the GPU's work as well is refused by name.
    @Test func benchWithoutDrawingTimesTheCPUHalfAlone() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bench.json").path
        let made = try lamina("make-bench-scene", "--layers", "50", "--motion", "each", "--output", path)
        try #require(made.status == 0, "\(made.stderr)")
        let run = try lamina("bench", path, "--frames", "5", "--no-draw")
        try #require(run.status == 0, "\(run.stderr)")
        let json = try JSONParser.parse(Array(run.stdout.utf8))
        guard case .object(let top) = json, case .object(let phases) = top[3].value, case .object(let counters) = top[4].value
        else { Issue.record("unexpected output: \(run.stdout)"); return }
        func median(_ pairs: [(key: String, value: JSONValue)], _ name: String) -> Double? {
            guard case .object(let stats)? = pairs.first(where: { $0.key == name })?.value, case .number(let m) = stats[0].value
            else { return nil }
            return m
        }
        for name in ["encode", "draw", "finish"] { #expect(median(phases, name) == 0, "\(name)") }
        #expect(median(counters, "drawCalls") == 0)
        #expect(median(counters, "uploadedInstanceBytes") == 0)
        let both = try lamina("bench", path, "--frames", "5", "--no-draw", "--overlap-gpu")
        #expect(both.status != 0)
        #expect(both.stderr.contains("--no-draw") && both.stderr.contains("--overlap-gpu"), "\(both.stderr)")
    }
}
