import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRender
import LaminaRenderList
import LaminaWayland
import LaminaWire
import Logging

/// `laminad --output wayland`: the daemon's output shown in a toplevel window of a Wayland host, and
/// the host's seat routed to the clients. Lives on the compositor thread, beside the `Compositor`.
///
/// - **Frames**: each frame drawn goes to the host (`WaylandPresenter`: read into a `wl_shm` buffer, or
///   copied into an EGL back buffer) once the host's frame callback for the last one has come; a frame
///   drawn while the host still shows the last is presented when the callback comes. The loop draws only
///   when the host is ready (`mayDraw`), so the host's callbacks pace the frames; a host that stops
///   answering (a hidden window) gets no more frames for `hostPatience` seconds, after which the loop
///   draws at its own clock again, so clients' animations and frame callbacks never stop.
/// - **Size**: the window's configured size becomes the output's size in points, the host's output
///   scale its scale; both reach clients as `outputChanged`.
/// - **Input**: pointer, touch and keys through an `InputRouter`, hit-tested on the frame on screen.
/// - **Loss**: when the host goes away or closes the window, the daemon logs it and carries on
///   headless; clients keep everything.
final class WaylandOutput {
    /// The output's name in the welcome and in `outputChanged`.
    static let outputName = "wayland-0"
    /// Its name, size, scale and refresh rate as clients are told them.
    func info(_ compositor: Compositor) -> OutputInfo {
        let c = compositor.configuration
        return OutputInfo(name: Self.outputName, width: c.width, height: c.height, scale: c.scale, refreshRate: refreshRate)
    }
    /// How long a host may hold a frame before the loop draws without it.
    static let hostPatience = 0.5

    /// What the compositor loop does about the host's events.
    enum Action {
        /// The output is now this size and scale (already applied to the compositor).
        case resized(OutputInfo)
        /// An input event for a client.
        case input(ClientID, InputEvent)
        /// The host showed a frame at `time` (media time) and refreshes every `interval` seconds (nil:
        /// unknown): the frame clock's grid goes onto the host's blanks.
        case presented(time: Double, interval: Double?)
    }

    private var window: WaylandWindow?
    private let presenter: WaylandPresenter
    private var router = InputRouter()
    private let logger: Logger
    /// The refresh rate clients are told: the daemon's own, until the host's presentation feedback
    /// gives the host's.
    var refreshRate: Double
    /// How held keys repeat (the host's `repeat_info`; Wayland's usual 25 a second after 0.6 s until
    /// it says), the key held, and when it repeats next.
    private var repeatRate = 25
    private var repeatDelay = 0.6
    private var heldKey: WaylandInput?
    /// When the held key repeats next, if one is held and keys repeat.
    private(set) var nextRepeat: Double?
    /// Runs when the window is lost, before it goes: the loop stops watching `descriptor`.
    var onLoss: () -> Void = {}
    /// Whether the last frame drawn waits for the host to be shown.
    private var unpresented = false
    private var lastCommit = -Double.infinity

    /// Maps a window on the host: `size` points asked for, the host may choose another. Made before the
    /// GPU, since with EGL the renderer's display is made on the window's connection (`display(for:)`).
    static func openWindow(display: String?, fullscreen: Bool, size: OutputConfiguration) throws(DaemonError) -> WaylandWindow {
        do {
            return try WaylandWindow(
                display: display, title: "Lamina", width: Int(size.width), height: Int(size.height), fullscreen: fullscreen)
        } catch {
            throw .configuration("--output wayland: \(error)")
        }
    }

    /// The EGL display the renderer uses to draw into `window` (`buffers` allowing), or nil for frames
    /// through shared memory and a display of the standard selection.
    static func display(
        for window: WaylandWindow, buffers: DaemonConfiguration.WaylandBuffers, logger: Logger
    ) throws(DaemonError) -> Display? {
        guard buffers != .sharedMemory else { return nil }
        let display: Display
        do {
            display = try Display.wayland(nativeDisplay: window.nativeDisplay, connection: window)
        } catch {
            if buffers == .egl { throw .gpu("--wayland-buffers egl: EGL cannot draw on this Wayland connection: \(error)") }
            logger.info("Wayland frames through shared memory: EGL cannot draw on this connection (\(error))")
            return nil
        }
        if buffers == .automatic, display.isSoftware {
            logger.info("Wayland frames through shared memory: the driver renders in software (\(display.driverName ?? "?")), where EGL would copy every frame whole")
            return nil
        }
        logger.info("Wayland frames through EGL (\(display.driverName ?? display.vendor))")
        return display
    }

    /// The output in `window`, drawn by the compositor on `context` (the render thread's).
    init(window: WaylandWindow, context: RenderContext, refreshRate: Double, logger: Logger) {
        self.window = window
        presenter = WaylandPresenter(context: context)
        self.logger = logger
        self.refreshRate = refreshRate
    }

    deinit {
        // The EGL surface goes before the window it is on.
        presenter.detach()
        window?.unmap()
    }

    /// The host connection's descriptor, while there is one.
    var descriptor: Int32? { window?.descriptor }

