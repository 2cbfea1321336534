/// A GPU buffer a client shares for the compositor to sample in place (a DMA-BUF): its planes' file
/// descriptors (owned: whoever takes the buffer closes them once imported or refused), its size, and
/// its layout as DRM names it. It becomes one of the client's bitmaps, `id`.
public struct SharedBuffer: Sendable {
    /// The client's bitmap id for it.
    public var id: BitmapID
    public var width: Int
    public var height: Int
    /// A DRM fourcc (`drm_fourcc.h`).
    public var fourcc: UInt32
    /// A DRM format modifier (`DRM_FORMAT_MOD_INVALID`, all ones: none given).
    public var modifier: UInt64
    /// Each plane: its descriptor, where it starts in it, and the bytes from one row to the next.
    public var planes: [(descriptor: Int32, offset: Int, stride: Int)]
    /// Whether the format has no alpha.
    public var isOpaque: Bool

    public init(
        id: BitmapID, width: Int, height: Int, fourcc: UInt32, modifier: UInt64,
        planes: [(descriptor: Int32, offset: Int, stride: Int)], isOpaque: Bool
    ) {
        (self.id, self.width, self.height, self.fourcc, self.modifier) = (id, width, height, fourcc, modifier)
        (self.planes, self.isOpaque) = (planes, isOpaque)
    }
}
