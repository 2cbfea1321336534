import ArgumentParser
import Glibc
import LaminaRender
import LaminaRenderList
import LaminaScene
import LaminaWayland
import LaminaWire

/// `lamina view`: a scene played live in a window on the session's Wayland compositor.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Play a scene live in a Wayland window (space pauses, arrows step frames, q quits).",
        discussion: """
            The embedded compositor of `lamina render` draws the scene at the wall clock's pace into a \
            window on $WAYLAND_DISPLAY, a frame each time the desktop asks for one. Space pauses on \
            the nearest 1/60 s frame (the same frame `lamina render --time` draws); the left and right \
            arrows step one frame back or on; q or Escape quits, as does closing the window. The title \
            shows the time and the frame.
              lamina view examples/card-flip.json
            """)

    @Argument(help: "The scene file (JSON, docs/scene-format.md).")
    var scene: String

    @Option(help: "Scene time to start at, in seconds.")
    var start: Double = 0

    @Option(help: "Quit after this many seconds of wall time (default: when the window closes).")
    var seconds: Double?

    @Option(help: "The Wayland display (default: $WAYLAND_DISPLAY).")
    var display: String?

    func validate() throws {
        guard start.isFinite, start >= 0 else { throw ValidationError("--start must be a time of at least 0") }
        if let seconds, !(seconds.isFinite && seconds > 0) { throw ValidationError("--seconds must be a positive number") }
    }

    func run() throws {
        let script = try loadScene(scene)
        let gpu = try makeGPU()
        let (name, start, seconds, display) = (String(scene.split(separator: "/").last ?? Substring(scene)), start, seconds, display)
        try gpu.perform { (context) throws(Failure) in
            var playback = try play(script, context)
            let canvas = script.scene.canvas
            let window: WaylandWindow
            do {
                window = try WaylandWindow(display: display, title: "\(name) — Lamina", width: Int(canvas.width), height: Int(canvas.height))
            } catch {
                throw Failure("\(error)")
            }
            var timeline = ViewTimeline(start: start)
            // What the frames drawn changed, so a buffer gets only that (and what changed since its own).
            var history = DamageHistory()
            // BGRA (every host's ARGB8888) where GL reads it; RGBA only where it cannot.
            if !OffscreenTarget.readsBGRA(context) { window.pixelOrder = .rgba }
            let order: OffscreenTarget.ReadOrder = window.pixelOrder == .rgba ? .rgba : .bgra
            var shownTime = -1.0
            var shownTitle = ""
            let began = MediaClock.now
            var last = began
            while true {
                // Sleep until the host speaks or the next frame is due.
                var descriptor = pollfd(fd: window.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, timeline.isPaused ? 100 : 8)
                let events: [WaylandEvent]
                do { events = try window.dispatch() } catch { throw Failure("\(error)") }
                for event in events {
                    switch event {
                    case .close:
                        return
                    case .input(.key(_, let keysym, _, true, _, _)):
                        switch keysym {
                        case 0x20: timeline.togglePause()  // space
                        case 0xFF51: timeline.step(-1)  // Left
                        case 0xFF53: timeline.step(1)  // Right
                        case 0x71, 0xFF1B: return  // q, Escape
                        default: break
                        }
                    default:
                        break
                    }
                }
                let now = MediaClock.now
                timeline.advance(by: now - last)
                last = now
                if let seconds, now - began >= seconds { return }
                guard window.isReadyForFrame, timeline.time != shownTime else { continue }
                // Frames go forward; stepping back plays the scene again from its start.
                if timeline.time < shownTime { playback = try play(script, context) }
                history.drawn(try render(playback, at: timeline.time).statistics.damage)
                let title = timeline.title(scene: name)
                if title != shownTitle {
                    window.setTitle(title)
                    shownTitle = title
                }
                let target = playback.compositor.target
                do {
                    let shown = try window.present(
                        width: target.width, height: target.height, scale: canvas.scale,
                        points: (Int(canvas.width.rounded()), Int(canvas.height.rounded()))
                    ) {
                        [history] pixels, stride, age in
                        let changed = history.damage(forBufferAge: age, width: target.width, height: target.height)
                        let boxes = try target.read(into: pixels, stride: stride, order: order, damage: changed)
                        return boxes?.map { WaylandWindow.Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
                    }
                    if shown { history.present() }
                } catch {
                    throw Failure("presenting a frame: \(error)")
                }
                shownTime = timeline.time
            }
        }
    }
}
