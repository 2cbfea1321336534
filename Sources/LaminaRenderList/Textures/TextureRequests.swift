package import LaminaCore

/// What the renderer must do to its textures before it draws the list that was just built: the
/// textures the build made (atlas pages, rasters of their own) with their first texels, texels replaced
/// in place (a raster placed in an atlas slot, a stop table), mip chains the list's `trilinear` layers
/// need, and textures nobody holds any more.
///
/// The build runs on the CPU alone and records these in order; the renderer performs them in that
/// order (`LaminaRender.GLTextures.perform`) before the list is drawn. Texture records (`BitmapTexture`,
/// `GeneratedTexture`, `CachedSubtree`) post their `release` when the last holder lets go of them, so a
/// retained list that still binds a texture keeps it alive, as a GL name kept by reference would.
///
/// One per renderer, on the render thread; it hands out the handles too, so that they are unique
/// across every kind of texture.
package final class TextureRequests {
    /// One thing to do.
    package enum Request: Equatable {
        /// Make a `width` x `height` texture of `storage` holding `texels` (rows top first, tightly
        /// packed, in `storage`'s layout).
        case create(TextureHandle, width: Int, height: Int, storage: GeneratedTexture.Storage, texels: [UInt8])
        /// Replace the texels of `region` of a texture of `storage` with `texels` (tightly packed).
        case replace(TextureHandle, region: PixelRegion, storage: GeneratedTexture.Storage, texels: [UInt8])
        /// Build the mip chain from level 0.
        case mipmaps(TextureHandle)
        /// Nothing holds the texture any more: delete it.
        case release(TextureHandle)
    }

    /// The requests since the last `take`, in order.
    private var pending: [Request] = []
    /// The last handle made.
    private var lastHandle: UInt64 = 0

    package init() {}

    /// A new handle, never made before by this object.
    package func makeHandle() -> TextureHandle {
        lastHandle += 1
        return TextureHandle(raw: lastHandle)
    }

    /// Records `request`.
    package func post(_ request: Request) {
        pending.append(request)
    }

    /// Returns the requests since the last call, in order, and starts a new record.
    package func take() -> [Request] {
        // Most frames ask nothing: answered without touching the storage (emptying a buffer the
        // caller shares would allocate a new one).
        guard !pending.isEmpty else { return [] }
        var taken: [Request] = []
        swap(&taken, &pending)
        return taken
    }
}

@available(*, unavailable)
extension TextureRequests: Sendable {}
