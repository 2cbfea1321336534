/// Names a texture the renderer holds for the render list: a client's bitmap, a page of an atlas, a
/// raster of its own, a cached subtree's target. The render list and everything that builds it deal
/// only in handles, so that they are plain data tested without a GPU; the renderer keeps the GL name
/// of each handle (`LaminaRender.GLTextures`) and looks it up as it draws.
///
/// Handles are never reused: two equal handles are the same texture, so a retained list and a fresh
/// build can be compared handle for handle.
public struct TextureHandle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The handle's number, counted up from 1 by `TextureRequests.makeHandle`.
    public let raw: UInt64

    /// A handle with number `raw` (made by `TextureRequests`; tests name handles they registered).
    package init(raw: UInt64) { self.raw = raw }

    public static func < (a: TextureHandle, b: TextureHandle) -> Bool { a.raw < b.raw }

    /// `texture#N`.
    public var description: String { "texture#\(raw)" }
}
