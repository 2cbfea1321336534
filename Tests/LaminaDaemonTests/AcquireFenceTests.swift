import Foundation
import Glibc
import LaminaCore
import LaminaWire
import Testing

/// `acquireFence` (version 12) against a real `laminad`: a commit after a fence is held in the daemon
/// until the fence signals, while every other client's frames go on; one whose fence never signals is
/// refused at the deadline; a descriptor that cannot be waited on is refused by name; fences are closed
/// when their client goes. A pipe's read end stands in for a `sync_file`: both poll readable once
/// signalled (here: written to), and llvmpipe makes no native fences.
@Suite("Acquire fences in laminad", .serialized)
struct AcquireFenceTests {
    static let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
    let layer = LayerHandle(1)

    /// A fence and the means to signal it: the read end goes to the daemon (ours closed once sent).
    struct PipeFence {
        let fence: Int32, signal: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            (fence, signal) = (ends[0], ends[1])
        }
        func fire() { _ = write(signal, "x", 1) }
        /// Waits until nothing holds the read end any more: the write end then polls an error (asked
        /// for no event, poll reports only that).
        func readEndClosed(timeout: Int32) -> Bool {
            var entry = pollfd(fd: signal, events: 0, revents: 0)
            return poll(&entry, 1, timeout) == 1 && entry.revents & Int16(POLLERR) != 0
        }
    }

    func cover(_ color: Color) -> [LayerOperation] {
        [
            .create(layer, name: "fenced"), .set(layer, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 16, height: 16))),
            .set(layer, LayerKeyPath(.position), .point(Point(x: 8, y: 8))), .insertSublayer(layer, into: nil, at: nil),
            .set(layer, LayerKeyPath(.backgroundColor), .color(color)),
        ]
    }

    /// Sends a fence and a commit after it; the fence's read end is the daemon's alone afterwards.
    func sendFenced(_ app: TestClient, _ fence: PipeFence, serial: UInt32, _ operations: [LayerOperation]) throws {
        try app.send(.acquireFence(descriptor: fence.fence))
        close(fence.fence)
        try app.send(.commit(Commit(serial: serial, bitmaps: [], operations: operations)))
    }

    @Test("a commit after a fence shows only once the fence signals, while another client's frames go on")
    func heldUntilSignalled() throws {
        let daemon = try DaemonProcess(["--size", "16x16"])
        let app = try daemon.connect("fenced"), watcher = try daemon.connect("watcher")
        try app.commit(1, cover(Self.red))
        let fence = try PipeFence()
        defer { close(fence.signal) }
        try sendFenced(app, fence, serial: 2, [.set(layer, LayerKeyPath(.backgroundColor), .color(Self.green))])
        // Frames go on for everyone (each a frame drawn after the commit arrived), showing the old colour.
        for serial in UInt32(10)..<13 {
            try watcher.send(.requestFrame(serial: serial))
            _ = try watcher.receive { message -> Bool? in if case .frame(serial, _, _) = message { true } else { nil } }
            #expect(try watcher.screenshot(serial: 100 + serial)[8, 8] == SIMD4(255, 0, 0, 255), "frame \(serial - 9): still red")
        }
        #expect(!app.drainBacklog().contains { if case .committed(2, _, _) = $0 { true } else { false } })
        fence.fire()
        _ = try app.receive { message -> Bool? in if case .committed(2, _, _) = message { true } else { nil } }
        #expect(try watcher.screenshot()[8, 8] == SIMD4(0, 255, 0, 255), "green once the fence signalled")
        #expect(fence.readEndClosed(timeout: 10_000), "the daemon closed its fence")
    }

    @Test("a fence that never signals fails its commit at the deadline (renderer, with its serial), nothing of it shown; the client goes on")
    func neverSignalled() throws {
        let daemon = try DaemonProcess(["--size", "16x16"])
        let app = try daemon.connect("hung")
        try app.commit(1, cover(Self.red))
        let fence = try PipeFence()
        defer { close(fence.signal) }
        try sendFenced(app, fence, serial: 2, [.set(layer, LayerKeyPath(.backgroundColor), .color(Self.green))])
        let error = try app.error()
        #expect(error.serial == 2 && error.code == .renderer)
        #expect(error.message == "commit 2: its acquire fence did not signal within 1.0 s (SessionSettings.fenceTimeout); the commit is refused whole")
        #expect(fence.readEndClosed(timeout: 10_000))
        #expect(try app.screenshot()[8, 8] == SIMD4(255, 0, 0, 255))
        try app.commit(3, [.set(layer, LayerKeyPath(.backgroundColor), .color(Self.green))])
        #expect(try app.screenshot()[8, 8] == SIMD4(0, 255, 0, 255))
    }

    @Test("a regular file sent as a fence refuses its commit, naming why; the client goes on")
    func unwaitable() throws {
        let daemon = try DaemonProcess(["--size", "16x16"])
        let app = try daemon.connect("file-fence")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-fence-\(getpid())").path
        try #require(FileManager.default.createFile(atPath: file, contents: Data([1])))
        defer { unlink(file) }
        let fd = open(file, O_RDONLY)
        try #require(fd >= 0)
        try app.send(.acquireFence(descriptor: fd))
        close(fd)
        try app.send(.commit(Commit(serial: 4, bitmaps: [], operations: cover(Self.green))))
        let error = try app.error()
        #expect(error.serial == 4 && error.code == .renderer)
        #expect(error.message.hasPrefix("commit 4: its acquire fence cannot be waited on (epoll_ctl ADD"), "\(error.message)")
        try app.commit(5, cover(Self.red))
    }

    @Test("a client that leaves while its commit waits: the daemon closes the fence and serves the others")
    func clientLeaves() throws {
        let daemon = try DaemonProcess(["--size", "16x16"])
        let fence = try PipeFence()
        defer { close(fence.signal) }
        do {
            let app = try daemon.connect("leaving")
            try app.commit(1, cover(Self.red))
            try sendFenced(app, fence, serial: 2, [.set(layer, LayerKeyPath(.backgroundColor), .color(Self.green))])
        }
        #expect(fence.readEndClosed(timeout: 10_000), "the fence went with its client")
        let other = try daemon.connect("other")
        try other.commit(1, cover(Self.green))
        #expect(try other.screenshot()[8, 8] == SIMD4(0, 255, 0, 255))
    }
}
