import LaminaCore
import LaminaWire
import Glibc
import Testing

/// Messages survive encoding and decoding, and bad bytes fail with errors that say where and why.
@Suite("Wire codec")
struct CodecTests {
    let h = LayerHandle(42)

    /// Every operation, every animation kind, values of every property type.
    var operations: [LayerOperation] {
        var path = Path()
        path.move(to: Point(x: 1, y: 2))
        path.addLine(to: Point(x: 3, y: 4))
        path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
        path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
        path.closeSubpath()
        let timing = MediaTiming(
            beginTime: 1, duration: 2, speed: -1, timeOffset: 0.5, repeatCount: .infinity, repeatDuration: 0,
            autoreverses: true, fillMode: .both)
        let basic = BasicAnimation(keyPath: try! LayerKeyPath("position.x"), fromValue: .number(1), toValue: nil, byValue: .number(3), additive: true)
        let keyframe = KeyframeAnimation(
            keyPath: LayerKeyPath(.position), values: [.point(Point(x: 0, y: 0)), .point(Point(x: 1, y: 1))], path: path,
            keyTimes: [0, 1], timingFunctions: [.easeIn], calculationMode: .cubicPaced, tensionValues: [0.5],
            continuityValues: [], biasValues: [-1], rotationMode: .autoReverse, cumulative: true)
        let spring = SpringAnimation(BasicAnimation(keyPath: LayerKeyPath(.opacity), toValue: .number(0)), mass: 2, stiffness: 50, damping: 3, initialVelocity: 1)
        let group = Animation(
            .group([Animation(.basic(basic)), Animation(.keyframe(keyframe), timingFunction: .easeInEaseOut)]), timing: timing,
            removedOnCompletion: false)
        let transition = Animation(.transition(Transition(type: .push, subtype: .fromBottom, startProgress: 0.25, endProgress: 0.75)))
        var ops: [LayerOperation] = [
            .create(h, name: "名前 ✓"), .create(LayerHandle(0), name: nil), .destroy(h),
            .insertSublayer(h, into: LayerHandle(7), at: 3), .insertSublayer(h, into: nil, at: nil),
            .removeFromSuperlayer(h), .setMask(h, mask: LayerHandle(9)), .setMask(h, mask: nil),
            .addAnimation(h, group, key: "g"), .addAnimation(h, Animation(.spring(spring)), key: nil),
            .addAnimation(h, transition, key: "t"), .removeAnimation(h, key: "g"), .removeAllAnimations(h),
            .setName(h, name: "renamed"), .setName(h, name: nil),
            .set(h, LayerKeyPath(.contents), .bitmap(nil)), .set(h, LayerKeyPath(.contents), .bitmap(BitmapID(.max))),
            .set(h, try! LayerKeyPath("transform.rotation.z"), .number(-.pi)),
            .set(h, try! LayerKeyPath("bounds.size"), .size(Size(width: 3, height: 4))),
            .set(h, try! LayerKeyPath("filters.frost.blur"), .number(7)),
            .set(h, try! LayerKeyPath("emitterCells.spark.color"), .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1))),
            .set(h, try! LayerKeyPath("emitterCells.spark.scale"), .number(2)),
            .set(h, LayerKeyPath(.emitterCells), .cells({
                var spark = EmitterCell(name: "spark")
                spark.contents = BitmapID(9)
                spark[.birthRate] = 30
                spark.isEnabled = false
                var ember = EmitterCell()
                ember.color = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
                spark.emitterCells = [ember]
                return [spark, EmitterCell(name: "plain")]
            }())),
            .set(h, try! LayerKeyPath("backgroundFilters.tint.colorMatrix"), .numbers(LayerFilter.identityMatrix)),
            .set(
                h, LayerKeyPath(.filters),
                .filters([
                    LayerFilter(name: "frost", .blur(radius: 3)), LayerFilter(.colorMatrix(LayerFilter.identityMatrix)),
                    LayerFilter(name: "s", .saturation(0.5)), LayerFilter(.brightness(-0.1)), LayerFilter(.contrast(2)),
                ])),
        ]
        for row in LayerProperties.table { ops.append(.set(h, LayerKeyPath(row.key), row.defaultValue)) }
        ops.append(.set(h, LayerKeyPath(.transform), .transform(Transform3D(rotationAngle: 1, x: 0, y: 1, z: 0))))
        return ops
    }

    @Test("a commit of every operation decodes to what was encoded")
    func commitRoundTrip() throws {
        let commit = ClientMessage.commit(
            Commit(
                serial: 77,
                bitmaps: [
                    WireBitmap(id: BitmapID(5), pool: 2, offset: 64, width: 3, height: 2, stride: 16, format: .bgra8, premultiplied: true, damage: WireRegion(x: 1, y: 0, width: 2, height: 1)),
                    WireBitmap(id: BitmapID(6), pool: 0, offset: 0, width: 1, height: 1, stride: 4),
                ],
                operations: operations))
        let raw = commit.raw
        #expect(raw.encoded.count == raw.body.count + 8)
        #expect(try ClientMessage(raw) == commit)
    }

    @Test("every request and event survives a round trip through the framer")
    func framedRoundTrip() throws {
        let requests: [ClientMessage] = [
            .hello(version: 1, name: "client"), .destroyPool(id: 3), .requestFrame(serial: 9),
            .queryPresentation(serial: 1, layer: h), .screenshot(serial: 2, destination: .png),
            .screenshot(serial: 2, destination: .pool(id: 1, offset: 4096)), .stats(serial: 5),
        ]
        var stats = DaemonStats()
        stats.clients = 3
        stats.frameMillisecondsP99 = 4.5
        let events: [ServerMessage] = [
            .welcome(Welcome(protocolVersion: 1, serverVersion: "x", mediaTime: 12.5, outputs: [OutputInfo(name: "o", width: 1, height: 2, scale: 2, refreshRate: 60)], limits: ClientLimits())),
            .welcome(Welcome(protocolVersion: 11, serverVersion: "x", mediaTime: 1, outputs: [], limits: ClientLimits(), bufferSharing: .dmaBuf)),
            .welcome(Welcome(protocolVersion: 11, serverVersion: "x", mediaTime: 1, outputs: [], limits: ClientLimits(),
                             bufferSharing: .sharedMemoryOnly(reason: "no render node"))),
            .bufferReleased(bitmap: BitmapID(77)),
            .error(ErrorReport(serial: 4, code: .invalidTree, operationIndex: 2, message: "no")),
            .committed(serial: 1, commitTime: 3, animations: [4, 9]), .tree(serial: 2, [TreeNode(client: 1, clientName: "a", handle: h, name: "n", depth: 2, isMask: true, isAttached: false, frame: Rect(x: 1, y: 2, width: 3, height: 4), opacity: 0.5, isHidden: true, animationCount: 3)]), .animationStarted(layer: h, animation: 5, key: nil),
            .animationStopped(layer: h, animation: 5, key: "k", finished: true), .transactionCompleted(serial: 1),
            .frame(serial: 1, time: 2, targetTime: 3),
            .presentation(serial: 1, layer: h, time: 4, values: LayerProperties.table.map(\.defaultValue)),
            .screenshot(serial: 1, width: 2, height: 3, png: [1, 2, 3]), .stats(serial: 8, stats),
            .input(
                InputEvent(
                    kind: .keyDown, layer: h, location: Point(x: -1.5, y: 2), canvasLocation: Point(x: 3, y: 4.25), time: 9.5,
                    code: 30, keysym: 0x61, text: "a", isRepeat: true)),
            .input(InputEvent(kind: .touchCancelled, layer: h, location: .zero, canvasLocation: .zero, time: 1, code: 7)),
            .input(InputEvent(kind: .pointerScrolled, layer: h, location: Point(x: 1, y: 2), canvasLocation: .zero, time: 2, scroll: Point(x: -3, y: 15))),
            .outputChanged(OutputInfo(name: "wayland-0", width: 400, height: 300, scale: 2, refreshRate: 60)),
        ]
        // All of them in one stream, delivered in 3-byte pieces.
        var stream: [UInt8] = []
        for r in requests { stream += r.raw.encoded }
        for e in events { stream += e.encoded }
        var framer = MessageFramer(maxMessageBytes: 1 << 16)
        var decodedRequests: [ClientMessage] = []
        var decodedEvents: [ServerMessage] = []
        for start in stride(from: 0, to: stream.count, by: 3) {
            let piece = Array(stream[start..<min(start + 3, stream.count)])
            try piece.withUnsafeBytes { try framer.append($0, descriptors: []) }
            while let raw = try framer.next() {
                if raw.opcode >= 0x8000 { decodedEvents.append(try ServerMessage(raw)) } else { decodedRequests.append(try ClientMessage(raw)) }
            }
        }
        #expect(decodedRequests == requests)
        #expect(decodedEvents == events)
        #expect(framer.bufferedBytes == 0)
    }

    /// Decodes a commit body built by `build` and returns the error's text.
    func commitError(_ build: (inout WireWriter) -> Void) -> String {
        var w = WireWriter()
        build(&w)
        do {
            _ = try ClientMessage(RawMessage(opcode: ClientMessage.Opcode.commit.rawValue, body: w.bytes))
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test("malformed bodies fail with the offset and the reason")
    func malformed() {
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(12); $0.u64(0) } == "operation 0: unknown operation 12 (0...9) (at byte 12)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(2); $0.u64(1); $0.u8(8); $0.u8(0); $0.f64(.infinity) }
            == "operation 0: a number value is inf, not a finite number (at byte 23)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(2); $0.u64(1); $0.u8(8); $0.u8(1); $0.f64(0) }
            == "operation 0: opacity.x is not a key path (opacity has no such component) (at byte 22)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1_000_000) } == "1000000 operations cannot fit in the 0 bytes that remain (at byte 8)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(0); $0.u64(1); $0.u8(1); $0.u32(3); $0.bytes([0xff, 0xfe, 0x41]) }
            == "operation 0: a layer name is not valid UTF-8 (at byte 22)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(1); $0.u64(1); $0.u8(0) } == "the message ends inside the count of released bitmaps (at byte 21)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(1); $0.u64(1); $0.u32(0); $0.u8(0) } == "1 unexpected bytes after the commit request (at byte 25)")
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(3); $0.u64(1); $0.u8(2) } == "operation 0: the presence byte of a superlayer is 2, not 0 or 1 (at byte 21)")
        #expect(commitError { $0.u32(1) } == "the message ends inside the count of bitmaps (at byte 4)")
        // filters (id 69): one filter, no name, kind 9.
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(2); $0.u64(1); $0.u8(69); $0.u8(0); $0.u32(1); $0.u8(0); $0.u8(9); $0.f64(0) }
            == "operation 0: unknown filter kind 9 (at byte 28)")
        // filters.x.opacity: a component filters do not have.
        #expect(commitError { $0.u32(1); $0.u32(0); $0.u32(1); $0.u8(2); $0.u64(1); $0.u8(69); $0.u8(UInt8(LayerKeyPath.Component.allCases.firstIndex(of: .x)! + 1)); $0.string("a"); $0.f64(1) }
            == "operation 0: filters.a.x is not a key path (at byte 22)")
    }

    @Test("an input event of an unknown kind, or with a key text over 64 bytes, is malformed")
    func malformedInput() {
        func eventError(_ body: (inout WireWriter) -> Void) -> String? {
            var w = WireWriter()
            body(&w)
            let raw = RawMessage(opcode: ServerMessage.Opcode.input.rawValue, body: w.bytes)
            do {
                _ = try ServerMessage(raw)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(eventError { $0.u8(0); $0.u64(1) } == "unknown input kind 0 (at byte 0)")
        #expect(eventError { $0.u8(11); $0.u64(1) } == "unknown input kind 11 (at byte 0)")
        #expect(
            eventError { w in
                w.u8(8); w.u64(1); for _ in 0..<5 { w.f64(0) }; w.u32(30); w.u32(0x61); w.string(String(repeating: "a", count: 65))
            } == "a key's text is 65 bytes, over the limit of 64 (at byte 57)")
    }

    @Test("groups nest at most 8 deep")
    func groupDepth() throws {
        func nested(_ depth: Int) -> Animation {
            depth == 0 ? Animation.basic(LayerKeyPath(.opacity), to: .number(0)) : Animation(.group([nested(depth - 1)]))
        }
        let ok = ClientMessage.commit(Commit(serial: 1, operations: [.addAnimation(h, nested(8), key: nil)]))
        #expect(try ClientMessage(ok.raw) == ok)
        let smallest = Animation(.group([Animation(.transition(Transition()))]))
        let one = ClientMessage.commit(Commit(serial: 1, operations: [.addAnimation(h, smallest, key: nil)]))
        #expect(try ClientMessage(one.raw) == one)
        let deep = ClientMessage.commit(Commit(serial: 1, operations: [.addAnimation(h, nested(9), key: nil)]))
        #expect(throws: WireError.self) { try ClientMessage(deep.raw) }
    }

    @Test("framing errors: a size below the header, above the limit, too many descriptors")
    func framing() throws {
        for (header, expected) in [
            ([4, 0, 0, 0, 1, 0, 0, 0] as [UInt8], "smaller than the header itself"),
            ([0, 0, 1, 0, 1, 0, 0, 0], "65536 bytes is over the limit of 4096"),
            ([8, 0, 0, 0, 1, 0, 29, 0], "29 file descriptors"),
            ([8, 0, 0, 0, 1, 0, 1, 0], "claims 1 file descriptors but 0 arrived"),
        ] {
            var framer = MessageFramer(maxMessageBytes: 4096)
            try header.withUnsafeBytes { try framer.append($0, descriptors: []) }
            #expect(throws: WireError.self) { _ = try framer.next() }
            do { _ = try framer.next() } catch { #expect(error.message.contains(expected), "\(error.message)") }
        }
    }

    @Test("a memfd pool: sealed pools map, unsealed ones and short ones are refused")
    func pools() throws {
        let pool = try SharedMemoryPool.create(name: "test", size: 4096)
        pool.bytes[4095] = 7
        let duplicate = dup(pool.descriptor)
        let mapped = try SharedMemoryPool.map(descriptor: duplicate, size: 4096)
        #expect(mapped.bytes[4095] == 7)
        #expect(throws: SharedMemoryPool.Failure.tooSmall(actual: 4096, claimed: 8192)) {
            try SharedMemoryPool.map(descriptor: dup(pool.descriptor), size: 8192)
        }
    }
}

extension WireWriter {
    /// Raw bytes with no length in front (for building malformed bodies).
    mutating func bytes(_ b: [UInt8]) { for x in b { u8(x) } }
}
