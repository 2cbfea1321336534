import CLaminaWayland

/// A toplevel window on the session's Wayland compositor: how `laminad --output wayland` and `lamina
/// view` show their frames on a desktop.
///
/// Frames reach the host one of two ways. Through `wl_shm` (`present`): the renderer draws into its own
/// offscreen target (on a GBM device or surfaceless, llvmpipe included) and reads each frame straight
/// into a shared-memory buffer the host composites, so the window works on any host and any driver.
/// The buffer takes GL's rows as they come (bottom first) and the surface is given a flipped buffer
/// transform, so no row is moved on the CPU; the byte order is BGRA (every host's `ARGB8888`), or RGBA
/// where the caller prefers it (GL cannot read BGRA) and the host takes `ABGR8888`, both premultiplied
/// as the renderer draws. Or through EGL
/// (`nativeDisplay`, `eglWindow`, `prepareEGLFrame`): the renderer's EGL display is made on this
/// window's connection and the frame is copied into an EGL window surface, which commits it.
///
/// Single-threaded: one thread at a time watches `descriptor`, calls `dispatch()` when it is readable
/// and draws. The host's frame callbacks pace the frames (`isReadyForFrame`).
public final class WaylandWindow {
    private let handle: OpaquePointer
    /// The window's size in surface units (points), as last configured.
    public private(set) var size: (width: Int, height: Int)
    /// Pixels per point the host wants: its outputs' integer scale, or the fractional scale it
    /// prefers (wp_fractional_scale_v1, in 120ths).
    public private(set) var scale = 1.0
    /// Frames committed so far.
    public private(set) var committedFrames = 0

    /// The byte order frames are written in.
    public enum PixelOrder: Sendable {
        case rgba, bgra
    }

    /// Connects to `display` (nil: `$WAYLAND_DISPLAY`) and maps a toplevel titled `title`, of `width` x
    /// `height` points unless the host picks a size (as it does for a `fullscreen` window: the size of
    /// its output); waits up to `timeout` seconds for the host to configure it.
    public init(
        display: String? = nil, title: String, width: Int, height: Int, fullscreen: Bool = false, timeout: Double = 5
    ) throws(WaylandError) {
        var error = [CChar](repeating: 0, count: 512)
        let milliseconds = Int32(clamping: Int((min(max(timeout, 0), 3600) * 1000).rounded()))
        guard let handle = lamina_wl_connect(display, title, fullscreen ? 1 : 0, milliseconds, &error, error.count)
        else {
            throw WaylandError(Self.string(error))
        }
        self.handle = handle
        size = (width, height)
    }

    deinit { lamina_wl_destroy(handle) }

    /// The connection's descriptor: watch it for reading and call `dispatch()`.
    public var descriptor: Int32 { lamina_wl_fd(handle) }

    /// The byte order `present` must write: BGRA (`ARGB8888`, every host's, and the format a host's
    /// software renderer composites fastest), unless RGBA is preferred and the host takes `ABGR8888`.
    public var pixelOrder: PixelOrder {
        get { lamina_wl_pixel_order_of(handle) == LAMINA_WL_RGBA ? .rgba : .bgra }
        set { lamina_wl_prefer_pixel_order(handle, newValue == .rgba ? LAMINA_WL_RGBA : LAMINA_WL_BGRA) }
    }

    /// Whether the host has shown the last frame (its frame callback came), so a new one may be
    /// committed now.
    public var isReadyForFrame: Bool { lamina_wl_ready_for_frame(handle) != 0 }

    /// Events the queue dropped because the caller fell behind.
    public var droppedEvents: UInt64 { lamina_wl_dropped_events(handle) }

    /// Reads what the host sent and returns it as events, in order. Throws when the connection is lost
    /// (the host went away or killed the client for a protocol error).
    public func dispatch() throws(WaylandError) -> [WaylandEvent] {
        var error = [CChar](repeating: 0, count: 512)
        let status = lamina_wl_dispatch(handle, &error, error.count)
        var events: [WaylandEvent] = []
        var e = lamina_wl_event()
        while lamina_wl_next_event(handle, &e) != 0 {
            if let event = translate(e) { events.append(event) }
        }
        if status < 0 { throw WaylandError(Self.string(error)) }
        return events
    }

