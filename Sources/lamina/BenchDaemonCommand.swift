import ArgumentParser
import Dispatch
import Glibc
import LaminaCore
import LaminaModel
import LaminaWire

/// `lamina bench-daemon`: measures a running `laminad` through its socket, as a client does.
struct BenchDaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-daemon",
        abstract: "Measure a running laminad: property changes per second, commit-to-presented latency, idle CPU, per-frame contents, one big commit, tile latency, a GL layer's present-to-shown latency and CPU.",
        discussion: "Prints one JSON object. CPU is read from /proc for the daemon's process (found with SO_PEERCRED).")

    @Option(help: "The daemon's socket.")
    var socket: String

    @Option(help: "property-changes, latency, idle, contents, one-change, big-commit, tiles or gl.")
    var test: String

    @Option(help: "Seconds to measure idle CPU, per-frame contents or a GL layer.")
    var seconds: Double = 10

    @Option(help: "The tiles test's drawer: solid (answered at once) or mandelbrot (each tile computed first, on two threads, as an app's drawer would).")
    var drawer: String = "solid"

    @Option(help: "The contents test's pixel format: bgrx8 (opaque, as weston-simple-shm's XRGB8888) or bgra8 (premultiplied ARGB8888).")
    var format: String = "bgrx8"

    @Option(help: "The contents test's alpha for bgra8 pixels, 1...255: 255 paints opaque pixels in a format with alpha (what most toolkits send), less paints them translucent over the layers' backgrounds.")
    var alpha: Int = 255

    func run() throws {
        let client: WireClient
        do { client = try WireClient.connect(path: socket, name: "lamina bench-daemon") } catch { throw Failure("\(error)") }
        let pid = (try? SystemCalls.peerCredentials(client.socket).pid) ?? 0
        let refresh = client.welcome?.outputs.first?.refreshRate ?? 60
        do {
            switch test {
            case "property-changes": try propertyChanges(client)
            case "latency": try latency(client, period: 1 / refresh)
            case "idle": try idle(client, pid: pid)
            case "contents": try contents(client, pid: pid)
            case "one-change": try oneChange(client, pid: pid)
            case "big-commit": try bigCommit(client, pid: pid)
            case "tiles": try tiles(client, period: 1 / refresh)
            case "gl": try gl(pid: pid, period: 1 / refresh)
            default: throw Failure("unknown test '\(test)' (property-changes, latency, idle, contents, one-change, big-commit, tiles, gl)")
            }
        } catch let error as WireClientError {
            throw Failure("\(error)")
        }
    }

    private func layers(_ count: Int, size: Double, columns: Int = 8) -> [LayerOperation] {
        (0..<count).flatMap { i -> [LayerOperation] in
            let h = LayerHandle(UInt64(i + 1))
            let (x, y) = (Double(i % columns) * size, Double(i / columns) * size)
            return [
                .create(h, name: nil), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: size, height: size))),
                .set(h, LayerKeyPath(.position), .point(Point(x: x + size / 2, y: y + size / 2))),
                .set(h, LayerKeyPath(.backgroundColor), .color(Color(red: 0.2, green: 0.4, blue: 0.8))),
                .insertSublayer(h, into: nil, at: nil),
            ]
        }
    }

    private func waitCommitted(_ client: WireClient, _ serial: UInt32) throws(WireClientError) -> Double {
        try client.receive { message -> Double? in
            if case .committed(serial, let time, _) = message { return time }
            if case .error(let report) = message { print("error: \(report)") }
            return nil
        }
    }

    /// 100 layers; commits of 1,000 property changes each, pipelined, until 200,000 are acknowledged.
    private func propertyChanges(_ client: WireClient) throws(WireClientError) {
        try client.send(.commit(Commit(serial: 1, operations: layers(100, size: 10))))
        _ = try waitCommitted(client, 1)
        let commits = 200
        let start = MediaClock.now
        for c in 0..<commits {
            let ops = (0..<1000).map { i -> LayerOperation in
                .set(LayerHandle(UInt64(i % 100 + 1)), LayerKeyPath(.opacity), .number(Double((c + i) % 100) / 100))
            }
            try client.send(.commit(Commit(serial: UInt32(2 + c), operations: ops)))
        }
        _ = try waitCommitted(client, UInt32(1 + commits))
        let elapsed = MediaClock.now - start
        print(#"{"test":"property-changes","changes":\#(commits * 1000),"seconds":\#(elapsed),"changesPerSecond":\#(Double(commits * 1000) / elapsed)}"#)
    }

    /// 200 commits of one change, each sent right after a frame callback: frames from sending to the
    /// blank at which the frame that applies it is shown (the `committed` event's commit time: the
    /// daemon draws each frame shortly before the blank it is shown at, and stamps it with that blank).
    private func latency(_ client: WireClient, period: Double) throws(WireClientError) {
        try client.send(.commit(Commit(serial: 1, operations: layers(1, size: 10))))
        _ = try waitCommitted(client, 1)
        var frames: [Double] = []
        for i in 0..<200 {
            try client.send(.requestFrame(serial: UInt32(i)))
            _ = try client.receive { message -> Bool? in
                if case .frame(UInt32(i), _, _) = message { return true }
                return nil
            }
            let sent = MediaClock.now
            let serial = UInt32(10 + i)
            try client.send(.commit(Commit(serial: serial, operations: [.set(LayerHandle(1), LayerKeyPath(.opacity), .number(Double(i % 2)))])))
            let commitTime = try waitCommitted(client, serial)
            frames.append((commitTime - sent) / period)
        }
        frames.sort()
        print(#"{"test":"latency","commits":200,"medianFrames":\#(frames[100]),"p99Frames":\#(frames[197]),"maxFrames":\#(frames[199])}"#)
    }

    /// A tiled layer over the output (tiles of 256 pixels, four levels with bias 2) zoomed to another
    /// level 40 times: frames from the one that applies the zoom (and asks for the new level's tiles)
    /// to the one that shows them, the tiles answered as soon as they are asked (solid, from a pool).
    /// Meanwhile the layer shows the coarser tiles it holds.
    private func tiles(_ client: WireClient, period: Double) throws {
        let output = client.welcome?.outputs.first
        let (width, height) = (output?.width ?? 1280, output?.height ?? 720)
        guard drawer == "solid" || drawer == "mandelbrot" else { throw Failure("unknown drawer '\(drawer)' (solid, mandelbrot)") }
        let draws = drawer == "mandelbrot"
        let side = 256, bytes = side * side * 4
        // A drawn tile each has its own place (the daemon copies a tile when it takes it); solid ones
        // share one.
        let slots = draws ? 64 : 1
        let pool: SharedMemoryPool
        do { pool = try SharedMemoryPool.create(name: "tiles", size: bytes * slots) } catch { throw Failure("memfd: \(error)") }
        for i in stride(from: 0, to: bytes, by: 4) { (pool.bytes[i], pool.bytes[i + 1], pool.bytes[i + 2], pool.bytes[i + 3]) = (200, 120, 40, 255) }
        try client.send(.createPool(id: 1, size: UInt64(pool.size), descriptor: pool.descriptor))
        let h = LayerHandle(1)
        try client.send(.commit(Commit(serial: 1, operations: [
            .create(h, name: "tiles", kind: .tiled), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: width, height: height))),
            .set(h, LayerKeyPath(.position), .point(Point(x: width / 2, y: height / 2))),
            .set(h, LayerKeyPath(.tileSize), .size(Size(width: Double(side), height: Double(side)))),
            .set(h, LayerKeyPath(.levelsOfDetail), .number(4)), .set(h, LayerKeyPath(.levelsOfDetailBias), .number(2)),
            .set(h, LayerKeyPath(.fadeDuration), .number(0)), .insertSublayer(h, into: nil, at: nil),
        ])))
        var frames: [Double] = [], tilesAsked = 0, drawing: [Double] = []
        for i in 0..<40 {
            let serial = UInt32(10 + 2 * i)
            // 1, 2, 4, 0.5 times, each a level not shown the step before; the tile size changes every
            // fourth step, which drops the tiles held (another grid), so every step asks.
            let zoom = [1.0, 2, 4, 0.5][i % 4]
            try client.send(.commit(Commit(serial: serial, operations: [
                .set(h, LayerKeyPath(.transform), .transform(Transform3D(scaleX: zoom, y: zoom, z: 1))),
                .set(h, LayerKeyPath(.tileSize), .size(Size(width: Double(side - i / 4 % 2), height: Double(side - i / 4 % 2)))),
            ])))
            let commitTime = try waitCommitted(client, serial)
            // The frame that applied the zoom asked for the tiles it lacked (none, once all are held).
            // The next frame tells whether any were asked; a frame asked after the tiles were sent is
            // drawn after the daemon took them (it takes requests in order), and shows them.
            var asked: [WireTileRequest] = []
            let shown = serial + 1_000
            try client.send(.requestFrame(serial: serial + 1))
            let shownAt: Double = try client.receive(timeout: 10) { message -> Double? in
                switch message {
                case .tileRequests(let requests):
                    asked += requests
                    if draws {
                        let start = MediaClock.now
                        Self.drawMandelbrot(requests.prefix(slots), into: pool, slotBytes: bytes, stride: side * 4, layerWidth: width)
                        drawing.append((MediaClock.now - start) / period)
                    }
                    for (n, r) in requests.enumerated() {
                        try? client.send(.provideTile(r.tile, pixels: WireBitmap(
                            id: BitmapID(0), pool: 1, offset: UInt64(draws ? n % slots * bytes : 0), width: r.width, height: r.height,
                            stride: UInt32(side * 4), format: .bgra8, premultiplied: true)))
                    }
                    try? client.send(.requestFrame(serial: shown))
                    return nil
                case .frame(let s, _, _) where s == serial + 1: return asked.isEmpty ? -1 : nil
                case .frame(let s, let time, _) where s == shown: return time
                default: return nil
                }
            }
            guard shownAt >= 0 else { continue }
            tilesAsked += asked.count
            frames.append(((shownAt - commitTime) / period).rounded())
        }
        frames.sort()
        guard !frames.isEmpty else { throw Failure("no zoom asked for tiles") }
        drawing.sort()
        let drawn = drawing.isEmpty ? "" : #","drawingFramesMedian":\#(drawing[drawing.count / 2])"#
        print(#"{"test":"tiles","drawer":"\#(drawer)","zooms":\#(frames.count),"tilesAsked":\#(tilesAsked),"medianFrames":\#(frames[frames.count / 2]),"maxFrames":\#(frames.last!)\#(drawn)}"#)
    }

    /// Draws each tile asked for as a view of the Mandelbrot set over the layer (up to 128 iterations a
    /// pixel), on two threads, into its slot of `pool`: what a drawer of real content costs.
    private static func drawMandelbrot(
        _ requests: ArraySlice<WireTileRequest>, into pool: SharedMemoryPool, slotBytes: Int, stride: Int, layerWidth: Double
    ) {
        let base = UInt(bitPattern: pool.bytes.baseAddress!)
        let list = Array(requests)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for (n, r) in list.enumerated() where n % 2 == worker {
                let out = UnsafeMutablePointer<UInt8>(bitPattern: base + UInt(n * slotBytes))!
                for py in 0..<Int(r.height) {
                    for px in 0..<Int(r.width) {
                        let x = r.rect.minX + (Double(px) + 0.5) / r.scale, y = r.rect.minY + (Double(py) + 0.5) / r.scale
                        let (cx, cy) = (-0.75 + (x / layerWidth - 0.5) * 3, (y / layerWidth - 0.25) * 3)
                        var (zx, zy, i) = (0.0, 0.0, 0)
                        while i < 128, zx * zx + zy * zy < 4 { (zx, zy, i) = (zx * zx - zy * zy + cx, 2 * zx * zy + cy, i + 1) }
                        let o = py * stride + px * 4
                        (out[o], out[o + 1], out[o + 2], out[o + 3]) = (UInt8(i * 2 & 255), UInt8(i * 5 & 255), UInt8(i * 11 & 255), 255)
                    }
                }
            }
        }
    }

    /// 100 static layers, then the daemon's CPU time over `seconds`.
    private func idle(_ client: WireClient, pid: Int32) throws(WireClientError) {
        try client.send(.commit(Commit(serial: 1, operations: layers(100, size: 20))))
        _ = try waitCommitted(client, 1)
        let before = cpuSeconds(pid)
        let start = MediaClock.now
        _ = SystemCalls.waitReadable(-1, timeout: seconds)  // nothing to wait on: the daemon is meant to be idle
        let cpu = cpuSeconds(pid) - before
        let elapsed = MediaClock.now - start
        print(#"{"test":"idle","seconds":\#(elapsed),"cpuSeconds":\#(cpu),"percentOfACore":\#(cpu / elapsed * 100)}"#)
    }

    /// 64 layers of 250x250 whose bitmaps the client repaints and commits every frame; the daemon's
    /// CPU per frame drawn.
    private func contents(_ client: WireClient, pid: Int32) throws {
        let pixelFormat: PixelFormat
        switch format {
        case "bgrx8": pixelFormat = .bgrx8
        case "bgra8": pixelFormat = .bgra8
        default: throw Failure("unknown format '\(format)' (bgrx8, bgra8)")
        }
        guard (1...255).contains(alpha) else { throw Failure("--alpha \(alpha) is outside 1...255") }
        let side = 250
        let bytesPerBitmap = side * side * 4
        let pool: SharedMemoryPool
        do { pool = try SharedMemoryPool.create(name: "bench", size: 64 * bytesPerBitmap) } catch { throw Failure("memfd: \(error)") }
        try client.send(.createPool(id: 1, size: UInt64(pool.size), descriptor: pool.descriptor))
        func bitmaps() -> [WireBitmap] {
            (0..<64).map {
                WireBitmap(
                    id: BitmapID(UInt64($0 + 1)), pool: 1, offset: UInt64($0 * bytesPerBitmap), width: UInt32(side), height: UInt32(side),
                    stride: UInt32(side * 4), format: pixelFormat, premultiplied: true)
            }
        }
        // An 8x8 grid of 250-point layers: at 1920x1080 the lower rows and right columns fall outside,
        // as Weston's cascaded windows partly overlap; every layer still gets its upload each frame.
        var ops = layers(64, size: Double(side), columns: 8)
        ops += (0..<64).map { .set(LayerHandle(UInt64($0 + 1)), LayerKeyPath(.contents), .bitmap(BitmapID(UInt64($0 + 1)))) }
        try client.send(.commit(Commit(serial: 1, bitmaps: bitmaps(), operations: ops)))
        _ = try waitCommitted(client, 1)
        try measureFrames(client, pid: pid, test: #""test":"contents","layers":64,"bitmap":"250x250","format":"\#(format)","alpha":\#(alpha)"#) { frame in
            // Repaint every bitmap (a new colour each frame), as a client drawing each frame does;
            // premultiplied, so no colour byte exceeds the alpha.
            let colour = UInt32(truncatingIfNeeded: frame &* 2_654_435_761)
            let a = UInt32(pixelFormat == .bgra8 ? alpha : 255)
            let value =
                (((colour >> 16) & 0xff) * a / 255) << 16 | (((colour >> 8) & 0xff) * a / 255) << 8 | ((colour & 0xff) * a / 255)
                | a << 24
            let words = pool.bytes.bindMemory(to: UInt32.self)
            for i in 0..<words.count { words[i] = value }
            return Commit(serial: 0, bitmaps: bitmaps(), operations: [])
        }
    }
}

