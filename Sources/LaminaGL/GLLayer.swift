public import Lamina
public import LaminaCore
import CEGL
import LaminaWire

/// A layer showing frames the app renders with OpenGL ES (`CAEAGLLayer`, with `CAMetalLayer`'s
/// drawables): ask for the next drawable, render into its framebuffer in your own EGL context, present
/// it. Each presented frame becomes the layer's contents, so the daemon composites it like any layer:
/// transforms, masks, shadows, filters, damage, screenshots and recordings see it.
///
/// Frames travel one of two ways (`transport`; the app's code is the same either way). Through shared
/// memory, presenting reads the frame back (`glReadPixels`, only the damaged part when given) and sends
/// it as a new version of the layer's contents bitmap, which the daemon copies into its texture where
/// it changed. As DMA-BUFs, where the daemon imports them (its welcome says) and the app's EGL display
/// exports them, each drawable's texture is shared once and the daemon samples it in place: presenting
/// makes it the layer's contents, and the daemon releases it (`bufferReleased`) once another frame
/// replaced it and the GPU finished the last frame that drew it. The swap chain paces the app: a
/// drawable is handed out again only once the daemon has taken (shared memory) or released (DMA-BUF)
/// the frame presented from it, and `nextDrawable(timeout:)` waits for one (handling the connection's
/// events) up to its timeout, then returns nil, as `CAMetalLayer` does. Render from a `DisplayLink`
/// callback to present once a frame.
///
/// Colours are premultiplied by alpha, as GL blends them; with `isOpaque` alpha is ignored and the
/// daemon draws the layer without blending. GL layers need protocol version 11.
open class GLLayer: Layer {
    open override class var kind: LayerKind { .gl }

    /// The size of the drawables in pixels; zero (the default) follows the bounds times `contentsScale`.
    /// A new size takes effect at the next drawable.
    public var drawableSize = Size(width: 0, height: 0)
    /// Whether a presented frame waits for the current transaction, to show in the same frame as the
    /// layer changes made with it (false: it is committed at once, with whatever the implicit
    /// transaction holds; inside an explicit transaction it goes when that commits, since the frame is
    /// a change of the layer's contents and a transaction is applied whole).
    public var presentsWithTransaction = false
    /// How many drawables may be in use at once: rendered into, or presented and not yet taken by the
    /// daemon (2 or 3; 3 by default, as `CAMetalLayer`'s).
    public var maximumDrawableCount: Int {
        get { chain.limit }
        set { chain.limit = newValue }
    }
    /// Whether each drawable has a depth-stencil renderbuffer (24-bit depth, 8-bit stencil) attached.
    public var wantsDepthBuffer = false
    /// How frames reach the daemon (taken at the first drawable; `.automatic` by default).
    public var transport = Transport.automatic
    /// The transport frames use: `.sharedMemory` or `.dmaBuf`, once the first drawable decided it.
    public internal(set) var sharing: Transport?

    /// How a GL layer's frames reach the daemon.
    public enum Transport: Hashable, Sendable {
        /// DMA-BUF where both sides can, else shared memory.
        case automatic
        /// A copy through shared memory, always.
        case sharedMemory
        /// DMA-BUF, always: asking for a drawable where either side cannot throws
        /// `GLLayerError.transportUnavailable`, naming what is missing.
        case dmaBuf
    }

    /// What presenting cost so far: frames presented, pixels read back and how long the last present
    /// took (readback and copy).
    public internal(set) var statistics = Statistics()

    /// What presenting cost (`statistics`).
    public struct Statistics: Hashable, Sendable {
        /// Frames presented.
        public var frames = 0
        /// Pixels read back, in all.
        public var pixelsRead = 0
        /// How long the last present took (readback and copying the frame), in seconds.
        public var lastPresentSeconds = 0.0
        /// Frames presented with an acquire fence (DMA-BUF, where the driver makes `sync_file`s and
        /// the daemon speaks version 12) rather than after `glFinish`.
        public var fencesSent = 0
    }

    var chain = GLSwapChain<Bitmap>(limit: 3)
    /// Each slot's GL objects, made in the context current when the slot was first handed out.
    var buffers: [GLFramebuffer?] = [nil, nil, nil]
    /// With DMA-BUF: each slot's texture as shared with the daemon, and the bitmap that shows it.
    var exports: [(export: GLBufferExport, bitmap: Bitmap)?] = [nil, nil, nil]
    /// With DMA-BUF, where the daemon and the driver allow: the fences presents send (`GLFence`).
    var fences: GLFence?
    /// The frame shown: the layer's contents bitmap, whole, whose next version each present makes.
    private var surface: Bitmap?
    private var scratch: [UInt8] = []

    /// A GL layer.
    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The next drawable to render into, made in the EGL context current on this thread; nil when none
    /// came free within `timeout` seconds (every one is in use: the daemon has not taken their frames).
    public func nextDrawable(timeout: Double = 1) throws(GLLayerError) -> GLDrawable? {
        guard eglGetCurrentContext() != nil else { throw .noCurrentContext }
        let (width, height) = try pixelSize()
        try decideSharing()
        chain.collect(isTaken: isTaken)
        if !chain.hasFree, let connection = Connection.current {
            do {
                try connection.wait(for: "a free drawable", timeout: timeout) {
                    chain.collect(isTaken: isTaken)
                    return chain.hasFree
                }
            } catch {
                if case .timedOut = error { return nil }
                throw .connection(error)
            }
        }
        guard let slot = chain.acquire() else { return nil }
        while buffers.count <= slot { buffers.append(nil) }
        while exports.count <= slot { exports.append(nil) }
        if let old = buffers[slot], old.width != width || old.height != height || (old.depthStencil != 0) != wantsDepthBuffer {
            exports[slot] = nil
            old.delete()
            buffers[slot] = nil
        }
        do throws(GLLayerError) {
            if buffers[slot] == nil { buffers[slot] = try GLFramebuffer(width: width, height: height, depth: wantsDepthBuffer) }
            if sharing == .dmaBuf, exports[slot] == nil { try share(slot) }
        } catch {
            chain.abandon(slot)
            throw error
        }
        return GLDrawable(layer: self, slot: slot, buffers: buffers[slot]!)
    }

