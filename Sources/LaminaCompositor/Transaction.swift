public import LaminaCore
public import LaminaRender
import LaminaRenderList

/// What a client commits at once: bitmaps to (re)upload and the operations to apply, atomically, in
/// order, at one frame boundary.
public struct Transaction: Sendable {
    /// The operations, in the order the client made them.
    public var operations: [LayerOperation]
    /// Bitmap pixels the operations may refer to (by the client's `BitmapID`), uploaded before they
    /// apply.
    public var bitmaps: [BitmapContents]
    /// The media time the transaction is stamped with (animations with `beginTime` 0 begin then); nil
    /// stamps it with the time of the frame that applies it, as the daemon does.
    public var commitTime: Double?
    /// The client's number for the transaction, echoed in the frame report (the wire's commit serial).
    public var serial: UInt32
    /// The client's bitmaps to drop once the operations applied (its identities; unknown ones are
    /// ignored): their textures are freed, and layers still showing them show nothing.
    public var released: [BitmapID]

    /// A transaction.
    public init(
        operations: [LayerOperation] = [], bitmaps: [BitmapContents] = [], released: [BitmapID] = [],
        commitTime: Double? = nil, serial: UInt32 = 0
    ) {
        self.operations = operations
        self.bitmaps = bitmaps
        self.released = released
        self.commitTime = commitTime
        self.serial = serial
    }
}

/// A bitmap's pixels as a client hands them over: the client's identity for it, the pixels, and the
/// part that changed since the last upload under the same identity (nil: all of it).
public struct BitmapContents: Sendable {
    /// The client's identity for the bitmap (what `contents` values name).
    public var id: BitmapID
    /// The pixels.
    public var pixels: BitmapPixels
    /// The changed rectangle when replacing a bitmap of the same size; nil uploads it whole.
    public var damage: PixelRegion?

    /// Pixels for bitmap `id` from an image in memory.
    public init(id: BitmapID, image: RGBAImage, damage: PixelRegion? = nil) {
        self.init(id: id, pixels: .image(image), damage: damage)
    }

    /// Pixels for bitmap `id`.
    public init(id: BitmapID, pixels: BitmapPixels, damage: PixelRegion? = nil) {
        self.id = id
        self.pixels = pixels
        self.damage = damage
    }

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

/// Where a bitmap's pixels are: an image the caller decoded, or a client's shared-memory pool (read in
/// place by the upload; the daemon's I/O thread has checked the range lies inside the pool).
public enum BitmapPixels: Sendable {
    case image(RGBAImage)
    case pool(
        any PixelMemory, offset: Int, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat,
        alpha: RGBAImage.Alpha)
}
