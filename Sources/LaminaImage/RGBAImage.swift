/// Pixels in memory: 8-bit RGBA, rows top to bottom, tightly packed, with their alpha convention
/// stated. What readback produces, what PNG encodes and decodes, and (later) what textures upload.
///
/// GL blends premultiplied colours, PNG stores straight ones; carrying the convention with the bytes
/// means converting exactly once, at the boundary, and never twice by accident.
public struct RGBAImage: Hashable, Sendable {
    /// How colour channels relate to alpha.
    public enum Alpha: Hashable, Sendable {
        /// Colour channels already multiplied by alpha (GL's blending, Core Animation's compositing).
        case premultiplied
        /// Colour channels independent of alpha (PNG, most image files).
        case straight
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, row 0 at the top.
    public var bytes: [UInt8]
    /// The convention `bytes` follows.
    public let alpha: Alpha

    /// Wraps `bytes`, which must hold exactly `width * height * 4` bytes (a programming error otherwise).
    public init(width: Int, height: Int, bytes: [UInt8], alpha: Alpha) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)x\(height)")
        precondition(bytes.count == width * height * 4, "\(bytes.count) bytes for a \(width)x\(height) RGBA image")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.alpha = alpha
    }

    /// An image of one colour (`red`, `green`, `blue`, `alpha` bytes, in the stated convention).
    public init(width: Int, height: Int, filledWith pixel: SIMD4<UInt8>, alpha: Alpha) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { bytes += [pixel.x, pixel.y, pixel.z, pixel.w] }
        self.init(width: width, height: height, bytes: bytes, alpha: alpha)
    }

    /// The pixel at column `x`, row `y` (row 0 at the top) as R, G, B, A.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            return SIMD4(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            bytes[i] = newValue.x
            bytes[i + 1] = newValue.y
            bytes[i + 2] = newValue.z
            bytes[i + 3] = newValue.w
        }
    }

    /// The same pixels with straight alpha: each colour channel divided by alpha, rounded to nearest
    /// (fully transparent pixels become transparent black). Unchanged when already straight.
    public var straightAlpha: RGBAImage {
        guard alpha == .premultiplied else { return self }
        var out = bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a < 255 else { continue }
            for c in i..<(i + 3) {
                out[c] = a == 0 ? 0 : UInt8(min(255, (Int(out[c]) * 255 + a / 2) / a))
            }
        }
        return RGBAImage(width: width, height: height, bytes: out, alpha: .straight)
    }

    /// The same pixels with premultiplied alpha: each colour channel times alpha / 255, rounded to
    /// nearest. Unchanged when already premultiplied.
    public var premultipliedAlpha: RGBAImage {
        guard alpha == .straight else { return self }
        var out = bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a < 255 else { continue }
            for c in i..<(i + 3) {
                out[c] = UInt8((Int(out[c]) * a + 127) / 255)
            }
        }
        return RGBAImage(width: width, height: height, bytes: out, alpha: .premultiplied)
    }
}