extension BenchDaemonCommand {
    /// 10,000 layers of 8x8 points, of which one changes colour every frame (a commit after each
    /// frame callback); the daemon's CPU per frame drawn. Against a daemon started with
    /// `--redraw-everything`, the same without damage tracking.
    func oneChange(_ client: WireClient, pid: Int32) throws {
        // In commits of 1,000 layers: one message may not exceed the daemon's size limit.
        let all = layers(10_000, size: 8, columns: 125)
        let perCommit = all.count / 10
        for c in 0..<10 {
            try client.send(.commit(Commit(serial: UInt32(100 + c), operations: Array(all[(c * perCommit)..<((c + 1) * perCommit)]))))
            _ = try waitCommitted(client, UInt32(100 + c))
        }
        try measureFrames(client, pid: pid, test: #""test":"one-change","layers":10000"#) { frame in
            let color = Color(red: Double(frame % 2), green: 0.5, blue: Double((frame + 1) % 2))
            return Commit(serial: 0, operations: [.set(LayerHandle(5000), LayerKeyPath(.backgroundColor), .color(color))])
        }
    }

    /// For `seconds`: asks for a frame, and on each callback commits what `commit` makes for that
    /// frame (its serial is set here); then prints `test`'s fields with the frames the daemon drew
    /// and its CPU time per frame, as JSON.
    func measureFrames(_ client: WireClient, pid: Int32, test: String, commit: (Int) -> Commit<WireBitmap>) throws {
        try client.send(.stats(serial: 2))
        let framesBefore = try client.receive { m -> UInt64? in if case .stats(2, let s) = m { return s.framesDrawn }; return nil }
        let cpuBefore = cpuSeconds(pid)
        let start = MediaClock.now
        var serial: UInt32 = 10
        var frame = 0
        while MediaClock.now - start < seconds {
            try client.send(.requestFrame(serial: serial))
            _ = try client.receive { m -> Bool? in if case .frame(serial, _, _) = m { return true }; return nil }
            frame += 1
            serial += 1
            var next = commit(frame)
            next.serial = serial
            try client.send(.commit(next))
            serial += 1
        }
        try client.send(.stats(serial: 3))
        let framesAfter = try client.receive { m -> UInt64? in if case .stats(3, let s) = m { return s.framesDrawn }; return nil }
        let cpu = cpuSeconds(pid) - cpuBefore
        let elapsed = MediaClock.now - start
        let frames = framesAfter - framesBefore
        print(
            #"{\#(test),"seconds":\#(elapsed),"framesDrawn":\#(frames),"cpuSeconds":\#(cpu),"cpuMillisecondsPerFrame":\#(cpu / Double(max(frames, 1)) * 1000),"percentOfACore":\#(cpu / elapsed * 100)}"#
        )
    }
}

