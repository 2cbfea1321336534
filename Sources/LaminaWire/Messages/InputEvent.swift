public import LaminaCore

/// A pointer, touch or key event the daemon delivers to the client that owns the layer it concerns
/// (`docs/protocol.md`, "Input").
///
/// The daemon hit-tests pointer and touch presses on the presentation tree of the frame on screen
/// (where layers are drawn now, mid-animation included), and the layer hit keeps the pointer or the
/// touch point until it is released, as UIKit's touches stay with their view: moves and the release go
/// to it even outside its bounds. Keys go to the client that owns the layer last pressed on (the
/// focus), naming that layer.
public struct InputEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// A pointer button went down on `layer`.
        case pointerDown = 1
        /// The pointer moved: over `layer`, or anywhere while `layer` holds it.
        case pointerMoved
        /// A pointer button went up; `layer` held the pointer.
        case pointerUp
        /// A touch point went down on `layer`.
        case touchDown
        /// A touch point `layer` holds moved.
        case touchMoved
        /// A touch point `layer` holds went up.
        case touchUp
        /// The host took the touch point away: undo what it started.
        case touchCancelled
        /// A key went down, for the layer with the focus.
        case keyDown
        /// A key went up.
        case keyUp
        /// The pointer scrolled by `scroll` (a wheel or a touchpad): to the layer under it, or the one
        /// holding it.
        case pointerScrolled
    }

    public var kind: Kind
    /// The client's handle of the layer the event is for.
    public var layer: LayerHandle
    /// Where, in the layer's own coordinate space (its bounds' space, as `convert(_:from:)` gives).
    public var location: Point
    /// Where, in the output's points (the canvas root's space).
    public var canvasLocation: Point
    /// The daemon's media time when the event came in (CLOCK_MONOTONIC seconds, as frame times).
    public var time: Double
    /// The button (a Linux input code: 0x110 left, 0x111 right), the touch point's identity, or the
    /// key's Linux input code.
    public var code: UInt32
    /// The key's XKB keysym (0 for pointer and touch).
    public var keysym: UInt32
    /// The text the key types through the host's keymap (empty for keys that type none).
    public var text: String
    /// How far a `pointerScrolled` scrolls, in points (positive: right and down); zero otherwise.
    public var scroll: Point
    /// Whether a `keyDown` repeats a key held down (at the desktop's repeat rate) rather than a press.
    public var isRepeat: Bool

    /// An event.
    public init(
        kind: Kind, layer: LayerHandle, location: Point, canvasLocation: Point, time: Double, code: UInt32 = 0,
        keysym: UInt32 = 0, text: String = "", scroll: Point = .zero, isRepeat: Bool = false
    ) {
        self.kind = kind
        self.layer = layer
        self.location = location
        self.canvasLocation = canvasLocation
        self.time = time
        self.code = code
        self.keysym = keysym
        self.text = text
        self.scroll = scroll
        self.isRepeat = isRepeat
    }
}

extension WireWriter {
    mutating func inputEvent(_ e: InputEvent) {
        u8(e.kind.rawValue); u64(e.layer.rawValue)
        f64(e.location.x); f64(e.location.y); f64(e.canvasLocation.x); f64(e.canvasLocation.y)
        f64(e.time); u32(e.code); u32(e.keysym); string(e.text); f64(e.scroll.x); f64(e.scroll.y); bool(e.isRepeat)
    }
}

extension WireReader {
    mutating func inputEvent() throws(WireError) -> InputEvent {
        let kindOffset = offset
        let rawKind = try u8("an input kind")
        guard let kind = InputEvent.Kind(rawValue: rawKind) else { throw WireError(offset: kindOffset, "unknown input kind \(rawKind)") }
        return InputEvent(
            kind: kind, layer: LayerHandle(try u64()), location: Point(x: try f64(), y: try f64()),
            canvasLocation: Point(x: try f64(), y: try f64()), time: try f64(), code: try u32(), keysym: try u32(),
            text: try string("a key's text", limit: 64), scroll: Point(x: try f64(), y: try f64()), isRepeat: try bool())
    }
}
