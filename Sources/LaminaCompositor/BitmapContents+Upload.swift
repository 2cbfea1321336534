public import LaminaModel
public import LaminaRender

extension BitmapContents {
    /// Lends the pixels for the length of `body` (an upload), without copying them.
    public func withPixelSource<R, E: Error>(_ body: (PixelSource) throws(E) -> R) throws(E) -> R {
        switch pixels {
        case .image(let image):
            return try image.withPixelSource(body)
        case .pool(let pool, let offset, let width, let height, let bytesPerRow, let format, let alpha):
            let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(pool.bytes)[offset...])
            return try body(
                PixelSource(width: width, height: height, bytesPerRow: bytesPerRow, format: format, alpha: alpha, bytes: bytes))
        }
    }
}