extension BenchDaemonCommand {
    /// Ten rounds of one commit making 30,000 sublayers of one hidden layer (60,000 operations: the
    /// hostile-load test's attack) and one destroying them again; the CPU each costs the daemon's
    /// compositor thread (which applies it, holding every client's frames meanwhile) and the whole
    /// daemon (reading and decoding too), in milliseconds: the median and the largest of the rounds.
    func bigCommit(_ client: WireClient, pid: Int32) throws(WireClientError) {
        let parent = LayerHandle(1)
        let children = (2...30_001).map { LayerHandle(UInt64($0)) }
        let make: [LayerOperation] =
            [.create(parent, name: nil), .set(parent, LayerKeyPath(.hidden), .bool(true)), .insertSublayer(parent, into: nil, at: nil)]
            + children.flatMap { [.create($0, name: nil), .insertSublayer($0, into: parent, at: nil)] }
        let destroy: [LayerOperation] = children.map { .destroy($0) } + [.destroy(parent)]
        var (compositor, daemon): ([String: [Double]], [String: [Double]]) = ([:], [:])
        var serial: UInt32 = 1
        for _ in 0..<10 {
            for (name, operations) in [("make", make), ("destroy", destroy)] {
                let before = (threadCPUSeconds(pid, named: "lamina-compose"), threadCPUSeconds(pid, named: nil))
                try client.send(.commit(Commit(serial: serial, operations: operations)))
                _ = try waitCommitted(client, serial)
                serial += 1
                compositor[name, default: []].append((threadCPUSeconds(pid, named: "lamina-compose") - before.0) * 1000)
                daemon[name, default: []].append((threadCPUSeconds(pid, named: nil) - before.1) * 1000)
            }
        }
        func summary(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return #"{"median":\#(sorted[sorted.count / 2]),"max":\#(sorted.last!)}"#
        }
        print(
            #"{"test":"big-commit","operations":{"make":\#(make.count),"destroy":\#(destroy.count)},"compositorMilliseconds":{"make":\#(summary(compositor["make"]!)),"destroy":\#(summary(compositor["destroy"]!))},"daemonMilliseconds":{"make":\#(summary(daemon["make"]!)),"destroy":\#(summary(daemon["destroy"]!))}}"#
        )
    }
}

/// CPU seconds the threads of a process named `name` (every thread: nil) have run, from
/// /proc/PID/task/TID/schedstat, which counts nanoseconds (/proc/PID/stat counts 10 ms ticks, too
/// coarse for one commit).
func threadCPUSeconds(_ pid: Int32, named name: String?) -> Double {
    func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard let tasks = opendir("/proc/\(pid)/task") else { return 0 }
    defer { closedir(tasks) }
    var total = 0.0
    while let entry = readdir(tasks) {
        let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard tid.first?.isNumber == true else { continue }
        if let name, read("/proc/\(pid)/task/\(tid)/comm")?.split(separator: "\n").first.map(String.init) != name { continue }
        if let nanoseconds = read("/proc/\(pid)/task/\(tid)/schedstat")?.split(separator: " ").first.flatMap({ Double($0) }) {
            total += nanoseconds / 1e9
        }
    }
    return total
}

/// User plus system CPU seconds of a process, from /proc/PID/stat.
func cpuSeconds(_ pid: Int32) -> Double {
    guard let file = fopen("/proc/\(pid)/stat", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // Fields after the command name (which may hold spaces) start after the last ')'.
    guard let close = text.lastIndex(of: ")") else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
