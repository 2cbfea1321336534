import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRender
import LaminaWayland
import LaminaWire
import Logging

/// `laminad --output wayland`: the daemon's output shown in a toplevel window of a Wayland host, and
/// the host's seat routed to the clients. Lives on the compositor thread, beside the `Compositor`.
///
/// - **Frames**: each frame drawn is read from the compositor's target straight into a `wl_shm` buffer
///   (see `WaylandWindow`) once the host's frame callback for the last one has come; a frame drawn
///   while the host still shows the last is presented when the callback comes. The loop draws only
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
    /// The commits whose damage is kept: buffers older than this are written whole.
    static let historyLength = 4

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
    /// Whether the last frame drawn waits for the host to be shown.
    private var unpresented = false
    /// What the frames drawn since the last commit changed (target pixels, top first).
    private var pending = Damage.none
    /// What each of the last commits changed, newest last: a buffer `age` commits old needs the last
    /// `age - 1` of these and `pending` written again.
    private var history: [Damage] = []
    private var lastCommit = -Double.infinity

    /// Maps the window: `size` points asked for, the host may choose another.
    init(display: String?, fullscreen: Bool, size: OutputConfiguration, refreshRate: Double, logger: Logger) throws(DaemonError) {
        do {
            window = try WaylandWindow(
                display: display, title: "Lamina", width: Int(size.width), height: Int(size.height), fullscreen: fullscreen)
        } catch {
            throw .configuration("--output wayland: \(error)")
        }
        self.logger = logger
        self.refreshRate = refreshRate
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
        pending.formUnion(damage)
        presentIfReady(compositor, now: now)
    }

    private func presentIfReady(_ compositor: Compositor, now: Double) {
        guard let window, unpresented, window.isReadyForFrame || now - lastCommit > Self.hostPatience else { return }
        let target = compositor.target
        let order: OffscreenTarget.ReadOrder = window.pixelOrder == .rgba ? .rgba : .bgra
        let (pending, history) = (self.pending, self.history)
        do {
            let output = compositor.configuration
            let points = (Int(output.width.rounded()), Int(output.height.rounded()))
            let shown = try window.present(width: target.width, height: target.height, scale: output.scale, points: points) {
                pixels, stride, age in
                // Only what changed since the buffer's frame is read again (EGL_EXT_buffer_age's rule).
                var changed = pending
                if age == 0 || age - 1 > history.count {
                    changed = .full
                } else {
                    for damage in history.suffix(age - 1) { changed.formUnion(damage) }
                }
                changed = changed.clipped(width: target.width, height: target.height)
                if changed.isFull {
                    try target.read(into: pixels, stride: stride, order: order)
                    return nil
                }
                for box in changed.boxes { try target.read(into: pixels, stride: stride, order: order, region: box) }
                // Buffer rows count from the bottom.
                return changed.boxes.map { WaylandWindow.Box(x: $0.x, y: target.height - $0.y - $0.height, width: $0.width, height: $0.height) }
            }
            if shown {
                unpresented = false
                lastCommit = now
                self.history.append(pending)
                if self.history.count > Self.historyLength { self.history.removeFirst() }
                self.pending = .none
                logger.trace("presented a \(target.width)x\(target.height) frame to the Wayland host")
            }
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
        window = nil
        unpresented = false
        heldKey = nil
        nextRepeat = nil
    }
}
