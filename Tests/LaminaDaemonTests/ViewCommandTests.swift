import Foundation
import Glibc
import LaminaCore
import LaminaImage
import Testing

/// `lamina view`: a scene played in a window of the test host, paused, stepped on and back by the
/// keyboard, each paused frame equal to what `lamina render --time` draws for it.
@Suite struct ViewCommandTests {
    static let scene = """
        {"lamina": 1, "canvas": {"width": 160, "height": 120, "background": "#204060"},
         "layers": [{"name": "bar", "frame": [0, 40, 40, 40], "backgroundColor": "#F0A020",
                     "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 20, "toValue": 140,
                                     "duration": 0.5, "repeatCount": 1000}]}]}
        """

    /// The frame number in a title such as "s.json — 0.517 s, frame 31 — paused".
    func frameNumber(_ title: String) -> Int? {
        guard let range = title.range(of: "frame ") else { return nil }
        return Int(title[range.upperBound...].prefix { $0.isNumber })
    }

    /// A Lottie file of the same size: an orange square sliding right in 30 frames at 60 fps, looping
    /// through the viewer's timeline.
    static let lottie = ##"""
        {"v": "5.7.0", "fr": 60, "ip": 0, "op": 30, "w": 160, "h": 120,
         "layers": [{"ty": 1, "nm": "bar", "ind": 1, "ip": 0, "op": 30, "sw": 40, "sh": 40, "sc": "#f0a020",
                     "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 40], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [120, 40]}]}}}]}
        """##

    @Test("space pauses on a frame of the grid, the arrows step on and back, and each frame is lamina render's")
    func pauseAndStep() throws {
        try pauseAndStep(Self.scene, name: "bar.json")
    }

    @Test("a Lottie file plays in the viewer as a scene does, each paused frame lamina render's")
    func lottieFile() throws {
        try pauseAndStep(Self.lottie, name: "bar.json")
    }

    func pauseAndStep(_ document: String, name: String) throws {
        let host = try WaylandTestHost(width: 400, height: 300)
        let path = host.runtime.url.appendingPathComponent(name).path
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let view = Process()
        view.executableURL = buildFolder.appendingPathComponent("lamina")
        view.arguments = ["view", path, "--start", "1", "--seconds", "120"]
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in host.environment { environment[k] = v }
        view.environment = environment
        view.standardOutput = FileHandle.nullDevice
        view.standardError = FileHandle.nullDevice
        try view.run()
        defer {
            if view.isRunning { view.terminate() }
            view.waitUntilExit()
        }
        try host.send("wait-commits 1")

        /// Waits for the commit whose title `done` accepts (the title is set before the frame's commit).
        func title(until done: (String) -> Bool) throws -> String {
            var frame = try host.frame()
            for _ in 0..<600 {
                let title = String(try host.send("title").dropFirst(3))
                if done(title) { return title }
                try host.send("wait-commits \(frame.commits + 1)")
                frame = try host.frame()
            }
            Issue.record("no frame with the expected title")
            return ""
        }
        func expectRendered(frame n: Int) throws {
            let png = host.runtime.url.appendingPathComponent("frame-\(n).png").path
            let (status, output) = try runLamina(["render", path, "--time", "\(Double(n) / 60)", "--output", png])
            try #require(status == 0, "\(output)")
            let expected = try PNG.decode(fileAtPath: png)
            let shown = try host.frame().image
            #expect(shown.width == 160 && shown.height == 120)
            let same = shown.bytes == expected.premultipliedBytes  // one Bool: no minutes-long diff on failure
            #expect(same, "frame \(n) differs from lamina render --time \(Double(n) / 60)")
        }

        try host.send("key 57 1")  // space
        try host.send("key 57 0")
        let paused = try title { $0.hasSuffix("paused") }
        let n = try #require(frameNumber(paused), "\(paused)")
        #expect(paused.hasPrefix("bar.json — "))
        try expectRendered(frame: n)

        try host.send("key 106 1")  // Right
        #expect(frameNumber(try title { frameNumber($0) == n + 1 }) == n + 1)
        try expectRendered(frame: n + 1)

        try host.send("key 105 1")  // Left, twice: back past the paused frame, the scene played again
        try host.send("key 105 1")
        #expect(frameNumber(try title { frameNumber($0) == n - 1 }) == n - 1)
        try expectRendered(frame: n - 1)

        try host.send("key 16 1")  // q
        view.waitUntilExit()
        #expect(view.terminationStatus == 0)
    }
}
