import Foundation
import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaWire
import Testing

/// A real `laminad` driven through its socket: trees, pixels, animations, frame callbacks, clients.
@Suite("laminad end to end", .serialized)
struct EndToEndTests {
    let h1 = LayerHandle(1), h2 = LayerHandle(2), h3 = LayerHandle(3)

    /// Operations that make `handle` a top-level layer covering `frame` (in points).
    func layer(_ handle: LayerHandle, frame: Rect, color: Color? = nil) -> [LayerOperation] {
        var ops: [LayerOperation] = [
            .create(handle, name: "layer \(handle.rawValue)"),
            .set(handle, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))),
            .set(handle, LayerKeyPath(.position), .point(Point(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2))),
            .insertSublayer(handle, into: nil, at: nil),
        ]
        if let color { ops.append(.set(handle, LayerKeyPath(.backgroundColor), .color(color))) }
        return ops
    }

    @Test("a committed tree is on screen, pixel for pixel, with contents from a shared-memory pool")
    func treeScreenshot() throws {
        let daemon = try DaemonProcess(["--size", "64x48"])
        let client = try daemon.connect()
        let pool = try solidPool(width: 8, height: 8, rgba: [0, 0, 255, 255])
        try client.send(.createPool(id: 1, size: UInt64(pool.size), descriptor: pool.descriptor))
        let bitmap = WireBitmap(id: BitmapID(7), pool: 1, offset: 0, width: 8, height: 8, stride: 32)
        try client.commit(
            1,
            layer(h1, frame: Rect(x: 4, y: 6, width: 20, height: 10), color: Color(red: 1, green: 0, blue: 0))
                + layer(h2, frame: Rect(x: 30, y: 20, width: 8, height: 8))
                + [.set(h2, LayerKeyPath(.contents), .bitmap(BitmapID(7)))],
            bitmaps: [bitmap])

        let image = try client.screenshot()
        #expect(image.width == 64 && image.height == 48)
        let red = SIMD4<UInt8>(255, 0, 0, 255), blue = SIMD4<UInt8>(0, 0, 255, 255), clear = SIMD4<UInt8>(0, 0, 0, 0)
        for (x, y, expected) in [
            (4, 6, red), (23, 15, red), (3, 6, clear), (24, 6, clear), (4, 16, clear),
            (30, 20, blue), (37, 27, blue), (38, 27, clear), (29, 20, clear), (0, 0, clear),
        ] {
            #expect(image[x, y] == expected, "pixel \(x),\(y)")
        }
        // Count every pixel: exactly the two rectangles are painted.
        var painted = 0
        for y in 0..<48 { for x in 0..<64 where image[x, y] != clear { painted += 1 } }
        #expect(painted == 20 * 10 + 8 * 8)

        let stats = try client.stats()
        #expect(stats.layers == 2 && stats.textures == 1 && stats.pools == 1 && stats.clients == 1)
        #expect(stats.textureBytes == 8 * 8 * 4)
    }

    @Test("an animation runs in the daemon: presentation queries follow it, then it finishes and its transaction completes")
    func animationThroughQueries() throws {
        let daemon = try DaemonProcess(["--size", "32x32"])
        let client = try daemon.connect()
        try client.commit(1, layer(h1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let duration = 0.4
        let fade = Animation.basic(
            LayerKeyPath(.opacity), from: .number(1), to: .number(0), timing: MediaTiming(duration: duration))
        let commitTime = try client.commit(
            2, [.set(h1, LayerKeyPath(.opacity), .number(0)), .addAnimation(h1, fade, key: "fade")])

        var during = 0
        while true {
            let (time, values) = try client.presentation(of: h1)
            guard case .number(let opacity)? = values[.opacity] else {
                Issue.record("no opacity")
                return
            }
            let progress = (time - commitTime) / duration
            #expect(time >= commitTime)
            if progress < 1 {
                #expect(abs(opacity - (1 - progress)) < 1e-9, "opacity at \(time - commitTime) s")
                during += 1
            } else {
                #expect(opacity == 0)
                break
            }
        }
        #expect(during > 0)

        let completed = try client.receive { message -> Bool? in
            if case .transactionCompleted(2) = message { return true }
            return nil
        }
        #expect(completed)
        let events = client.drainBacklog().compactMap { message -> String? in
            switch message {
            case .animationStarted(let layer, _, let key): "started \(layer) \(key ?? "-")"
            case .animationStopped(let layer, _, let key, let finished): "stopped \(layer) \(key ?? "-") \(finished)"
            case .transactionCompleted(let serial): "completed \(serial)"
            default: nil
            }
        }
        #expect(events == ["completed 1", "started layer@1 fade", "stopped layer@1 fade true"])
    }

    @Test("frame callbacks come once per requested frame, on the output's clock")
    func frameCallbacks() throws {
        let daemon = try DaemonProcess(["--size", "16x16", "--refresh", "50"])
        let client = try daemon.connect()
        let period = 1.0 / 50
        var times: [Double] = []
        for serial in UInt32(1)...20 {
            try client.send(.requestFrame(serial: serial))
            let (time, target) = try client.receive { message -> (Double, Double)? in
                if case .frame(serial, let time, let target) = message { return (time, target) }
                return nil
            }
            #expect(abs(target - time - period) < 1e-9)
            times.append(time)
        }
        // Every frame lies on the output's tick grid, a whole number of periods after the one before.
        var steps: [Int] = []
        for (a, b) in zip(times, times.dropFirst()) {
            let k = (b - a) / period
            #expect(abs(k - k.rounded()) < 1e-3 && k.rounded() >= 1, "\(b - a) s between frames")
            steps.append(Int(k.rounded()))
        }
        // A client answering each callback at once gets the next tick, not one frame in two.
        #expect(steps.sorted()[steps.count / 2] == 1, "steps \(steps)")
    }

    @Test("a commit sent on a frame callback is applied by the next frame: one interval, at the callback's target time")
    func oneFrameOfLatency() throws {
        let daemon = try DaemonProcess(["--size", "16x16", "--refresh", "10"])
        let client = try daemon.connect()
        try client.commit(1, layer(h1, frame: Rect(x: 0, y: 0, width: 8, height: 8)))
        var late: [String] = []
        for i in 0..<12 {
            let serial = UInt32(100 + 2 * i)
            try client.send(.requestFrame(serial: serial))
            let (time, target) = try client.receive { message -> (Double, Double)? in
                if case .frame(serial, let time, let target) = message { return (time, target) }
                return nil
            }
            // Heard at the frame's blank, not before: the daemon holds what a frame sends until then.
            #expect(MediaClock.now >= time - 1e-6)
            let applied = try client.commit(serial + 1, [.set(h1, LayerKeyPath(.opacity), .number(Double(i % 2)))])
            if abs(applied - target) > 1e-9 { late.append("commit \(i): applied at \(applied - time) s after the callback's blank") }
        }
        // The frame after the callback's starts a lead before its blank (a few milliseconds of the
        // 100 ms interval): a commit sent on the callback makes it, so it is shown one interval later.
        #expect(late.isEmpty, "\(late)")
    }

    @Test("two clients are isolated: one cannot name the other's layers, and the same handles mean different layers")
    func isolation() throws {
        let daemon = try DaemonProcess(["--size", "40x20"])
        let a = try daemon.connect("a")
        let b = try daemon.connect("b")
        try a.commit(1, layer(h1, frame: Rect(x: 0, y: 0, width: 20, height: 20), color: Color(red: 1, green: 0, blue: 0)))

        let report = try b.rejected(1, [.set(h1, LayerKeyPath(.opacity), .number(0))])
        #expect(report.code == .unknownLayer)
        #expect(report.operationIndex == 0)
        #expect(report.message == "operation 0 (set opacity of layer@1): unknown layer layer@1")

        try b.commit(2, layer(h1, frame: Rect(x: 20, y: 0, width: 20, height: 20), color: Color(red: 0, green: 1, blue: 0)))
        let (_, valuesA) = try a.presentation(of: h1)
        let (_, valuesB) = try b.presentation(of: h1)
        #expect(valuesA[.position] == .point(Point(x: 10, y: 10)))
        #expect(valuesB[.position] == .point(Point(x: 30, y: 10)))

        let image = try a.screenshot()
        #expect(image[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(image[25, 5] == SIMD4(0, 255, 0, 255))

        // When b leaves, its layer goes and a's stays.
        let statsBefore = try a.stats()
        #expect(statsBefore.clients == 2 && statsBefore.layers == 2)
        _ = consume b
        let stats = try a.waitForClients(1)
        #expect(stats.layers == 1)
        let after = try a.screenshot()
        #expect(after[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(after[25, 5] == SIMD4(0, 0, 0, 0))
    }

    @Test("contents replaced every frame: each commit uploads the damaged rectangle and the screen shows it")
    func contentsEveryFrame() throws {
        let daemon = try DaemonProcess(["--size", "16x16", "--refresh", "100"])
        let client = try daemon.connect()
        let pool = try solidPool(width: 16, height: 16, rgba: [0, 0, 0, 255])
        try client.send(.createPool(id: 1, size: UInt64(pool.size), descriptor: pool.descriptor))
        let whole = WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: 16, height: 16, stride: 64)
        try client.commit(
            1, layer(h1, frame: Rect(x: 0, y: 0, width: 16, height: 16)) + [.set(h1, LayerKeyPath(.contents), .bitmap(BitmapID(1)))],
            bitmaps: [whole])

        for frame in 1...12 {
            // The client paints the top-left 4x4 corner a new colour and names only that rectangle.
            let colour: [UInt8] = [UInt8(frame * 20), UInt8(255 - frame * 20), UInt8(frame), 255]
            for y in 0..<4 {
                for x in 0..<4 {
                    for c in 0..<4 { pool.bytes[y * 64 + x * 4 + c] = colour[c] }
                }
            }
            var damaged = whole
            damaged.damage = WireRegion(x: 0, y: 0, width: 4, height: 4)
            try client.send(.requestFrame(serial: UInt32(1000 + frame)))
            try client.commit(UInt32(1 + frame), [], bitmaps: [damaged])
            let image = try client.screenshot(serial: UInt32(2000 + frame))
            #expect(image[0, 0] == SIMD4(colour[0], colour[1], colour[2], 255), "frame \(frame)")
            #expect(image[3, 3] == SIMD4(colour[0], colour[1], colour[2], 255), "frame \(frame)")
            #expect(image[4, 4] == SIMD4(0, 0, 0, 255), "frame \(frame)")
        }
        let stats = try client.stats()
        #expect(stats.textures == 1 && stats.transactionsApplied == 13 && stats.transactionsRejected == 0)
    }

    @Test("no frame is drawn while nothing changes and nothing animates")
    func idle() throws {
        let daemon = try DaemonProcess(["--size", "16x16", "--refresh", "100"])
        let client = try daemon.connect()
        let hold = Animation(
            .basic(BasicAnimation(keyPath: LayerKeyPath(.opacity), fromValue: .number(0), toValue: .number(1))),
            timing: MediaTiming(duration: 0.05, fillMode: .forwards), removedOnCompletion: false)
        try client.commit(1, layer(h1, frame: Rect(x: 0, y: 0, width: 8, height: 8)) + [.addAnimation(h1, hold, key: "hold")])
        _ = try client.receive { message -> Bool? in
            if case .transactionCompleted(1) = message { return true }
            return nil
        }
        let before = try client.stats(serial: 10)
        // Let 20 frame periods pass on the daemon's own clock (presentation replies carry it).
        let start = try client.presentation(of: h1).time
        var now = start
        while now - start < 0.2 { now = try client.presentation(of: h1).time }
        let after = try client.stats(serial: 11)
        #expect(after.framesDrawn == before.framesDrawn)
        #expect(after.animations == 1)  // kept (removedOnCompletion false) but stopped: nothing to draw
        // A change draws exactly one more frame.
        try client.commit(2, [.set(h1, LayerKeyPath(.opacity), .number(0.5))])
        now = try client.presentation(of: h1).time
        let changed = now
        while now - changed < 0.1 { now = try client.presentation(of: h1).time }
        #expect(try client.stats(serial: 12).framesDrawn == after.framesDrawn + 1)
    }

    @Test("a screenshot into a client's pool, after a commit of bitmaps alone")
    func screenshotIntoPool() throws {
        let daemon = try DaemonProcess(["--size", "8x4"])
        let client = try daemon.connect()
        let pixels = try solidPool(width: 4, height: 4, rgba: [0, 255, 0, 255])
        try client.send(.createPool(id: 1, size: UInt64(pixels.size), descriptor: pixels.descriptor))
        // Two bitmaps with no damage and no operations: the smallest commit that carries bitmaps.
        let bitmaps = [
            WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: 2, height: 2, stride: 16),
            WireBitmap(id: BitmapID(2), pool: 1, offset: 0, width: 4, height: 4, stride: 16),
        ]
        try client.commit(1, [], bitmaps: bitmaps)
        try client.commit(2, layer(h1, frame: Rect(x: 4, y: 0, width: 4, height: 4)) + [.set(h1, LayerKeyPath(.contents), .bitmap(BitmapID(2)))])

        let target = try SharedMemoryPool.create(name: "shot", size: 4096)
        try client.send(.createPool(id: 2, size: 4096, descriptor: target.descriptor))
        try client.send(.screenshot(serial: 5, destination: .pool(id: 2, offset: 64)))
        let (w, h, png) = try client.receive { message -> (UInt32, UInt32, [UInt8])? in
            if case .screenshot(5, let w, let h, let png) = message { return (w, h, png) }
            return nil
        }
        #expect(w == 8 && h == 4 && png.isEmpty)
        let bytes = Array(target.bytes[64..<(64 + 8 * 4 * 4)])
        #expect(Array(bytes[0..<4]) == [0, 0, 0, 0])  // left half: nothing
        #expect(Array(bytes[16..<20]) == [0, 255, 0, 255])  // x 4, y 0: the bitmap
        #expect(Array(bytes[(3 * 32 + 28)..<(3 * 32 + 32)]) == [0, 255, 0, 255])  // x 7, y 3
        #expect(target.bytes[63] == 0 && target.bytes[64 + 128] == 0)  // nothing outside the range

        let tooSmall = try SharedMemoryPool.create(name: "small", size: 64)
        try client.send(.createPool(id: 3, size: 64, descriptor: tooSmall.descriptor))
        try client.send(.screenshot(serial: 6, destination: .pool(id: 3, offset: 0)))
        let error = try client.error()
        #expect(error.code == .invalidPool && error.serial == 6)
    }

    @Test("an animation of contents can name only the client's own bitmaps")
    func contentsAnimationIsolation() throws {
        let daemon = try DaemonProcess(["--size", "8x8"])
        let a = try daemon.connect("a")
        let b = try daemon.connect("b")
        let red = try solidPool(width: 2, height: 2, rgba: [255, 0, 0, 255])
        try a.send(.createPool(id: 1, size: UInt64(red.size), descriptor: red.descriptor))
        try a.commit(1, [], bitmaps: [WireBitmap(id: BitmapID(1), pool: 1, offset: 0, width: 2, height: 2, stride: 8)])
        try b.commit(1, layer(h1, frame: Rect(x: 0, y: 0, width: 8, height: 8)))
        // b has no bitmap 1 (a does, and it is the compositor's bitmap 1 too).
        let steal = Animation.basic(LayerKeyPath(.contents), from: .bitmap(BitmapID(1)), to: .bitmap(BitmapID(1)), timing: MediaTiming(duration: 10))
        let report = try b.rejected(2, [.addAnimation(h1, steal, key: "steal")])
        #expect(report.code == .unknownBitmap)
        #expect(try b.screenshot()[4, 4] == SIMD4(0, 0, 0, 0))
    }
}
