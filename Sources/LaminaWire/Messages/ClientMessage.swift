public import LaminaCore

/// The protocol version this code speaks (the handshake's `version`).
///
/// Version 2 added the `tree` request's scope and the `notPermitted` error (reading other clients'
/// trees and taking screenshots became a privilege). Version 6 added the `input` and `outputChanged`
/// events (a Wayland output's seat and resizes). Version 7 added the `hitTest` request and its
/// `hitTestResult` (the daemon's hit test on the presentation tree, for clients that run no animation
/// engine of their own), and the `goodbye` event (the daemon is stopping). Version 8 added the frame
/// counters at the end of the `stats` event (`DaemonStats.counters`). Version 9 added the blend modes
/// `hue`, `saturation`, `color` and `luminosity` (choices 14 to 17 of `compositingFilter`; a choice's
/// version is `PropertyDescriptor.choiceVersion`). What each message came with is
/// `ClientMessage.introducedIn` and `ServerMessage.introducedIn`; fields added to a message are
/// written and read by `ServerMessage.encoded(version:)` and `init(_:version:)`. Version 10 added
/// tiled layers: the `tiled` layer kind and its four properties (`LayerKind.introducedIn`,
/// `PropertyDescriptor.since`, both left out of older sessions' presentation events), the
/// `tileRequests` event and the `provideTile` request. Version 11 added the `gl` layer kind (an app's
/// OpenGL ES frames shown as the layer's contents: the client library's `GLLayer`), the `importBuffer`
/// request and `bufferReleased` event (DMA-BUFs shown without a copy), and the welcome's
/// `bufferSharing` (whether the daemon imports them). Version 12 added the `acquireFence` request
/// (explicit synchronisation: the next commit is applied once the GPU work behind a fence is done,
/// rather than after the client waited for it with `glFinish`) and a gradient layer's
/// `focusOffset` (property 98: a radial gradient's focus).
public let laminaProtocolVersion: UInt32 = 12

/// The oldest protocol version the daemon serves (`docs/protocol.md`, "Compatibility"): a client of
/// any version from this one to `laminaProtocolVersion` is welcomed at its own version, and hears
/// nothing its version does not know; a newer client is welcomed at `laminaProtocolVersion`.
public let laminaOldestServedVersion: UInt32 = 5

/// The version a daemon serving `oldest...newest` speaks to a client that said hello with `version`:
/// the lower of the two, or nil when the client is older than every version served.
public func negotiatedProtocolVersion(
    client version: UInt32, oldest: UInt32 = laminaOldestServedVersion, newest: UInt32 = laminaProtocolVersion
) -> UInt32? {
    version < oldest ? nil : min(version, newest)
}


/// Where a screenshot's pixels go.
public enum ScreenshotDestination: Hashable, Sendable {
    /// A PNG file's bytes in the reply.
    case png
    /// Raw premultiplied RGBA rows, tightly packed, written into the client's pool at `offset`.
    case pool(id: UInt32, offset: UInt64)
}

/// Whose layers a `tree` request asks for.
public enum TreeScope: UInt8, Hashable, Sendable, CaseIterable {
    /// The asking client's own layers (anyone may ask).
    case own = 0
    /// Every client's layers (`lamina tree`); needs privilege.
    case allClients = 1
}

/// A message from a client to the daemon (`docs/protocol.md`, "Requests").
public enum ClientMessage: Hashable, Sendable {
    /// Opens the session: must come first, once.
    case hello(version: UInt32, name: String)
    /// A shared-memory pool: a memfd sealed with `F_SEAL_SHRINK`, at least `size` bytes.
    case createPool(id: UInt32, size: UInt64, descriptor: Int32)
    /// Forgets a pool (bitmaps already uploaded from it stay).
    case destroyPool(id: UInt32)
    /// A commit as it travels: its bitmaps are references into the client's pools (`WireBitmap`), which
    /// the daemon's session resolves to pixels before the compositor applies it.
    case commit(Commit<WireBitmap>)
    /// Asks for one `frame` event at the next frame (the display link's tick).
    case requestFrame(serial: UInt32)
    /// Asks for one layer's presentation values now.
    case queryPresentation(serial: UInt32, layer: LayerHandle)
    /// Asks for the output's pixels after the next frame.
    case screenshot(serial: UInt32, destination: ScreenshotDestination)
    /// Asks for the daemon's statistics.
    case stats(serial: UInt32)
    /// The layer tree: the client's own, or every client's (`lamina tree`, privileged).
    case tree(serial: UInt32, scope: TreeScope)
    /// Asks which layer of `layer`'s subtree is drawn at `point` (in `layer`'s superlayer's space) on the
    /// frame on screen: `CALayer.hitTest(_:)` on the presentation tree (version 7).
    case hitTest(serial: UInt32, layer: LayerHandle, point: Point)
    /// A tile the daemon asked for (`tileRequests`), drawn: its pixels in one of the client's pools,
    /// exactly the size asked (version 10).
    case provideTile(WireTile, pixels: WireBitmap)
    /// The app's drawing of a tiled layer changed, inside `rect` (in the layer's space) or all of it
    /// (`setNeedsDisplay`): the tiles it meets are asked for again, the old ones shown meanwhile
    /// (version 10).
    case invalidateTiles(layer: LayerHandle, rect: Rect?)
    /// A DMA-BUF to show without a copy, as bitmap `buffer.id`, one descriptor per plane (version 11);
    /// refused (an error with `serial`) by a daemon that cannot import DMA-BUFs, as the welcome said.
    case importBuffer(serial: UInt32, buffer: WireDMABuf, descriptors: [Int32])
    /// A fence (a `sync_file` descriptor, `EGL_ANDROID_native_fence_sync`) that the client's next commit
    /// waits for: the daemon applies that commit only once the fence has signalled, so a GPU buffer
    /// the commit shows is complete without the client blocking in `glFinish` (version 12).
    case acquireFence(descriptor: Int32)

