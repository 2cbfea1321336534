import ArgumentParser
import Lamina
import LaminaCore
import LaminaImage
import LaminaScene
import LaminaModel
import LaminaWire

/// The socket option the daemon commands share: a path, or the client library's search
/// (`$LAMINA_SOCKET`, `$XDG_RUNTIME_DIR/lamina-0`, `/run/lamina/laminad.sock`).
struct SocketOption: ParsableArguments {
    @Option(help: "The daemon's socket (default: $LAMINA_SOCKET, then $XDG_RUNTIME_DIR/lamina-0, then /run/lamina/laminad.sock).")
    var socket: String?

    /// A handshaken connection, or a failure naming the paths tried.
    func connect(as name: String) throws -> WireClient {
        let paths = socket.map { [$0] } ?? Connection.standardPaths()
        var last = ""
        for path in paths {
            do { return try WireClient.connect(path: path, name: name) } catch { last = "\(error)" }
        }
        throw Failure("no Lamina daemon at \(paths.joined(separator: ", ")): \(last)")
    }
}

/// Sends `make(serial)` and returns the reply with that serial (or throws the daemon's error).
func request(_ client: WireClient, _ make: (UInt32) -> ClientMessage, serial: UInt32 = 1) throws -> ServerMessage {
    do {
        try client.send(make(serial))
        return try client.receive(timeout: 30) { message -> ServerMessage? in
            switch message {
            case .error(let report) where report.serial == serial || report.serial == 0: message
            case .screenshot(serial, _, _, _), .stats(serial, _), .tree(serial, _): message
            default: nil
            }
        }
    } catch {
        throw Failure("\(error)")
    }
}

/// What a command says when the daemon refused it; a refusal for want of privilege says how to get it.
func refusal(_ report: ErrorReport, _ what: String) -> String {
    guard report.code == .notPermitted else { return "\(report)" }
    return "laminad refused: only privileged users may \(what). \(report.message). "
        + "Run this as the daemon's user or root, or as a member of the group laminad names with --privileged-group."
}

/// `lamina tree`: every client's layers as the daemon holds them.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree", abstract: "Print the layer trees of a running laminad's clients.")

    @OptionGroup var socket: SocketOption

    func run() throws {
        let client = try socket.connect(as: "lamina tree")
        let reply = try request(client) { .tree(serial: $0, scope: .allClients) }
        guard case .tree(_, let nodes) = reply else {
            if case .error(let report) = reply { throw Failure(refusal(report, "read other clients' layer trees")) }
            throw Failure("unexpected reply \(reply.opcode)")
        }
        var lastClient: UInt32?
        for node in nodes {
            if node.client != lastClient {
                print("client \(node.client) \"\(node.clientName)\"")
                lastClient = node.client
            }
            let indent = String(repeating: "  ", count: Int(node.depth) + 1)
            let f = node.frame
            var line = "\(indent)\(node.isMask ? "mask " : "")\(node.handle)"
            if let name = node.name { line += " \"\(name)\"" }
            line += " frame (\(fmt(f.origin.x)), \(fmt(f.origin.y)), \(fmt(f.size.width)), \(fmt(f.size.height)))"
            if node.opacity != 1 { line += " opacity \(fmt(node.opacity))" }
            if node.isHidden { line += " hidden" }
            if node.animationCount > 0 { line += " animations \(node.animationCount)" }
            if !node.isAttached { line += " (not on screen)" }
            print(line)
        }
        if nodes.isEmpty { print("no layers") }
    }

    private func fmt(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: x)
    }
}

/// Formats a number with up to three decimals, without Foundation.
private func String(format x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return "\(scaled)"
}

/// `lamina screenshot`: the daemon's output as a PNG file.
struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot", abstract: "Save what a running laminad shows as a PNG file.")

    @OptionGroup var socket: SocketOption

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func run() throws {
        let client = try socket.connect(as: "lamina screenshot")
        let reply = try request(client) { .screenshot(serial: $0, destination: .png) }
        guard case .screenshot(_, let width, let height, let png) = reply else {
            if case .error(let report) = reply { throw Failure(refusal(report, "take screenshots")) }
            throw Failure("unexpected reply \(reply.opcode)")
        }
        do {
            let image = try PNG.decode(png)
            try PNG.write(image, toFile: output)
        } catch {
            throw Failure("\(output): \(error)")
        }
        print("\(output): \(width)x\(height)")
    }
}