    /// Deletes the drawables' GL objects and stops sharing their buffers, once the app has presented or
    /// let go of every drawable: GL objects belong to a context, so call it with the one the drawables
    /// were made in current (before destroying it, or to free their memory while the layer is not
    /// drawn). The next drawable makes new ones; the frame shown stays.
    public func releaseDrawables() {
        for case let buffer? in buffers { buffer.delete() }
        buffers = buffers.map { _ in nil }
        exports = exports.map { _ in nil }
        chain = GLSwapChain(limit: chain.limit)
    }

    /// The drawables' size: `drawableSize`, or the bounds times `contentsScale`, rounded.
    private func pixelSize() throws(GLLayerError) -> (Int, Int) {
        var size = drawableSize
        if size.width == 0 && size.height == 0 {
            size = Size(width: (bounds.size.width * contentsScale).rounded(), height: (bounds.size.height * contentsScale).rounded())
        }
        guard size.width >= 1, size.height >= 1, size.width <= 16384, size.height <= 16384 else {
            throw .drawableSize(width: size.width, height: size.height)
        }
        return (Int(size.width), Int(size.height))
    }

    /// A frame is taken once the daemon has its pixels (shared memory) or released its buffer (DMA-BUF);
    /// with no connection nothing is on its way.
    func isTaken(_ frame: Bitmap) -> Bool {
        guard let connection = Connection.current else { return true }
        return frame.isShared ? connection.hasReleased(frame.id) : connection.hasTaken(frame)
    }

    func abandon(_ slot: Int) {
        chain.abandon(slot)
    }

    func present(_ drawable: GLDrawable, damage: Rect?) throws(GLLayerError) {
        if let shared = exports[drawable.slot], sharing == .dmaBuf {
            return presentShared(drawable, shared.bitmap)
        }
        let start = currentMediaTime()
        let (width, height) = (drawable.width, drawable.height)
        let format: PixelFormat = isOpaque ? .rgbx8 : .rgba8
        // A frame of another size or format than the last starts a new bitmap, sent whole.
        let previous = surface.flatMap { $0.width == width && $0.height == height && $0.isOpaque == isOpaque ? $0 : nil }
        var region = (x: 0, y: 0, width: width, height: height)
        if let damage, previous != nil {
            // Clamped to the drawable before becoming integers: any rectangle, even an infinite one, is safe.
            func pixel(_ v: Double, _ limit: Int, _ rule: FloatingPointRoundingRule) -> Int {
                v.isNaN ? 0 : Int(Swift.min(Double(limit), Swift.max(0, v)).rounded(rule))
            }
            let x0 = pixel(damage.minX, width, .down), y0 = pixel(damage.minY, height, .down)
            let x1 = pixel(damage.maxX, width, .up), y1 = pixel(damage.maxY, height, .up)
            guard x1 > x0, y1 > y0 else {
                chain.abandon(drawable.slot)  // nothing changed: the frame shown stays
                return
            }
            region = (x0, y0, x1 - x0, y1 - y0)
        }
        // A damaged frame starts from the last one's pixels (a copy: that version may still be on its
        // way); a whole frame is read into fresh memory, every byte of it written by the readback.
        let whole = region.width == width && region.height == height
        var pixels =
            whole || previous == nil
            ? [UInt8](unsafeUninitializedCapacity: width * height * 4) { $1 = width * height * 4 } : previous!.pixels
        do { try drawable.buffers.read(region, into: &pixels, scratch: &scratch) } catch {
            chain.abandon(drawable.slot)
            throw error
        }
        let frame: Bitmap
        if let previous {
            frame = Bitmap(
                updating: previous, pixels: pixels,
                damage: whole ? nil : WireRegion(x: UInt32(region.x), y: UInt32(region.y), width: UInt32(region.width), height: UInt32(region.height)))
        } else {
            do { frame = try Bitmap(width: width, height: height, pixels: pixels, format: format, premultiplied: true) } catch {
                chain.abandon(drawable.slot)
                throw .drawableSize(width: Double(width), height: Double(height))
            }
        }
        surface = frame
        chain.present(drawable.slot, frame: frame)
        show(frame)
        statistics.frames += 1
        statistics.pixelsRead += region.width * region.height
        statistics.lastPresentSeconds = currentMediaTime() - start
    }

    /// Makes `frame` the layer's contents in the current transaction (the implicit one, or the app's
    /// explicit one), committed at once unless `presentsWithTransaction`.
    func show(_ frame: Bitmap) {
        contents = frame
        if !presentsWithTransaction { Transaction.flush() }
    }

    /// A presented frame replaces the last without the cross-fade other layers' `contents` get (an app
    /// may still set an action for `contents` through `actions` or its delegate).
    open override class func defaultAction(forKey key: String) -> (any Action)? {
        key == "contents" ? nil : super.defaultAction(forKey: key)
    }
}
