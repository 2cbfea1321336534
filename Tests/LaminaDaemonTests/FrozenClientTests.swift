import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import LaminaWire
import Testing

/// A client of the oldest served protocol version, frozen: the bytes it sends are kept in
/// `Tests/Fixtures/frozen-clients/version-5.txt`, written once with version 5's encoding and never
/// again, and replayed here against today's daemon. They use all that version has (every request,
/// every kind of layer, every operation, every value type, every kind of animation, bitmaps from a
/// pool, screenshots both ways, an error); what comes back is checked against what the script asks for
/// (pixels from the geometry and colours it sets, values it set, the layers it made), and no message
/// newer than version 5 may arrive. Today's codec never encodes the script, so it cannot drift with it.
@Suite("a frozen version-5 client against today's daemon", .serialized)
struct FrozenClientTests {
    static let version: UInt32 = 5
    static let path = "Tests/Fixtures/frozen-clients/version-5.txt"

    static let red = SIMD4<UInt8>(255, 0, 0, 255), green = SIMD4<UInt8>(0, 255, 0, 255)
    static let blue = SIMD4<UInt8>(0, 0, 255, 255), white = SIMD4<UInt8>(255, 255, 255, 255)

    @Test("the frozen client's whole session runs against today's daemon, and hears nothing newer than its version")
    func replay() throws {
        var text = RepositoryFiles.text(Self.path)
        if text.isEmpty, ProcessInfo.processInfo.environment["LAMINA_WRITE_FROZEN_CLIENT"] == "1" {
            text = Self.render()
            let url = RepositoryFiles.root.appendingPathComponent(Self.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let script = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t")
            return (label: String(parts[0]), bytes: Self.hex(String(parts[1])))
        }
        try #require(script.count == 14, "\(Self.path): the frozen script (LAMINA_WRITE_FROZEN_CLIENT=1 writes it when missing)")

        let daemon = try DaemonProcess(["--size", "64x48"])
        defer { withExtendedLifetime(daemon) {} }
        let client = TestClient(try WireClient(path: daemon.socketPath))
        // The pool's pixels are shared memory, not bytes of the script: green, straight RGBA.
        let pool = try solidPool(width: 128, height: 128, rgba: [0, 255, 0, 255])
        var heard: [ServerMessage] = []
        func take<T>(_ what: String, _ match: (ServerMessage) -> T?) throws -> T {
            let value = try client.receive { message -> T? in
                heard.append(message)
                return match(message)
            }
            return value
        }
        func committed(_ serial: UInt32) throws {
            _ = try take("committed \(serial)") { message -> Bool? in
                if case .error(let report) = message, report.serial == serial { Issue.record("commit \(serial) refused: \(report)") }
                if case .committed(serial, _, _) = message { return true }
                return nil
            }
        }

        for (label, bytes) in script {
            try client.wire.sendRaw(bytes, descriptors: label == "createPool" ? [pool.descriptor] : [])
            switch label {
            case "hello":
                let welcome = try take("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
                #expect(welcome.protocolVersion == Self.version)
            case "createPool", "destroyPool":
                break  // no reply on success; a refusal would show as an error below
            case "commit scene":
                try committed(1)
                _ = try take("transactionCompleted 1") { if case .transactionCompleted(1) = $0 { true } else { nil } }
            case "commit animations":
                let ids = try take("committed 2") { if case .committed(2, _, let ids) = $0 { ids } else { nil } }
                #expect(ids.count == 6, "one identity per addAnimation")
                // The one removed in the same commit stops unfinished; the rest start and finish.
                _ = try take("the removed animation") { if case .animationStopped(_, ids[5], .some("forever"), false) = $0 { true } else { nil } }
                for id in ids.dropLast() {
                    _ = try take("animation \(id) finishing") { if case .animationStopped(_, id, _, true) = $0 { true } else { nil } }
                }
                _ = try take("transactionCompleted 2") { if case .transactionCompleted(2) = $0 { true } else { nil } }
            case "requestFrame":
                let (time, target) = try take("frame") { if case .frame(3, let t, let target) = $0 { (t, target) } else { nil } }
                #expect(abs(target - time - 1.0 / 60) < 1e-9)
            case "queryPresentation":
                let values = try take("presentation") { if case .presentation(4, LayerHandle(1), _, let v) = $0 { v } else { nil } }
                #expect(values.count == LayerProperties.table.count)
                func value(_ key: PropertyKey) -> PropertyValue? { values.indices.contains(key.rawValue) ? values[key.rawValue] : nil }
                #expect(value(.bounds) == .rect(Rect(x: 0, y: 0, width: 64, height: 48)))
                #expect(value(.position) == .point(Point(x: 32, y: 24)))
                #expect(value(.backgroundColor) == .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))
                #expect(value(.cornerCurve) == .keyword(1))
                #expect(value(.maskedCorners) == .corners([.minXMinY]))
            case "stats":
                let stats = try take("stats") { if case .stats(5, let s) = $0 { s } else { nil } }
                #expect(stats.layers == 10 && stats.clients == 1 && stats.pools == 1 && stats.textures == 1)
            case "tree":
                let nodes = try take("tree") { if case .tree(6, let n) = $0 { n } else { nil } }
                #expect(Set(nodes.compactMap(\.name)) == ["backdrop", "picture", "shape", "gradient", "text", "replicator", "scroll", "transform", "emitter", "mask"])
                #expect(nodes.first?.name == "backdrop" && nodes.first?.depth == 0 && nodes.first?.isAttached == true)
                #expect(nodes.first { $0.name == "mask" }?.isMask == true)
            case "screenshot png":
                let png = try take("screenshot") { if case .screenshot(7, 64, 48, let png) = $0 { png } else { nil } }
                let image = try PNG.decode(png)
                // The bitmap (0...16, 0...16), the shape's square (32...48, 0...16), the gradient
                // (0...16, 32...48), the backdrop's red between them.
                for (x, y, expected) in [(2, 2, Self.green), (13, 13, Self.green), (34, 2, Self.blue), (45, 13, Self.blue),
                                         (2, 34, Self.white), (13, 45, Self.white), (24, 24, Self.red), (20, 4, Self.red)] {
                    #expect(image[x, y] == expected, "pixel \(x),\(y)")
                }
            case "screenshot pool":
                _ = try take("screenshot into the pool") { if case .screenshot(8, 64, 48, []) = $0 { true } else { nil } }
                let pixels = pool.bytes
                func pixel(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
                    let i = 4096 + (y * 64 + x) * 4
                    return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
                }
                #expect(pixel(2, 2) == Self.green && pixel(34, 2) == Self.blue && pixel(24, 24) == Self.red)
            case "commit cleanup":
                try committed(9)
            case "commit refused":
                let report = try take("the refusal") { if case .error(let r) = $0, r.serial == 10 { r } else { nil } }
                #expect(report.code == .unknownLayer && report.operationIndex == 0)
                #expect(report.message.contains("layer@99"))
            case "stats again":
                // The pool went away without a word, the emitter with its layer, the bitmap released.
                let stats = try take("stats") { if case .stats(12, let s) = $0 { s } else { nil } }
                #expect(stats.pools == 0 && stats.layers == 9 && stats.textures == 0)
            default:
                Issue.record("the script has a step this test does not know: \(label)")
            }
        }
        heard += client.drainBacklog()
        #expect(!heard.isEmpty && heard.allSatisfy { $0.introducedIn <= Self.version }, "a message newer than version 5 reached the frozen client")
        #expect(!heard.contains { if case .error(let r) = $0 { r.serial != 10 } else { false } }, "only the commit meant to be refused was")
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    // MARK: The script, as it was written once

    /// The script's text: used only to write the file when it is missing (LAMINA_WRITE_FROZEN_CLIENT=1).
    static func render() -> String {
        "# A version-5 client's session, frozen: each line a step's label, a tab, the bytes it sends.\n"
            + script().map { label, message in
                "\(label)\t\(message.raw.encoded.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())\n"
            }.joined()
    }

    static func script() -> [(String, ClientMessage)] {
        func h(_ n: UInt64) -> LayerHandle { LayerHandle(n) }
        func set(_ n: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(h(n), LayerKeyPath(key), value) }
        func layer(_ n: UInt64, _ name: String, _ kind: LayerKind, _ frame: Rect, into parent: UInt64?) -> [LayerOperation] {
            [
                .create(h(n), name: name, kind: kind),
                set(n, .bounds, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                set(n, .position, .point(Point(x: frame.midX, y: frame.midY))),
            ] + (parent.map { [.insertSublayer(h(n), into: h($0), at: nil)] } ?? [])
        }
        var square = Path()
        square.move(to: .zero)
        square.addLine(to: Point(x: 16, y: 0))
        square.addLine(to: Point(x: 16, y: 16))
        square.addLine(to: Point(x: 0, y: 16))
        square.closeSubpath()
        var cell = EmitterCell(name: "quiet")
        cell[.birthRate] = 0
        let small = Rect(x: 56, y: 40, width: 4, height: 4)
        var scene: [LayerOperation] = layer(1, "backdrop", .layer, Rect(x: 0, y: 0, width: 64, height: 48), into: nil)
        scene += [set(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0))), .insertSublayer(h(1), into: nil, at: nil)]
        scene += layer(2, "image", .layer, Rect(x: 0, y: 0, width: 16, height: 16), into: 1)
        scene += [set(2, .contents, .bitmap(BitmapID(1))), set(2, .magnificationFilter, .filter(.nearest)), .setName(h(2), name: "picture")]
        scene += layer(3, "shape", .shape, Rect(x: 32, y: 0, width: 16, height: 16), into: 1)
        scene += [set(3, .path, .path(square)), set(3, .fillColor, .color(Color(red: 0, green: 0, blue: 1))), set(3, .lineDashPattern, .numbers([2, 1])),
                  set(3, .lineCap, .keyword(1)), set(3, .shadowPath, .path(square))]
        scene += layer(4, "gradient", .gradient, Rect(x: 0, y: 32, width: 16, height: 16), into: 1)
        scene += [set(4, .colors, .colors([.white, .white])), set(4, .locations, .numbers([0, 1]))]
        scene += layer(5, "text", .text, small, into: 1) + [set(5, .string, .string("v5")), set(5, .fontSize, .number(2))]
        scene += layer(6, "replicator", .replicator, small, into: 1) + [set(6, .instanceCount, .number(2))]
        scene += layer(7, "scroll", .scroll, small, into: 1) + [set(7, .scrollMode, .keyword(1))]
        scene += layer(8, "transform", .transform, small, into: 1)
        scene += layer(9, "emitter", .emitter, small, into: 1) + [set(9, .emitterCells, .cells([cell]))]
        scene += [
            set(1, .cornerCurve, .keyword(1)), set(1, .maskedCorners, .corners([.minXMinY])),
            set(1, .filters, .filters([LayerFilter(name: "same", .saturation(1))])), .set(h(1), try! LayerKeyPath("filters.same.saturation"), .number(1)),
            set(1, .transform, .transform(.identity)), set(1, .hidden, .bool(false)), set(1, .shadowOffset, .size(Size(width: 0, height: -3))),
            set(1, .contentsGravity, .gravity(.center)),
        ]
        // A mask covering the whole backdrop: it changes no pixel.
        scene += layer(10, "mask", .layer, Rect(x: 0, y: 0, width: 64, height: 48), into: nil)
        scene += [set(10, .backgroundColor, .color(.white)), .setMask(h(1), mask: h(10))]

        func timed(_ kind: Animation.Kind, repeatCount: Double = 0) -> Animation {
            Animation(kind, timing: MediaTiming(duration: 0.1, repeatCount: repeatCount))
        }
        let steady = BasicAnimation(keyPath: LayerKeyPath(.opacity), fromValue: .number(1), toValue: .number(1))
        let animations: [LayerOperation] = [
            .addAnimation(h(3), timed(.basic(steady)), key: "fade"),
            .addAnimation(h(4), timed(.keyframe(KeyframeAnimation(keyPath: try! LayerKeyPath("position.x"), values: [.number(8), .number(8)]))), key: "frames"),
            .addAnimation(h(5), Animation(.spring(SpringAnimation(steady, mass: 1, stiffness: 400, damping: 40, initialVelocity: 0)), timing: MediaTiming(duration: 0.1)), key: "spring"),
            .addAnimation(h(6), timed(.group([Animation(.basic(steady), timing: MediaTiming(duration: 0.1))])), key: "group"),
            .addAnimation(h(7), timed(.transition(Transition(type: .fade))), key: "transition"),
            .addAnimation(h(8), timed(.basic(steady), repeatCount: .infinity), key: "forever"),
            .removeAnimation(h(8), key: "forever"),
        ]
        return [
            ("hello", .hello(version: version, name: "frozen-5")),
            ("createPool", .createPool(id: 1, size: 128 * 128 * 4, descriptor: -1)),
            ("commit scene", .commit(Commit(
                serial: 1, bitmaps: [WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: 4, height: 4, stride: 16, format: .rgba8, premultiplied: true)],
                operations: scene))),
            ("commit animations", .commit(Commit(serial: 2, operations: animations))),
            ("requestFrame", .requestFrame(serial: 3)),
            ("queryPresentation", .queryPresentation(serial: 4, layer: h(1))),
            ("stats", .stats(serial: 5)),
            ("tree", .tree(serial: 6, scope: .own)),
            ("screenshot png", .screenshot(serial: 7, destination: .png)),
            ("screenshot pool", .screenshot(serial: 8, destination: .pool(id: 1, offset: 4096))),
            ("commit cleanup", .commit(Commit(
                serial: 9, operations: [.removeAllAnimations(h(3)), .removeFromSuperlayer(h(8)), .destroy(h(9))], released: [BitmapID(1)]))),
            ("commit refused", .commit(Commit(serial: 10, operations: [set(99, .opacity, .number(0.5))]))),
            ("destroyPool", .destroyPool(id: 1)),
            ("stats again", .stats(serial: 12)),
        ]
    }
}
