import Foundation
import LaminaCore
import LaminaTestSupport
import LaminaWire
import Testing

/// Every served protocol version, frozen: each version's messages (every request and every event it
/// has, a commit that uses every operation, value type and animation kind) as bytes in
/// `Tests/Fixtures/wire/version-N.txt`. The files were written once, when their version was the newest,
/// and are never written again: a change to the codec that alters a byte an old client sends or reads
/// fails here, as docs/protocol.md's "Compatibility" forbids.
///
/// A new version gets its file by running this suite with `LAMINA_WRITE_GOLDEN=1`, which writes the
/// files that are missing and touches no file that exists.
@Suite("golden bytes of every served protocol version")
struct ServedVersionsGoldenTests {
    static func path(_ version: UInt32) -> String { "Tests/Fixtures/wire/version-\(version).txt" }

    /// One labelled message of the catalogue.
    enum Message {
        case request(ClientMessage)
        case event(ServerMessage)

        /// As a session of `version` sends or receives it.
        func bytes(_ version: UInt32) -> [UInt8] {
            switch self {
            case .request(let m): m.raw.encoded
            case .event(let m): m.encoded(version: version)
            }
        }

        var introducedIn: UInt32 {
            switch self {
            case .request(let m): m.introducedIn
            case .event(let m): m.introducedIn
            }
        }
    }