    /// The opcodes, in the order of `docs/protocol.md`.
    public enum Opcode: UInt16, Sendable, CaseIterable {
        case hello = 1, createPool, destroyPool, commit, requestFrame, queryPresentation, screenshot, stats, tree
        case hitTest, provideTile, invalidateTiles, importBuffer, acquireFence

        /// The protocol version that added the request: a session of an older version refuses it as
        /// an unknown opcode (`malformedMessage`), as that version's daemon did.
        public var introducedIn: UInt32 {
            switch self {
            case .hitTest: 7
            case .provideTile, .invalidateTiles: 10
            case .importBuffer: 11
            case .acquireFence: 12
            default: 1
            }
        }
    }

    /// This message's opcode.
    public var opcode: Opcode {
        switch self {
        case .hello: .hello
        case .createPool: .createPool
        case .destroyPool: .destroyPool
        case .commit: .commit
        case .requestFrame: .requestFrame
        case .queryPresentation: .queryPresentation
        case .screenshot: .screenshot
        case .stats: .stats
        case .tree: .tree
        case .hitTest: .hitTest
        case .provideTile: .provideTile
        case .invalidateTiles: .invalidateTiles
        case .importBuffer: .importBuffer
        case .acquireFence: .acquireFence
        }
    }

    /// The protocol version that added this message (`Opcode.introducedIn`).
    public var introducedIn: UInt32 { opcode.introducedIn }

    /// The message as bytes and descriptors.
    public var raw: RawMessage {
        var w = WireWriter()
        var descriptors: [Int32] = []
        switch self {
        case .hello(let version, let name):
            w.u32(version)
            w.string(name)
        case .createPool(let id, let size, let descriptor):
            w.u32(id)
            w.u64(size)
            descriptors = [descriptor]
        case .destroyPool(let id):
            w.u32(id)
        case .commit(let c):
            w.u32(c.serial)
            w.array(c.bitmaps) { $0.bitmap($1) }
            w.array(c.operations) { $0.operation($1) }
            w.array(c.released) { $0.u64($1.rawValue) }
        case .requestFrame(let serial), .stats(let serial):
            w.u32(serial)
        case .tree(let serial, let scope):
            w.u32(serial)
            w.u8(scope.rawValue)
        case .queryPresentation(let serial, let layer):
            w.u32(serial)
            w.u64(layer.rawValue)
        case .hitTest(let serial, let layer, let point):
            w.u32(serial)
            w.u64(layer.rawValue)
            w.f64(point.x)
            w.f64(point.y)
        case .provideTile(let tile, let pixels):
            w.tile(tile)
            w.tilePixels(pixels)
        case .invalidateTiles(let layer, let rect):
            w.u64(layer.rawValue)
            // The rectangle as given (origin and size), not normalised: it reads back the same.
            w.optional(rect) { w, r in w.f64(r.origin.x); w.f64(r.origin.y); w.f64(r.size.width); w.f64(r.size.height) }
        case .importBuffer(let serial, let buffer, let fds):
            w.u32(serial)
            w.dmaBuf(buffer)
            descriptors = fds
        case .acquireFence(let fd):
            descriptors = [fd]
        case .screenshot(let serial, let destination):
            w.u32(serial)
            switch destination {
            case .png: w.u8(0)
            case .pool(let id, let offset): w.u8(1); w.u32(id); w.u64(offset)
            }
        }
        return RawMessage(opcode: opcode.rawValue, body: w.bytes, descriptors: descriptors)
    }

