public import LaminaCore

/// A DMA-BUF a client shares with the daemon (the `importBuffer` request, version 11): a GPU buffer the
/// client rendered into, which the daemon samples in place, without a copy. It becomes one of the
/// client's bitmaps: `contents` values name it by `id`, and a commit's `released` array drops it.
public struct WireDMABuf: Hashable, Sendable {
    /// The client's bitmap id for the buffer.
    public var id: BitmapID
    public var width: UInt32
    public var height: UInt32
    /// The pixel layout: a DRM fourcc (`drm_fourcc.h`), one of `WireDMABuf.formats`.
    public var fourcc: UInt32
    /// The layout modifier (`DRM_FORMAT_MOD_*`; `DRM_FORMAT_MOD_INVALID`, all ones, when the driver
    /// chose an implicit one).
    public var modifier: UInt64
    /// Where each plane starts in its descriptor and the bytes from one row to the next; a descriptor
    /// per plane travels with the message, in order.
    public var planes: [Plane]

    /// One plane of a buffer.
    public struct Plane: Hashable, Sendable {
        public var offset: UInt32
        public var stride: UInt32

        public init(offset: UInt32, stride: UInt32) { (self.offset, self.stride) = (offset, stride) }
    }

    public init(id: BitmapID, width: UInt32, height: UInt32, fourcc: UInt32, modifier: UInt64, planes: [Plane]) {
        (self.id, self.width, self.height, self.fourcc, self.modifier, self.planes) = (id, width, height, fourcc, modifier, planes)
    }

    /// The layouts the daemon takes: 8-bit RGBA in the byte orders GL renders (`ABGR8888` is R, G, B, A
    /// in memory, what a GL `RGBA8` texture holds), with alpha or without.
    public static let formats: [UInt32: String] = [
        fourcc("AB24"): "ABGR8888", fourcc("XB24"): "XBGR8888", fourcc("AR24"): "ARGB8888", fourcc("XR24"): "XRGB8888",
    ]

    /// `DRM_FORMAT_MOD_INVALID`: no explicit modifier.
    public static let noModifier = UInt64.max

    /// The fourcc of four ASCII characters (`fourcc("AB24")`), as `drm_fourcc.h`'s `fourcc_code`.
    public static func fourcc(_ code: StaticString) -> UInt32 {
        let bytes = UnsafeBufferPointer(start: code.utf8Start, count: 4)
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// Whether the format has no alpha (the daemon reads alpha as 1).
    public var isOpaque: Bool { fourcc == Self.fourcc("XB24") || fourcc == Self.fourcc("XR24") }
}

/// Whether the daemon imports DMA-BUFs (version 11's `welcome`): clients share GL frames without a copy
/// when it does, and copy them through shared memory when it does not.
public enum BufferSharing: Hashable, Sendable {
    /// The daemon imports DMA-BUFs (`importBuffer`); shared memory works too.
    case dmaBuf
    /// Only shared memory: why the daemon cannot import DMA-BUFs (what is missing).
    case sharedMemoryOnly(reason: String)
}

extension WireWriter {
    mutating func dmaBuf(_ b: WireDMABuf) {
        u64(b.id.rawValue); u32(b.width); u32(b.height); u32(b.fourcc); u64(b.modifier)
        array(b.planes) { w, p in w.u32(p.offset); w.u32(p.stride) }
    }
}

extension WireReader {
    mutating func dmaBuf() throws(WireError) -> WireDMABuf {
        let id = BitmapID(try u64("a bitmap id"))
        let (width, height) = (try u32("width"), try u32("height"))
        let (fourcc, modifier) = (try u32("a fourcc"), try u64("a modifier"))
        let start = offset
        let planes = try array("planes", minimumSize: 8) { (r: inout WireReader, _) throws(WireError) in
            WireDMABuf.Plane(offset: try r.u32("a plane's offset"), stride: try r.u32("a plane's stride"))
        }
        guard (1...4).contains(planes.count) else { throw WireError(offset: start, "a buffer has 1 to 4 planes, not \(planes.count)") }
        return WireDMABuf(id: id, width: width, height: height, fourcc: fourcc, modifier: modifier, planes: planes)
    }
}
