import Foundation
import Glibc
import LaminaCore
import LaminaImage
import LaminaVideo
import LaminaWire
import Testing

/// `laminad --output wayland`: the window's pixels, its size, and the seat's input, through a real
/// laminad inside a real Wayland compositor — Weston 10 headless for what a desktop shows, and the
/// test host (`lamina-wayland-test-host`) where the test must drive the seat or the window.
@Suite(.serialized) struct WaylandOutputTests {
    let a1 = LayerHandle(1), a2 = LayerHandle(2)

    func layer(_ handle: LayerHandle, frame: Rect, color: Color, in parent: LayerHandle? = nil) -> [LayerOperation] {
        [
            .create(handle, name: nil),
            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))),
            .set(handle, LayerKeyPath(.position), .point(Point(x: frame.midX, y: frame.midY))),
            .set(handle, LayerKeyPath(.backgroundColor), .color(color)),
            .insertSublayer(handle, into: parent, at: nil),
        ]
    }

    /// An opaque scene covering the whole output, so every pixel compares exactly.
    func scene(width: Double, height: Double) -> [LayerOperation] {
        layer(LayerHandle(1), frame: Rect(x: 0, y: 0, width: width, height: height), color: Color(red: 0.1, green: 0.2, blue: 0.3))
            + layer(LayerHandle(2), frame: Rect(x: 30, y: 20, width: 90, height: 50), color: Color(red: 1, green: 0, blue: 0))
            + layer(LayerHandle(3), frame: Rect(x: 150, y: 100, width: 40, height: 60), color: Color(red: 0, green: 0.8, blue: 0.4))
            + [.set(LayerHandle(3), LayerKeyPath(.cornerRadius), .number(12))]
    }

    @Test("in Weston 10, the fullscreen window shows laminad's own screenshot, pixel for pixel", arguments: ["shm", "egl"])
    func westonPixels(buffers: String) throws {
        let weston = try Weston(width: 320, height: 240)
        let daemon = try DaemonProcess(
            ["--output", "wayland", "--wayland-buffers", buffers, "--fullscreen", "--size", "200x100"], environment: weston.environment)
        let client = try daemon.connect()
        // The window took the output's size, which the welcome now describes.
        let output = try #require(client.wire.welcome?.outputs.first)
        #expect(output.name == "wayland-0" && output.width == 320 && output.height == 240, "\(output)")
        try client.commit(1, scene(width: 320, height: 240))
        let expected = try client.screenshot()
        #expect(expected.width == 320 && expected.height == 240)
        var shown = try #require(try weston.screenshot(), "Weston took no screenshot")
        // Weston shows what it was last given: a frame still on its way shows on a later screenshot
        // (with nothing new to show, Weston takes none: the last one stands).
        var attempts = 1
        while shown.bytes != expected.premultipliedBytes, attempts < 20, let later = try weston.screenshot() {
            shown = later
            attempts += 1
        }
        #expect(shown.width == 320 && shown.height == 240)
        // Compared as one Bool: a failing #expect on two arrays this size would spend minutes on a diff.
        let same = shown.bytes == expected.premultipliedBytes
        #expect(same, "Weston's screenshot differs from laminad's after \(attempts) tries")
        #expect(shown[60, 40] == SIMD4(255, 0, 0, 255) && shown[170, 130] == SIMD4(0, 204, 102, 255), "\(shown[60, 40]) \(shown[170, 130])")
    }

    @Test("the window's buffer holds laminad's frame; a resize and a scale reach clients and the buffer", arguments: ["shm", "egl"])
    func resize(buffers: String) throws {
        let host = try WaylandTestHost(width: 300, height: 200)
        let daemon = try DaemonProcess(["--output", "wayland", "--wayland-buffers", buffers, "--size", "64x64"], environment: host.environment)
        let client = try daemon.connect()
        #expect(client.wire.welcome?.outputs.first.map { ($0.width, $0.height) } ?? (0, 0) == (300, 200))
        try client.commit(1, scene(width: 300, height: 200))
        let expected = try client.screenshot()
        // Through shared memory the frame is read in BGRA order (ARGB8888), rows bottom first, flipped
        // by the buffer transform; EGL's buffers are top first.
        let frame = try host.frame { $0.image.bytes == expected.premultipliedBytes }
        #expect(frame.width == 300 && frame.height == 200 && frame.transform == (buffers == "egl" ? 0 : 6) && frame.scale == 1)
        #expect(frame.format == 0, "ARGB8888, though the host also takes ABGR8888")

        // Each frame reads only what changed into its buffer (three buffers in turn, each holding an
        // older frame): after every move the buffer shown equals the screenshot, so no stale pixel of
        // an older frame is left behind.
        for step in 1...7 {
            try client.commit(
                UInt32(10 + step),
                [.set(LayerHandle(2), LayerKeyPath(.position), .point(Point(x: 75 + Double(step * 23 % 170), y: 45 + Double(step * 37 % 120))))])
            let moved = try client.screenshot(serial: UInt32(100 + step))
            let shown = try host.frame { $0.image.bytes == moved.premultipliedBytes }
            #expect(shown.commits > frame.commits)
        }
        try client.commit(20, [.set(LayerHandle(2), LayerKeyPath(.position), .point(Point(x: 75, y: 45)))])

        try host.send("configure 400 300")
        let changed = try client.outputChanged()
        #expect(changed == OutputInfo(name: "wayland-0", width: 400, height: 300, scale: 1, refreshRate: 60))
        let larger = try host.frame { $0.width == 400 }
        #expect(larger.height == 300)
        // The canvas grew with it: the scene's layers kept their places, and a client that connects
        // now is welcomed with the new size.
        #expect(larger.image[60, 40] == SIMD4(255, 0, 0, 255))
        let late = try daemon.connect("late")
        #expect(late.wire.welcome?.outputs.first.map { ($0.width, $0.height) } ?? (0, 0) == (400, 300))

        try host.send("scale 2")
        let scaled = try client.outputChanged()
        #expect(scaled.scale == 2 && scaled.width == 400)
        let sharp = try host.frame { $0.width == 800 }
        #expect(sharp.height == 600 && sharp.scale == 2 && sharp.viewport == nil)
        #expect(sharp.image[120, 80] == SIMD4(255, 0, 0, 255))
    }

    @Test(
        "a fractional scale: buffers of 1.5 pixels a point, shown at the window's size through the viewport",
        arguments: ["shm", "egl"])
    func fractionalScale(buffers: String) throws {
        let host = try WaylandTestHost(width: 400, height: 300, fractional: true)
        let daemon = try DaemonProcess(["--output", "wayland", "--wayland-buffers", buffers], environment: host.environment)
        let client = try daemon.connect()
        try client.commit(1, scene(width: 400, height: 300))
        _ = try host.frame { $0.width == 400 && $0.image[60, 40] == SIMD4(255, 0, 0, 255) }
        // The host's outputs' integer scale is moot once it prefers a fractional one (180/120 = 1.5).
        try host.send("scale 3")
        try host.send("fractional-scale 180")
        let fractional = try client.outputChanged()
        #expect(fractional.scale == 1.5 && fractional.width == 400 && fractional.height == 300)
        let between = try host.frame { $0.width == 600 }
        #expect(between.height == 450 && between.scale == 1)
        #expect(between.viewport.map { [$0.width, $0.height] } == [400, 300])
        #expect(between.image[90, 60] == SIMD4(255, 0, 0, 255))
    }

    @Test("--record with a Wayland output records at the window's size; frames after a resize are counted, not recorded")
    func recordWindow() throws {
        let host = try WaylandTestHost(width: 300, height: 200)
        let video = host.runtime.url.appendingPathComponent("window.mp4").path
        let daemon = try DaemonProcess(["--output", "wayland", "--size", "64x64", "--record", video], environment: host.environment)
        let client = try daemon.connect()
        try client.commit(1, scene(width: 300, height: 200))
        _ = try client.screenshot()
        try host.send("configure 320 240")
        _ = try client.outputChanged()
        _ = try client.screenshot(serial: 907)
        let (status, log) = daemon.stop()
        #expect(status == 0)
        #expect(log.contains("frames were not recorded: the output was resized away from the recording's 300x200 pixels"), "\(log)")
        let reader = try VideoReader(path: video)
        #expect(reader.width == 300 && reader.height == 200)
        var frames = 0
        try reader.forEachFrame { _ in frames += 1 }
        #expect(frames >= 1)
    }

    @Test(
        "wp_presentation feedback puts the frame clock on the host's blanks, at the host's rate, and clients are told",
        arguments: ["shm", "egl"])
    func presentationFeedback(buffers: String) throws {
        let host = try WaylandTestHost(width: 200, height: 100)
        try host.send("presentation-refresh 20000000")  // a 50 Hz host; the daemon starts at 60
        let daemon = try DaemonProcess(
            ["--output", "wayland", "--wayland-buffers", buffers, "--refresh", "60"], environment: host.environment)
        let client = try daemon.connect()
        try client.commit(1, layer(a1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Color(red: 1, green: 0, blue: 0)))
        let told = try client.outputChanged()
        #expect(abs(told.refreshRate - 50) < 1e-9, "\(told)")
        var times: [Double] = []
        for serial in UInt32(20)..<UInt32(27) {
            try client.send(.requestFrame(serial: serial))
            let (time, target) = try client.receive { message -> (Double, Double)? in
                if case .frame(serial, let time, let target) = message { return (time, target) }
                return nil
            }
            #expect(abs(target - time - 0.02) < 1e-9)
            times.append(time)
        }
        // Frames fall on the host's blanks: whole numbers of 20 ms apart (the host shows at multiples
        // of 20 ms of CLOCK_MONOTONIC, so each frame's time is one too).
        for time in times {
            let blanks = time / 0.02
            #expect(abs(blanks - blanks.rounded()) < 1e-5, "frame at \(time) is not on the host's 50 Hz grid")
        }
        for (a, b) in zip(times, times.dropFirst()) { #expect(b > a) }
    }

    @Test("pointer, touch and keys reach the client whose layer is under them, in that layer's space, mid-animation")
    func input() throws {
        let host = try WaylandTestHost(width: 400, height: 300)
        let daemon = try DaemonProcess(["--output", "wayland"], environment: host.environment)
        let a = try daemon.connect("a"), b = try daemon.connect("b")
        try a.commit(1, layer(a1, frame: Rect(x: 20, y: 20, width: 100, height: 80), color: Color(red: 1, green: 0, blue: 0)))
        // B's card sits at (200, 150)-(260, 210) by its model, but an animation holds it at (190, 30)
        // to (250, 90) on screen; its child is the square (200, 40)-(220, 60) there.
        let card = LayerHandle(1), badge = LayerHandle(2)
        let hold = Animation(
            .basic(
                BasicAnimation(
                    keyPath: LayerKeyPath(.position), fromValue: .point(Point(x: 220, y: 60)), toValue: .point(Point(x: 220, y: 60)))),
            timing: MediaTiming(duration: 1000))
        try b.commit(
            1,
            layer(card, frame: Rect(x: 200, y: 150, width: 60, height: 60), color: Color(red: 0, green: 0, blue: 1))
                + layer(badge, frame: Rect(x: 10, y: 10, width: 20, height: 20), color: Color(red: 1, green: 1, blue: 0), in: card)
                + [.addAnimation(card, hold, key: "hold")])

        // A click on A's layer: down and up at its local (30, 20).
        try host.send("motion 50 40")
        try host.send("button 272 1")
        try host.send("button 272 0")
        var event = try a.input()
        #expect(event.kind == .pointerMoved && event.layer == a1 && event.location == Point(x: 30, y: 20))
        event = try a.input()
        #expect(event.kind == .pointerDown && event.layer == a1 && event.code == 272)
        #expect(event.location == Point(x: 30, y: 20) && event.canvasLocation == Point(x: 50, y: 40))
        event = try a.input()
        #expect(event.kind == .pointerUp && event.layer == a1 && event.location == Point(x: 30, y: 20))

        // A wheel over A's layer scrolls it: 15 points down, at the pointer's place.
        try host.send("axis 0 15")
        event = try a.input()
        #expect(event.kind == .pointerScrolled && event.layer == a1 && event.scroll == Point(x: 0, y: 15))
        #expect(event.location == Point(x: 30, y: 20))

        // A touch where B's badge is drawn (not where its model is): B gets it, in the badge's space.
        try host.send("touch-down 7 205 45")
        event = try b.input()
        #expect(event.kind == .touchDown && event.layer == badge && event.code == 7)
        #expect(event.location == Point(x: 5, y: 5) && event.canvasLocation == Point(x: 205, y: 45))
        // The badge keeps the touch point as it moves off it.
        try host.send("touch-motion 7 300 150")
        event = try b.input()
        #expect(event.kind == .touchMoved && event.layer == badge && event.location == Point(x: 100, y: 110))
        try host.send("touch-up 7")
        event = try b.input()
        #expect(event.kind == .touchUp && event.layer == badge)

        // Keys go to the layer last pressed on: B's badge. 30 is the A key.
        try host.send("key 30 1")
        try host.send("key 30 0")
        event = try b.input()
        #expect(event.kind == .keyDown && event.layer == badge && event.code == 30 && event.keysym == 0x61 && event.text == "a")
        event = try b.input()
        #expect(event.kind == .keyUp && event.code == 30)

        // A tap where B's card is by its model, but nothing is drawn, reaches no one; then a press on
        // A again: A has had no other event in between.
        try host.send("touch-down 1 230 180")
        try host.send("touch-up 1")
        try host.send("touch-down 2 110 90")
        event = try a.input()
        #expect(event.kind == .touchDown && event.layer == a1 && event.location == Point(x: 90, y: 70))
        let stray = b.drainBacklog().filter { if case .input = $0 { true } else { false } }
        #expect(stray.isEmpty, "B got \(stray)")
    }

    @Test("the TapTiles example flips the tile a tap lands on, and a key turns it back")
    func tapTiles() throws {
        let host = try WaylandTestHost(width: 400, height: 300)
        let daemon = try DaemonProcess(["--output", "wayland"], environment: host.environment)
        let app = Process()
        app.executableURL = buildFolder.appendingPathComponent("TapTiles")
        app.arguments = ["--socket", daemon.socketPath, "--seconds", "60"]
        let out = Pipe()
        app.standardOutput = out
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer {
            app.terminate()
            app.waitUntilExit()
        }
        let lines = LineReader(out.fileHandleForReading.fileDescriptor, "TapTiles")
        #expect(try lines.next() == "ready")
        // Tile 4 covers (140, 140)-(240, 240); the tap lands on its inner square, which has no handler,
        // so the tile gets it in its own space.
        try host.send("touch-down 3 190 190")
        try host.send("touch-up 3")
        #expect(try lines.next() == "tapped tile 4 at 50,50")
        #expect(try lines.next() == "tile 4 is orange")
        let observer = try daemon.connect("observer")
        var shot = try observer.screenshot()
        #expect(shot[190, 150] == SIMD4(242, 140, 38, 255), "tile 4: \(shot[190, 150])")
        #expect(shot[30, 70] == SIMD4(51, 115, 230, 255), "tile 0: \(shot[30, 70])")
        // The key goes to the tile last tapped: 19 is R.
        try host.send("key 19 1")
        try host.send("key 19 0")
        #expect(try lines.next() == "tile 4 is blue")
        shot = try observer.screenshot(serial: 906)
        #expect(shot[190, 150] == SIMD4(51, 115, 230, 255), "tile 4: \(shot[190, 150])")
    }

    @Test("a key held down repeats at the desktop's rate for the layer with the focus, marked as repeats, until let go")
    func keyRepeat() throws {
        let host = try WaylandTestHost(width: 200, height: 100)
        let daemon = try DaemonProcess(["--output", "wayland"], environment: host.environment)
        let client = try daemon.connect()
        try client.commit(1, layer(a1, frame: Rect(x: 0, y: 0, width: 200, height: 100), color: Color(red: 0, green: 0, blue: 1)))
        try host.send("repeat-info 100 20")  // 100 a second, after 20 ms
        try host.send("touch-down 1 10 10")
        try host.send("touch-up 1")
        #expect(try client.input().kind == .touchDown)
        #expect(try client.input().kind == .touchUp)
        try host.send("key 30 1")  // A
        let press = try client.input()
        #expect(press.kind == .keyDown && !press.isRepeat && press.text == "a" && press.layer == a1)
        for _ in 0..<3 {
            let repeated = try client.input()
            #expect(repeated.kind == .keyDown && repeated.isRepeat && repeated.code == 30 && repeated.text == "a")
        }
        try host.send("key 30 0")
        var event = try client.input()
        while event.kind == .keyDown && event.isRepeat { event = try client.input() }
        #expect(event.kind == .keyUp && event.code == 30)
        // Let go, the key repeats no more: two frames later, nothing has come.
        for serial in UInt32(30)..<UInt32(32) {
            try client.send(.requestFrame(serial: serial))
            _ = try client.receive { message -> Bool? in
                if case .frame(serial, _, _) = message { return true }
                return nil
            }
        }
        let after = client.drainBacklog().filter { if case .input = $0 { true } else { false } }
        #expect(after.isEmpty, "\(after)")
    }

    @Test(
        "a host that holds back frame callbacks does not stall clients; a host that goes away leaves the daemon headless",
        arguments: ["shm", "egl"])
    func badHosts(buffers: String) throws {
        let host = try WaylandTestHost(width: 120, height: 90)
        let daemon = try DaemonProcess(["--output", "wayland", "--wayland-buffers", buffers], environment: host.environment)
        let client = try daemon.connect()
        try client.commit(1, layer(a1, frame: Rect(x: 0, y: 0, width: 120, height: 90), color: Color(red: 0, green: 1, blue: 0)))
        try host.send("auto-frame 0")
        // Frames keep coming for clients, at the daemon's own clock once the host is past patience.
        for serial in UInt32(10)..<UInt32(14) {
            try client.send(.requestFrame(serial: serial))
            _ = try client.receive { message -> Bool? in
                if case .frame(serial, _, _) = message { return true }
                return nil
            }
        }
        try client.commit(2, [.set(a1, LayerKeyPath(.backgroundColor), .color(Color(red: 0, green: 0, blue: 1)))])
        #expect(try client.screenshot()[60, 45] == SIMD4(0, 0, 255, 255))
        let waiting = try host.send("callbacks")
        #expect(waiting == "ok 1", "one frame callback asked for and not answered: \(waiting)")

        // A size no output can have (past 16,384 pixels a side) is refused and logged; the output keeps
        // its size and goes on drawing.
        try host.send("configure 100000 100000")
        try client.commit(4, [.set(a1, LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 1, blue: 0)))])
        let kept = try client.screenshot(serial: 904)
        #expect(kept.width == 120 && kept.height == 90 && kept[60, 45] == SIMD4(255, 255, 0, 255))

        host.kill()
        // The daemon carries on headless: commits, frames and screenshots still work, layers kept.
        try client.commit(3, [.set(a1, LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 0, blue: 0)))])
        #expect(try client.screenshot(serial: 905)[60, 45] == SIMD4(255, 0, 0, 255))
        let second = try daemon.connect("after")
        #expect(second.wire.welcome != nil)
        let (status, log) = daemon.stop()
        #expect(status == 0)
        #expect(log.contains("Wayland frames through EGL") == (buffers == "egl"), "\(log)")
        #expect(log.contains("Wayland output lost"), "\(log)")
        #expect(log.contains("the Wayland host asked for a 100000.0x100000.0 window at 1.0x, which cannot be drawn"), "\(log)")
    }

    @Test("the configuration file's output = wayland opens the window as the option does")
    func configurationFile() throws {
        let host = try WaylandTestHost(width: 240, height: 160)
        let config = host.runtime.url.appendingPathComponent("laminad.conf").path
        try "output = wayland   # a window\nfullscreen = true\nwayland-buffers = auto\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--config", config], environment: host.environment)
        let client = try daemon.connect()
        let output = try #require(client.wire.welcome?.outputs.first)
        #expect(output.name == "wayland-0" && output.width == 240 && output.height == 160, "\(output)")
        try client.commit(1, scene(width: 240, height: 160))
        let expected = try client.screenshot()
        let frame = try host.frame { $0.image.bytes == expected.premultipliedBytes }
        let (_, log) = daemon.stop()
        // auto: EGL on a hardware driver; on a software one (llvmpipe: swrast) shared memory, flipped.
        if log.contains("Wayland frames through EGL") {
            #expect(frame.transform == 0 && !log.contains("swrast"), "\(log)")
        } else {
            #expect(log.contains("Wayland frames through shared memory"), "\(log)")
            #expect(frame.transform == 6)
        }

        let bad = host.runtime.url.appendingPathComponent("bad.conf").path
        try "output = wayland\nwayland-buffers = dmabuf\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try runLaminad(["--config", bad], environment: host.environment)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("wayland-buffers must be auto, egl or shm, not 'dmabuf'"), "\(refused.errors)")
    }

    @Test("--output wayland without a Wayland display stops at start, saying so")
    func noDisplay() throws {
        let runtime = try RuntimeFolder()
        let result = try runLaminad(
            ["--socket", runtime.url.appendingPathComponent("l.sock").path, "--output", "wayland"],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "nobody-here"])
        #expect(result.status != 0)
        #expect(result.errors.contains("cannot connect to the Wayland display nobody-here"), "\(result.errors)")
    }

    /// Runs laminad to its end (one that stops at start) with `environment` added, returning its exit
    /// status and what it wrote to standard error.
    func runLaminad(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = buildFolder.appendingPathComponent("laminad")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

/// Weston 10, headless with the pixman renderer, as the desktop a window is shown on; its
/// screenshooter (enabled by `--debug`) reads back what it composited.
final class Weston {
    let runtime: RuntimeFolder
    let socketName = "weston-test"
    private let process = Process()
    private let notify: NotifySocket

    init(width: Int, height: Int) throws {
        runtime = try RuntimeFolder()
        notify = try NotifySocket(folder: runtime.url)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = [
            "--backend=headless-backend.so", "--use-pixman", "--socket=\(socketName)", "--width=\(width)", "--height=\(height)",
            "--debug", "--idle-time=0", "--modules=systemd-notify.so", "--log=\(runtime.path)/weston.log",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["NOTIFY_SOCKET"] = notify.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try #require(notify.wait(for: "READY=1", timeout: 30), "Weston did not report READY=1")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socketName] }

    /// What Weston shows now, through `weston-screenshooter` (opaque: composited over black); nil when
    /// none comes within `timeout` seconds (the screenshooter waits for a repaint, and headless Weston
    /// repaints only when something changed).
    func screenshot(timeout: Double = 5) throws -> RGBAImage? {
        let folder = runtime.url.appendingPathComponent("shot-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: "/usr/bin/weston-screenshooter")
        shooter.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in self.environment { environment[k] = v }
        shooter.environment = environment
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        shooter.terminationHandler = { _ in exited.signal() }
        try shooter.run()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            shooter.terminate()
            shooter.waitUntilExit()
            return nil
        }
        try #require(shooter.terminationStatus == 0, "weston-screenshooter failed")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })
        let image = try PNG.decode(fileAtPath: folder.appendingPathComponent(file).path)
        return RGBAImage(width: image.width, height: image.height, bytes: image.premultipliedBytes, alpha: .premultiplied)
    }
}