    /// Decodes a client message. Its descriptors stay with `raw` (the caller closes what it does not keep).
    public init(_ raw: RawMessage) throws(WireError) {
        guard let opcode = Opcode(rawValue: raw.opcode) else {
            throw WireError(offset: 0, "unknown request opcode \(raw.opcode)")
        }
        // A buffer carries one descriptor per plane (checked once its planes are read).
        let expectedDescriptors = opcode == .createPool || opcode == .acquireFence ? 1 : 0
        guard opcode == .importBuffer || raw.descriptors.count == expectedDescriptors else {
            throw WireError(
                offset: 0, "\(opcode) carries \(raw.descriptors.count) file descriptors, not \(expectedDescriptors)")
        }
        var r = WireReader(raw.body)
        switch opcode {
        case .hello:
            self = .hello(version: try r.u32("the protocol version"), name: try r.string("the client name", limit: 256))
        case .createPool:
            self = .createPool(id: try r.u32("a pool id"), size: try r.u64("a pool size"), descriptor: raw.descriptors[0])
        case .destroyPool:
            self = .destroyPool(id: try r.u32("a pool id"))
        case .commit:
            let serial = try r.u32("the commit serial")
            let bitmaps = try r.array("bitmaps", minimumSize: 35) { (r: inout WireReader, _) throws(WireError) in try r.bitmap() }
            let operations = try r.array("operations", minimumSize: 9) { (r: inout WireReader, i) throws(WireError) in
                do throws(WireError) {
                    return try r.operation()
                } catch {
                    throw WireError(offset: error.offset, "operation \(i): \(error.message)")
                }
            }
            let released = try r.array("released bitmaps", minimumSize: 8) { (r: inout WireReader, _) throws(WireError) in
                BitmapID(try r.u64("a released bitmap id"))
            }
            self = .commit(Commit(serial: serial, bitmaps: bitmaps, operations: operations, released: released))
        case .requestFrame:
            self = .requestFrame(serial: try r.u32("a serial"))
        case .queryPresentation:
            self = .queryPresentation(serial: try r.u32("a serial"), layer: LayerHandle(try r.u64("a layer handle")))
        case .screenshot:
            let serial = try r.u32("a serial")
            let start = r.offset
            switch try r.u8("the screenshot destination") {
            case 0: self = .screenshot(serial: serial, destination: .png)
            case 1: self = .screenshot(serial: serial, destination: .pool(id: try r.u32("a pool id"), offset: try r.u64("a pool offset")))
            case let other: throw WireError(offset: start, "unknown screenshot destination \(other) (0...1)")
            }
        case .stats:
            self = .stats(serial: try r.u32("a serial"))
        case .hitTest:
            let serial = try r.u32("a serial")
            let layer = LayerHandle(try r.u64("a layer handle"))
            self = .hitTest(serial: serial, layer: layer, point: Point(x: try r.finite("a point's x"), y: try r.finite("a point's y")))
        case .provideTile:
            self = .provideTile(try r.tile(), pixels: try r.tilePixels())
        case .importBuffer:
            let serial = try r.u32("a serial")
            let buffer = try r.dmaBuf()
            guard raw.descriptors.count == buffer.planes.count else {
                throw WireError(
                    offset: 0, "importBuffer carries \(raw.descriptors.count) file descriptors for \(buffer.planes.count) planes")
            }
            self = .importBuffer(serial: serial, buffer: buffer, descriptors: raw.descriptors)
        case .acquireFence:
            self = .acquireFence(descriptor: raw.descriptors[0])
        case .invalidateTiles:
            let layer = LayerHandle(try r.u64("a layer handle"))
            let rect = try r.optional("a rectangle") { (r: inout WireReader) throws(WireError) in
                Rect(x: try r.finite("x"), y: try r.finite("y"), width: try r.finite("width"), height: try r.finite("height"))
            }
            self = .invalidateTiles(layer: layer, rect: rect)
        case .tree:
            let serial = try r.u32("a serial")
            let start = r.offset
            let value = try r.u8("the tree scope")
            guard let scope = TreeScope(rawValue: value) else {
                throw WireError(offset: start, "unknown tree scope \(value) (0...1)")
            }
            self = .tree(serial: serial, scope: scope)
        }
        try r.expectEnd("\(opcode) request")
    }
}

extension ClientMessage {
    /// Closes the descriptors the message carries (one refused before anything took them).
    public func closeDescriptors() {
        switch self {
        case .createPool(_, _, let fd), .acquireFence(let fd): SystemCalls.close(fd)
        case .importBuffer(_, _, let fds): for fd in fds { SystemCalls.close(fd) }
        default: break
        }
    }
}