/// `lamina stats`: the daemon's counters.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Print a running laminad's counters as JSON.")

    @OptionGroup var socket: SocketOption

    func run() throws {
        let client = try socket.connect(as: "lamina stats")
        let reply = try request(client) { .stats(serial: $0) }
        guard case .stats(_, let s) = reply else {
            if case .error(let report) = reply { throw Failure("\(report)") }
            throw Failure("unexpected reply \(reply.opcode)")
        }
        print(
            """
            {"clients": \(s.clients), "layers": \(s.layers), "animations": \(s.animations), \
            "textures": \(s.textures), "textureBytes": \(s.textureBytes), "pools": \(s.pools), \
            "poolBytes": \(s.poolBytes), "framesDrawn": \(s.framesDrawn), \
            "transactionsApplied": \(s.transactionsApplied), "transactionsRejected": \(s.transactionsRejected), \
            "frameMillisecondsP50": \(s.frameMillisecondsP50), "frameMillisecondsP90": \(s.frameMillisecondsP90), \
            "frameMillisecondsP99": \(s.frameMillisecondsP99), "uptime": \(s.uptime), "counters": \(counters(s.counters))}
            """)
    }

    /// The frame counters (protocol version 8) as a JSON object of medians and 99th percentiles.
    private func counters(_ c: FrameCounterSummaries) -> String {
        let named = [
            ("uploadedInstanceBytes", c.uploadedInstanceBytes), ("uploadedTextureBytes", c.uploadedTextureBytes),
            ("drawCalls", c.drawCalls), ("glObjectsCreated", c.glObjectsCreated), ("instancesVisited", c.instancesVisited),
            ("cpuMs", c.cpuMilliseconds),
        ]
        return "{" + named.map { "\"\($0.0)\": {\"median\": \($0.1.median), \"p99\": \($0.1.p99)}" }.joined(separator: ", ") + "}"
    }
}

/// `lamina play`: a scene's timeline sent to a running daemon in real time.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a scene file on a running laminad: each timeline commit at its time, in real time.",
        discussion: """
            The scene's layers become this client's layers, under the daemon's canvas; its images go \
            through one shared-memory pool. Animations with a nonzero beginTime are shifted to the \
            daemon's clock (scene time 0 is the first commit). The command returns after the last \
            commit is applied and --hold seconds more (the daemon drops a client's layers when it leaves).
            """)

    @OptionGroup var socket: SocketOption

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Seconds to stay connected after the last commit (the scene stays on screen meanwhile).")
    var hold: Double = 2

    func run() throws {
        let script = try loadScene(scene)
        let client = try socket.connect(as: "lamina play")
        do {
            // Every image into one pool, announced before the first commit.
            var sizes = 0
            for step in script.steps {
                for (_, image) in step.images { sizes += image.bytes.count }
            }
            var wireBitmaps: [BitmapID: WireBitmap] = [:]
            if sizes > 0 {
                let pool = try SharedMemoryPool.create(name: "lamina-play", size: sizes)
                try client.send(.createPool(id: 1, size: UInt64(sizes), descriptor: pool.descriptor))
                var offset = 0
                for step in script.steps {
                    for (id, image) in step.images {
                        image.bytes.withUnsafeBytes { bytes in
                            UnsafeMutableRawBufferPointer(rebasing: pool.bytes[offset..<(offset + bytes.count)]).copyMemory(from: bytes)
                        }
                        wireBitmaps[id] = WireBitmap(
                            id: id, pool: 1, offset: UInt64(offset), width: UInt32(image.width),
                            height: UInt32(image.height), stride: UInt32(image.width * 4), format: .rgba8,
                            premultiplied: image.alpha == .premultiplied)
                        offset += image.bytes.count
                    }
                }
            }
            var start: Double?
            for (index, step) in script.steps.enumerated() {
                if let start {
                    // Events (animation starts and stops) may wake the wait early: wait out the time.
                    while case let wait = start + step.at - currentMediaTime(), wait > 0 {
                        _ = try? client.receive(timeout: wait)
                    }
                }
                let serial = UInt32(index + 1)
                var operations = step.operations
                if let start { operations = operations.map { shifted($0, by: start) } }
                try client.send(
                    .commit(
                        Commit(
                            serial: serial, bitmaps: step.images.compactMap { wireBitmaps[$0.id] },
                            operations: operations)))
                let time = try client.receive(timeout: 30) { message -> Double? in
                    if case .committed(serial, let time, _) = message { return time }
                    if case .error(let report) = message, report.serial == serial || report.serial == 0 {
                        return -1
                    }
                    return nil
                }
                guard time >= 0 else { throw Failure("the daemon rejected commit \(index) of \(scene)") }
                if start == nil { start = time - step.at }
                let late = time - (start ?? time)
                print("t=\(step.at): commit \(index) applied at +\(String(format: late)) s (\(operations.count) operations)")
            }
            let end = currentMediaTime() + hold
            while currentMediaTime() < end { _ = try? client.receive(timeout: end - currentMediaTime()) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("\(error)")
        }
    }

    /// An animation with an explicit beginTime moved from scene time to the daemon's clock.
    private func shifted(_ operation: LayerOperation, by start: Double) -> LayerOperation {
        guard case .addAnimation(let layer, var animation, let key) = operation, animation.timing.beginTime != 0 else {
            return operation
        }
        animation.timing.beginTime += start
        return .addAnimation(layer, animation, key: key)
    }
}
