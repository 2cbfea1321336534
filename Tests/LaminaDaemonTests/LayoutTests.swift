import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing

/// Layout in the client library: `layoutSublayers()` before each commit, the delegate's
/// `layoutSublayers(of:)`, and the constraint layout manager, as the daemon then shows them.
@MainActor
@Suite("Layout", .serialized)
struct LayoutTests {
    func open() throws -> (DaemonProcess, Connection) {
        let daemon = try DaemonProcess(["--size", "200x100"])
        return (daemon, try Connection(name: "layout-tests", path: daemon.socketPath))
    }

    /// A layer that counts its layouts and places its one sublayer in its right half.
    final class HalfLayer: Layer {
        var layouts = 0
        override func layoutSublayers() {
            layouts += 1
            guard let child = sublayers?.first else { return }
            child.frame = Rect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height)
        }
    }

    @Test("layoutSublayers runs before the commit when the bounds change, once per change, and the daemon gets its frames")
    func overriddenLayout() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let parent = HalfLayer()
        let child = Layer()
        parent.addSublayer(child)
        parent.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        connection.addLayer(parent)
        try connection.synchronize()
        #expect(parent.layouts == 1 && child.frame == Rect(x: 50, y: 0, width: 50, height: 40))
        Transaction.begin()
        Transaction.disableActions = true
        parent.bounds = Rect(x: 0, y: 0, width: 160, height: 60)
        Transaction.commit()
        try connection.synchronize()
        #expect(parent.layouts == 2)
        let (_, values) = try connection.daemonPresentation(of: child)
        #expect(values["bounds"] == .rect(Rect(x: 0, y: 0, width: 80, height: 60)))
        try connection.synchronize()
        #expect(parent.layouts == 2, "nothing changed, no layout")
    }

    @Test("a constraint layout manager places sublayers by their constraints and again when the superlayer's bounds change")
    func constraints() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let panel = Layer(name: "panel")
        panel.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        panel.layoutManager = ConstraintLayoutManager()
        let title = Layer(name: "title")
        title.bounds = Rect(x: 0, y: 0, width: 80, height: 20)
        title.constraints = [Constraint(.midX, relativeTo: .superlayer), Constraint(.minY, relativeTo: .superlayer, offset: 10)]
        let body = Layer(name: "body")
        body.constraints = [
            Constraint(.minX, relativeTo: .superlayer, offset: 10), Constraint(.maxX, relativeTo: .superlayer, offset: -10),
            Constraint(.minY, relativeTo: .sibling("title"), attribute: .maxY, offset: 5),
            Constraint(.maxY, relativeTo: .superlayer, offset: -10),
        ]
        panel.addSublayer(body)
        panel.addSublayer(title)
        connection.addLayer(panel)
        try connection.synchronize()
        #expect(title.frame == Rect(x: 60, y: 10, width: 80, height: 20))
        #expect(body.frame == Rect(x: 10, y: 35, width: 180, height: 55))
        Transaction.begin()
        Transaction.disableActions = true
        panel.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        Transaction.commit()
        try connection.synchronize()
        #expect(title.frame == Rect(x: 10, y: 10, width: 80, height: 20))
        #expect(body.frame == Rect(x: 10, y: 35, width: 80, height: 35))
        let (_, values) = try connection.daemonPresentation(of: body)
        #expect(values["bounds"] == .rect(Rect(x: 0, y: 0, width: 80, height: 35)))
    }

    /// A layout that marks itself again every time.
    final class RestlessLayer: Layer {
        var layouts = 0
        override func layoutSublayers() {
            layouts += 1
            setNeedsLayout()
        }
    }

    @Test("a cycle of constraints and a layout that never settles are errors naming the layers, not hangs")
    func badLayouts() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        var reported: [LaminaError] = []
        connection.onError = { reported.append($0) }
        let panel = Layer(name: "panel")
        panel.layoutManager = ConstraintLayoutManager()
        let a = Layer(name: "a"), b = Layer(name: "b")
        a.constraints = [Constraint(.minX, relativeTo: .sibling("b"))]
        b.constraints = [Constraint(.minX, relativeTo: .sibling("a"))]
        panel.addSublayer(a)
        panel.addSublayer(b)
        connection.addLayer(panel)
        let restless = RestlessLayer(name: "restless")
        connection.addLayer(restless)
        restless.setNeedsLayout()
        Transaction.flush()
        try? connection.synchronize()
        #expect(reported.contains { "\($0)".contains("constraints form a cycle: a -> b -> a") }, "\(reported)")
        #expect(reported.contains { "\($0)".contains("layout did not settle after 16 passes") && "\($0)".contains("restless") }, "\(reported)")
        #expect(restless.layouts == 16)
    }
}
