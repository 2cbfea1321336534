import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing

/// A commit the daemon refuses is undone in the app's model: the layers show what the daemon shows.
@MainActor
@Suite("Rejected commits roll back", .serialized)
struct RollbackTests {
    @Test("a refused commit's values, layers and hierarchy are undone in the app; what followed it still applies")
    func rejectedCommitRollsBack() throws {
        let daemon = try DaemonProcess(["--size", "16x16", "--max-layers", "2"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "rollback-tests", path: daemon.socketPath)
        connection.onError = { _ in }
        let a = Layer(), b = Layer()
        connection.addLayer(a)
        a.addSublayer(b)
        b.opacity = 0.75
        try connection.synchronize()

        // A third layer goes past the limit of two: the daemon refuses the whole commit.
        let c = Layer()
        Transaction.begin()
        Transaction.disableActions = true
        b.addSublayer(c)
        b.opacity = 0.5
        a.backgroundColor = Color(red: 1, green: 0, blue: 0)
        Transaction.commit()
        do {
            try connection.synchronize()
            Issue.record("the commit was not refused")
        } catch {}
        #expect(b.opacity == 0.75, "the refused value is undone")
        #expect(a.backgroundColor == .clear)
        #expect(c.superlayer == nil && (b.sublayers ?? []).isEmpty, "the refused sublayer is detached again")
        #expect(b.superlayer === a && a.sublayers?.count == 1)

        // The app carries on from what the daemon has.
        Transaction.begin()
        Transaction.disableActions = true
        b.opacity = 0.25
        Transaction.commit()
        try connection.synchronize()
        let (_, values) = try connection.daemonPresentation(of: b)
        #expect(values["opacity"] == .number(0.25))
        #expect(b.opacity == 0.25)
    }
}
