import Glibc
import LaminaCore
import LaminaModel
import LaminaSession
import LaminaWire
import Testing

/// `acquireFence` (version 12) in a session with no socket, the clock and the fences' readiness in the
/// test's hands: a commit sent after fences is held until every one has signalled, the client's later
/// messages wait behind it, a fence that never signals fails its commit whole at the deadline, and
/// every fence descriptor is closed exactly once, after it left the shell's epoll.
@Suite("Acquire fences in the session")
struct AcquireFenceSessionTests {
    /// A session on a fixed clock (100 s) whose host records the fences it stops watching.
    final class Harness {
        /// The fences the session asked the shell to stop watching, in order.
        final class Unwatched { var fences: [Int32] = [] }
        let unwatchedBox = Unwatched()
        let session: ClientSession
        var unwatched: [Int32] { unwatchedBox.fences }

        init(version: UInt32 = laminaProtocolVersion) throws {
            let settings = SessionSettings(access: AccessPolicy(daemonUID: 1, privilegedGroup: nil))
            let box = unwatchedBox
            session = ClientSession(
                id: ClientID(3), peer: nil, settings: settings,
                host: SessionHost(now: { 100 }, poolTotals: { (0, 0) }, unwatchFence: { box.fences.append($0) }))
            ClientSessionTests.send(.hello(version: version, name: "fenced"), to: session)
            _ = try ClientSessionTests.read(session)
        }

