public import LaminaCore
import LaminaRenderList

/// A bitmap's pixels, borrowed for the length of one upload: from a scene's decoded image, a client's
/// shared-memory pool, or a test's array. The cache copies what it needs into GL and keeps nothing.
public struct PixelSource {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row's start to the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// Byte order.
    public let format: PixelFormat
    /// Whether colour is premultiplied (what GL blends) or straight (premultiplied on upload).
    public let alpha: RGBAImage.Alpha
    /// At least `bytesPerRow * (height - 1) + width * 4` bytes.
    public let bytes: UnsafeRawBufferPointer

    /// Describes borrowed pixels; `validate()` checks the description against the buffer.
    public init(
        width: Int, height: Int, bytesPerRow: Int, format: PixelFormat, alpha: RGBAImage.Alpha,
        bytes: UnsafeRawBufferPointer
    ) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.format = format
        self.alpha = alpha
        self.bytes = bytes
    }

    /// The bytes the description needs.
    var requiredBytes: Int {
        height == 0 ? 0 : bytesPerRow * (height - 1) + width * format.bytesPerPixel
    }
}

extension RGBAImage {
    /// Lends the image's bytes as a `PixelSource` for the length of `body`.
    public func withPixelSource<R, E: Error>(_ body: (PixelSource) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = bytes.withUnsafeBytes { raw in
            Result { () throws(E) -> R in
                try body(
                    PixelSource(
                        width: width, height: height, bytesPerRow: width * 4, format: .rgba8, alpha: alpha,
                        bytes: raw))
            }
        }
        return try result.get()
    }
}
