import CCairo
public import LaminaCore
public import LaminaImage
package import LaminaWire
import Synchronization

/// Pixels to show as a layer's `contents` (what `CGImage` is to Core Animation).
///
/// A bitmap is immutable once made, and its pixels reach the daemon once: the first commit that uses
/// it copies them into a shared-memory pool, and every other layer (or keyframe) that shows it names
/// the same bitmap. Make one from a PNG file, from raw RGBA or BGRA pixels, or by drawing with cairo.
///
/// A bitmap lives as long as something holds it: a layer showing it, an animation of `contents`, the
/// app. When the last holder lets go, the next commit tells the daemon to drop its pixels too. A layer
/// that draws its contents again at the same size (`display()`) makes a new *version* of its bitmap,
/// which the daemon updates in place, only where it was marked (`setNeedsDisplay(_:)`).
public final class Bitmap: Sendable, Hashable {
    /// The identity `contents` values carry on the wire.
    public var id: BitmapID { identity.id }
    /// The identity, shared by every version of the bitmap; released when the last version goes.
    let identity: BitmapIdentity
    /// Which version of the identity's pixels these are (1 for a new bitmap).
    package let version: UInt64
    /// The pixels that changed from the version before, or nil when all may have.
    let damage: WireRegion?
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Rows top to bottom, `width * 4` bytes each.
    package let pixels: [UInt8]
    /// The byte order of `pixels`.
    let format: PixelFormat
    /// Whether colours in `pixels` are premultiplied by alpha.
    let premultiplied: Bool
    /// Whether the pixels are a GPU buffer shared with the daemon (a GL layer's drawable sampled in
    /// place): such a bitmap has no pixels here and is never uploaded.
    package let isShared: Bool

    /// Identities of bitmaps no longer held, for the next commit to release.
    static let released = Mutex<[BitmapID]>([])

    /// Whether every pixel is opaque (an `x` format): the daemon draws it without blending and skips
    /// what it hides.
    public var isOpaque: Bool { format.isOpaque }