    private func translate(_ e: lamina_wl_event) -> WaylandEvent? {
        switch e.type {
        case LAMINA_WL_CONFIGURE:
            let width = e.width > 0 ? Int(e.width) : nil
            let height = e.height > 0 ? Int(e.height) : nil
            size = (width ?? size.width, height ?? size.height)
            return .configure(width: width, height: height)
        case LAMINA_WL_CLOSE: return .close
        case LAMINA_WL_FRAME_DONE: return .frameDone(milliseconds: e.time_ms)
        case LAMINA_WL_PRESENTED: return .presented(time: e.x, refreshInterval: e.y > 0 ? e.y : nil)
        case LAMINA_WL_SCALE:
            scale = Double(max(e.scale_120, 1)) / 120
            return .scale(scale)
        case LAMINA_WL_POINTER_ENTER, LAMINA_WL_POINTER_MOTION:
            return .input(.pointerMoved(x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_POINTER_LEAVE: return .input(.pointerLeft)
        case LAMINA_WL_POINTER_BUTTON:
            return .input(.pointerButton(button: e.button, pressed: e.state != 0, x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_POINTER_AXIS:
            return .input(.pointerScrolled(dx: e.scroll_x, dy: e.scroll_y, x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_TOUCH_DOWN: return .input(.touchDown(id: e.id, x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_TOUCH_MOTION: return .input(.touchMoved(id: e.id, x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_TOUCH_UP: return .input(.touchUp(id: e.id, x: e.x, y: e.y, milliseconds: e.time_ms))
        case LAMINA_WL_TOUCH_CANCEL: return .input(.touchCancelled)
        case LAMINA_WL_KEY:
            let text = withUnsafeBytes(of: e.text) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return .input(
                .key(code: e.keycode, keysym: e.keysym, text: text, pressed: e.state != 0, repeats: e.repeats != 0, milliseconds: e.time_ms))
        case LAMINA_WL_REPEAT_INFO:
            return .keyRepeat(rate: Int(max(e.repeat_rate, 0)), delay: Double(max(e.repeat_delay, 0)) / 1000)
        case LAMINA_WL_KEYBOARD_FOCUS: return .input(.keyboardFocus(e.state != 0))
        default: return nil
        }
    }

    /// A rectangle of a buffer, in its pixels, rows counted from the bottom (as GL writes them).
    public struct Box: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        /// A box.
        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// Shows a frame of `width` x `height` pixels at `scale` pixels per point (`points` in surface
    /// units: a fractional scale shows the buffer at that size through the viewport). `draw` writes its rows,
    /// bottom first, `stride` bytes apart, in `pixelOrder`, into the buffer it is given; the buffer
    /// still holds the frame shown `age` commits ago (0: nothing to rely on), so `draw` may write only
    /// what changed since then, and returns those boxes (nil: it wrote everything) for the host to
    /// repaint. Returns false without drawing when the host still holds every buffer.
    public func present(
        width: Int, height: Int, scale: Double, points: (width: Int, height: Int),
        draw: (_ pixels: UnsafeMutableRawPointer, _ stride: Int, _ age: Int) throws -> [Box]?
    ) throws -> Bool {
        var error = [CChar](repeating: 0, count: 512)
        var stride: Int32 = 0
        var age: Int32 = 0
        guard
            let pixels = lamina_wl_begin_frame(
                handle, Int32(clamping: width), Int32(clamping: height), &stride, &age, &error, error.count)
        else {
            let message = Self.string(error)
            if message.contains("holds every") { return false }
            throw WaylandError(message)
        }
        let boxes = try draw(pixels, Int(stride), Int(age))
        let flat = (boxes ?? []).flatMap { [Int32(clamping: $0.x), Int32(clamping: $0.y), Int32(clamping: $0.width), Int32(clamping: $0.height)] }
        let state = SurfaceScale(scale: scale, points: points)
        let committed = flat.withUnsafeBufferPointer {
            lamina_wl_commit_frame(
                handle, state.bufferScale, state.pointsWidth, state.pointsHeight, $0.baseAddress, boxes.map { Int32($0.count) } ?? -1)
        }
        guard committed == 0 else {
            throw WaylandError("the Wayland connection was lost while committing a frame")
        }
        committedFrames += 1
        return true
    }

    /// How a frame at `scale` pixels per point reaches the surface: an integer scale as the buffer
    /// scale, a fractional one as one pixel per unit through the viewport sized to `points`.
    private struct SurfaceScale {
        var bufferScale: Int32 = 1
        var pointsWidth: Int32 = 0
        var pointsHeight: Int32 = 0

        init(scale: Double, points: (width: Int, height: Int)) {
            if scale.rounded() == scale && scale >= 1 {
                bufferScale = Int32(clamping: Int(scale))
            } else {
                (pointsWidth, pointsHeight) = (Int32(clamping: points.width), Int32(clamping: points.height))
            }
        }
    }

    // MARK: Frames through EGL

    /// The connection's `struct wl_display *`, for an EGL display on the Wayland platform. The window
    /// must outlive such a display (it owns the connection): hand it to the display as its owner.
    public var nativeDisplay: UnsafeMutableRawPointer { lamina_wl_native_display(handle) }

    /// The window's `struct wl_egl_window *` at `width` x `height` pixels, for an EGL window surface;
    /// a later call with another size resizes it. Nil once the window is unmapped.
    public func eglWindow(width: Int, height: Int) -> UnsafeMutableRawPointer? {
        lamina_wl_egl_window(handle, Int32(clamping: width), Int32(clamping: height))
    }

    /// Readies the surface for a frame EGL swaps next (the swap commits it): the scale as `present`
    /// sets it for `scale` and `points`, and a frame callback, so `isReadyForFrame` turns false until
    /// the host has shown it.
    public func prepareEGLFrame(scale: Double, points: (width: Int, height: Int)) throws(WaylandError) {
        let state = SurfaceScale(scale: scale, points: points)
        guard lamina_wl_prepare_egl_frame(handle, state.bufferScale, state.pointsWidth, state.pointsHeight) == 0 else {
            throw WaylandError("the window is unmapped")
        }
        committedFrames += 1
    }

    /// Takes the window off the screen and stops the seat's events, keeping the connection for what
    /// was made on it (an EGL display). Destroy any EGL surface on the window first.
    public func unmap() {
        lamina_wl_unmap(handle)
    }

    /// Sets the window's title.
    public func setTitle(_ title: String) {
        lamina_wl_set_title(handle, title)
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The window belongs to the thread that made it.
@available(*, unavailable)
extension WaylandWindow: Sendable {}