    /// What a session of `version` sends and hears, by label: every message its version has. The hello
    /// and the welcome carry the version itself.
    static func catalogue(_ version: UInt32) -> [(label: String, message: Message)] {
        let h = LayerHandle(0x0102_0304_0506_0708)
        var path = Path()
        path.move(to: Point(x: 1, y: 2))
        path.addLine(to: Point(x: 3, y: 4))
        path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
        path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
        path.closeSubpath()
        var cell = EmitterCell()
        cell.name = "spark"
        cell[.birthRate] = 10
        cell.color = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        let basic = BasicAnimation(keyPath: LayerKeyPath(.opacity), fromValue: .number(1), toValue: .number(0), byValue: nil, additive: false, cumulative: false)
        let values: [(PropertyKey, PropertyValue)] = [
            (.bounds, .rect(Rect(x: 1, y: 2, width: 3, height: 4))), (.position, .point(Point(x: -1, y: 0.5))),
            (.shadowOffset, .size(Size(width: 0, height: -3))), (.backgroundColor, .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))),
            (.transform, .transform(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))), (.hidden, .bool(true)),
            (.contentsGravity, .gravity(.resizeAspect)), (.magnificationFilter, .filter(.nearest)), (.contents, .bitmap(BitmapID(1))),
            (.path, .path(path)), (.lineDashPattern, .numbers([2, 0.5])), (.colors, .colors([.black, .white])),
            (.string, .string("héllo")), (.lineCap, .keyword(1)), (.maskedCorners, .corners([.minXMinY, .maxXMaxY])),
            (.filters, .filters([LayerFilter(name: "frost", .blur(radius: 4)), LayerFilter(name: nil, .saturation(1.5))])),
            (.emitterCells, .cells([cell])),
        ]
        let commit = Commit<WireBitmap>(
            serial: 3,
            bitmaps: [
                WireBitmap(id: BitmapID(1), pool: 2, offset: 64, width: 3, height: 4, stride: 16, format: .rgba8, premultiplied: false),
                WireBitmap(id: BitmapID(2), pool: 2, offset: 0, width: 3, height: 4, stride: 12, format: .bgrx8, premultiplied: true,
                           damage: WireRegion(x: 1, y: 1, width: 2, height: 2)),
            ],
            operations: [
                .create(h, name: "layer", kind: .layer), .create(LayerHandle(2), name: nil, kind: .emitter), .destroy(LayerHandle(2)),
                .insertSublayer(h, into: nil, at: nil), .insertSublayer(LayerHandle(3), into: h, at: 0), .removeFromSuperlayer(LayerHandle(3)),
                .setMask(h, mask: LayerHandle(4)), .setMask(h, mask: nil), .setName(h, name: "renamed"),
                .set(h, try! LayerKeyPath("filters.frost.blur"), .number(2)), .set(h, try! LayerKeyPath("transform.rotation.z"), .number(1)),
                .addAnimation(h, Animation(.basic(basic)), key: "fade"),
                .addAnimation(h, Animation(.keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.position), values: [.point(.zero), .point(Point(x: 1, y: 1))]))), key: nil),
                .addAnimation(h, Animation(.spring(SpringAnimation(basic, mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))), key: "spring"),
                .addAnimation(h, Animation(.group([Animation(.basic(basic))])), key: "group"),
                .addAnimation(h, Animation(.transition(Transition(type: .moveIn, subtype: .fromTop, startProgress: 0, endProgress: 1))), key: "t"),
                .removeAnimation(h, key: "fade"), .removeAllAnimations(h),
            ] + values.map { .set(h, LayerKeyPath($0.0), $0.1) },
            released: [BitmapID(7)])
        var presented = LayerProperties.table.map(\.defaultValue)
        presented[PropertyKey.opacity.rawValue] = .number(0.5)
        let output = OutputInfo(name: "headless-0", width: 1280, height: 720, scale: 1, refreshRate: 60)
        var stats = DaemonStats()
        (stats.clients, stats.layers, stats.framesDrawn, stats.frameMillisecondsP50, stats.uptime) = (2, 17, 1200, 4.25, 30.5)
        // Version 8's counters, left out of older versions' bytes.
        stats.counters.all = (0..<6).map { CounterSummary(median: Double($0) + 0.5, p99: Double($0 * 10) + 1) }
        let all: [(String, Message)] = [
            ("hello", .request(.hello(version: version, name: "golden"))),
            ("createPool", .request(.createPool(id: 2, size: 4096, descriptor: -1))),
            ("destroyPool", .request(.destroyPool(id: 2))),
            ("commit", .request(.commit(commit))),
            ("requestFrame", .request(.requestFrame(serial: 4))),
            ("queryPresentation", .request(.queryPresentation(serial: 5, layer: h))),
            ("screenshot png", .request(.screenshot(serial: 6, destination: .png))),
            ("screenshot pool", .request(.screenshot(serial: 7, destination: .pool(id: 2, offset: 128)))),
            ("stats", .request(.stats(serial: 8))),
            ("tree", .request(.tree(serial: 9, scope: .own))),
            ("hitTest", .request(.hitTest(serial: 10, layer: h, point: Point(x: 2.5, y: -1)))),
            ("welcome", .event(.welcome(Welcome(
                protocolVersion: version, serverVersion: "0.7.0", mediaTime: 12.5, outputs: [output], limits: ClientLimits(),
                bufferSharing: .sharedMemoryOnly(reason: "EGL_EXT_image_dma_buf_import is missing on Mesa surfaceless"))))),
            ("error", .event(.error(ErrorReport(serial: 3, code: .unknownLayer, operationIndex: 2, message: "unknown layer layer@99")))),
            ("committed", .event(.committed(serial: 3, commitTime: 13.25, animations: [41, 42]))),
            ("animationStarted", .event(.animationStarted(layer: h, animation: 41, key: "fade"))),
            ("animationStopped", .event(.animationStopped(layer: h, animation: 41, key: nil, finished: true))),
            ("transactionCompleted", .event(.transactionCompleted(serial: 3))),
            ("frame", .event(.frame(serial: 4, time: 13.25, targetTime: 13.25 + 1.0 / 60))),
            ("presentation", .event(.presentation(serial: 5, layer: h, time: 13.5, values: presented))),
            ("screenshot reply", .event(.screenshot(serial: 6, width: 2, height: 1, png: [0x89, 0x50, 0x4e, 0x47]))),
            ("stats reply", .event(.stats(serial: 8, DaemonStats()))),
            ("tree reply", .event(.tree(serial: 9, [TreeNode(client: 1, clientName: "golden", handle: h, name: "layer", depth: 0, isMask: false, isAttached: true, frame: Rect(x: 0, y: 0, width: 3, height: 4), opacity: 1, isHidden: false, animationCount: 1)]))),
            ("input", .event(.input(InputEvent(kind: .keyDown, layer: h, location: Point(x: 1, y: 2), canvasLocation: Point(x: 3, y: 4), time: 14, code: 30, keysym: 0x61, text: "a", isRepeat: true)))),
            ("outputChanged", .event(.outputChanged(OutputInfo(name: "wayland-0", width: 800, height: 600, scale: 1.5, refreshRate: 144)))),
            ("hitTestResult", .event(.hitTestResult(serial: 10, layer: h))),
            ("hitTestResult none", .event(.hitTestResult(serial: 10, layer: nil))),
            ("goodbye", .event(.goodbye(reason: "laminad is stopping"))),
            ("provideTile", .request(.provideTile(
                WireTile(layer: h, level: 1, column: 2, row: 3),
                pixels: WireBitmap(id: BitmapID(0), pool: 2, offset: 256, width: 64, height: 32, stride: 256, format: .bgra8, premultiplied: true)))),
            ("invalidateTiles", .request(.invalidateTiles(layer: h, rect: Rect(x: 0, y: 64, width: 256, height: 32)))),
            ("invalidateTiles all", .request(.invalidateTiles(layer: h, rect: nil))),
            ("tileRequests", .event(.tileRequests([
                WireTileRequest(tile: WireTile(layer: h, level: 1, column: 2, row: 3), rect: Rect(x: 128, y: 192, width: 128, height: 40), width: 64, height: 20, scale: 0.5),
                WireTileRequest(tile: WireTile(layer: h, level: 0, column: 0, row: 0), rect: Rect(x: 0, y: 0, width: 64, height: 64), width: 64, height: 64, scale: 1),
            ]))),
        ]
        // Fields a version added to an older message: examples of their own from that version on.
        let tiled = Commit<WireBitmap>(
            serial: 12,
            operations: [
                .create(h, name: "map", kind: .tiled), .set(h, LayerKeyPath(.tileSize), .size(Size(width: 512, height: 256))),
                .set(h, LayerKeyPath(.levelsOfDetail), .number(4)), .set(h, LayerKeyPath(.levelsOfDetailBias), .number(2)),
                .set(h, LayerKeyPath(.fadeDuration), .number(0.5)),
            ])
        // A GL layer's first frame: the layer, and its contents naming the frame's bitmap.
        let gl = Commit<WireBitmap>(
            serial: 13,
            bitmaps: [WireBitmap(id: BitmapID(9), pool: 1, offset: 0, width: 64, height: 48, stride: 256, format: .rgbx8, premultiplied: true)],
            operations: [.create(h, name: "scene", kind: .gl), .set(h, LayerKeyPath(.contents), .bitmap(BitmapID(9)))])
        var tiledPresented = presented
        tiledPresented[PropertyKey.tileSize.rawValue] = .size(Size(width: 512, height: 256))
        let extended: [(String, Message, since: UInt32)] = [
            ("stats reply counted", .event(.stats(serial: 8, stats)), 8),
            ("commit tiled", .request(.commit(tiled)), 10),
            ("presentation tiled", .event(.presentation(serial: 5, layer: h, time: 13.5, values: tiledPresented)), 10),
            ("commit gl", .request(.commit(gl)), 11),
        ]
        // Version 11's own messages: a buffer shared, released, and a welcome saying the daemon imports them.
        let added: [(String, Message, since: UInt32)] = [
            ("importBuffer", .request(.importBuffer(
                serial: 14,
                buffer: WireDMABuf(
                    id: BitmapID(10), width: 1920, height: 1080, fourcc: WireDMABuf.fourcc("AB24"), modifier: WireDMABuf.noModifier,
                    planes: [WireDMABuf.Plane(offset: 0, stride: 7680)]),
                descriptors: [-1])), 11),
            ("bufferReleased", .event(.bufferReleased(bitmap: BitmapID(10))), 11),
            ("welcome dma-buf", .event(.welcome(Welcome(
                protocolVersion: version, serverVersion: "0.6.0", mediaTime: 12.5,
                outputs: [OutputInfo(name: "headless-0", width: 1280, height: 720, scale: 1, refreshRate: 60)], limits: ClientLimits(),
                bufferSharing: .dmaBuf))), 11),
            // Version 12's: a fence the next commit waits for.
            ("acquireFence", .request(.acquireFence(descriptor: -1)), 12),
        ]
        return all.filter { $0.1.introducedIn <= version } + extended.filter { $0.since <= version }.map { ($0.0, $0.1) }
            + added.filter { $0.since <= version }.map { ($0.0, $0.1) }
    }

    static func render(_ version: UInt32) -> String {
        "# Protocol version \(version), frozen: each line a message's label, a tab, its bytes in hex (header included).\n"
            + catalogue(version).map { "\($0.label)\t\(GoldenBytesTests.hex($0.message.bytes(version)))\n" }.joined()
    }

    /// The file's lines as label and bytes.
    static func read(_ text: String) -> [(label: String, bytes: [UInt8])] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t")
            return (String(parts[0]), GoldenBytesTests.hex(String(parts[1])))
        }
    }

    @Test("every served version has its frozen file, and today's codec writes and reads each of its messages byte for byte", arguments: Array(laminaOldestServedVersion...laminaProtocolVersion))
    func servedVersion(_ version: UInt32) throws {
        var text = RepositoryFiles.text(Self.path(version))
        if text.isEmpty, ProcessInfo.processInfo.environment["LAMINA_WRITE_GOLDEN"] == "1" {
            let url = RepositoryFiles.root.appendingPathComponent(Self.path(version))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            text = Self.render(version)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let frozen = Self.read(text)
        try #require(!frozen.isEmpty, "\(Self.path(version)) is missing: a new version's file is written by LAMINA_WRITE_GOLDEN=1")
        let today = Self.catalogue(version)
        #expect(frozen.map(\.label) == today.map(\.label), "version \(version) has exactly these messages")
        for ((label, bytes), (_, message)) in zip(frozen, today) {
            #expect(message.bytes(version) == bytes, "version \(version), \(label): today's encoder changed the bytes")
            let raw = try #require(Self.rawMessage(bytes), "\(label) is not one framed message")
            // Read back with today's decoder, and written again: the same bytes.
            if raw.opcode & 0x8000 != 0 {
                let decoded = try ServerMessage(raw, version: version)
                #expect(decoded.encoded(version: version) == bytes, "\(label) reads back")
                #expect(decoded.introducedIn <= version)
            } else {
                // Descriptors travel beside the bytes; the header counts them (a pool's one, a buffer's planes).
                let descriptors = [Int32](repeating: -1, count: Int(MessageHeader(bytes).descriptorCount))
                let decoded = try ClientMessage(RawMessage(opcode: raw.opcode, body: raw.body, descriptors: descriptors))
                #expect(decoded.raw.encoded == bytes, "\(label) reads back")
                #expect(decoded.introducedIn <= version)
            }
        }
    }

    @Test("each newer version only adds: every message of an older version is in the newer one with the same bytes (save the version in hello and welcome)")
    func versionsOnlyAdd() {
        let versions = Array(laminaOldestServedVersion...laminaProtocolVersion)
        for (older, newer) in zip(versions, versions.dropFirst()) {
            let old = Self.read(RepositoryFiles.text(Self.path(older)))
            let new = Dictionary(Self.read(RepositoryFiles.text(Self.path(newer))).map { ($0.label, $0.bytes) }, uniquingKeysWith: { a, _ in a })
            for (label, bytes) in old where label != "hello" && !label.hasPrefix("welcome") {
                // A message a version extended (stats, in 8; presentation, with version 10's and
                // 12's properties) starts with the older version's bytes, its size aside; every other
                // message is the same.
                guard label == "stats reply" || label.hasPrefix("presentation"), let extended = new[label], extended.count > bytes.count else {
                    #expect(new[label] == bytes, "\(label) changed between versions \(older) and \(newer)")
                    continue
                }
                #expect(Array(extended[4...].prefix(bytes.count - 4)) == Array(bytes[4...]), "\(label): version \(newer) only appends")
            }
        }
    }

    @Test("the presentation event of a layer holding every default is the size docs/protocol.md gives")
    func presentationSize() {
        let defaults = ServerMessage.presentation(serial: 1, layer: LayerHandle(1), time: 0, values: LayerProperties.table.map(\.defaultValue))
        #expect(defaults.encoded(version: 10).count == 1251 && defaults.encoded(version: 9).count == 1211)
        #expect(defaults.encoded(version: 11).count == 1251 && defaults.encoded(version: 12).count == 1267)
        #expect(
            RepositoryFiles.text("docs/protocol.md").contains(
                "makes a message of 1,267 bytes in version 12, 1,251 in versions 10 and 11 (1,211 in versions 5 to 9)"))
        let counts = [9, 11, 12].map { version in LayerProperties.table.filter { $0.since <= version }.count }
        #expect(RepositoryFiles.text("docs/protocol.md").contains(
            "one value per property of the session's version, in table order (\(counts[2]) in version 12, \(counts[1]) in versions 10 and 11, \(counts[0]) in versions 5 to 9:"))
    }

    /// One whole message's header and body, or nil.
    static func rawMessage(_ bytes: [UInt8]) -> RawMessage? {
        guard bytes.count >= 8 else { return nil }
        let size = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        guard size == bytes.count else { return nil }
        return RawMessage(opcode: UInt16(bytes[4]) | UInt16(bytes[5]) << 8, body: Array(bytes[8...]))
    }
}
