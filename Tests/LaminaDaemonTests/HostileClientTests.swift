import CLaminaSys
import Foundation
import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWire
import Testing
import LaminaTestSupport

/// Clients that misbehave on purpose. After each, the daemon still serves a bystander whose layer is
/// unchanged, and its statistics and open descriptors show nothing of the offender left behind.
@Suite("laminad against hostile clients", .serialized)
struct HostileClientTests {
    let h1 = LayerHandle(1), h2 = LayerHandle(2)

    /// A daemon with a bystander client showing one red 8x8 layer.
    struct Setup {
        let daemon: DaemonProcess
        let bystander: TestClient
        let descriptors: Int

        init(_ arguments: [String] = []) throws {
            daemon = try DaemonProcess(["--size", "16x16"] + arguments)
            bystander = try daemon.connect("bystander")
            try bystander.commit(
                1,
                [
                    .create(LayerHandle(1), name: nil),
                    .set(LayerHandle(1), LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 8, height: 8))),
                    .set(LayerHandle(1), LayerKeyPath(.position), .point(Point(x: 4, y: 4))),
                    .set(LayerHandle(1), LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 0, blue: 0))),
                    .insertSublayer(LayerHandle(1), into: nil, at: nil),
                ])
            descriptors = daemon.openDescriptors
            try #require(descriptors > 0, "cannot count the daemon's descriptors")
        }

        /// The bystander still sees its layer, nothing else is on screen or in the daemon, and the
        /// daemon holds no more descriptors than before the offender came.
        func expectUnharmed(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let stats = try bystander.waitForClients(1, sourceLocation: sourceLocation)
            #expect(stats.layers == 1, sourceLocation: sourceLocation)
            #expect(stats.textures == 0 && stats.pools == 0 && stats.animations == 0, sourceLocation: sourceLocation)
            let image = try bystander.screenshot()
            #expect(image[0, 0] == SIMD4(255, 0, 0, 255), sourceLocation: sourceLocation)
            #expect(image[7, 7] == SIMD4(255, 0, 0, 255), sourceLocation: sourceLocation)
            #expect(image[8, 8] == SIMD4(0, 0, 0, 0), sourceLocation: sourceLocation)
            #expect(daemon.openDescriptors == descriptors, "open descriptors", sourceLocation: sourceLocation)
        }
    }

    @Test("garbage bytes end the offender's connection with a framing error")
    func garbage() throws {
        let setup = try Setup()
        let offender = try WireClient(path: setup.daemon.socketPath)
        try offender.sendRaw(Array("GET / HTTP/1.1\r\nHost: lamina\r\n\r\n".utf8))
        let errors = TestClient(offender).errorsUntilClosed()
        #expect(errors.map(\.code) == [.malformedFrame])
        #expect(errors.first?.message.contains("over the limit") == true)
        try setup.expectUnharmed()
    }

    @Test("a frame smaller than its header, and one larger than the limit, are fatal")
    func badSizes() throws {
        let setup = try Setup(["--max-message-bytes", "4096"])
        for size: UInt32 in [3, 5000] {
            let offender = try WireClient.connect(path: setup.daemon.socketPath, name: "offender")
            var w = WireWriter()
            w.u32(size); w.u16(4); w.u16(0)
            try offender.sendRaw(w.bytes)
            let errors = TestClient(offender).errorsUntilClosed()
            #expect(errors.map(\.code) == [.malformedFrame], "size \(size)")
        }
        try setup.expectUnharmed()
    }

    @Test("a truncated frame, then a hang-up in the middle of a transaction, leaves nothing behind")
    func truncatedTransaction() throws {
        let setup = try Setup()
        do {
            let offender = try WireClient.connect(path: setup.daemon.socketPath, name: "offender")
            let commit = ClientMessage.commit(
                Commit(serial: 1, operations: [.create(h2, name: "half"), .insertSublayer(h2, into: nil, at: nil)])
            ).raw.encoded
            try offender.sendRaw(Array(commit.prefix(commit.count - 5)))
        }
        try setup.expectUnharmed()
    }

    @Test("a message that is not a request, or has a bad body, is refused and the session goes on")
    func badBodies() throws {
        let setup = try Setup()
        let offender = try TestClient(setup.daemon, name: "offender")
        try offender.wire.sendRaw(RawMessage(opcode: 99, body: [1, 2, 3]).encoded)
        let unknown = try offender.error()
        #expect(unknown.code == .malformedMessage)
        #expect(unknown.message.contains("unknown request opcode 99"))

        // A commit whose second operation names property 200 (there are 31).
        var w = WireWriter()
        w.u32(5)
        w.array([WireBitmap]()) { _, _ in }
        w.u32(2)
        w.operation(.create(h2, name: nil))
        w.u8(2); w.u64(2); w.u8(200); w.u8(0); w.f64(1)
        try offender.wire.sendRaw(RawMessage(opcode: ClientMessage.Opcode.commit.rawValue, body: w.bytes).encoded)
        let bad = try offender.error()
        #expect(bad.code == .malformedMessage && bad.serial == 5)
        #expect(bad.message.contains("operation 1: unknown property id 200"), "\(bad.message)")

        // NaN is no number.
        let nan = try offender.rejectedRaw(6, [.set(h2, LayerKeyPath(.opacity), .number(.nan))])
        #expect(nan.code == .malformedMessage && nan.message.contains("NaN"))

        // The session still works, and none of the refused commits left a layer.
        try offender.commit(7, [.create(h2, name: nil)])
        let stats = try offender.stats()
        #expect(stats.layers == 2)
    }

    @Test("unknown layers, cycles and reused handles are rejected whole, naming the operation")
    func badTransactions() throws {
        let setup = try Setup()
        let offender = try TestClient(setup.daemon, name: "offender")
        let unknown = try offender.rejected(
            1, [.create(h2, name: nil), .insertSublayer(h2, into: nil, at: nil), .set(LayerHandle(99), LayerKeyPath(.opacity), .number(0))])
        #expect(unknown.code == .unknownLayer && unknown.operationIndex == 2)
        #expect(unknown.message == "operation 2 (set opacity of layer@99): unknown layer layer@99")

        let a = LayerHandle(10), b = LayerHandle(11)
        let cycle = try offender.rejected(
            2, [.create(a, name: nil), .create(b, name: nil), .insertSublayer(b, into: a, at: nil), .insertSublayer(a, into: b, at: nil)])
        #expect(cycle.code == .invalidTree && cycle.operationIndex == 3)
        #expect(cycle.message.contains("cycle"))

        try offender.commit(3, [.create(a, name: nil)])
        let reuse = try offender.rejected(4, [.set(a, LayerKeyPath(.opacity), .number(0.5)), .create(a, name: nil)])
        #expect(reuse.code == .handleInUse && reuse.operationIndex == 1)
        // Rejected whole: the opacity set before the failing operation did not happen.
        #expect(try offender.presentation(of: a).values[.opacity] == .number(1))

        let index = try offender.rejected(5, [.create(b, name: nil), .insertSublayer(b, into: a, at: 3)])
        #expect(index.code == .invalidTree && index.message.contains("index 3"))
        let bitmap = try offender.rejected(6, [.set(a, LayerKeyPath(.contents), .bitmap(BitmapID(4)))])
        #expect(bitmap.code == .unknownBitmap)

        let stats = try offender.stats()
        #expect(stats.layers == 2 && stats.transactionsRejected == 5)
    }

    @Test("layer and animation limits reject the transaction that would pass them")
    func limits() throws {
        let setup = try Setup(["--max-layers", "3", "--max-animations", "1"])
        let offender = try TestClient(setup.daemon, name: "offender")
        let tooMany = try offender.rejected(1, (10...13).map { .create(LayerHandle($0), name: nil) })
        #expect(tooMany.code == .limitExceeded && tooMany.message == "commit: 4 layers is over the limit of 3")
        try offender.commit(2, [.create(h2, name: nil)])
        let spin = Animation.basic(LayerKeyPath(.opacity), from: .number(0), to: .number(1), timing: MediaTiming(duration: 100))
        let animations = try offender.rejected(3, [.addAnimation(h2, spin, key: "a"), .addAnimation(h2, spin, key: "b")])
        #expect(animations.code == .limitExceeded && animations.message == "commit: 2 animations is over the limit of 1")
        try offender.commit(4, [.addAnimation(h2, spin, key: "a")])
        #expect(try offender.stats().animations == 1)
    }

    @Test("a departed client's bitmaps and pools are released at once: the daemon's memory returns to its baseline")
    func memoryReturns() throws {
        let setup = try Setup()
        _ = try setup.bystander.stats()
        let baseline = setup.daemon.residentBytes
        try #require(baseline > 0)
        let side: UInt32 = 4096  // the largest bitmap the default limit allows: 64 MiB of pixels
        let bytes = Int(side) * Int(side) * 4
        do {
            let offender = try setup.daemon.connect("memory")
            let pool = try SharedMemoryPool.create(name: "big", size: bytes)
            // Straight alpha, so the daemon premultiplies (and allocates) on upload too.
            for i in stride(from: 0, to: bytes, by: 4) { pool.base.storeBytes(of: 0x80FF_0000 as UInt32, toByteOffset: i, as: UInt32.self) }
            try offender.send(.createPool(id: 1, size: UInt64(bytes), descriptor: dup(pool.descriptor)))
            _ = try offender.commit(
                1,
                [
                    .create(h1, name: nil), .set(h1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 16, height: 16))),
                    .set(h1, LayerKeyPath(.contents), .bitmap(BitmapID(1))), .insertSublayer(h1, into: nil, at: nil),
                ],
                bitmaps: [WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: side, height: side, stride: side * 4)])
            _ = try offender.screenshot()  // a frame drew it
            let loaded = try offender.stats()
            #expect(loaded.textureBytes >= UInt64(bytes))
            #expect(setup.daemon.residentBytes > baseline + bytes / 2, "the texture is resident while shown")
        }
        // The offender's connection is closed; once the compositor has forgotten it, the memory is back.
        try setup.expectUnharmed()
        let after = setup.daemon.residentBytes
        #expect(after < baseline + 8 << 20, "resident \(after >> 20) MiB after, \(baseline >> 20) MiB before")
    }

    @Test("a client of 65,536 layers with long names leaves no heap behind: the daemon's memory returns within 16 MiB of where it was")
    func manyLayersMemoryReturns() throws {
        let setup = try Setup()
        _ = try setup.bystander.screenshot()  // a warm frame before the client comes
        let baseline = setup.daemon.residentBytes
        try #require(baseline > 0)
        do {
            let client = try setup.daemon.connect("many")
            let name = String(repeating: "a long layer name ", count: 12)  // 216 bytes
            try client.commit(1, [.create(LayerHandle(1), name: "container"), .insertSublayer(LayerHandle(1), into: nil, at: nil)])
            // 65,535 more, 3,000 to a commit (each under the 1 MiB message limit).
            var serial: UInt32 = 2
            for start in stride(from: 2, through: 65_536, by: 3_000) {
                var operations: [LayerOperation] = []
                for n in start..<min(start + 3_000, 65_537) {
                    let h = LayerHandle(UInt64(n))
                    operations += [
                        .create(h, name: "\(name)\(n)"), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
                        .insertSublayer(h, into: LayerHandle(1), at: nil),
                    ]
                }
                try client.commit(serial, operations)
                serial += 1
            }
            #expect(try client.stats().layers == 65_537)
            _ = try client.screenshot()  // a frame drew them
            #expect(setup.daemon.residentBytes > baseline + 32 << 20, "the layers are resident while the client is connected")
        }
        try setup.expectUnharmed()
        let after = setup.daemon.residentBytes
        #expect(after < baseline + 16 << 20, "resident \(after >> 20) MiB after, \(baseline >> 20) MiB before")
    }

    @Test("pools: unsealed, smaller than claimed, over the limits, and bitmaps outside them are refused")
    func pools() throws {
        let setup = try Setup(["--max-pools", "2", "--max-pool-bytes", "65536"])
        let offender = try TestClient(setup.daemon, name: "offender")

        let unsealed = lamina_memfd_create("unsealed")
        ftruncate(unsealed, 4096)
        try offender.send(.createPool(id: 1, size: 4096, descriptor: unsealed))
        close(unsealed)
        let notSealed = try offender.error()
        #expect(notSealed.code == .invalidPool && notSealed.message.contains("F_SEAL_SHRINK"))

        let small = try SharedMemoryPool.create(name: "small", size: 1024)
        try offender.send(.createPool(id: 2, size: 4096, descriptor: small.descriptor))
        let tooSmall = try offender.error()
        #expect(tooSmall.code == .invalidPool && tooSmall.message.contains("has 1024 bytes, fewer than the 4096 claimed"))

        let big = try SharedMemoryPool.create(name: "big", size: 70000)
        try offender.send(.createPool(id: 3, size: 70000, descriptor: big.descriptor))
        #expect(try offender.error().code == .limitExceeded)

        let good = try SharedMemoryPool.create(name: "good", size: 1024)
        try offender.send(.createPool(id: 4, size: 1024, descriptor: good.descriptor))
        try offender.send(.createPool(id: 4, size: 1024, descriptor: good.descriptor))
        #expect(try offender.error().message.contains("already exists"))
        try offender.send(.createPool(id: 5, size: 1024, descriptor: good.descriptor))
        try offender.send(.createPool(id: 6, size: 1024, descriptor: good.descriptor))
        #expect(try offender.error().code == .limitExceeded)

        try offender.commit(1, [.create(h2, name: nil)])
        let outside = try offender.rejected(
            2, [.set(h2, LayerKeyPath(.contents), .bitmap(BitmapID(1)))],
            bitmaps: [WireBitmap(id: BitmapID(1), pool: 4, offset: 512, width: 16, height: 16, stride: 64)])
        #expect(outside.code == .invalidBitmap && outside.message.contains("lie outside pool 4"))
        let stride = try offender.rejected(
            3, [], bitmaps: [WireBitmap(id: BitmapID(1), pool: 4, offset: 0, width: 16, height: 1, stride: 8)])
        #expect(stride.code == .invalidBitmap)
        let huge = try offender.rejected(
            4, [], bitmaps: [WireBitmap(id: BitmapID(1), pool: 4, offset: 0, width: 100_000, height: 1, stride: 400_000)])
        #expect(huge.code == .invalidBitmap && huge.message.contains("16384"))
        let damage = try offender.rejected(
            5, [], bitmaps: [WireBitmap(id: BitmapID(1), pool: 4, offset: 0, width: 4, height: 4, stride: 16, damage: WireRegion(x: 2, y: 2, width: 4, height: 1))])
        #expect(damage.code == .invalidBitmap)
        let noPool = try offender.rejected(
            6, [], bitmaps: [WireBitmap(id: BitmapID(1), pool: 9, offset: 0, width: 4, height: 4, stride: 16)])
        #expect(noPool.code == .invalidPool)
        #expect(try offender.stats().pools == 2)
    }

    @Test("a flood of file descriptors is refused and every one of them is closed")
    func descriptorFlood() throws {
        let setup = try Setup()
        let offender = try WireClient.connect(path: setup.daemon.socketPath, name: "offender")
        let fd = lamina_memfd_create("flood")
        defer { close(fd) }
        let descriptors = [Int32](repeating: fd, count: 28)
        let stats = ClientMessage.stats(serial: 1).raw.encoded  // claims no descriptors
        for _ in 0..<4 {
            do { try offender.sendRaw(stats, descriptors: descriptors) } catch { break }
        }
        let errors = TestClient(offender).errorsUntilClosed()
        #expect(errors.last?.code == .malformedFrame)
        #expect(errors.last?.message.contains("file descriptors") == true)
        try setup.expectUnharmed()
    }

    @Test("a client that never reads is disconnected once its unread events pass the limit")
    func neverReads() throws {
        let setup = try Setup(["--max-queued-bytes", "65536"])
        let offender = try WireClient.connect(path: setup.daemon.socketPath, name: "offender")
        try offender.send(.commit(Commit(serial: 1, operations: [.create(h2, name: nil)])))
        // Each presentation reply is about 600 bytes: 4,000 of them are far more than the socket buffer
        // and the queue limit together, so the daemon must give up on the offender whether its replies
        // or its input come next.
        var batch: [UInt8] = []
        for serial in UInt32(0)..<4000 { batch += ClientMessage.queryPresentation(serial: serial, layer: h2).raw.encoded }
        try? offender.sendRaw(batch)  // the daemon may hang up before it took it all
        // The offender reads nothing until the daemon has let it go; then it finds what the kernel
        // buffered (replies, and errors for the queries answered before its layer was), and the end of
        // the stream. The error naming the limit was queued behind what it did not read: the log says it.
        try setup.bystander.waitForClients(1)
        var replies = 0
        while true {
            do {
                if case .presentation = try offender.receive(timeout: 30) { replies += 1 }
            } catch {
                #expect(error == .closed)
                break
            }
        }
        #expect(replies < 4000)
        try setup.expectUnharmed()
        let log = setup.daemon.stop().log
        #expect(log.contains("offender) disconnected: too slow") && log.contains("over the limit of 65536"), "\(log.suffix(2000))")
    }

    @Test("the handshake: requests before hello, a second hello and a wrong version are fatal")
    func handshake() throws {
        let setup = try Setup()
        let early = try WireClient(path: setup.daemon.socketPath)
        try early.send(.stats(serial: 1))
        #expect(TestClient(early).errorsUntilClosed().map(\.code) == [.handshake])

        let twice = try WireClient.connect(path: setup.daemon.socketPath, name: "twice")
        try twice.send(.hello(version: laminaProtocolVersion, name: "again"))
        #expect(TestClient(twice).errorsUntilClosed().map(\.code) == [.handshake])

        // A client newer than the daemon is welcomed at the daemon's version; one older than every
        // version served is refused, told the versions served.
        do {
            // Scoped: the client leaves (its socket closes) before the bystander counts clients.
            let future = try WireClient.connect(path: setup.daemon.socketPath, name: "future", version: 99)
            #expect(future.welcome?.protocolVersion == laminaProtocolVersion)
        }
        do {
            _ = try WireClient.connect(path: setup.daemon.socketPath, name: "past", version: 1)
            Issue.record("a version-1 client was welcomed")
        } catch .refused(let report) {
            #expect(report.code == .unsupportedVersion && report.message.contains("version 1"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        try setup.expectUnharmed()
    }
}

extension TestClient {
    /// Sends a commit encoded by hand (bypassing nothing: the encoder writes NaN as it is) and returns
    /// the error.
    func rejectedRaw(_ serial: UInt32, _ operations: [LayerOperation]) throws -> ErrorReport {
        try send(.commit(Commit(serial: serial, operations: operations)))
        return try error()
    }
}