        /// Sends a fence, then commit `serial` (a new layer), which the session holds; returns the fence.
        @discardableResult
        func hold(_ serial: UInt32) throws -> SharedBufferSessionTests.SentDescriptor {
            let fence = try SharedBufferSessionTests.descriptor()
            ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: session)
            ClientSessionTests.send(AcquireFenceSessionTests.commit(serial), to: session)
            return fence
        }
    }

    static func commit(_ serial: UInt32, layer: UInt64 = 1) -> ClientMessage {
        .commit(Commit(serial: serial, bitmaps: [], operations: [.create(LayerHandle(layer), name: nil, kind: .layer)], released: []))
    }

    /// The serials of the commits among `requests`.
    static func commits(_ requests: [CompositorRequest]) -> [UInt32] {
        requests.compactMap { if case .commit(_, let c) = $0 { c.serial } else { nil } }
    }

    @Test("a commit after a fence waits for it, the client's later requests wait behind it, and the fence is unwatched and closed when it signals")
    func heldUntilSignalled() throws {
        let h = try Harness()
        let fence = try SharedBufferSessionTests.descriptor()
        #expect(ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: h.session).requests.isEmpty)
        let held = ClientSessionTests.send(Self.commit(3), to: h.session)
        #expect(held.requests.isEmpty && held.watchFence == fence.fd)
        #expect(h.session.isWaitingForFence && !h.session.wantsInput && h.session.fenceDeadline == 101)
        // Sent meanwhile: kept in the framer, not handled.
        #expect(ClientSessionTests.send(.requestFrame(serial: 4), to: h.session).requests.isEmpty)
        #expect(SharedBufferSessionTests.isOpen(fence))

        let signalled = h.session.fenceSignalled()
        #expect(Self.commits(signalled.requests) == [3] && signalled.watchFence == nil)
        #expect(h.unwatched == [fence.fd] && !SharedBufferSessionTests.isOpen(fence))
        #expect(!h.session.isWaitingForFence && h.session.pendingRequests == 1)
        let resumed = h.session.resume()
        guard case .requestFrame(_, serial: 4)? = resumed.requests.first else {
            Issue.record("the frame request waiting behind the commit did not follow it: \(resumed.requests)")
            return
        }
        #expect(try ClientSessionTests.read(h.session).isEmpty, "nothing was refused")
    }

    @Test("a commit after two fences waits for both, watching one at a time in the order they came")
    func twoFences() throws {
        let h = try Harness()
        let (a, b) = (try SharedBufferSessionTests.descriptor(), try SharedBufferSessionTests.descriptor())
        ClientSessionTests.send(.acquireFence(descriptor: a.fd), to: h.session)
        ClientSessionTests.send(.acquireFence(descriptor: b.fd), to: h.session)
        #expect(ClientSessionTests.send(Self.commit(5), to: h.session).watchFence == a.fd)
        let first = h.session.fenceSignalled()
        #expect(first.requests.isEmpty && first.watchFence == b.fd && h.session.watchedFence == b.fd)
        #expect(!SharedBufferSessionTests.isOpen(a) && SharedBufferSessionTests.isOpen(b))
        #expect(Self.commits(h.session.fenceSignalled().requests) == [5])
        #expect(h.unwatched == [a.fd, b.fd] && !SharedBufferSessionTests.isOpen(b))
    }

    @Test("a commit without fences goes at once; a fence applies to the next commit only")
    func fenceIsForTheNextCommitOnly() throws {
        let h = try Harness()
        #expect(Self.commits(ClientSessionTests.send(Self.commit(1), to: h.session).requests) == [1])
        let fence = try SharedBufferSessionTests.descriptor()
        ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: h.session)
        #expect(ClientSessionTests.send(Self.commit(2, layer: 2), to: h.session).requests.isEmpty)
        #expect(Self.commits(h.session.fenceSignalled().requests) == [2])
        #expect(Self.commits(h.session.resume().requests + ClientSessionTests.send(Self.commit(3, layer: 3), to: h.session).requests) == [3])
    }

    @Test("a fence that has not signalled by the deadline fails its commit whole with the commit's serial; the session goes on")
    func timeout() throws {
        let h = try Harness()
        let fence = try h.hold(7)
        #expect(h.session.expireFence(now: 100.999).requests.isEmpty && h.session.isWaitingForFence, "not yet: one second")
        let expired = h.session.expireFence(now: 101)
        #expect(expired.requests.isEmpty && !h.session.isWaitingForFence && !h.session.isClosed)
        #expect(h.unwatched == [fence.fd] && !SharedBufferSessionTests.isOpen(fence))
        let replies = try ClientSessionTests.read(h.session)
        #expect(replies.map(\.errorCode) == [.renderer] && replies.first?.errorSerial == 7)
        #expect(
            replies.first?.errorMessage
                == "commit 7: its acquire fence did not signal within 1.0 s (SessionSettings.fenceTimeout); the commit is refused whole")
        #expect(Self.commits(ClientSessionTests.send(Self.commit(8), to: h.session).requests) == [8], "later commits go through")
    }

    @Test("a fence the shell cannot wait on fails its commit, naming why")
    func unwaitable() throws {
        let h = try Harness()
        let fence = try h.hold(9)
        #expect(h.session.refuseHeldCommit("its acquire fence cannot be waited on (EPERM)").requests.isEmpty)
        #expect(try ClientSessionTests.read(h.session).first?.errorMessage == "commit 9: its acquire fence cannot be waited on (EPERM)")
        #expect(!SharedBufferSessionTests.isOpen(fence) && h.session.wantsInput)
    }

    @Test("more fences for one commit than the limit: the extra one is refused and closed, the others kept")
    func fenceLimit() throws {
        let h = try Harness()
        let fences = try (0...SessionSettings.maxFencesPerCommit).map { _ in try SharedBufferSessionTests.descriptor() }
        for fence in fences { ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: h.session) }
        let replies = try ClientSessionTests.read(h.session)
        #expect(replies.map(\.errorCode) == [.limitExceeded])
        #expect(replies.first?.errorMessage == "acquireFence: 8 fences for one commit is the limit")
        #expect(fences.map(SharedBufferSessionTests.isOpen) == Array(repeating: true, count: 8) + [false])
        #expect(ClientSessionTests.send(Self.commit(1), to: h.session).watchFence == fences[0].fd)
    }

    @Test("a commit its checks refuse takes its fences with it: closed, nothing held")
    func refusedCommitClosesFences() throws {
        let h = try Harness()
        let fence = try SharedBufferSessionTests.descriptor()
        ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: h.session)
        let bitmap = WireBitmap(id: BitmapID(1), pool: 9, offset: 0, width: 1, height: 1, stride: 4, format: .rgba8, premultiplied: true)
        let effects = ClientSessionTests.send(.commit(Commit(serial: 4, bitmaps: [bitmap], operations: [], released: [])), to: h.session)
        #expect(effects.requests.isEmpty && effects.watchFence == nil && !h.session.isWaitingForFence)
        #expect(try ClientSessionTests.read(h.session).map(\.errorCode) == [.invalidPool])
        #expect(!SharedBufferSessionTests.isOpen(fence) && h.unwatched.isEmpty, "never watched")
    }

    @Test("a session that ends while a commit waits closes its fence, unwatched first, and the commit never reaches the compositor")
    func endWhileHeld() throws {
        let h = try Harness()
        let (held, pending) = (try SharedBufferSessionTests.descriptor(), try SharedBufferSessionTests.descriptor())
        ClientSessionTests.send(.acquireFence(descriptor: held.fd), to: h.session)
        ClientSessionTests.send(Self.commit(2), to: h.session)
        ClientSessionTests.send(.acquireFence(descriptor: pending.fd), to: h.session)  // waits in the framer
        let effects = h.session.end(reason: "the socket hung up")
        #expect(Self.commits(effects.requests).isEmpty)
        #expect(h.unwatched == [held.fd] && !SharedBufferSessionTests.isOpen(held))
        #expect(h.session.fenceSignalled().requests.isEmpty, "a late readiness finds nothing")
    }

    @Test("a version-11 session knows no acquireFence: an unknown opcode, its descriptor closed")
    func olderVersion() throws {
        let h = try Harness(version: 11)
        let fence = try SharedBufferSessionTests.descriptor()
        ClientSessionTests.send(.acquireFence(descriptor: fence.fd), to: h.session)
        #expect(!SharedBufferSessionTests.isOpen(fence))
        #expect(try ClientSessionTests.read(h.session).first?.errorMessage
            == "unknown request opcode 14 in protocol version 11 (acquireFence came with version 12)")
        #expect(Self.commits(ClientSessionTests.send(Self.commit(1), to: h.session).requests) == [1])
    }
}
