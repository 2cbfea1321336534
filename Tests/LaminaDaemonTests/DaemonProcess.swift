import Foundation
import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWire
import Testing
import LaminaTestSupport

/// The executables `swift build` put beside the tests.
let buildFolder = ProgramRun.buildFolder

/// A datagram socket standing in for systemd's notification socket: the daemon writes `READY=1` to
/// it once it serves, which is how the tests know it is up (no sleeping, no polling of the socket).
final class NotifySocket {
    let path: String
    let fd: Int32

    init(folder: URL) throws {
        path = folder.appendingPathComponent("notify").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot bind the notify socket")
    }

    deinit { close(fd) }

    /// The next datagram's text, waiting at most `timeout` seconds.
    func next(timeout: Double = 60) -> String? {
        guard SystemCalls.waitReadable(fd, timeout: timeout) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }

    /// Waits for a datagram containing `state` (such as `READY=1`).
    func wait(for state: String, timeout: Double = 60) -> Bool {
        while let message = next(timeout: timeout) {
            if message.split(separator: "\n").contains(Substring(state)) { return true }
        }
        return false
    }
}

/// A real `laminad` process on a socket in a fresh folder, stopped with SIGTERM when the test ends.
final class DaemonProcess {
    let folder: URL
    let socketPath: String
    let process = Process()
    /// Where the daemon sends `READY=1`, `WATCHDOG=1`, `STOPPING=1`.
    let notify: NotifySocket
    private let stderrPipe = Pipe()
    /// The daemon logs at debug level: its stderr is read as it comes, since a pipe nobody reads fills
    /// at 64 KiB and would stop the daemon at its next line (and a test waiting on it, for ever).
    private let log: CollectedOutput
    /// Signalled when the process has ended, so that ending a test can bound its wait for it.
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `laminad` with `arguments` and returns once it reported READY=1; on `socketPath` when
    /// given (another daemon's, to stand in for it after it died), else on a socket of its own.
    init(_ arguments: [String] = [], environment: [String: String] = [:], socketPath: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("laminad-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.socketPath = socketPath ?? folder.appendingPathComponent("lamina.sock").path
        notify = try NotifySocket(folder: folder)
        // LAMINAD_UNDER_TEST measures another build (a release one, for docs/performance.md).
        process.executableURL = ProcessInfo.processInfo.environment["LAMINAD_UNDER_TEST"].map(URL.init(fileURLWithPath:))
            ?? buildFolder.appendingPathComponent("laminad")
        process.arguments = ["--socket", self.socketPath, "--log-level", "debug"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["NOTIFY_SOCKET"] = notify.path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.signal() }
        log = CollectedOutput(stderrPipe.fileHandleForReading)
        try process.run()
        try #require(notify.wait(for: "READY=1"), "laminad did not report READY=1")
    }

    deinit {
        if process.isRunning { end() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the daemon with SIGTERM; one that has not ended after 30 s (a daemon that hangs, which a
    /// test has already failed on) is killed, so the test run goes on.
    private func end() {
        process.terminate()
        if exited.wait(timeout: .now() + 30) == .timedOut {
            Glibc.kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Kills the daemon with SIGKILL, as a crash would, and waits for it to end.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Kills the daemon, as a crash would, and starts another with `arguments` on the same socket: a
    /// restart, as systemd makes one, which a connected app finds at its next commit.
    func restarted(_ arguments: [String]) throws -> DaemonProcess {
        kill()
        return try DaemonProcess(arguments, socketPath: socketPath)
    }

    /// A client connected and handshaken.
    func connect(_ name: String = "test") throws -> TestClient {
        try TestClient(self, name: name)
    }

    /// The daemon's open file descriptors (from /proc), to see that nothing leaked.
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    /// The daemon's resident memory in bytes (VmRSS from /proc).
    var residentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kb * 1024
    }

    /// The page faults the daemon has taken that needed no disk (minflt from /proc/PID/stat): each one
    /// a page of memory touched for the first time since it was mapped.
    var minorFaults: Int {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // After the command name's closing parenthesis: state, ppid, pgrp, session, tty, tpgid, flags, minflt.
        guard let end = stat.range(of: ") ", options: .backwards) else { return -1 }
        let fields = stat[end.upperBound...].split(separator: " ")
        return fields.count > 7 ? Int(fields[7]) ?? -1 : -1
    }

    /// Stops the daemon with SIGTERM and returns its exit status and what it logged.
    func stop() -> (status: Int32, log: String) {
        end()
        return (process.terminationStatus, log.text())
    }
}

/// Everything a pipe brings until its end, read on a thread of its own as it arrives.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let ended = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.withLock { data = all }
            ended.signal()
        }
    }

    /// The text, once the pipe ended (every writer closed it); nothing if it has not within 30 s.
    func text() -> String {
        _ = ended.wait(timeout: .now() + 30)
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}

// MARK: Conversations

/// A `WireClient` that keeps the events it reads past while waiting for a particular one, so a test
/// can wait for a reply and still see every animation event, in order.
final class TestClient {
    let wire: WireClient
    /// Events read but not yet asked for, oldest first.
    private(set) var backlog: [ServerMessage] = []

    init(_ wire: WireClient) { self.wire = wire }

    /// Connects to `daemon` and handshakes.
    convenience init(_ daemon: DaemonProcess, name: String = "test") throws {
        self.init(try WireClient.connect(path: daemon.socketPath, name: name))
    }

    func send(_ message: ClientMessage) throws { try wire.send(message) }

    /// The first event (from the backlog, then the socket) that `match` picks out; the others stay in
    /// the backlog.
    /// `timeout` bounds the whole wait, not each message: a daemon that sends other events every
    /// frame cannot keep a test waiting for ever.
    func receive<T>(timeout: Double = 30, _ match: (ServerMessage) -> T?) throws -> T {
        if let i = backlog.firstIndex(where: { match($0) != nil }) {
            return match(backlog.remove(at: i))!
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let message = try wire.receive(timeout: max(deadline.timeIntervalSinceNow, 0))
            if let value = match(message) { return value }
            backlog.append(message)
        }
    }

    /// Asks for statistics until `clients` are connected (a client's departure is queued behind its
    /// requests), for at most `timeout` seconds; fails the test if they never are.
    @discardableResult
    func waitForClients(_ clients: UInt32, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> DaemonStats
    {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var stats = try self.stats()
        while stats.clients != clients {
            try #require(deadline.timeIntervalSinceNow > 0, "\(stats.clients) clients after \(timeout) s, not \(clients)", sourceLocation: sourceLocation)
            stats = try self.stats()
        }
        return stats
    }

    /// Takes the backlog.
    func drainBacklog() -> [ServerMessage] {
        defer { backlog.removeAll() }
        return backlog
    }

    /// Commits and waits for the acknowledgement, returning the commit time; a rejection throws.
    @discardableResult
    func commit(_ serial: UInt32, _ operations: [LayerOperation], bitmaps: [WireBitmap] = []) throws -> Double {
        try send(.commit(Commit(serial: serial, bitmaps: bitmaps, operations: operations)))
        return try receive { message -> Result<Double, WireClientError>? in
            switch message {
            case .committed(serial, let time, _): .success(time)
            case .error(let report) where report.serial == serial: .failure(.refused(report))
            default: nil
            }
        }.get()
    }

    /// Commits something the daemon must refuse, and returns its error.
    func rejected(_ serial: UInt32, _ operations: [LayerOperation], bitmaps: [WireBitmap] = []) throws -> ErrorReport {
        try send(.commit(Commit(serial: serial, bitmaps: bitmaps, operations: operations)))
        return try receive { message -> Result<ErrorReport, WireClientError>? in
            switch message {
            case .committed(serial, _, _): .failure(.unexpected(message))
            case .error(let report) where report.serial == serial: .success(report)
            default: nil
            }
        }.get()
    }

    /// The next error event.
    func error() throws -> ErrorReport {
        try receive { message -> ErrorReport? in
            if case .error(let report) = message { return report }
            return nil
        }
    }

    /// The presentation values of `layer` now, by property, with the daemon's time.
    func presentation(of layer: LayerHandle, serial: UInt32 = 900) throws -> (time: Double, values: [PropertyKey: PropertyValue]) {
        try send(.queryPresentation(serial: serial, layer: layer))
        return try receive { message -> Result<(Double, [PropertyKey: PropertyValue]), WireClientError>? in
            switch message {
            case .presentation(serial, _, let time, let values):
                .success((time, Dictionary(uniqueKeysWithValues: zip(PropertyKey.allCases, values))))
            case .error(let report) where report.serial == serial: .failure(.refused(report))
            default: nil
            }
        }.get()
    }

    /// A screenshot after the next frame, decoded (straight alpha RGBA).
    func screenshot(serial: UInt32 = 901) throws -> RGBAImage {
        try send(.screenshot(serial: serial, destination: .png))
        let png = try receive { message -> [UInt8]? in
            if case .screenshot(serial, _, _, let png) = message { return png }
            return nil
        }
        return try PNG.decode(png)
    }

    /// The daemon's statistics.
    func stats(serial: UInt32 = 902) throws -> DaemonStats {
        try send(.stats(serial: serial))
        return try receive { message -> DaemonStats? in
            if case .stats(serial, let s) = message { return s }
            return nil
        }
    }

    /// Reads events until the daemon closes the connection; returns the errors it sent before.
    func errorsUntilClosed() -> [ErrorReport] {
        var errors = backlog.compactMap { message -> ErrorReport? in
            if case .error(let report) = message { return report }
            return nil
        }
        backlog.removeAll()
        let deadline = Date(timeIntervalSinceNow: 60)
        while true {
            do {
                if case .error(let report) = try wire.receive(timeout: max(deadline.timeIntervalSinceNow, 0)) { errors.append(report) }
            } catch {
                return errors
            }
        }
    }
}

/// A shared-memory pool filled with one colour (RGBA bytes), `width` x `height` pixels.
func solidPool(width: Int, height: Int, rgba: [UInt8]) throws -> SharedMemoryPool {
    let pool = try SharedMemoryPool.create(name: "test-pool", size: width * height * 4)
    fill(pool, rgba: rgba)
    return pool
}

/// Paints a whole pool with one colour.
func fill(_ pool: SharedMemoryPool, rgba: [UInt8]) {
    let bytes = pool.bytes
    for i in stride(from: 0, to: bytes.count - 3, by: 4) {
        bytes[i] = rgba[0]
        bytes[i + 1] = rgba[1]
        bytes[i + 2] = rgba[2]
        bytes[i + 3] = rgba[3]
    }
}
