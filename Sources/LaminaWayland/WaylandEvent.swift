/// What a Wayland host tells a window, in the window's surface coordinates (points: a surface unit is
/// one point of the output).
public enum WaylandEvent: Sendable, Equatable {
    /// The host chose the window's size; nil sides are the window's own to pick.
    case configure(width: Int?, height: Int?)
    /// The host asked the window to close.
    case close
    /// The last frame committed was shown (at `milliseconds`, the host's clock): time for the next.
    case frameDone(milliseconds: UInt32)
    /// The host wants this many pixels per point: the integer scale of the outputs the window is on,
    /// or a fractional one (1.5) where the host offers wp_fractional_scale_v1.
    case scale(Double)
    /// A frame was shown (wp_presentation feedback, where the host offers it): when, in CLOCK_MONOTONIC
    /// seconds (the media clock), and the host's refresh interval in seconds, nil when it does not know.
    case presented(time: Double, refreshInterval: Double?)
    /// How held keys repeat (`wl_keyboard.repeat_info`): `rate` a second (0: they do not) after `delay`
    /// seconds. The client repeats them itself, as every Wayland client does.
    case keyRepeat(rate: Int, delay: Double)
    /// The pointer, touch points or keyboard.
    case input(WaylandInput)
}

/// One input event of the seat.
public enum WaylandInput: Sendable, Equatable {
    /// The pointer entered the window, or moved in it, to `x`, `y`.
    case pointerMoved(x: Double, y: Double, milliseconds: UInt32)
    /// The pointer left the window.
    case pointerLeft
    /// A button (a Linux input code: 0x110 is the left button) went down or up at `x`, `y`.
    case pointerButton(button: UInt32, pressed: Bool, x: Double, y: Double, milliseconds: UInt32)
    /// The pointer scrolled by `dx`, `dy` points (a wheel or a touchpad; positive is right and down)
    /// at `x`, `y`.
    case pointerScrolled(dx: Double, dy: Double, x: Double, y: Double, milliseconds: UInt32)
    /// A touch point went down.
    case touchDown(id: Int32, x: Double, y: Double, milliseconds: UInt32)
    /// A touch point moved.
    case touchMoved(id: Int32, x: Double, y: Double, milliseconds: UInt32)
    /// A touch point went up (where it last was).
    case touchUp(id: Int32, x: Double, y: Double, milliseconds: UInt32)
    /// The host took every touch point away (a gesture of its own, say).
    case touchCancelled
    /// A key went down or up: its Linux input code, its XKB keysym and the text it types (empty for
    /// keys that type none), through the keymap the host sent.
    /// `repeats`: whether the keymap repeats the key while it is held.
    case key(code: UInt32, keysym: UInt32, text: String, pressed: Bool, repeats: Bool = false, milliseconds: UInt32)
    /// The window gained or lost the keyboard.
    case keyboardFocus(Bool)
}
