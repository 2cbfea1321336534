public import LaminaCore
public import LaminaModel
public import LaminaWayland
public import LaminaWire

/// Turns a seat's input into events for the clients whose layers it concerns.
///
/// A press (a pointer button going down with none down before, a touch point going down) is
/// hit-tested on the presentation tree of the frame on screen, so a tap lands on the layer the user
/// sees there, mid-animation included; the layer hit then holds the pointer or that touch point until
/// it is released, wherever it moves (UIKit's touches stay with their view). The pointer moving with no
/// button down goes to the layer under it. Keys go to the layer last pressed on (the keyboard focus),
/// and so to its client. A layer destroyed while it holds something simply gets nothing more.
///
/// The canvas root and points outside every client's layers reach no one.
public struct InputRouter {
    private var pointerHolder: LayerID?
    private var buttonsDown: Set<UInt32> = []
    private var touchHolders: [Int32: LayerID] = [:]
    /// The layer keys are for.
    public private(set) var focus: LayerID?

    /// A router that nothing holds yet.
    public init() {}

    /// The events `input` makes, each with the client it goes to, at media time `time`; `store` and
    /// `presentation` are the model and the presentation tree of the frame on screen.
    public mutating func route(
        _ input: WaylandInput, store: LayerStore, presentation: Presentation, time: Double
    ) -> [(client: ClientID, event: InputEvent)] {
        var out: [(client: ClientID, event: InputEvent)] = []
        func deliver(
            _ kind: InputEvent.Kind, to layer: LayerID?, at point: Point, code: UInt32 = 0, keysym: UInt32 = 0, text: String = "",
            scroll: Point = .zero
        ) {
            guard let layer, let (client, handle) = store.owner(of: layer) else { return }
            let local = (try? store.tree.convert(point, from: nil, to: layer, in: presentation)) ?? point
            out.append(
                (
                    client,
                    InputEvent(
                        kind: kind, layer: handle, location: local, canvasLocation: point, time: time, code: code, keysym: keysym,
                        text: text, scroll: scroll)
                ))
        }
        func hit(_ point: Point) -> LayerID? {
            guard let layer = try? store.tree.hitTest(point, in: store.root, presentation: presentation), layer != store.root else { return nil }
            return layer
        }
        switch input {
        case .pointerMoved(let x, let y, _):
            let point = Point(x: x, y: y)
            deliver(.pointerMoved, to: pointerHolder ?? hit(point), at: point)
        case .pointerScrolled(let dx, let dy, let x, let y, _):
            let point = Point(x: x, y: y)
            deliver(.pointerScrolled, to: pointerHolder ?? hit(point), at: point, scroll: Point(x: dx, y: dy))
        case .pointerLeft:
            break
        case .pointerButton(let button, let pressed, let x, let y, _):
            let point = Point(x: x, y: y)
            if pressed {
                if buttonsDown.isEmpty {
                    pointerHolder = hit(point)
                    focus = pointerHolder ?? focus
                }
                buttonsDown.insert(button)
                deliver(.pointerDown, to: pointerHolder, at: point, code: button)
            } else {
                guard buttonsDown.remove(button) != nil else { break }
                deliver(.pointerUp, to: pointerHolder, at: point, code: button)
                if buttonsDown.isEmpty { pointerHolder = nil }
            }
        case .touchDown(let id, let x, let y, _):
            let point = Point(x: x, y: y)
            let layer = hit(point)
            touchHolders[id] = layer
            focus = layer ?? focus
            deliver(.touchDown, to: layer, at: point, code: UInt32(bitPattern: id))
        case .touchMoved(let id, let x, let y, _):
            deliver(.touchMoved, to: touchHolders[id] ?? nil, at: Point(x: x, y: y), code: UInt32(bitPattern: id))
        case .touchUp(let id, let x, let y, _):
            deliver(.touchUp, to: touchHolders.removeValue(forKey: id) ?? nil, at: Point(x: x, y: y), code: UInt32(bitPattern: id))
        case .touchCancelled:
            for (id, layer) in touchHolders.sorted(by: { $0.key < $1.key }) {
                deliver(.touchCancelled, to: layer, at: .zero, code: UInt32(bitPattern: id))
            }
            touchHolders.removeAll()
        case .key(let code, let keysym, let text, let pressed, _, _):
            deliver(pressed ? .keyDown : .keyUp, to: focus, at: .zero, code: code, keysym: keysym, text: text)
        case .keyboardFocus:
            // The host's focus is the window's; within it, the focus is the layer last pressed on.
            break
        }
        return out
    }
}
