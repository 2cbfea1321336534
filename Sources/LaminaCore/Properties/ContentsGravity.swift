/// Where a layer's contents sit in its bounds (`CALayerContentsGravity`), in Core Animation's names.
///
/// **Deliberate difference** from iOS: Lamina's canvas is y-down and `top` / `bottom` name the visual
/// edges (`top` is the top of the screen).
public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// Whether the gravity scales the image (the `resize` family); `contentsCenter` applies only then.
    public var isResizing: Bool {
        self == .resize || self == .resizeAspect || self == .resizeAspectFill
    }
}

/// How contents are sampled when drawn smaller or larger than their pixels (`CALayerContentsFilter`).
public enum ContentsFilter: String, Sendable, CaseIterable {
    case linear, nearest, trilinear
}

/// The identity of a bitmap shown as a layer's contents. The model stores identities only: pixels live
/// with whoever owns the bitmap (a scene's image table, a client's shared-memory pool), and the renderer's
/// texture cache is keyed by this identity, so one bitmap on many layers is one texture.
public struct BitmapID: Hashable, Sendable, CustomStringConvertible {
    /// The raw identity, unique among the bitmaps of one owner.
    public var rawValue: UInt64

    /// Wraps a raw identity.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// `bitmap#N`.
    public var description: String { "bitmap#\(rawValue)" }
}