    /// A bitmap of raw pixels: `width * height * 4` bytes, rows top to bottom, in `format`, with colours
    /// premultiplied by alpha or not (the `x` formats ignore the fourth byte and are opaque).
    public init(width: Int, height: Int, pixels: [UInt8], format: PixelFormat = .rgba8, premultiplied: Bool = false)
        throws(LaminaError)
    {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .bitmap("a bitmap of \(width)x\(height) pixels is outside 1...16384 on a side")
        }
        guard pixels.count == width * height * 4 else {
            throw .bitmap("\(pixels.count) bytes do not make a \(width)x\(height) bitmap (\(width * height * 4) needed)")
        }
        self.identity = BitmapIdentity()
        self.version = 1
        self.damage = nil
        self.width = width
        self.height = height
        self.pixels = pixels
        self.format = format
        self.premultiplied = premultiplied
        self.isShared = false
    }

    /// A bitmap whose pixels are a GPU buffer shared with the daemon (`Connection.shareBuffer`, under
    /// this bitmap's `id`): it holds no pixels and is never uploaded; `contents` shows the buffer.
    package init(sharedBufferWidth width: Int, height: Int, opaque: Bool) {
        identity = BitmapIdentity()
        (version, damage, self.width, self.height, pixels) = (1, nil, width, height, [])
        (format, premultiplied, isShared) = (opaque ? .rgbx8 : .rgba8, true, true)
    }

    /// A new version of `previous` (same identity and size), with `pixels` of which only `damage`
    /// changed (nil: any pixel may have).
    package init(updating previous: Bitmap, pixels: [UInt8], damage: WireRegion?) {
        identity = previous.identity
        version = previous.version + 1
        self.damage = damage
        width = previous.width
        height = previous.height
        format = previous.format
        premultiplied = previous.premultiplied
        isShared = false
        self.pixels = pixels
    }

    /// A bitmap of an image in memory.
    public convenience init(_ image: RGBAImage) throws(LaminaError) {
        try self.init(
            width: image.width, height: image.height, pixels: image.bytes, format: .rgba8,
            premultiplied: image.alpha == .premultiplied)
    }

    /// A bitmap of a PNG file's pixels.
    public convenience init(pngFile path: String) throws(LaminaError) {
        let image: RGBAImage
        do { image = try PNG.decode(fileAtPath: path) } catch { throw .bitmap("\(path): \(error)") }
        try self.init(image)
    }

    /// A bitmap of the PNG file in `bytes`.
    public convenience init(png bytes: [UInt8]) throws(LaminaError) {
        let image: RGBAImage
        do { image = try PNG.decode(bytes) } catch { throw .bitmap("PNG data: \(error)") }
        try self.init(image)
    }

    /// A bitmap drawn by `draw`, which gets a cairo context on a transparent `width` x `height` pixel
    /// surface, scaled by `scale` so that it draws in points (Core Animation's `contentsScale`). An
    /// `opaque` bitmap starts black and has no alpha channel (cairo's RGB24), as a layer whose
    /// `isOpaque` is true draws.
    public convenience init(
        width: Int, height: Int, scale: Double = 1, opaque: Bool = false, draw: (DrawingContext) -> Void
    ) throws(LaminaError) {
        let pixels = try Self.render(width: width, height: height, scale: scale, opaque: opaque, over: nil, in: nil, draw)
        try self.init(width: width, height: height, pixels: pixels, format: opaque ? .bgrx8 : .bgra8, premultiplied: true)
    }

    /// A new version of `previous` (a bitmap drawn by cairo, see `init(width:height:scale:opaque:draw:)`)
    /// drawn again by `draw` inside `region` only (pixels; cleared first), over its last pixels.
    convenience init(
        redrawing previous: Bitmap, in region: WireRegion, scale: Double, draw: (DrawingContext) -> Void
    ) throws(LaminaError) {
        let pixels = try Self.render(
            width: previous.width, height: previous.height, scale: scale, opaque: previous.isOpaque, over: previous.pixels,
            in: region, draw)
        self.init(updating: previous, pixels: pixels, damage: region)
    }

    /// Draws with `draw` on a cairo surface of `width` x `height` pixels scaled by `scale` (starting
    /// from `base` pixels, or transparent; opaque surfaces start black), clipped to `clip` (pixels),
    /// and returns the surface's bytes (BGRA, premultiplied). Any thread may call it.
    static func render(
        width: Int, height: Int, scale: Double, opaque: Bool, over base: [UInt8]?, in clip: WireRegion?,
        _ draw: (DrawingContext) -> Void
    ) throws(LaminaError) -> [UInt8] {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .bitmap("a bitmap of \(width)x\(height) pixels is outside 1...16384 on a side")
        }
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw .bitmap("cairo could not make a \(width)x\(height) surface") }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        if let base {
            base.withUnsafeBytes { source in
                let rowBytes = width * 4
                for row in 0..<height {
                    let target = UnsafeMutableRawPointer(data + row * stride)
                    target.copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
            cairo_surface_mark_dirty(surface)
        }
        let cairo = cairo_create(surface)!
        if let clip {
            cairo_rectangle(cairo, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
            cairo_clip(cairo)
            // The marked part starts as a new drawing does: transparent, or black when opaque.
            cairo_save(cairo)
            if opaque { cairo_set_source_rgb(cairo, 0, 0, 0) } else { cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR) }
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
        cairo_scale(cairo, scale, scale)
        draw(DrawingContext(cairo, size: Size(width: Double(width) / scale, height: Double(height) / scale)))
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height {
                UnsafeMutableRawBufferPointer(rebasing: out[(row * width * 4)..<((row + 1) * width * 4)])
                    .copyMemory(from: UnsafeRawBufferPointer(start: data + row * stride, count: width * 4))
            }
        }
        return pixels
    }

    /// The pixels as RGBA bytes with straight alpha (what a PNG file holds), for checks and saving
    /// (transparent for a GL layer's shared buffer, whose pixels only the GPU has).
    public var image: RGBAImage {
        // A shared GPU buffer's pixels are not here: transparent, at its size.
        guard !isShared else { return RGBAImage(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height * 4), alpha: .straight) }
        var bytes = pixels
        if format.isBGR {
            for i in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(i, i + 2) }
        }
        if isOpaque {
            for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        }
        let image = RGBAImage(width: width, height: height, bytes: bytes, alpha: premultiplied ? .premultiplied : .straight)
        return premultiplied ? image.straightAlpha : image
    }

    public static func == (a: Bitmap, b: Bitmap) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The identity a bitmap's versions share: when the last version is gone, the identity is released
/// (noted for the next commit, which tells the daemon to drop the pixels).
final class BitmapIdentity: Sendable {
    let id: BitmapID
    private static let nextID = Atomic<UInt64>(1)

    init() { id = BitmapID(Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue) }

    deinit { Bitmap.released.withLock { $0.append(id) } }
}
