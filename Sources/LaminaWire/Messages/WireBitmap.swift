public import LaminaCore

extension PixelFormat {
    /// The format's number on the wire (`docs/protocol.md`, section 8).
    public var wireValue: UInt8 {
        switch self {
        case .rgba8: 0
        case .bgra8: 1
        case .rgbx8: 2
        case .bgrx8: 3
        }
    }

    /// The format numbered `wireValue` on the wire, or nil.
    public init?(wireValue: UInt8) {
        guard let format = PixelFormat.allCases.first(where: { $0.wireValue == wireValue }) else { return nil }
        self = format
    }
}

/// A rectangle of pixels: x, y from the top left, width and height.
public struct WireRegion: Hashable, Sendable {
    public var x: UInt32, y: UInt32, width: UInt32, height: UInt32

    /// A region.
    public init(x: UInt32, y: UInt32, width: UInt32, height: UInt32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Where a bitmap's pixels are in a client's shared-memory pool, and what changed since the last time
/// the same bitmap id was sent.
public struct WireBitmap: Hashable, Sendable {
    /// The client's id for the bitmap (what `contents` values name).
    public var id: BitmapID
    /// The pool holding the pixels.
    public var pool: UInt32
    /// Byte offset of the first row in the pool.
    public var offset: UInt64
    public var width: UInt32
    public var height: UInt32
    /// Bytes from one row's start to the next (at least `width * 4`).
    public var stride: UInt32
    public var format: PixelFormat
    /// Whether colours are premultiplied by alpha.
    public var premultiplied: Bool
    /// The changed rectangle when replacing a bitmap of the same size; nil: all of it.
    public var damage: WireRegion?

    /// A bitmap description.
    public init(
        id: BitmapID, pool: UInt32, offset: UInt64, width: UInt32, height: UInt32, stride: UInt32,
        format: PixelFormat = .rgba8, premultiplied: Bool = false, damage: WireRegion? = nil
    ) {
        self.id = id
        self.pool = pool
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.premultiplied = premultiplied
        self.damage = damage
    }

    /// The bytes the bitmap spans in its pool, from `offset`.
    public var byteCount: UInt64 {
        height == 0 ? 0 : UInt64(stride) * UInt64(height - 1) + UInt64(width) * 4
    }
}

extension WireWriter {
    mutating func bitmap(_ b: WireBitmap) {
        u64(b.id.rawValue)
        pixelsReference(b)
        optional(b.damage) { w, d in w.u32(d.x); w.u32(d.y); w.u32(d.width); w.u32(d.height) }
    }

    /// A bitmap's fields after its id, before its damage (all of a tile's pixels reference).
    mutating func pixelsReference(_ b: WireBitmap) {
        u32(b.pool)
        u64(b.offset)
        u32(b.width)
        u32(b.height)
        u32(b.stride)
        u8(b.format.wireValue)
        bool(b.premultiplied)
    }
}

extension WireReader {
    mutating func bitmap() throws(WireError) -> WireBitmap {
        var bitmap = try pixelsReference(id: BitmapID(try u64("a bitmap id")))
        bitmap.damage = try optional("damage") { (r: inout WireReader) throws(WireError) in
            WireRegion(x: try r.u32("x"), y: try r.u32("y"), width: try r.u32("width"), height: try r.u32("height"))
        }
        return bitmap
    }

    /// Where pixels lie in a pool and how they are laid out (a bitmap's fields after its id, before its
    /// damage; a tile's whole pixels).
    mutating func pixelsReference(id: BitmapID) throws(WireError) -> WireBitmap {
        let pool = try u32("a pool id")
        let offset = try u64("a pool offset")
        let (width, height, stride) = (try u32("width"), try u32("height"), try u32("stride"))
        let formatStart = self.offset
        let formatValue = try u8("pixel format")
        guard let format = PixelFormat(wireValue: formatValue) else {
            throw WireError(offset: formatStart, "pixel format \(formatValue) is unknown (0...\(PixelFormat.allCases.count - 1))")
        }
        return WireBitmap(
            id: id, pool: pool, offset: offset, width: width, height: height, stride: stride, format: format,
            premultiplied: try bool("premultiplied"))
    }
}