    /// Whether the loop may draw a frame now: the host has shown the last (or has kept it for longer
    /// than `hostPatience`), or there is no host any more.
    func mayDraw(now: Double) -> Bool {
        guard let window else { return true }
        return window.isReadyForFrame || now - lastCommit > Self.hostPatience
    }

    /// Shows the frame just drawn (`damage`: what it changed), or keeps it for the host's next frame
    /// callback.
    func frameDrawn(_ compositor: Compositor, damage: Damage, now: Double) {
        unpresented = true
        presenter.drawn(damage)
        presentIfReady(compositor, now: now)
    }

    private func presentIfReady(_ compositor: Compositor, now: Double) {
        guard let window, unpresented, presenter.mayPresent(window, sinceCommit: now - lastCommit, patience: Self.hostPatience) else {
            return
        }
        do {
            guard try presenter.present(compositor, in: window) else { return }
            unpresented = false
            lastCommit = now
            logger.trace("presented a \(compositor.target.width)x\(compositor.target.height) frame to the Wayland host")
        } catch {
            lose("presenting a frame: \(error)")
        }
    }

    /// Reads the host's events and returns what the loop must do about them.
    func dispatch(_ compositor: Compositor, now: Double) -> [Action] {
        guard let window else { return [] }
        let events: [WaylandEvent]
        do {
            events = try window.dispatch()
        } catch {
            lose("\(error)")
            return []
        }
        var actions: [Action] = []
        for event in events {
            switch event {
            case .configure(let width, let height):
                if let resized = resize(compositor, width: width.map(Double.init), height: height.map(Double.init), scale: nil) {
                    actions.append(.resized(resized))
                }
            case .scale(let scale):
                if let resized = resize(compositor, width: nil, height: nil, scale: scale) {
                    actions.append(.resized(resized))
                }
            case .close:
                lose("the host closed the window")
            case .frameDone:
                // A frame drawn while the host held the last one is shown now; the next tick draws
                // whatever else is due.
                presentIfReady(compositor, now: now)
            case .presented(let time, let interval):
                actions.append(.presented(time: time, interval: interval))
            case .keyRepeat(let rate, let delay):
                (repeatRate, repeatDelay) = (min(rate, 1000), min(delay, 10))
                if rate == 0 { nextRepeat = nil }
            case .input(let input):
                track(input, now: now)
                for (client, event) in router.route(input, store: compositor.store, presentation: compositor.presentation, time: now) {
                    actions.append(.input(client, event))
                }
            }
        }
        return actions
    }

    /// Follows the key held down, for repeating it.
    private func track(_ input: WaylandInput, now: Double) {
        switch input {
        case .key(_, _, _, true, let repeats, _):
            heldKey = repeats ? input : nil
            nextRepeat = repeats && repeatRate > 0 ? now + repeatDelay : nil
        case .key(let code, _, _, false, _, _):
            if case .key(code, _, _, _, _, _)? = heldKey {
                heldKey = nil
                nextRepeat = nil
            }
        case .keyboardFocus(false):
            heldKey = nil
            nextRepeat = nil
        default:
            break
        }
    }

    /// The held key's repeat, due at `nextRepeat`: a `keyDown` marked `isRepeat` for the layer with the
    /// focus; the next repeat follows at the host's rate.
    func repeatKey(_ compositor: Compositor, now: Double) -> [Action] {
        guard let key = heldKey, let due = nextRepeat, window != nil else {
            nextRepeat = nil
            return []
        }
        guard now >= due - 0.0005 else { return [] }
        let interval = 1 / Double(max(repeatRate, 1))
        // One repeat per firing; a late firing does not make a burst.
        nextRepeat = Swift.max(due + interval, now + interval / 2)
        return router.route(key, store: compositor.store, presentation: compositor.presentation, time: now).map { client, event in
            var repeated = event
            repeated.isRepeat = true
            return .input(client, repeated)
        }
    }

    private func resize(_ compositor: Compositor, width: Double?, height: Double?, scale: Double?) -> OutputInfo? {
        let current = compositor.configuration
        let (w, h, s) = (width ?? current.width, height ?? current.height, scale ?? current.scale)
        guard w != current.width || h != current.height || s != current.scale else { return nil }
        do {
            try compositor.resize(width: w, height: h, scale: s)
        } catch {
            logger.error("the Wayland host asked for a \(w)x\(h) window at \(s)x, which cannot be drawn: \(error); keeping \(current.width)x\(current.height)")
            return nil
        }
        logger.info("output resized to \(w)x\(h) points at \(s)x")
        return OutputInfo(name: Self.outputName, width: w, height: h, scale: s, refreshRate: refreshRate)
    }

    private func lose(_ why: String) {
        logger.error("Wayland output lost (\(why)); carrying on headless, clients keep their layers")
        // The window goes; its connection stays while an EGL display is on it (the renderer's).
        if window != nil { onLoss() }
        presenter.detach()
        window?.unmap()
        window = nil
        unpresented = false
        heldKey = nil
        nextRepeat = nil
    }
}
