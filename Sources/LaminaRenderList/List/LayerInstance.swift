public import LaminaCore

/// One drawn rectangle as the `layer` program reads it: a per-instance vertex record.
///
/// Fourteen `vec4`s (224 bytes), at the locations `InstanceLayout` gives them. A background, a piece
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
    /// Four small numbers, one per `Param`: corner radius, border width (0: a fill), texture mode
    /// (`TextureMode`), and the shape's flags (`CornerShape.flags`; 0: not shaped).
    public var params: SIMD4<Float>
    /// The homography from local space to the clip layer's space (x, y and constant rows), with the
    /// clip's corner radius in `clipX.w`.
    public var clipX, clipY, clipW: SIMD4<Float>
    /// The clip layer's bounds; a negative width means no clip.
    public var clipRect: SIMD4<Float>
    /// How contents are sampled, one part per `Sampling` (the level-of-detail bias of `trilinear`
    /// minification, `minificationFilterBias`; a gradient's type); zero for everything else.
    public var sampling: SIMD4<Float>

    /// The parts of `params`, by the component that holds each (the shaders name them the same way,
    /// through `InstanceLayout.glslHeader`).
    public enum Param: Int, Sendable, CaseIterable {
        case cornerRadius, borderWidth, textureMode, shaped
    }

    /// The parts of `sampling`, by the component that holds each.
    public enum Sampling: Int, Sendable, CaseIterable {
        case lodBias
        /// `GradientType`'s raw value, for the `gradient` texture mode.
        case gradientType
        /// Where the gradient's stop table starts in the bound texture: `x + 1024 y` (texels).
        case gradientOrigin
        /// How many stops the table holds.
        case gradientCount
    }

    /// A part of `sampling`.
    public subscript(sampling part: Sampling) -> Float {
        get { sampling[part.rawValue] }
        set { sampling[part.rawValue] = newValue }
    }

    /// A part of `params`.
    public subscript(param: Param) -> Float {
        get { params[param.rawValue] }
        set { params[param.rawValue] = newValue }
    }

    /// How the texture bound to the draw contributes.
    public enum TextureMode: Float, Sendable, CaseIterable {
        /// Colour only.
        case none = 0
        /// Texel times colour.
        case rgba = 1
        /// Texel alpha times colour (a shadow from a blurred shape).
        case alpha = 2
        /// Texel red times colour: coverage (a text layer's glyphs, a shape's fill).
        case red = 3
        /// Texel green times colour: a second coverage in the same texture (a shape's stroke).
        case green = 4
        /// The gradient at the point, times colour: the bound texture holds stop tables
        /// (`GradientStops`), `uv` the start and end points in local space, and `sampling` the type,
        /// where the table starts and its count.
        case gradient = 5
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
        sampling = .zero
    }

    /// Shapes the instance by a rectangle with every corner rounded by `radius`, circular (a border
    /// when `borderWidth` > 0).
    public mutating func shape(_ rect: Rect, radius: Double, borderWidth: Double = 0) {
        shape(rect, corners: .circular(radius), borderWidth: borderWidth)
    }

    /// Shapes the instance by a rectangle rounded as `corners` says (a border when `borderWidth` > 0).
    mutating func shape(_ rect: Rect, corners: CornerShape, borderWidth: Double = 0) {
        shape = SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
        self[.cornerRadius] = Float(corners.radius)
        self[.borderWidth] = Float(borderWidth)
        self[.shaped] = corners.flags
    }

    /// Grows the quad by `margin` local units on every side, its texture coordinates with it, keeping
    /// its shape: an anti-aliased edge's ramp reaches half a pixel outside the shape, where the quad
    /// must be rasterised too.
    public mutating func widen(by margin: Float) {
        let uvPerUnit = SIMD2(rect.z > 0 ? (uv.z - uv.x) / rect.z : 0, rect.w > 0 ? (uv.w - uv.y) / rect.w : 0)
        rect = SIMD4(rect.x - margin, rect.y - margin, rect.z + 2 * margin, rect.w + 2 * margin)
        uv = SIMD4(uv.x - margin * uvPerUnit.x, uv.y - margin * uvPerUnit.y, uv.z + margin * uvPerUnit.x, uv.w + margin * uvPerUnit.y)
    }

    /// Clips the instance by a rounded rectangle in another plane that `map` takes local points to.
    public mutating func clip(_ rect: Rect, radius: Double, map: Homography) {
        clip(rect, corners: .circular(radius), map: map)
    }

    /// Clips the instance by a rectangle rounded as `corners` says, in another plane that `map` takes
    /// local points to (the radius in `clipX.w`, the flags in `clipY.w`).
    mutating func clip(_ rect: Rect, corners: CornerShape, map: Homography) {
        clipX = SIMD4(Float(map.row1.x), Float(map.row1.y), Float(map.row1.z), Float(corners.radius))
        clipY = SIMD4(Float(map.row2.x), Float(map.row2.y), Float(map.row2.z), corners.flags)
        clipW = SIMD4(Float(map.row3.x), Float(map.row3.y), Float(map.row3.z), 0)
        clipRect = SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
    }

    /// Whether the `PLAIN` program variant can draw it: no shape, no clip; colour, contents or coverage.
    public var isPlain: Bool {
        self[.shaped] == 0 && clipRect.z < 0 && self[.textureMode] != TextureMode.alpha.rawValue
            && self[.textureMode] != TextureMode.gradient.rawValue
    }

    /// Whether the instance paints every pixel of its quad fully opaque: plain, at full strength, and
    /// either a colour fill with alpha 1 or contents from an opaque texture. Such an instance draws with
    /// blending off (the same pixels, less work) and hides whatever lies under it.
    func isOpaque(textureIsOpaque: Bool) -> Bool {
        isOpaque(textureIsOpaque: textureIsOpaque, color: color)
    }

    /// `color` in whole 8-bit steps, as `fill` runs store colours (see `RenderList.roundColors`): each
    /// lane times 255 rounded to the nearest whole number, ties to even, over 255.
    ///
    /// Rounded by adding and taking away 2^23, past which a `Float`'s steps are whole numbers: the same
    /// result as `rounded(.toNearestOrEven)` for every value from 0 to 2^23, four lanes at once. On
    /// x86-64's baseline (no SSE4.1) `rounded` is a library call per lane, and ten thousand patched
    /// fills a frame made eighty thousand of them. Other values (none a colour has) take `rounded`.
    static func roundedTo8Bit(_ color: SIMD4<Float>) -> SIMD4<Float> {
        let scaled = color * 255
        let shift = SIMD4<Float>(repeating: 8_388_608)
        guard all(scaled .>= 0 .& scaled .< shift) else { return scaled.rounded(.toNearestOrEven) / 255 }
        return ((scaled + shift) - shift) / 255
    }

    /// Whether it would be opaque with `color` instead of its own.
    // Always inlined: called on an element of the list, it was copied out whole (224 bytes) for each
    // patched leaf.
    @inline(__always)
    func isOpaque(textureIsOpaque: Bool, color: SIMD4<Float>) -> Bool {
        guard color.w == 1, isPlain else { return false }
        switch self[.textureMode] {
        case TextureMode.none.rawValue: return true
        case TextureMode.rgba.rawValue: return textureIsOpaque
        default: return false
        }
    }

    /// Whether `matrix` keeps the quad an axis-aligned rectangle in clip space (no rotation, skew or
    /// perspective): then its corners are its bounding box.
    // Inlinable: the renderer asks it of every instance it draws over a damaged box, from its own module.
    @inlinable package var isAxisAligned: Bool {
        matrix0.y == 0 && matrix1.x == 0 && matrix0.w == 0 && matrix1.w == 0 && matrix3.w == 1
    }

    /// The bounding box of the quad in a `width` x `height` target's pixels (origin top left), or nil
    /// when a corner lies behind the eye.
    @inlinable package func pixelBounds(width: Int, height: Int) -> (minX: Float, minY: Float, maxX: Float, maxY: Float)? {
        // The four corners without an array: this runs for instances of every frame.
        let x0 = matrix0 * rect.x, x1 = matrix0 * (rect.x + rect.z)
        let y0 = matrix1 * rect.y + matrix3, y1 = matrix1 * (rect.y + rect.w) + matrix3
        let c0 = x0 + y0, c1 = x1 + y0, c2 = x0 + y1, c3 = x1 + y1
        guard c0.w > 1e-6, c1.w > 1e-6, c2.w > 1e-6, c3.w > 1e-6 else { return nil }
        let p0 = SIMD2(c0.x, c0.y) / c0.w, p1 = SIMD2(c1.x, c1.y) / c1.w
        let p2 = SIMD2(c2.x, c2.y) / c2.w, p3 = SIMD2(c3.x, c3.y) / c3.w
        let low = pointwiseMin(pointwiseMin(p0, p1), pointwiseMin(p2, p3))
        let high = pointwiseMax(pointwiseMax(p0, p1), pointwiseMax(p2, p3))
        // Clip space to pixels, y down: x from -1...1 to 0...width, y from 1...-1 to 0...height.
        let w = Float(width) * 0.5, h = Float(height) * 0.5
        return ((low.x + 1) * w, (1 - high.y) * h, (high.x + 1) * w, (1 - low.y) * h)
    }

    /// Narrows the quad to the part that samples `texels` of its `width` x `height` texture (and the
    /// texel beside each edge, which linear filtering mixes in): where a partial upload changes what the
    /// instance shows. False when it samples none of them.
    package mutating func narrow(toTexels texels: PixelRegion, width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return true }
        let (w, h) = (Float(width), Float(height))
        func span(_ lo: Float, _ hi: Float, _ a: Float, _ b: Float) -> (Float, Float)? {
            guard b != a else { return lo <= a && a <= hi ? (0, 1) : nil }
            let (t0, t1) = ((lo - a) / (b - a), (hi - a) / (b - a))
            let (from, to) = (Swift.max(0, Swift.min(t0, t1)), Swift.min(1, Swift.max(t0, t1)))
            return from < to ? (from, to) : nil
        }
        guard
            let across = span(Float(texels.x - 1) / w, Float(texels.x + texels.width + 1) / w, uv.x, uv.z),
            let down = span(Float(texels.y - 1) / h, Float(texels.y + texels.height + 1) / h, uv.y, uv.w)
        else { return false }
        rect = SIMD4(rect.x + across.0 * rect.z, rect.y + down.0 * rect.w, (across.1 - across.0) * rect.z, (down.1 - down.0) * rect.w)
        return true
    }

    /// Makes the instance draw nothing (a zero-size quad), keeping its place in its batch.
    mutating func collapse() {
        rect = .zero
    }

    /// Whether `collapse()` emptied it.
    @inlinable package var isCollapsed: Bool { rect.z == 0 && rect.w == 0 }

    /// Sets how the bound texture contributes and where the quad's corners sample it.
    public mutating func texture(_ mode: TextureMode, uv: SIMD4<Float> = SIMD4(0, 0, 1, 1)) {
        self[.textureMode] = mode.rawValue
        self.uv = uv
    }
}
