import CGLES3
import Foundation
import Lamina
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaWire
import Testing

/// `GLLayer` against a real `laminad` over shared memory (llvmpipe): frames rendered with OpenGL ES in
/// the test's own context reach the screen, composited like any layer's contents; damaged frames send
/// only what changed; the swap chain paces the app; `presentsWithTransaction` holds a frame for its
/// transaction.
@MainActor
@Suite("GL layers through the client library", .serialized)
struct GLLayerTests {
    static let red = SIMD4<UInt8>(255, 0, 0, 255), green = SIMD4<UInt8>(0, 255, 0, 255)
    static let blue = SIMD4<UInt8>(0, 0, 255, 255), white = SIMD4<UInt8>(255, 255, 255, 255)
    static let yellow = SIMD4<UInt8>(255, 255, 0, 255)

    /// A GL context current on this thread, a daemon of `size` and a connection to it, held together for
    /// a test's length.
    struct Rig {
        let context: GLContext
        let daemon: DaemonProcess
        let connection: Connection

        @MainActor init(size: String, name: String) throws {
            context = try GLContext()
            daemon = try DaemonProcess(["--size", size])
            connection = try Connection(name: name, path: daemon.socketPath)
        }
    }

    /// Renders four quadrants into `drawable` with scissored clears: top-left, top-right, bottom-left,
    /// bottom-right as the layer shows them (GL's rows run bottom up, so "top" is GL's upper half).
    static func renderQuadrants(_ drawable: GLDrawable, _ colors: [SIMD4<UInt8>]) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
        glViewport(0, 0, GLsizei(drawable.width), GLsizei(drawable.height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        let (w, h) = (drawable.width / 2, drawable.height / 2)
        // Layer quadrants in reading order, as GL scissor boxes (x, y from the bottom).
        for (i, (x, y)) in [(0, h), (w, h), (0, 0), (w, 0)].enumerated() {
            glScissor(GLint(x), GLint(y), GLsizei(w), GLsizei(h))
            let c = colors[i]
            glClearColor(Float(c.x) / 255, Float(c.y) / 255, Float(c.z) / 255, Float(c.w) / 255)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Where the centre of quadrant `i` (reading order) of a 64-point layer centred at (64, 64) lands on
    /// the screen under a rotation by `angle` about z: Core Animation's rotation maps (x, y) to
    /// (x cos − y sin, x sin + y cos) about the anchor point.
    static func screenPoint(quadrant i: Int, angle: Double) -> (Int, Int) {
        let (dx, dy) = (i % 2 == 0 ? -16.0 : 16.0, i < 2 ? -16.0 : 16.0)
        let (c, s) = (cos(angle), sin(angle))
        return (Int((64 + dx * c - dy * s).rounded(.down)), Int((64 + dx * s + dy * c).rounded(.down)))
    }

    @Test("a GL scene shows on screen as rendered, under a transform and a mask, with the output's background where the mask hides it")
    func sceneUnderTransformAndMask() throws {
        let rig = try Rig(size: "128x128", name: "gl-tests")
        defer { withExtendedLifetime(rig) {} }
        let connection = rig.connection
        #expect(connection.protocolVersion == laminaProtocolVersion)
        let layer = GLLayer()
        layer.frame = Rect(x: 32, y: 32, width: 64, height: 64)
        connection.addLayer(layer)
        let colors = [Self.red, Self.green, Self.blue, Self.white]
        let drawable = try #require(try layer.nextDrawable())
        #expect(drawable.width == 64 && drawable.height == 64)
        Self.renderQuadrants(drawable, colors)
        try drawable.present()
        try connection.synchronize()
        let background = try connection.screenshot()[2, 2]
        var shot = try connection.screenshot()
        for i in 0..<4 {
            let (x, y) = Self.screenPoint(quadrant: i, angle: 0)
            #expect(shot[x, y] == colors[i], "quadrant \(i) at (\(x), \(y))")
        }

        // A quarter turn, and a mask keeping the layer's left half: red and blue stay, turned.
        Transaction.begin()
        Transaction.disableActions = true
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let mask = Layer()
        mask.frame = Rect(x: 0, y: 0, width: 32, height: 64)
        mask.backgroundColor = Color(red: 0, green: 0, blue: 0)
        layer.mask = mask
        Transaction.commit()
        try connection.synchronize()
        shot = try connection.screenshot()
        for i in 0..<4 {
            let (x, y) = Self.screenPoint(quadrant: i, angle: .pi / 2)
            #expect(shot[x, y] == (i % 2 == 0 ? colors[i] : background), "quadrant \(i) turned, at (\(x), \(y))")
        }
    }

    @Test("a frame presented with damage reads back and sends only that part; the screen shows it over the frame before")
    func damagedFrame() throws {
        let rig = try Rig(size: "64x64", name: "gl-damage")
        defer { withExtendedLifetime(rig) {} }
        let connection = rig.connection
        let layer = GLLayer()
        layer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        layer.isOpaque = true
        connection.addLayer(layer)
        var colors = [Self.red, Self.green, Self.blue, Self.white]
        let first = try #require(try layer.nextDrawable())
        Self.renderQuadrants(first, colors)
        try first.present()
        try connection.synchronize()
        // The next frame differs in its top-left quadrant only; it is rendered whole into another
        // drawable, as an app renders every frame.
        colors[0] = Self.yellow
        let second = try #require(try layer.nextDrawable())
        #expect(second.framebuffer != first.framebuffer, "the drawable presented last is not handed out next")
        Self.renderQuadrants(second, colors)
        try second.present(damage: Rect(x: 0, y: 0, width: 32, height: 32))
        try connection.synchronize()
        #expect(layer.statistics.frames == 2 && layer.statistics.pixelsRead == 64 * 64 + 32 * 32)
        let shot = try connection.screenshot()
        for i in 0..<4 {
            let (x, y) = (i % 2 == 0 ? 16 : 48, i < 2 ? 16 : 48)
            #expect(shot[x, y] == colors[i], "quadrant \(i)")
        }
        // An empty damage presents nothing: the frame shown stays, and the drawable is free again.
        let third = try #require(try layer.nextDrawable())
        try third.present(damage: Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(layer.statistics.frames == 2)
        #expect(throws: GLLayerError.presentedTwice) { try third.present() }
        // Any rectangle is cut to the drawable, an infinite one too: here the top 8 rows.
        let fourth = try #require(try layer.nextDrawable())
        Self.renderQuadrants(fourth, colors)
        try fourth.present(damage: Rect(x: -1e300, y: -4, width: .infinity, height: 12))
        #expect(layer.statistics.frames == 3 && layer.statistics.pixelsRead == 64 * 64 + 32 * 32 + 64 * 8)
    }

    @Test("the swap chain: with every drawable's frame waiting in an open transaction, the next drawable is nil after the timeout; committed, one comes free")
    func swapChainWaits() throws {
        let rig = try Rig(size: "32x32", name: "gl-chain")
        defer { withExtendedLifetime(rig) {} }
        let connection = rig.connection
        let layer = GLLayer()
        layer.frame = Rect(x: 0, y: 0, width: 32, height: 32)
        layer.maximumDrawableCount = 2
        layer.presentsWithTransaction = true
        connection.addLayer(layer)
        try connection.synchronize()
        // An explicit transaction holds both frames: the daemon has neither, so neither drawable is free.
        Transaction.begin()
        for color in [Self.red, Self.blue] {
            let drawable = try #require(try layer.nextDrawable(timeout: 0))
            Self.renderQuadrants(drawable, Array(repeating: color, count: 4))
            try drawable.present()
        }
        #expect(connection.bitmapPools.inFlight == 0, "a frame presented with the transaction waits for it")
        #expect(try layer.nextDrawable(timeout: 0.05) == nil)
        Transaction.commit()
        let third = try #require(try layer.nextDrawable(timeout: 10))
        Self.renderQuadrants(third, Array(repeating: Self.green, count: 4))
        try third.present()
        try connection.synchronize()
        #expect(try connection.screenshot()[16, 16] == Self.green)
    }

    @Test("without presentsWithTransaction a frame goes at once (outside an explicit transaction); a drawable let go of unpresented returns to the chain; releaseDrawables deletes their GL objects")
    func presentsAtOnce() throws {
        let rig = try Rig(size: "32x32", name: "gl-now")
        defer { withExtendedLifetime(rig) {} }
        let connection = rig.connection
        let layer = GLLayer()
        layer.frame = Rect(x: 0, y: 0, width: 32, height: 32)
        layer.maximumDrawableCount = 2
        connection.addLayer(layer)
        try connection.synchronize()
        let drawable = try #require(try layer.nextDrawable(timeout: 0))
        Self.renderQuadrants(drawable, Array(repeating: Self.blue, count: 4))
        try drawable.present()
        #expect(connection.bitmapPools.inFlight > 0, "the frame was sent when presented")
        // Two drawables taken and dropped unpresented: both come back.
        for _ in 0..<4 { _ = try #require(try layer.nextDrawable(timeout: 5)) }
        try connection.synchronize()
        #expect(try connection.screenshot()[16, 16] == Self.blue)
        // The drawables' GL objects go (the frame shown stays); the next drawable makes new ones.
        layer.releaseDrawables()
        #expect(glIsFramebuffer(drawable.framebuffer) == GLboolean(GL_FALSE), "the framebuffer was deleted")
        let again = try #require(try layer.nextDrawable(timeout: 5))
        #expect(glIsFramebuffer(again.framebuffer) == GLboolean(GL_TRUE))
        #expect(try connection.screenshot()[16, 16] == Self.blue)
    }

    @Test("after the daemon restarts, a GL layer's last frame and a tiled layer's tiles both come back, and the swap chain hands out drawables again")
    func bothKindsAfterARestart() throws {
        let context = try GLContext()
        defer { withExtendedLifetime(context) {} }
        let first = try DaemonProcess(["--size", "128x64"])
        let connection = try Connection(name: "gl-restart", path: first.socketPath)
        let asked = TiledLayerClientTests.Asked()
        let tiled = TiledLayerClientTests.fourTiles(asked) { Color(red: 0, green: 0, blue: 1) }
        tiled.frame = Rect(x: 64, y: 0, width: 64, height: 64)
        connection.addLayer(tiled)
        let layer = GLLayer()
        layer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        layer.maximumDrawableCount = 2
        connection.addLayer(layer)
        let colors = [Self.red, Self.green, Self.yellow, Self.white]
        let drawable = try #require(try layer.nextDrawable())
        Self.renderQuadrants(drawable, colors)
        try drawable.present()
        try connection.synchronize()
        try connection.wait(for: "the first tiles", timeout: 20) { asked.all.count >= 1 }

        let second = try first.restarted(["--size", "128x64"])
        defer { withExtendedLifetime(second) {} }
        layer.opacity = 0.999  // the next commit finds the daemon gone and connects to the new one
        try connection.synchronize()
        #expect(connection.reconnections == 1)
        try connection.wait(for: "the tiles asked again", timeout: 20) { ((try? connection.screenshot()[96, 32].z) ?? 0) >= 254 }
        let shot = try connection.screenshot()
        for i in 0..<4 {
            let (x, y) = (i % 2 == 0 ? 16 : 48, i < 2 ? 16 : 48)
            #expect(shot[x, y] == colors[i], "quadrant \(i) of the GL layer's last frame")
        }
        // The frames the first daemon never answered are not waited for: the new one took the last.
        for _ in 0..<3 {
            let next = try #require(try layer.nextDrawable(timeout: 10))
            Self.renderQuadrants(next, Array(repeating: Self.blue, count: 4))
            try next.present()
        }
        try connection.synchronize()
        #expect(try connection.screenshot()[32, 32] == Self.blue)
    }

    @Test("here neither side can share DMA-BUFs: the welcome says what the daemon lacks, a GLLayer asked for DMA-BUF alone names it, an automatic one copies through memory, and a buffer sent anyway is refused without ending the session")
    func transports() throws {
        let rig = try Rig(size: "32x32", name: "gl-transport")
        defer { withExtendedLifetime(rig) {} }
        let (daemon, connection) = (rig.daemon, rig.connection)
        guard case .sharedMemoryOnly(let reason) = connection.welcome.bufferSharing else {
            Issue.record("this daemon says it imports DMA-BUFs: the shared-memory checks below do not apply")
            return
        }
        #expect(reason.hasPrefix("EGL_EXT_image_dma_buf_import is missing on "), "\(reason)")
        let strict = GLLayer()
        strict.frame = Rect(x: 0, y: 0, width: 16, height: 16)
        strict.transport = .dmaBuf
        connection.addLayer(strict)
        #expect(throws: GLLayerError.transportUnavailable("the daemon does not import them (\(reason))")) { try strict.nextDrawable() }
        let layer = GLLayer()
        layer.frame = Rect(x: 16, y: 0, width: 16, height: 16)
        connection.addLayer(layer)
        let drawable = try #require(try layer.nextDrawable())
        #expect(layer.sharing == .sharedMemory)
        Self.renderQuadrants(drawable, Array(repeating: Self.green, count: 4))
        try drawable.present()
        try connection.synchronize()
        #expect(try connection.screenshot()[24, 8] == Self.green)

        // A client that shares a buffer anyway hears why not, and carries on.
        let raw = try daemon.connect("raw")
        let pool = try SharedMemoryPool.create(name: "not-a-dma-buf", size: 64)
        try raw.send(.importBuffer(
            serial: 21,
            buffer: WireDMABuf(id: BitmapID(1), width: 4, height: 4, fourcc: WireDMABuf.fourcc("AB24"), modifier: WireDMABuf.noModifier,
                               planes: [WireDMABuf.Plane(offset: 0, stride: 16)]),
            descriptors: [pool.descriptor]))
        let error = try raw.error()
        #expect(error.serial == 21 && error.code == .invalidBitmap)
        #expect(error.message == "importBuffer (bitmap 1): this daemon does not import DMA-BUFs (\(reason)); share frames through a pool")
        _ = try raw.commit(22, [.create(LayerHandle(1), name: nil)])
    }

    @Test("with presentsWithTransaction a frame and the layer changes made with it are one commit; without, the frame is a commit of its own")
    func presentsWithTransaction() throws {
        let rig = try Rig(size: "32x32", name: "gl-with-transaction")
        defer { withExtendedLifetime(rig) {} }
        let connection = rig.connection
        let layer = GLLayer()
        layer.frame = Rect(x: 0, y: 0, width: 16, height: 16)
        let badge = Layer()
        badge.frame = Rect(x: 16, y: 0, width: 16, height: 16)
        badge.actions["backgroundColor"] = NullAction.null
        connection.addLayer(layer)
        connection.addLayer(badge)
        try connection.synchronize()
        for (together, commits) in [(true, 1), (false, 2)] {
            layer.presentsWithTransaction = together
            let before = try connection.stats().transactionsApplied
            let drawable = try #require(try layer.nextDrawable(timeout: 5))
            Self.renderQuadrants(drawable, Array(repeating: together ? Self.red : Self.blue, count: 4))
            try drawable.present()
            // In the implicit transaction, as an app's changes in a display link's callback are.
            badge.backgroundColor = together ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1)
            try connection.synchronize()
            let applied = try connection.stats().transactionsApplied - before
            #expect(applied == UInt64(commits), "presentsWithTransaction \(together): \(applied) commits")
            let shot = try connection.screenshot()
            #expect(shot[8, 8] == shot[24, 8] && shot[8, 8] == (together ? Self.red : Self.blue), "\(shot[8, 8]) \(shot[24, 8])")
        }
    }
}
