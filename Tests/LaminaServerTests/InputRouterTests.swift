import LaminaCore
import LaminaModel
import LaminaServer
import LaminaWayland
import LaminaWire
import Testing

/// `InputRouter` without a window or a GPU: a store, a presentation, and the seat's events in; the
/// events for each client out, with the rules of `docs/protocol.md`, "Input".
@Suite struct InputRouterTests {
    var store = LayerStore(width: 400, height: 300)
    var presentation = Presentation()
    let a: ClientID, b: ClientID

    init() throws {
        a = store.addClient()
        b = store.addClient()
    }

    static func layer(_ h: UInt64, frame: Rect, in parent: UInt64? = nil) -> [LayerOperation] {
        let handle = LayerHandle(h)
        return [
            .create(handle, name: nil),
            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))),
            .set(handle, LayerKeyPath(.position), .point(Point(x: frame.midX, y: frame.midY))),
            .insertSublayer(handle, into: parent.map(LayerHandle.init), at: nil),
        ]
    }

    mutating func commit(_ operations: [LayerOperation], from client: ClientID, at time: Double = 0) throws {
        _ = try store.apply(operations, from: client, at: time)
        var events: [AnimationEvent] = []
        store.evaluate(at: time, into: &presentation, events: &events)
    }

    mutating func route(_ router: inout InputRouter, _ input: WaylandInput) -> [(ClientID, InputEvent)] {
        router.route(input, store: store, presentation: presentation, time: 1).map { ($0.client, $0.event) }
    }

    @Test("two touch points held by layers of two clients go to each, and a cancel reaches both")
    mutating func twoTouches() throws {
        try commit(Self.layer(1, frame: Rect(x: 0, y: 0, width: 100, height: 100)), from: a)
        try commit(Self.layer(1, frame: Rect(x: 200, y: 0, width: 100, height: 100)), from: b)
        var router = InputRouter()
        var out = route(&router, .touchDown(id: 1, x: 10, y: 10, milliseconds: 0))
        #expect(out.count == 1 && out[0].0 == a && out[0].1.kind == .touchDown && out[0].1.location == Point(x: 10, y: 10))
        out = route(&router, .touchDown(id: 2, x: 250, y: 50, milliseconds: 0))
        #expect(out.count == 1 && out[0].0 == b && out[0].1.location == Point(x: 50, y: 50) && out[0].1.code == 2)
        // Point 1 moves over B's layer: A still holds it.
        out = route(&router, .touchMoved(id: 1, x: 210, y: 10, milliseconds: 0))
        #expect(out.count == 1 && out[0].0 == a && out[0].1.location == Point(x: 210, y: 10))
        out = route(&router, .touchCancelled)
        #expect(out.map(\.0) == [a, b] && out.allSatisfy { $0.1.kind == .touchCancelled })
        // Nothing holds either point now.
        #expect(route(&router, .touchUp(id: 1, x: 0, y: 0, milliseconds: 0)).isEmpty)
    }

    @Test("hidden layers and what masksToBounds clips are not hit; the layer under them is")
    mutating func hiddenAndClipped() throws {
        try commit(Self.layer(1, frame: Rect(x: 0, y: 0, width: 200, height: 200)), from: a)
        try commit(
            Self.layer(2, frame: Rect(x: 0, y: 0, width: 50, height: 50), in: 1)
                + [.set(LayerHandle(2), LayerKeyPath(.hidden), .bool(true))], from: a)
        try commit(
            Self.layer(3, frame: Rect(x: 100, y: 100, width: 50, height: 50), in: 1)
                + Self.layer(4, frame: Rect(x: 40, y: 40, width: 50, height: 50), in: 3)
                + [.set(LayerHandle(3), LayerKeyPath(.masksToBounds), .bool(true))], from: a)
        var router = InputRouter()
        #expect(route(&router, .pointerButton(button: 272, pressed: true, x: 10, y: 10, milliseconds: 0)).map(\.1.layer) == [LayerHandle(1)])
        _ = route(&router, .pointerButton(button: 272, pressed: false, x: 10, y: 10, milliseconds: 0))
        // (160, 160) is inside layer 4's frame but outside its clipping superlayer 3.
        #expect(route(&router, .pointerButton(button: 272, pressed: true, x: 160, y: 160, milliseconds: 0)).map(\.1.layer) == [LayerHandle(1)])
        _ = route(&router, .pointerButton(button: 272, pressed: false, x: 160, y: 160, milliseconds: 0))
        let inside = route(&router, .pointerButton(button: 272, pressed: true, x: 145, y: 145, milliseconds: 0))
        #expect(inside.map(\.1.layer) == [LayerHandle(4)] && inside.first?.1.location == Point(x: 5, y: 5))
    }

    @Test("a layer destroyed while it holds the pointer gets nothing more, and the canvas reaches no one")
    mutating func destroyedHolder() throws {
        try commit(Self.layer(1, frame: Rect(x: 0, y: 0, width: 100, height: 100)), from: a)
        var router = InputRouter()
        #expect(route(&router, .pointerButton(button: 272, pressed: true, x: 50, y: 50, milliseconds: 0)).count == 1)
        try commit([.destroy(LayerHandle(1))], from: a)
        #expect(route(&router, .pointerMoved(x: 60, y: 60, milliseconds: 0)).isEmpty)
        #expect(route(&router, .pointerButton(button: 272, pressed: false, x: 60, y: 60, milliseconds: 0)).isEmpty)
        #expect(route(&router, .key(code: 30, keysym: 0x61, text: "a", pressed: true, milliseconds: 0)).isEmpty)
        #expect(route(&router, .pointerButton(button: 272, pressed: true, x: 300, y: 250, milliseconds: 0)).isEmpty)
    }

    @Test("a second button pressed while one is down stays with the layer that has the pointer")
    mutating func secondButton() throws {
        try commit(Self.layer(1, frame: Rect(x: 0, y: 0, width: 100, height: 100)), from: a)
        try commit(Self.layer(1, frame: Rect(x: 200, y: 0, width: 100, height: 100)), from: b)
        var router = InputRouter()
        _ = route(&router, .pointerButton(button: 272, pressed: true, x: 50, y: 50, milliseconds: 0))
        let second = route(&router, .pointerButton(button: 273, pressed: true, x: 250, y: 50, milliseconds: 0))
        #expect(second.count == 1 && second[0].0 == a && second[0].1.code == 273 && second[0].1.location == Point(x: 250, y: 50))
        _ = route(&router, .pointerButton(button: 272, pressed: false, x: 250, y: 50, milliseconds: 0))
        let last = route(&router, .pointerButton(button: 273, pressed: false, x: 250, y: 50, milliseconds: 0))
        #expect(last.count == 1 && last[0].0 == a && last[0].1.kind == .pointerUp)
        // Released: the pointer over B's layer is B's again.
        #expect(route(&router, .pointerMoved(x: 250, y: 50, milliseconds: 0)).map(\.0) == [b])
    }
}
