import Foundation
import LaminaImage
import LaminaVideo
import Testing

/// `lamina render --frames ... --output F.mp4 | F.webm`: the written file decoded with FFmpeg's
/// libraries has the frames, size, rate and duration asked for, and its frames show what `lamina render
/// --time` draws at each frame's time (within what 4:2:0 lossy coding changes).
@Suite struct VideoRenderTests {
    /// A 64x48 scene: a left half whose colour animates red to blue over 1 s, a right half green.
    static let document = scene(
        ##"""
        [{"name": "left", "frame": [0, 0, 32, 48], "backgroundColor": "#FF0000",
          "animations": [{"type": "basic", "keyPath": "backgroundColor", "fromValue": "#FF0000", "toValue": "#0000FF", "duration": 1}]},
         {"name": "right", "frame": [32, 0, 32, 48], "backgroundColor": "#00C000"}]
        """##, width: 64, height: 48)

    static func near(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>, within tolerance: Int) -> Bool {
        (0..<3).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= tolerance }
    }

    @Test("H.264 in MP4 and VP9 in WebM: frame count, size, rate, duration, and each frame's colours against render --time", arguments: ["mp4", "webm"])
    func video(_ container: String) throws {
        let path = try sceneFile(Self.document)
        let folder = try temporaryFolder()
        let video = folder.appendingPathComponent("clip.\(container)").path
        let run = try lamina("render", path, "--frames", "0:1:10", "--output", video)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "nothing on stderr: \(run.stderr)")
        let reader = try VideoReader(path: video)
        #expect(reader.width == 64 && reader.height == 48)
        #expect(reader.codecName == (container == "mp4" ? "h264" : "vp9"))
        #expect(reader.framesPerSecond == 10)
        #expect(abs(reader.duration - 1.1) < 0.05, "\(reader.duration) s for 11 frames at 10 fps")
        var frames: [RGBAImage] = []
        let count = try reader.forEachFrame { frames.append($0) }
        #expect(count == 11)
        for i in [0, 5, 10] {
            let png = folder.appendingPathComponent("frame-\(i).png").path
            #expect(try lamina("render", path, "--time", "\(Double(i) / 10)", "--output", png).status == 0)
            let expected = try PNG.decode(fileAtPath: png)
            for (x, y) in [(16, 24), (48, 24)] {
                #expect(Self.near(frames[i][x, y], expected[x, y], within: 12), "frame \(i) at (\(x), \(y)): \(frames[i][x, y]) against \(expected[x, y])")
            }
        }
    }

    @Test("an odd size is padded with a black column and row; a bad path is a clear error; a video needs --frames")
    func edges() throws {
        let odd = try sceneFile(scene(##"[{"name": "a", "frame": [0, 0, 31, 17], "backgroundColor": "#FFFFFF"}]"##, width: 31, height: 17))
        let folder = try temporaryFolder()
        let video = folder.appendingPathComponent("odd.mp4").path
        #expect(try lamina("render", odd, "--frames", "0:0.2:10", "--output", video).status == 0)
        let reader = try VideoReader(path: video)
        #expect(reader.width == 32 && reader.height == 18)
        var first: RGBAImage?
        try reader.forEachFrame { if first == nil { first = $0 } }
        let frame = try #require(first)
        #expect(Self.near(frame[15, 8], SIMD4(255, 255, 255, 255), within: 8), "\(frame[15, 8])")
        #expect(Self.near(frame[31, 8], SIMD4(0, 0, 0, 255), within: 24), "the padding column: \(frame[31, 8])")
        let unwritable = try lamina("render", odd, "--frames", "0:0.2:10", "--output", "/nonexistent/folder/x.mp4")
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("/nonexistent/folder/x.mp4: opening the file: No such file or directory"), "\(unwritable.stderr)")
        #expect(try lamina("render", odd, "--time", "0", "--output", video).status == 2)
    }

    @Test("three shards rendered in parallel and joined equal a single run frame for frame; PNG shards fill one folder")
    func shards() throws {
        let path = try sceneFile(Self.document)
        let folder = try temporaryFolder()
        // Three processes at once, as three machines would run them.
        let processes = try (1...3).map { k -> Process in
            let process = Process()
            process.executableURL = laminaExecutable
            process.arguments = [
                "render", path, "--frames", "0:1:10", "--shard", "\(k)/3", "--lossless", "--output", folder.appendingPathComponent("part-\(k).mp4").path,
            ]
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let joined = folder.appendingPathComponent("joined.mp4").path
        let parts = (1...3).map { folder.appendingPathComponent("part-\($0).mp4").path }
        let join = try lamina("join", joined, parts[0], parts[1], parts[2])
        #expect(join.status == 0 && join.stdout == "joined 11 frames from 3 segments into \(joined)\n", "\(join.stdout) \(join.stderr)")
        let whole = folder.appendingPathComponent("whole.mp4").path
        #expect(try lamina("render", path, "--frames", "0:1:10", "--lossless", "--output", whole).status == 0)
        var a: [RGBAImage] = [], b: [RGBAImage] = []
        try VideoReader(path: joined).forEachFrame { a.append($0) }
        try VideoReader(path: whole).forEachFrame { b.append($0) }
        #expect(a.count == 11 && b.count == 11)
        #expect(a == b, "the joined shards decode to the single run's frames")
        #expect(abs(try VideoReader(path: joined).duration - 1.1) < 0.05)
        // PNG shards keep their numbers in the whole sequence.
        let pngs = folder.appendingPathComponent("frames")
        for k in 1...3 { #expect(try lamina("render", path, "--frames", "0:1:10", "--shard", "\(k)/3", "--output", pngs.path).status == 0) }
        let names = try FileManager.default.contentsOfDirectory(atPath: pngs.path).sorted()
        #expect(names == (0..<11).map { String(format: "frame-%05d.png", $0) })
        // Segments that differ are refused, naming the one.
        let other = folder.appendingPathComponent("other.mp4").path
        let small = try sceneFile(scene(#"[]"#, width: 32, height: 32), name: "small.json")
        #expect(try lamina("render", small, "--frames", "0:0.2:10", "--output", other).status == 0)
        let mismatch = try lamina("join", folder.appendingPathComponent("bad.mp4").path, folder.appendingPathComponent("part-1.mp4").path, other)
        #expect(mismatch.status == 1 && mismatch.stderr.contains("\(other): joining it to"), "\(mismatch.stderr)")
    }
}
