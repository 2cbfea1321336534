import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing

/// Protocol versions against a real `laminad`: a newer client is welcomed at the daemon's version, an
/// older one at its own and hears nothing newer, and version 7's additions (the daemon's hit test, the
/// goodbye) work and stay out of older sessions.
@Suite("protocol versions against a real daemon", .serialized)
@MainActor
struct ProtocolVersionTests {
    @Test("a hello newer than the daemon is welcomed at the daemon's version; a version-6 client never receives goodbye, which 7 added, and a newer one does before the socket closes")
    func goodbyeOnlyForSeven() throws {
        let daemon = try DaemonProcess(["--size", "64x48"])
        let newer = try WireClient.connect(path: daemon.socketPath, name: "from the future", version: laminaProtocolVersion + 1)
        #expect(newer.welcome?.protocolVersion == laminaProtocolVersion)
        let six = try WireClient.connect(path: daemon.socketPath, name: "six", version: 6)
        #expect(six.welcome?.protocolVersion == 6)
        // Both have a layer on screen, so both have been served a frame before the daemon stops.
        for (client, serial) in [(newer, UInt32(1)), (six, 1)] {
            try client.send(.commit(Commit(serial: serial, operations: [.create(LayerHandle(1), name: nil), .insertSublayer(LayerHandle(1), into: nil, at: nil)])))
        }
        func everything(_ client: WireClient, until done: ((ServerMessage) -> Bool)? = nil) -> [ServerMessage] {
            var heard: [ServerMessage] = []
            if let done {
                while let message = try? client.receive(timeout: 10) {
                    heard.append(message)
                    if done(message) { return heard }
                }
            }
            while let message = try? client.receive(timeout: 10) { heard.append(message) }
            return heard
        }
        func isCommitted(_ m: ServerMessage) -> Bool { if case .committed = m { true } else { false } }
        let servedSeven = everything(newer, until: isCommitted), servedSix = everything(six, until: isCommitted)
        let (status, _) = daemon.stop()
        #expect(status == 0)
        let heardBySeven = servedSeven + everything(newer), heardBySix = servedSix + everything(six)
        guard case .goodbye(let reason)? = heardBySeven.last else {
            Issue.record("the version-7 client's last message was \(String(describing: heardBySeven.last)), not goodbye")
            return
        }
        #expect(reason.contains("laminad is stopping"))
        #expect(heardBySix.contains { if case .committed = $0 { true } else { false } }, "the version-6 client was served")
        #expect(heardBySix.allSatisfy { $0.introducedIn <= 6 }, "nothing version 7 added reached version 6: \(heardBySix)")
    }

    @Test("the daemon's hit test finds a layer where it is drawn mid-animation; a session pinned at 6 gets a typed error naming the feature")
    func daemonHitTest() throws {
        let daemon = try DaemonProcess(["--size", "200x100"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "hit-test", path: daemon.socketPath)
        #expect(connection.protocolVersion == laminaProtocolVersion)
        let container = Layer(name: "container")
        container.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let child = Layer(name: "child")
        child.frame = Rect(x: 15, y: 15, width: 10, height: 10)
        container.addSublayer(child)
        connection.addLayer(container)
        try connection.synchronize()
        #expect(try connection.daemonHitTest(Point(x: 20, y: 20), in: container) === child)
        #expect(try connection.daemonHitTest(Point(x: 100, y: 50), in: container) === container)
        #expect(try connection.daemonHitTest(Point(x: 300, y: 50), in: container) == nil, "outside the container")
        // The model jumps to x 180; the drawn layer slides there from 20 over 100 seconds, so the daemon
        // finds it near 20 and not at 180.
        Transaction.begin()
        Transaction.disableActions = true
        child.position = Point(x: 180, y: 20)
        let slide = Lamina.BasicAnimation(keyPath: "position")
        slide.fromValue = Point(x: 20, y: 20)
        slide.duration = 100
        child.add(slide, forKey: "slide")
        Transaction.commit()
        try connection.synchronize()
        // A frame with the animation is on screen once a requested frame has come back.
        var framed = false
        let link = DisplayLink { _ in framed = true }
        link.add(to: connection)
        try connection.wait { framed }
        link.invalidate()
        #expect(try connection.daemonHitTest(Point(x: 20, y: 20), in: container) === child)
        #expect(try connection.daemonHitTest(Point(x: 180, y: 20), in: container) === container)
        // A layer the daemon does not know is an error with the daemon's message.
        #expect(throws: LaminaError.self) { try connection.daemonHitTest(Point(x: 1, y: 1), in: Layer()) }
        connection.close()

        let pinned = try Connection(name: "pinned", path: daemon.socketPath, version: 6)
        #expect(pinned.protocolVersion == 6)
        let layer = Layer()
        layer.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        pinned.addLayer(layer)
        try pinned.synchronize()
        #expect(throws: LaminaError.unsupported(feature: "hitTest", introducedIn: 7, sessionVersion: 6)) {
            try pinned.daemonHitTest(Point(x: 1, y: 1), in: layer)
        }
        #expect("\(LaminaError.unsupported(feature: "hitTest", introducedIn: 7, sessionVersion: 6))" == "hitTest needs protocol version 7; this session speaks version 6")
        pinned.close()
    }

    @Test("stats carry the frame counters to a version-8 client, and end where version 7's did for a version-7 one")
    func statsCounters() throws {
        let daemon = try DaemonProcess(["--size", "64x48"])
        defer { withExtendedLifetime(daemon) {} }
        let eight = try daemon.connect("eight")
        try eight.commit(1, [
            .create(LayerHandle(1), name: nil), .set(LayerHandle(1), LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 20, height: 20))),
            .set(LayerHandle(1), LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 0, blue: 0))),
            .insertSublayer(LayerHandle(1), into: nil, at: nil),
        ])
        // A few frames that draw the layer.
        for serial in UInt32(2)...5 {
            try eight.commit(serial, [.set(LayerHandle(1), LayerKeyPath(.position), .point(Point(x: Double(serial) * 5, y: 10)))])
        }
        let counted = try eight.stats().counters
        #expect(counted.drawCalls.median >= 1 && counted.instancesVisited.median >= 1, "\(counted)")
        #expect(counted.uploadedInstanceBytes.median > 0 && counted.cpuMilliseconds.p99 > 0, "\(counted)")
        #expect(counted.glObjectsCreated.median == 0, "steady frames make no GL objects: \(counted)")
        let seven = TestClient(try WireClient.connect(path: daemon.socketPath, name: "seven", version: 7))
        let old = try seven.stats()
        #expect(old.counters == FrameCounterSummaries() && old.layers == 1, "a version-7 session reads stats as version 7 wrote them")
    }

    @Test("the client library reports the daemon's goodbye reason when the daemon stops and does not come back")
    func clientSeesGoodbye() throws {
        let daemon = try DaemonProcess(["--size", "64x48"])
        let connection = try Connection(name: "goodbye", path: daemon.socketPath)
        connection.reconnectsAutomatically = false
        let layer = Layer()
        connection.addLayer(layer)
        try connection.synchronize()
        _ = daemon.stop()
        #expect(throws: LaminaError.daemonStopped(reason: "laminad is stopping (it was asked to: SIGTERM, SIGINT or systemctl stop)")) {
            for _ in 0..<10 { try connection.processEvents(timeout: 5) }  // the end of the stream comes at once
        }
    }
}
