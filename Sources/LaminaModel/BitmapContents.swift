public import LaminaCore
public import LaminaImage

/// A bitmap's pixels as a compositor takes them (a `Commit<BitmapContents>`'s bitmaps): the client's
/// identity for it, the pixels, and the part that changed since the last upload under the same identity
/// (nil: all of it).
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
}

/// Where a bitmap's pixels are: an image the caller decoded, or a client's shared-memory pool (read in
/// place by the upload; the daemon's I/O thread has checked the range lies inside the pool).
public enum BitmapPixels: Sendable {
    case image(RGBAImage)
    case pool(
        any PixelMemory, offset: Int, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat,
        alpha: RGBAImage.Alpha)
}

extension Commit where Bitmap == BitmapContents {
    /// A commit for the compositor, its arguments in the order a scene or a test writes them.
    public init(
        operations: [LayerOperation] = [], bitmaps: [BitmapContents] = [], released: [BitmapID] = [],
        commitTime: Double? = nil, serial: UInt32 = 0
    ) {
        self.init(serial: serial, bitmaps: bitmaps, operations: operations, released: released, commitTime: commitTime)
    }
}
