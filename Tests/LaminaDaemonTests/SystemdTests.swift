import Foundation
import LaminaWire
import Testing

/// The systemd integration: the unit files, socket activation, readiness, the watchdog and stopping.
@Suite("laminad under systemd", .serialized)
struct SystemdTests {
    /// The repository's `systemd/` folder (the tests run from the package root).
    let units = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("systemd")

    /// Runs a program and returns its status and everything it printed.
    func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(URL(fileURLWithPath: path), arguments)
    }

    @Test("systemd-analyze verify accepts the units without a warning")
    func verify() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The units as `make install` installs them, but with ExecStart= pointing at this build's
        // laminad (verify checks that the command exists).
        for name in ["laminad.socket", "laminad.service"] {
            var text = try String(contentsOf: units.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(
                of: "ExecStart=/usr/bin/laminad", with: "ExecStart=\(buildFolder.appendingPathComponent("laminad").path)")
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = try run(
            "/usr/bin/systemd-analyze",
            ["verify", "--man=no", folder.appendingPathComponent("laminad.socket").path, folder.appendingPathComponent("laminad.service").path])
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test("under systemd-socket-activate the daemon serves the inherited socket, reports READY=1 and pings the watchdog")
    func socketActivation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("activate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notify = try NotifySocket(folder: folder)
        let socket = folder.appendingPathComponent("activated.sock").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        process.arguments = [
            "--listen", socket, "--fdname=laminad", "-E", "NOTIFY_SOCKET", "-E", "WATCHDOG_USEC",
            buildFolder.appendingPathComponent("laminad").path,
            // A socket path that is never bound: the daemon must use the one it inherits.
            "--socket", folder.appendingPathComponent("unused.sock").path, "--size", "16x16",
        ]
        var env = ProcessInfo.processInfo.environment
        env["NOTIFY_SOCKET"] = notify.path
        env["WATCHDOG_USEC"] = "400000"
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // systemd-socket-activate binds the socket and starts laminad at the first connection.
        var client: WireClient?
        for _ in 0..<2000 where client == nil {
            client = try? WireClient(path: socket)
            if client == nil { _ = SystemCalls.waitReadable(notify.fd, timeout: 0.005) }  // the listener is not bound yet
        }
        let connection = try #require(client, "could not connect to \(socket)")
        #expect(notify.wait(for: "READY=1"))
        try connection.send(.hello(version: laminaProtocolVersion, name: "activated"))
        guard case .welcome(let welcome) = try connection.receive(timeout: 30) else {
            Issue.record("no welcome")
            return
        }
        #expect(welcome.outputs.first?.width == 16)
        try connection.send(.stats(serial: 4))
        guard case .stats(4, let stats) = try connection.receive(timeout: 30) else {
            Issue.record("no stats")
            return
        }
        #expect(stats.clients == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("unused.sock").path))
        #expect(notify.wait(for: "WATCHDOG=1"))
    }

    @Test("SIGTERM: the daemon says STOPPING=1, tells its clients goodbye and disconnects them, removes its socket and exits 0")
    func stopping() throws {
        let daemon = try DaemonProcess(["--size", "16x16"])
        let client = try daemon.connect()
        let (status, log) = daemon.stop()
        #expect(status == 0)
        #expect(daemon.notify.wait(for: "STOPPING=1", timeout: 5))
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(log.contains("disconnected: laminad is stopping"))
        #expect(try client.wire.receive(timeout: 30) == .goodbye(reason: "laminad is stopping (it was asked to: SIGTERM, SIGINT or systemctl stop)"))
        #expect(throws: WireClientError.closed) { _ = try client.wire.receive(timeout: 30) }
    }
}
