import CCairo
public import LaminaCore
public import LaminaImage
import LaminaWire
import Synchronization

/// Pixels to show as a layer's `contents` (what `CGImage` is to Core Animation).
///
/// A bitmap is immutable once made, and its pixels reach the daemon once: the first commit that uses
/// it copies them into a shared-memory pool, and every other layer (or keyframe) that shows it names
/// the same bitmap. Make one from a PNG file, from raw RGBA or BGRA pixels, or by drawing with cairo.
public final class Bitmap: Sendable, Hashable {
    /// The identity `contents` values carry on the wire.
    public let id: BitmapID
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Rows top to bottom, `width * 4` bytes each.
    let pixels: [UInt8]
    /// The byte order of `pixels`.
    let format: PixelFormat
    /// Whether colours in `pixels` are premultiplied by alpha.
    let premultiplied: Bool

    private static let nextID = Atomic<UInt64>(1)

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
        self.id = BitmapID(Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        self.width = width
        self.height = height
        self.pixels = pixels
        self.format = format
        self.premultiplied = premultiplied
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
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .bitmap("a bitmap of \(width)x\(height) pixels is outside 1...16384 on a side")
        }
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw .bitmap("cairo could not make a \(width)x\(height) surface") }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, scale, scale)
        draw(DrawingContext(cairo, size: Size(width: Double(width) / scale, height: Double(height) / scale)))
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height {
                UnsafeMutableRawBufferPointer(rebasing: out[(row * width * 4)..<((row + 1) * width * 4)])
                    .copyMemory(from: UnsafeRawBufferPointer(start: data + row * stride, count: width * 4))
            }
        }
        try self.init(width: width, height: height, pixels: pixels, format: opaque ? .bgrx8 : .bgra8, premultiplied: true)
    }

    /// The pixels as RGBA bytes with straight alpha (what a PNG file holds), for checks and saving.
    public var image: RGBAImage {
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
