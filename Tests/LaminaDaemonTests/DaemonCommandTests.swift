import Foundation
import Lamina
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWire
import Testing

/// `lamina play`, `tree`, `screenshot` and `stats` against a real daemon, as separate processes.
@MainActor
@Suite("lamina commands against laminad", .serialized)
struct DaemonCommandTests {
    @Test("tree, screenshot and stats show what a client library app committed")
    func inspect() throws {
        let daemon = try DaemonProcess(["--size", "40x30"])
        defer { withExtendedLifetime(daemon) {} }
        let connection = try Connection(name: "inspected", path: daemon.socketPath)
        let card = Layer(name: "card")
        card.frame = Rect(x: 5, y: 5, width: 20, height: 10)
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let badge = Layer(name: "badge")
        badge.frame = Rect(x: 0, y: 0, width: 4, height: 4)
        badge.opacity = 0.5
        card.addSublayer(badge)
        connection.addLayer(card)
        try connection.synchronize()

        let tree = try runLamina(["tree", "--socket", daemon.socketPath])
        #expect(tree.status == 0)
        #expect(tree.output.contains("\"inspected\""))
        #expect(tree.output.contains("  layer@\(1) \"card\" frame (5, 5, 20, 10)") || tree.output.contains("\"card\" frame (5, 5, 20, 10)"))
        #expect(tree.output.contains("    ") && tree.output.contains("\"badge\" frame (0, 0, 4, 4) opacity 0.5"))

        let file = daemon.folder.appendingPathComponent("shot.png").path
        let shot = try runLamina(["screenshot", "--socket", daemon.socketPath, "--output", file])
        #expect(shot.status == 0 && shot.output.contains("40x30"))
        let image = try PNG.decode(fileAtPath: file)
        #expect(image[10, 10] == SIMD4<UInt8>(0, 0, 255, 255) && image[30, 10] == SIMD4<UInt8>(0, 0, 0, 0))

        let stats = try runLamina(["stats", "--socket", daemon.socketPath])
        #expect(stats.status == 0 && stats.output.contains("\"layers\": 2") && stats.output.contains("\"clients\": 2"))

        let missing = try runLamina(["tree", "--socket", daemon.folder.appendingPathComponent("none").path])
        #expect(missing.status == 1 && missing.output.contains("no Lamina daemon at"))
    }

    @Test("a client's tree shows only its own layers; another user is refused every client's tree and screenshots, and told why")
    func readsAreIsolated() throws {
        let daemon = try DaemonProcess(["--size", "40x30"])
        defer { withExtendedLifetime(daemon) {} }
        // Two applications (raw clients: the client library keeps one connection per process).
        var clients: [TestClient] = []
        for (i, name) in ["mine", "theirs"].enumerated() {
            let client = try TestClient(daemon, name: "app \(i)")
            _ = try client.commit(1, [.create(LayerHandle(1), name: name), .insertSublayer(LayerHandle(1), into: nil, at: nil)])
            clients.append(client)
        }
        func tree(_ client: TestClient, _ scope: TreeScope) throws -> [String?] {
            try client.send(.tree(serial: 7, scope: scope))
            return try client.receive { message -> [String?]? in
                if case .tree(7, let nodes) = message { return nodes.map(\.name) }
                return nil
            }
        }
        #expect(try tree(clients[0], .own) == ["mine"])
        #expect(try tree(clients[1], .own) == ["theirs"])
        #expect(try tree(clients[0], .allClients) == ["mine", "theirs"], "root is privileged")

        // The socket is 0660 and root's: an unprivileged user cannot even connect...
        var status = stat()
        #expect(stat(daemon.socketPath, &status) == 0 && status.st_mode & 0o777 == 0o660)
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", buildFolder.appendingPathComponent("lamina").path]
        let locked = try runProgram(setpriv, asNobody + ["tree", "--socket", daemon.socketPath])
        #expect(locked.status == 1 && locked.output.contains("Permission denied"), "\(locked.output)")
        // ...and once let in, is refused what belongs to others, with the reason.
        #expect(chmod(daemon.socketPath, 0o666) == 0)
        let tree = try runProgram(setpriv, asNobody + ["tree", "--socket", daemon.socketPath])
        #expect(tree.status == 1 && tree.output.contains("only privileged users may read other clients' layer trees"), "\(tree.output)")
        #expect(!tree.output.contains("mine") && !tree.output.contains("theirs"))
        let file = daemon.folder.appendingPathComponent("refused.png").path
        let shot = try runProgram(setpriv, asNobody + ["screenshot", "--socket", daemon.socketPath, "--output", file])
        #expect(shot.status == 1 && shot.output.contains("only privileged users may take screenshots"), "\(shot.output)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("play sends a scene's timeline in real time, each commit at its scene time")
    func play() throws {
        let daemon = try DaemonProcess(["--size", "200x120"])
        defer { withExtendedLifetime(daemon) {} }
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/transition.json").path
        let run = try runLamina(["play", scene, "--socket", daemon.socketPath, "--hold", "0"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("t=0.0: commit 0 applied at +0.0 s"))
        // The second commit is applied at the first frame tick at or after one second.
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("t=1.0: commit 1 applied at +") })
        let offset = try #require(Double(line.split(separator: "+")[1].split(separator: " ")[0]))
        #expect(offset >= 1.0 && offset < 1.1, "\(line)")
        let broken = try runLamina(["play", "/nonexistent.json", "--socket", daemon.socketPath])
        #expect(broken.status == 1)
    }
}
