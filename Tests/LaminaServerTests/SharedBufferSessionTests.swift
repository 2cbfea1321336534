import Glibc
import LaminaCore
import LaminaModel
import LaminaSession
import LaminaWire
import Testing

/// `importBuffer` (version 11) in a session with no socket: a daemon that cannot import DMA-BUFs says
/// why in its welcome and refuses each buffer with that reason, closing its descriptors; one that can
/// checks the buffer against its formats and limits before the compositor sees it. Refusals are not
/// fatal: the client shares through memory instead.
@Suite("Shared GPU buffers in the session")
struct SharedBufferSessionTests {
    /// A descriptor to send (a pipe's write end standing in for a DMA-BUF or a fence), with its pipe's
    /// read end: whether the sent one was closed is read from the pipe, never from the number, which
    /// the kernel gives again to the next descriptor opened, perhaps by a test running meanwhile.
    struct SentDescriptor {
        /// The descriptor to send.
        let fd: Int32
        fileprivate let watch: Int32
    }

    static func descriptor() throws -> SentDescriptor {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure("pipe: errno \(errno)") }
        return SentDescriptor(fd: ends[1], watch: ends[0])
    }

    /// Whether a descriptor from `descriptor()` is still open anywhere: its pipe has not hung up.
    static func isOpen(_ sent: SentDescriptor) -> Bool {
        var entry = pollfd(fd: sent.watch, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, 0)
        return entry.revents & Int16(POLLHUP) == 0
    }

    static func buffer(fourcc: UInt32 = WireDMABuf.fourcc("AB24"), width: UInt32 = 64, stride: UInt32 = 256, planes: Int = 1) -> WireDMABuf {
        WireDMABuf(
            id: BitmapID(5), width: width, height: 32, fourcc: fourcc, modifier: WireDMABuf.noModifier,
            planes: Array(repeating: WireDMABuf.Plane(offset: 0, stride: stride), count: planes))
    }

    static func open(_ sharing: BufferSharing) throws -> (ClientSession, Welcome) {
        let session = ClientSessionTests.session(bufferSharing: sharing)
        ClientSessionTests.send(.hello(version: laminaProtocolVersion, name: "gl"), to: session)
        guard case .welcome(let welcome)? = try ClientSessionTests.read(session).first else { throw Failure("no welcome") }
        return (session, welcome)
    }

    struct Failure: Error { let message: String; init(_ m: String) { message = m } }

    @Test("a daemon that cannot import says why in its welcome, and refuses a buffer with that reason, closing its descriptor, the session open")
    func refusedWithReason() throws {
        let (session, welcome) = try Self.open(.sharedMemoryOnly(reason: "EGL_EXT_image_dma_buf_import is missing on Mesa surfaceless"))
        #expect(welcome.bufferSharing == .sharedMemoryOnly(reason: "EGL_EXT_image_dma_buf_import is missing on Mesa surfaceless"))
        let fd = try Self.descriptor()
        let effects = ClientSessionTests.send(.importBuffer(serial: 9, buffer: Self.buffer(), descriptors: [fd.fd]), to: session)
        #expect(effects.requests.isEmpty && !session.isClosed)
        #expect(!Self.isOpen(fd), "the refused buffer's descriptor is closed")
        let replies = try ClientSessionTests.read(session)
        #expect(replies.map(\.errorCode) == [.invalidBitmap])
        #expect(replies.first?.errorMessage == "importBuffer (bitmap 5): this daemon does not import DMA-BUFs (EGL_EXT_image_dma_buf_import is missing on Mesa surfaceless); share frames through a pool")
        guard case .error(let report)? = replies.first else { return }
        #expect(report.serial == 9)
    }

    @Test("a daemon that imports checks format, planes, stride and size, naming what was wrong; a good buffer goes to the compositor with its descriptor")
    func checked() throws {
        let (session, welcome) = try Self.open(.dmaBuf)
        #expect(welcome.bufferSharing == .dmaBuf)
        let cases: [(WireDMABuf, String)] = [
            (Self.buffer(fourcc: WireDMABuf.fourcc("NV12")), "fourcc 0x3231564e is not a format the daemon takes (ABGR8888, ARGB8888, XBGR8888, XRGB8888)"),
            (Self.buffer(planes: 2), "ABGR8888 has one plane, not 2"),
            (Self.buffer(stride: 200), "the stride 200 is less than 4 x width 64"),
            (Self.buffer(width: 20000, stride: 80000), "20000x32 is outside 1...16384 on a side"),
            (Self.buffer(stride: UInt32.max), "the plane's offset 0 and stride 4294967295 must each be at most 2147483647"),
        ]
        for (buffer, message) in cases {
            let fds = try (0..<buffer.planes.count).map { _ in try Self.descriptor() }
            let effects = ClientSessionTests.send(.importBuffer(serial: 3, buffer: buffer, descriptors: fds.map(\.fd)), to: session)
            #expect(effects.requests.isEmpty && !session.isClosed)
            #expect(fds.allSatisfy { !Self.isOpen($0) })
            #expect(try ClientSessionTests.read(session).first?.errorMessage == "importBuffer (bitmap 5): \(message)")
        }
        let fd = try Self.descriptor()
        let effects = ClientSessionTests.send(.importBuffer(serial: 4, buffer: Self.buffer(fourcc: WireDMABuf.fourcc("XB24")), descriptors: [fd.fd]), to: session)
        guard case .importBuffer(let client, 4, let shared)? = effects.requests.first else {
            Issue.record("\(effects.requests)")
            return
        }
        #expect(client == ClientID(7) && shared.id == BitmapID(5) && shared.width == 64 && shared.height == 32 && shared.isOpaque)
        #expect(shared.planes.count == 1 && shared.planes[0].stride == 256 && shared.planes[0].offset == 0)
        // The session handed the descriptor on (the kernel gave the session its own copy; this one
        // is the test's).
        #expect(shared.planes[0].descriptor == fd.fd && Self.isOpen(fd))
        close(shared.planes[0].descriptor)
    }

    @Test("a buffer whose descriptors do not match its planes is a malformed message")
    func descriptorsMatchPlanes() throws {
        let (session, _) = try Self.open(.dmaBuf)
        let fds = [try Self.descriptor(), try Self.descriptor()]
        var raw = ClientMessage.importBuffer(serial: 3, buffer: Self.buffer(), descriptors: fds.map(\.fd)).raw
        raw.descriptors = fds.map(\.fd)
        _ = raw.encoded.withUnsafeBytes { session.receive($0, descriptors: fds.map(\.fd)) }
        #expect(fds.allSatisfy { !Self.isOpen($0) })
        #expect(try ClientSessionTests.read(session).first?.errorMessage == "importBuffer: importBuffer carries 2 file descriptors for 1 planes (at byte 0)")
    }

    @Test("a version-10 session knows no importBuffer: an unknown opcode, its descriptor closed")
    func olderVersion() throws {
        let session = ClientSessionTests.session()
        ClientSessionTests.send(.hello(version: 10, name: "old"), to: session)
        guard case .welcome(let welcome)? = try ClientSessionTests.read(session).first else { throw Failure("no welcome") }
        #expect(welcome.bufferSharing == .sharedMemoryOnly(reason: "protocol version 10 has no DMA-BUF import"))
        let fd = try Self.descriptor()
        ClientSessionTests.send(.importBuffer(serial: 3, buffer: Self.buffer(), descriptors: [fd.fd]), to: session)
        #expect(!Self.isOpen(fd))
        #expect(try ClientSessionTests.read(session).first?.errorCode == .malformedMessage)
    }

    @Test("a client may have 64 buffers shared at once: the 65th is refused naming the limit until a commit releases one; sharing an id again replaces it")
    func limit() throws {
        let (session, _) = try Self.open(.dmaBuf)
        func share(_ id: UInt64) throws -> ClientSession.Effects {
            var buffer = Self.buffer()
            buffer.id = BitmapID(id)
            let effects = ClientSessionTests.send(.importBuffer(serial: UInt32(id), buffer: buffer, descriptors: [try Self.descriptor().fd]), to: session)
            for case .importBuffer(_, _, let shared) in effects.requests { close(shared.planes[0].descriptor) }
            return effects
        }
        for id in 1...64 { #expect(try share(UInt64(id)).requests.count == 1) }
        #expect(try share(7).requests.count == 1, "the same id again replaces its buffer")
        #expect(try share(65).requests.isEmpty)
        let replies = try ClientSessionTests.read(session)
        #expect(replies.map(\.errorCode) == [.limitExceeded] && !session.isClosed)
        #expect(replies.first?.errorMessage == "importBuffer (bitmap 65): 64 shared buffers is the limit; release one (a commit's released array) first")
        ClientSessionTests.send(.commit(Commit<WireBitmap>(serial: 100, operations: [], released: [BitmapID(3)])), to: session)
        #expect(try share(65).requests.count == 1)
    }
}
