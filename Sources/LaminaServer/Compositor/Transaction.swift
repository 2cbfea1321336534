public import LaminaCore
public import LaminaRender

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

    /// A transaction.
    public init(operations: [LayerOperation] = [], bitmaps: [BitmapContents] = [], commitTime: Double? = nil) {
        self.operations = operations
        self.bitmaps = bitmaps
        self.commitTime = commitTime
    }
}

/// A bitmap's pixels as a client hands them over: the client's identity for it, the pixels, and the
/// part that changed since the last upload under the same identity (nil: all of it).
public struct BitmapContents: Sendable {
    /// The client's identity for the bitmap (what `contents` values name).
    public var id: BitmapID
    /// The pixels.
    public var image: RGBAImage
    /// The changed rectangle when replacing a bitmap of the same size; nil uploads it whole.
    public var damage: PixelRegion?

    /// Pixels for bitmap `id`.
    public init(id: BitmapID, image: RGBAImage, damage: PixelRegion? = nil) {
        self.id = id
        self.image = image
        self.damage = damage
    }
}
