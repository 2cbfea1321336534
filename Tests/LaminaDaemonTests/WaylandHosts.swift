import Foundation
import Glibc
import LaminaCore
import LaminaImage
import LaminaWire
import Testing
import LaminaTestSupport

/// A folder to serve as `XDG_RUNTIME_DIR` for a Wayland host and its clients (mode 0700, as
/// libwayland wants it), removed at the end.
final class RuntimeFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = URL(fileURLWithPath: "/tmp/lamina-wl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The test host (`Tests/WaylandTestHost/host.c`): a Wayland compositor the test drives line by line
/// on its stdin, each command answered on its stdout once done.
final class WaylandTestHost {
    let runtime: RuntimeFolder
    let socketName = "wayland-test"
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private lazy var lines = LineReader(output.fileHandleForReading.fileDescriptor, "the test host")

    /// Starts the host with a window of `width` x `height` to configure (offering fractional scales
    /// when `fractional`), and returns once it listens.
    init(width: Int, height: Int, fractional: Bool = false) throws {
        runtime = try RuntimeFolder()
        process.executableURL = buildFolder.appendingPathComponent("lamina-wayland-test-host")
        process.arguments = [socketName, "\(width)", "\(height)"] + (fractional ? ["fractional"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let first = try line()
        try #require(first == "ready", "the test host said '\(first)'")
    }

    deinit {
        // The host ends when its input does.
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// What `laminad` needs in its environment to open this host.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socketName] }

    /// Sends one command and returns the host's answer ("ok", "ok N" or "error: ...").
    @discardableResult
    func send(_ command: String, timeout: Double = 30) throws -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        let answer = try line(timeout: timeout)
        try #require(answer.hasPrefix("ok"), "the test host answered '\(answer)' to '\(command)'")
        return answer
    }

    /// Ends the host at once, as a crashed compositor would.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private func line(timeout: Double = 30) throws -> String {
        try lines.next(timeout: timeout)
    }

    /// The last buffer the window committed.
    struct Frame {
        var width: Int
        var height: Int
        var transform: Int
        /// The buffer's `wl_shm` format (0: ARGB8888, 0x34324241: ABGR8888).
        var format: Int
        var scale: Int
        var commits: Int
        /// The viewport's destination in surface units, nil when none is set.
        var viewport: (width: Int, height: Int)?
        /// Premultiplied RGBA, top row first as shown (the buffer transform undone).
        var image: RGBAImage
    }

    /// Reads the last committed buffer, as the host would show it.
    func frame() throws -> Frame {
        let path = runtime.url.appendingPathComponent("dump-\(UUID().uuidString.prefix(6)).raw").path
        try send("dump \(path)")
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let newline = try #require(data.firstIndex(of: 10))
        let header = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        try #require(header.count == 8, "header '\(header)'")
        let (width, height, format, transform) = (header[0], header[1], header[2], header[3])
        var pixels = [UInt8](data[(newline + 1)...])
        try #require(pixels.count == width * height * 4)
        // ARGB8888 ('AR24') is B, G, R, A in memory; ABGR8888 ('AB24') is R, G, B, A.
        if format == 0x3432_5241 || format == 0 {
            for i in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(i, i + 2) }
        }
        // Transform 6 (FLIPPED_180) shows the buffer upside down.
        if transform == 6 {
            let row = width * 4
            for y in 0..<(height / 2) {
                for x in 0..<row { pixels.swapAt(y * row + x, (height - 1 - y) * row + x) }
            }
        }
        return Frame(
            width: width, height: height, transform: transform, format: format, scale: header[4], commits: header[5],
            viewport: header[6] < 0 ? nil : (header[6], header[7]),
            image: RGBAImage(width: width, height: height, bytes: pixels, alpha: .premultiplied))
    }

    /// The first committed buffer (this one or a later one) that `done` accepts: each wait is for the
    /// host's next commit, so nothing is polled on a clock. Fails after `limit` commits.
    func frame(until done: (Frame) -> Bool, limit: Int = 200) throws -> Frame {
        var frame = try self.frame()
        var waited = 0
        while !done(frame) {
            waited += 1
            try #require(waited <= limit, "no committed frame was as expected after \(limit) commits")
            try send("wait-commits \(frame.commits + 1)")
            frame = try self.frame()
        }
        return frame
    }
}

extension RGBAImage {
    /// The image with straight alpha turned into premultiplied (as the GPU and a Wayland buffer hold
    /// it), rounding as GL does.
    var premultipliedBytes: [UInt8] {
        guard alpha == .straight else { return bytes }
        var out = bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Double(out[i + 3]) / 255
            for c in 0..<3 { out[i + c] = UInt8((Double(out[i + c]) * a).rounded()) }
        }
        return out
    }
}

/// Reads a child process's output line by line, waiting at most a timeout for each.
final class LineReader {
    private let fd: Int32
    private let what: String
    private var pending: [UInt8] = []

    init(_ fd: Int32, _ what: String) {
        self.fd = fd
        self.what = what
    }

    /// The next line, without its newline.
    func next(timeout: Double = 30) throws -> String {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            try #require(SystemCalls.waitReadable(fd, timeout: timeout), "\(what) said nothing within \(timeout) s")
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buffer, buffer.count)
            try #require(n > 0, "\(what) ended")
            pending += buffer[..<n]
        }
    }
}

extension TestClient {
    /// The next `outputChanged` event (the others stay in the backlog).
    func outputChanged() throws -> OutputInfo {
        try receive { message -> OutputInfo? in
            if case .outputChanged(let output) = message { return output }
            return nil
        }
    }

    /// The next `input` event.
    func input() throws -> InputEvent {
        try receive { message -> InputEvent? in
            if case .input(let event) = message { return event }
            return nil
        }
    }
}
