public import LaminaCore

/// One drawn rectangle as the `layer` program reads it: a per-instance vertex record.
///
/// Thirteen `vec4`s (208 bytes), in the order of `layer.vert`'s locations 1...13. A background, a piece
/// of contents, a border, a clip shape for the stencil buffer and a composited offscreen group are all
/// this one record with different fields, which is what lets the renderer draw any run of layers that
/// share a texture with one instanced call.
public struct LayerInstance: Hashable, Sendable {
    /// Local space to clip space, column-major (`GPUMatrix`'s columns).
    public var matrix0, matrix1, matrix2, matrix3: SIMD4<Float>
    /// The quad in local space: x, y, width, height.
    public var rect: SIMD4<Float>
    /// Texture coordinates at the quad's top-left (x, y) and bottom-right (z, w) corners.
    public var uv: SIMD4<Float>
    /// Premultiplied colour; for textured modes a tint, usually the opacity in all four channels.
    public var color: SIMD4<Float>
    /// The rounded rectangle shaping the instance, in local space.
    public var shape: SIMD4<Float>
    /// Corner radius, border width (0: a fill), texture mode (`TextureMode`), shaped (1) or not (0).
    public var params: SIMD4<Float>
    /// The homography from local space to the clip layer's space (x, y and constant rows), with the
    /// clip's corner radius in `clipX.w`.
    public var clipX, clipY, clipW: SIMD4<Float>
    /// The clip layer's bounds; a negative width means no clip.
    public var clipRect: SIMD4<Float>

    /// How the texture bound to the draw contributes.
    public enum TextureMode: Float, Sendable {
        /// Colour only.
        case none = 0
        /// Texel times colour.
        case rgba = 1
        /// Texel alpha times colour (a shadow from a blurred shape).
        case alpha = 2
    }

    /// The values for "no clip".
    static let noClip: (x: SIMD4<Float>, y: SIMD4<Float>, w: SIMD4<Float>, rect: SIMD4<Float>) = (
        SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, -1, -1)
    )

    /// An instance drawing `rect` of local space under `matrix`, unshaped and unclipped.
    public init(matrix: GPUMatrix, rect: Rect, color: SIMD4<Float>) {
        matrix0 = matrix.columns.0
        matrix1 = matrix.columns.1
        matrix2 = matrix.columns.2
        matrix3 = matrix.columns.3
        self.rect = SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
        uv = SIMD4(0, 0, 1, 1)
        self.color = color
        shape = self.rect
        params = .zero
        (clipX, clipY, clipW, clipRect) = Self.noClip
    }

    /// Shapes the instance by a rounded rectangle (a border when `borderWidth` > 0).
    public mutating func shape(_ rect: Rect, radius: Double, borderWidth: Double = 0) {
        shape = SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
        params.x = Float(radius)
        params.y = Float(borderWidth)
        params.w = 1
    }

    /// Clips the instance by a rounded rectangle in another plane that `map` takes local points to.
    public mutating func clip(_ rect: Rect, radius: Double, map: Homography) {
        clipX = SIMD4(Float(map.row1.x), Float(map.row1.y), Float(map.row1.z), Float(radius))
        clipY = SIMD4(Float(map.row2.x), Float(map.row2.y), Float(map.row2.z), 0)
        clipW = SIMD4(Float(map.row3.x), Float(map.row3.y), Float(map.row3.z), 0)
        clipRect = SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
    }

    /// Whether the `PLAIN` program variant can draw it: no shape, no clip, colour or contents.
    public var isPlain: Bool {
        params.w == 0 && clipRect.z < 0 && params.z != TextureMode.alpha.rawValue
    }

    /// Sets how the bound texture contributes and where the quad's corners sample it.
    public mutating func texture(_ mode: TextureMode, uv: SIMD4<Float> = SIMD4(0, 0, 1, 1)) {
        params.z = mode.rawValue
        self.uv = uv
    }
}
