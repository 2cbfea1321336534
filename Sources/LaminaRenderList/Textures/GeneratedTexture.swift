import LaminaCore

/// A texture the renderer makes itself from layer properties, not from a client's bitmap: an atlas
/// page of shapes' and texts' coverage or of gradients' stop tables, or a raster too large for a page.
///
/// Made and written through `TextureRequests` (the renderer creates and fills the GL texture before it
/// draws), held by the frame's render list for as long as a draw binds it and by `GeneratedTextures`
/// while the layers that made it still show it, so a retained list never binds a deleted texture: the
/// release is posted when the last holder lets go.
public final class GeneratedTexture {
    /// How the texels are stored, which decides how the layer program reads them.
    package enum Storage: Equatable, Sendable {
        /// Premultiplied colour, B, G, R, A bytes (cairo's ARGB32 on a little-endian machine), read as
        /// RGBA.
        case premultipliedBGRA
        /// One coverage byte per pixel, in red (text).
        case coverage
        /// Two coverage bytes per pixel, in red and green (a shape's fill and stroke).
        case coverage2
        /// 32-bit floats, sampled only with `texelFetch` (a gradient's stop table).
        case floats

        /// Bytes per texel.
        package var bytesPerTexel: Int {
            switch self {
            case .coverage: 1
            case .coverage2: 2
            case .premultipliedBGRA: 4
            case .floats: 16
            }
        }
    }

    /// The texture.
    public let handle: TextureHandle
    package let width: Int
    package let height: Int
    package let storage: Storage
    /// Where its writes and release are posted.
    private let requests: TextureRequests

    /// GPU bytes.
    package var bytes: Int { width * height * storage.bytesPerTexel }

    /// A texture of `width` x `height` texels holding `texels` (rows top to bottom, tightly packed, in
    /// the layout `storage` names), sampled linearly unless it holds floats.
    package init(width: Int, height: Int, storage: Storage, texels: [UInt8], requests: TextureRequests) {
        self.handle = requests.makeHandle()
        self.width = width
        self.height = height
        self.storage = storage
        self.requests = requests
        requests.post(.create(handle, width: width, height: height, storage: storage, texels: texels))
    }

    /// Replaces the texels of one rectangle with `texels` (tightly packed, in this texture's layout): a
    /// shape or text drawn anew at the same size keeps its texture, so a retained render list that binds
    /// it needs no rebuild, only damage where it is shown.
    package func replace(_ texels: [UInt8], x: Int, y: Int, width: Int, height: Int) {
        requests.post(.replace(handle, region: PixelRegion(x: x, y: y, width: width, height: height), storage: storage, texels: texels))
    }

    deinit {
        requests.post(.release(handle))
    }
}

/// Records belong to the render thread, as their textures do.
@available(*, unavailable)
extension GeneratedTexture: Sendable {}
