import Foundation
import Lamina
import LaminaCore
import LaminaImage
import Testing

/// `LottieLayer` against a real `laminad`: the file's tree is made once and played by layer timing;
/// paused frames, plays, loops, completions and scrubbing checked by screenshot.
@MainActor
@Suite("Lottie animations through the client library", .serialized)
struct LottieLayerTests {
    /// 100x100 at 30 fps, 60 frames: a red 20x20 solid whose left edge goes from x 0 to 80 linearly.
    static let file = Array(
        ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "markers": [{"cm": "middle", "tm": 30, "dr": 0}, {"cm": "end", "tm": 60, "dr": 0}],
         "layers": [{"ty": 1, "nm": "box", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "#ff0000",
                     "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [80, 0]}]}}}]}
        """##.utf8)

    func open() throws -> (DaemonProcess, Connection, LottieLayer) {
        let daemon = try DaemonProcess(["--size", "100x100"])
        let connection = try Connection(name: "lottie-tests", path: daemon.socketPath)
        let layer = LottieLayer(animation: try LottieAnimation(data: Self.file))
        connection.addLayer(layer)
        try connection.synchronize()
        return (daemon, connection, layer)
    }

    /// The box's left edge in a screenshot: the first red column of row 10.
    func boxEdge(_ connection: Connection) throws -> Int? {
        let shot = try connection.screenshot()
        return (0..<shot.width).first { shot[$0, 10].x > 200 && shot[$0, 10].y < 50 }
    }

    @Test("the animation's facts come from the file, and the layer starts paused at its first frame")
    func factsAndFirstFrame() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        #expect(layer.animation.duration == 2 && layer.animation.framerate == 30 && layer.animation.size == Size(width: 100, height: 100))
        #expect(layer.animation.markers.map(\.name) == ["middle", "end"])
        #expect(layer.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(!layer.isAnimationPlaying && layer.currentProgress == 0)
        #expect(try boxEdge(connection) == 0)
    }

    @Test("scrubbing shows the frame at a progress, still")
    func scrubbing() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        for progress in [0.25, 0.5, 1.0] {
            layer.currentProgress = progress
            try connection.synchronize()
            #expect(try boxEdge(connection) == Int((80 * progress).rounded()), "progress \(progress)")
        }
        layer.currentFrame = 15
        try connection.synchronize()
        #expect(layer.currentProgress == 0.25)
        #expect(try boxEdge(connection) == 20)
        // Values that are not numbers change nothing.
        layer.currentProgress = .nan
        layer.animationSpeed = .infinity
        var result: Bool?
        layer.play(fromProgress: .nan, toProgress: 1) { result = $0 }
        #expect(layer.currentProgress == 0.25 && layer.animationSpeed == 1 && result == false && !layer.isAnimationPlaying)
    }

    @Test("a play runs in the daemon to its end, completes with true and holds the last frame")
    func playToTheEnd() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        layer.animationSpeed = 4  // half a second
        var finished: Bool?
        layer.play(fromProgress: 0, toProgress: 1) { finished = $0 }
        #expect(layer.isAnimationPlaying)
        try connection.synchronize()
        try connection.wait(for: "the play's completion", timeout: 10) { finished != nil }
        #expect(finished == true)
        #expect(!layer.isAnimationPlaying && layer.currentProgress == 1)
        #expect(try boxEdge(connection) == 80)
    }

    @Test("a looping play keeps going until paused, then stays where it was")
    func loopThenPause() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        layer.loopMode = .loop
        var completions: [Bool] = []
        layer.play { completions.append($0) }
        try connection.synchronize()
        #expect(layer.isAnimationPlaying)
        let seen = layer.currentProgress
        #expect(seen >= 0 && seen <= 1)
        layer.pause()
        #expect(completions == [false])
        let progress = layer.currentProgress
        #expect(!layer.isAnimationPlaying)
        try connection.synchronize()
        // The daemon froze at the progress the client computed.
        let edge = try #require(try boxEdge(connection))
        #expect(abs(Double(edge) - 80 * progress) <= 1, "edge \(edge), progress \(progress)")
    }

    @Test("stop goes back to the first frame; a marker range plays between its frames")
    func stopAndMarkers() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        var result: Bool?
        layer.play(fromMarker: "middle", toMarker: "nowhere") { result = $0 }
        #expect(result == false)
        layer.animationSpeed = 8
        result = nil
        layer.play(fromMarker: "middle", toMarker: "end") { result = $0 }
        try connection.synchronize()
        try connection.wait(for: "the marker play's completion", timeout: 10) { result != nil }
        #expect(result == true && layer.currentFrame == 60)
        layer.play(toProgress: 0.5)
        layer.stop()
        #expect(layer.currentProgress == 0 && !layer.isAnimationPlaying)
        try connection.synchronize()
        #expect(try boxEdge(connection) == 0)
    }

    @Test("after a daemon restart the tree comes back, at the frame it showed")
    func survivesARestart() throws {
        let first = try DaemonProcess(["--size", "100x100"])
        let connection = try Connection(name: "lottie-restart", path: first.socketPath)
        let layer = LottieLayer(animation: try LottieAnimation(data: Self.file))
        connection.addLayer(layer)
        layer.currentProgress = 0.5
        try connection.synchronize()
        #expect(try boxEdge(connection) == 40)
        let second = try first.restarted(["--size", "100x100"])
        defer { withExtendedLifetime(second) {} }
        layer.opacity = 0.999  // the next commit finds the daemon gone and replays everything
        try connection.synchronize()
        #expect(connection.reconnections == 1)
        #expect(try boxEdge(connection) == 40)
        let stats = try connection.stats()
        #expect(stats.layers == 1 + layer.animation.composition.layerCount, "\(stats)")
    }

    @Test("a file's images become the app's bitmaps and are drawn")
    func images() throws {
        let daemon = try DaemonProcess(["--size", "100x100"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "lottie-images", path: daemon.socketPath)
        let png = try PNG.encode(RGBAImage(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 255, 0, 255], alpha: .straight))
        let file = #"{"v": "5", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "assets": [{"id": "img", "w": 20, "h": 10, "e": 1, "p": "data:image/png;base64,"#
            + Data(png).base64EncodedString() + #""}], "layers": [{"ty": 2, "refId": "img", "ind": 1, "ip": 0, "op": 60, "ks": {}}]}"#
        let layer = LottieLayer(animation: try LottieAnimation(data: Array(file.utf8)))
        connection.addLayer(layer)
        try connection.synchronize()
        let shot = try connection.screenshot()
        #expect(shot[4, 5] == SIMD4(255, 0, 0, 255) && shot[15, 5] == SIMD4(0, 255, 0, 255), "\(shot[4, 5]) \(shot[15, 5])")
        #expect(try connection.stats().textures == 1)
    }

    @Test("a value provider recolours the tree in the daemon, at the same frame, and a play goes on")
    func valueProviders() throws {
        let (daemon, connection, layer) = try open()
        defer { withExtendedLifetime(daemon) {} }
        layer.currentProgress = 0.5
        try connection.synchronize()
        let layersBefore = try connection.stats().layers
        try layer.setValueProvider(LottieValueProvider(.color(Color(red: 0, green: 0, blue: 1))), keypath: "box.Color")
        try connection.synchronize()
        let shot = try connection.screenshot()
        // The box is blue now, its left edge still at 40 (progress 0.5), and the old tree is gone.
        #expect(shot[45, 10] == SIMD4(0, 0, 255, 255), "\(shot[45, 10])")
        #expect(shot[35, 10] == SIMD4(0, 0, 0, 0), "\(shot[35, 10])")
        #expect(!(0..<100).contains { x in (0..<100).contains { shot[x, $0].x > 0 } }, "red left over")
        #expect(layer.currentProgress == 0.5 && layer.animation.valueProviders.entries.count == 1)
        #expect(try connection.stats().layers == layersBefore)
        layer.loopMode = .loop
        layer.play()
        try layer.setValueProvider(LottieValueProvider(.color(Color(red: 0, green: 1, blue: 0))), keypath: "**.Color")
        #expect(layer.isAnimationPlaying)
        // A mistake leaves the tree as it was.
        #expect(throws: LottieError.self) { try layer.setValueProvider(LottieValueProvider(.number(1)), keypath: "box.Color") }
        #expect(layer.animation.valueProviders.entries.count == 2)
    }

    @Test("a file bigger than one commit (long paths, thousands of operations) reaches the daemon whole")
    func largeFilesAreSentInSeveralCommits() throws {
        // 60 shape layers, each a closed path of 3,000 vertices (some 50 KB on the wire), and 600 solids:
        // thousands of operations, the first 2,000 of them some 3 MB, past the daemon's 1 MiB limit.
        let vertices = (0..<3_000).map { i in
            let a = Double(i) / 3_000 * 2 * Double.pi
            return "[\(50 + 10 * cos(a)), \(50 + 10 * sin(a))]"
        }
        let zeros = Array(repeating: "[0, 0]", count: 3_000).joined(separator: ", ")
        let path = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [\#(vertices.joined(separator: ", "))], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
        let shape = #"{"ty": 4, "ip": 0, "op": 60, "ks": {}, "shapes": [\#(path), {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let solid = ##"{"ty": 1, "ip": 0, "op": 60, "sw": 4, "sh": 4, "sc": "#00ff00", "ks": {"p": {"a": 0, "k": [2, 2]}}}"##
        let layers = [##"{"ty": 1, "ip": 0, "op": 60, "sw": 10, "sh": 10, "sc": "#ff0000", "ks": {"p": {"a": 0, "k": [80, 80]}}}"##]
            + Array(repeating: shape, count: 60) + Array(repeating: solid, count: 600)
        let file = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [\#(layers.joined(separator: ", "))]}"#
        #expect(file.utf8.count > 2 << 20)
        let daemon = try DaemonProcess(["--size", "100x100"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "lottie-large", path: daemon.socketPath)
        let animation = try LottieAnimation(data: Array(file.utf8))
        #expect(animation.composition.operations.count > 3 * 2_000)
        let layer = LottieLayer(animation: animation)
        connection.addLayer(layer)
        try connection.synchronize()
        #expect(try connection.stats().layers == 1 + animation.composition.layerCount)
        let shot = try connection.screenshot()
        #expect(shot[85, 85] == SIMD4(255, 0, 0, 255), "the first layer, on top: \(shot[85, 85])")
        #expect(shot[50, 50] == SIMD4(0, 0, 255, 255), "the paths: \(shot[50, 50])")
        #expect(shot[3, 3] == SIMD4(0, 255, 0, 255), "the solids under them: \(shot[3, 3])")
    }

    @Test("a file over the client's layer limit is refused, the error naming the limit, and the app goes on")
    func overTheLayerLimit() throws {
        let daemon = try DaemonProcess(["--size", "100x100", "--max-layers", "40"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "lottie-limit", path: daemon.socketPath)
        let solid = ##"{"ty": 1, "ip": 0, "op": 60, "sw": 4, "sh": 4, "sc": "#00ff00", "ks": {}}"##
        let file = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [\#(Array(repeating: solid, count: 30).joined(separator: ", "))]}"#
        let animation = try LottieAnimation(data: Array(file.utf8))
        #expect(animation.composition.layerCount > 40)
        connection.addLayer(LottieLayer(animation: animation))
        do {
            try connection.synchronize()
            Issue.record("a tree of \(animation.composition.layerCount) layers was taken under a limit of 40")
        } catch {
            #expect("\(error)".contains("40"), "\(error)")
            #expect("\(error)".localizedCaseInsensitiveContains("limit"), "\(error)")
        }
        // The session goes on: a small animation still plays.
        let small = LottieLayer(animation: try LottieAnimation(data: Self.file))
        connection.addLayer(small)
        try connection.synchronize()
        #expect(try connection.stats().layers == 1 + small.animation.composition.layerCount)
    }
}
