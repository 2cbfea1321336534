import LaminaCore

/// A layer's own parts — background, contents, border — and the facts the builder decides by (does it
/// need an offscreen group? a backdrop? a path shadow?), read from its values in one place.
///
/// Everything here is in the layer's own space: where the layer is (its frame transform, the world
/// it is drawn under) and how strongly (its opacity and the one handed down) stay out, so a layer that
/// only moves, turns or fades keeps the same parts from frame to frame. `LayerPartsTable` keeps them
/// between frames: ten thousand layers each turning are then built without reading thirty properties
/// and laying out contents for each, every frame (the largest part of the build before).
struct LayerParts {
    /// The contents: the bitmap, how it is sampled, and its quads once laid out for the bitmap's size.
    struct Contents {
        // What a patched leaf reads every frame first (its one quad and how it is sampled), so that it
        // follows the kept parts' colours in the same cache lines.
        /// The quad, when the layout for an image of `laidOutFor` pixels in `laidOutIn` made exactly
        /// one (nine-slice layouts are made again each time they are drawn: kept inline, one quad keeps
        /// the parts free of references, so copying them retains nothing).
        var piece: ContentsLayout.Piece?
        var minification: ContentsFilter
        var magnification: ContentsFilter
        /// `minificationFilterBias`, applied only with trilinear filtering (without mipmaps there is no
        /// level to move).
        var lodBias: Float
        var bitmap: BitmapID
        var rect: Rect
        var center: Rect
        var gravity: ContentsGravity
        var scale: Double
        var laidOutFor = SIMD2<Int>(-1, -1)
        /// The bounds `piece` was laid out in: an animation laying its bounds over kept parts
        /// (`LayerParts.laidOverKeys`) lays the contents out again.
        var laidOutIn = Rect(x: 0, y: 0, width: 0, height: 0)

        /// What `LayerParts.someContents` holds while a layer has none.
        static let placeholder = Contents(
            minification: .linear, magnification: .linear, lodBias: 0, bitmap: BitmapID(0), rect: .zero, center: .zero,
            gravity: .resize, scale: 1)

        /// Calls `body` with each quad of the contents for an image of `width` x `height` pixels in
        /// `bounds`; returns whether the layout was made anew, and `piece` now keeps it.
        mutating func forEachPiece(width: Int, height: Int, bounds: Rect, _ body: (ContentsLayout.Piece) -> Void) -> Bool {
            if laidOutFor == SIMD2(width, height), laidOutIn == bounds {
                if let piece { body(piece) }
                return false
            }
            var count = 0
            var only: ContentsLayout.Piece?
            ContentsLayout.forEachPiece(
                pixelWidth: width, pixelHeight: height, bounds: bounds, contentsRect: rect, contentsCenter: center,
                gravity: gravity, scale: scale
            ) {
                count += 1
                only = $0
                body($0)
            }
            guard count <= 1 else { return false }
            (piece, laidOutFor, laidOutIn) = (only, SIMD2(width, height), bounds)
            return true
        }
    }

    // The fields a patched leaf reads every frame come first, so that they share the first cache
    // lines of the kept record: the flags, the bounds and the colours.
    /// A `shadowPath` shadow, drawn behind the layer from its path (no offscreen group).
    var hasPathShadow: Bool
    /// A shadow of the layer's own shape, which needs an offscreen group.
    var hasShadow: Bool
    var hasFilters: Bool
    var hasBackgroundFilters: Bool
    var blendMode: BlendMode
    var allowsGroupOpacity: Bool
    var shouldRasterize: Bool
    /// Whether `bounds` is an animated value laid over parts kept from the model (`layOver(bounds:)`):
    /// a contents layout made for it is not kept. In the kept-parts table: whether the layer was last
    /// drawn so, its instances then not those of the kept parts (the leaf patch leaves it to be drawn
    /// again).
    var boundsLaidOver = false
    var masksToBounds: Bool
    var isDoubleSided: Bool
    var antialiasesEdges: Bool
    /// Whether the layer has contents (`contents`).
    private(set) var hasContents = false
    var bounds: Rect
    /// The background colour, premultiplied, before any opacity; nil when fully transparent.
    var background: SIMD4<Float>?
    /// The border, its colour premultiplied before any opacity; nil when it draws nothing.
    var border: (width: Double, color: SIMD4<Float>)?
    /// The contents when `hasContents` (else what was there last): stored as a value beside a flag
    /// rather than as an optional, so that the leaf patch (`LeafPatch`), for ten thousand leaves a
    /// frame, reads the fields it needs in place; reading anything through the optional copied the
    /// whole contents (some two hundred bytes, over four cache lines) out of the kept parts first.
    /// Right after the colours: what the patch reads of the parts then lies in their first three
    /// cache lines, where it spread over five.
    private(set) var someContents = Contents.placeholder
    /// `borderWidth`, kept for a border colour painted over the parts (`paintBorder`).
    var borderWidth: Double
    var corners: CornerShape

    /// The contents, if any.
    var contents: Contents? {
        get { hasContents ? someContents : nil }
        set {
            if let newValue { someContents = newValue }
            hasContents = newValue != nil
        }
    }

    /// The properties the parts are read from, but for their colours (`paintKeys`): a layer animating
    /// none of them keeps its parts from frame to frame (`LayerPartsTable`). Its placement (`position`,
    /// `transform`, `anchorPoint`, `zPosition`, `anchorPointZ`), `opacity` and `hidden` are not among
    /// them.
    static let keys = PropertyChange.mask(ChangeTiers.parts)

    /// Of `keys`, those an animation lays over kept parts (`layOver(bounds:)`) instead of sending the
    /// layer to be read afresh: `bounds`, which the parts hold as it is and nothing else of them is
    /// derived from (the contents are laid out for it when drawn).
    static let laidOverKeys = PropertyChange.mask(ChangeTiers.laidOver)

    /// The colours, which an animation paints over kept parts (`paintBackground`, `paintBorder`).
    static let paintKeys = PropertyChange.mask(ChangeTiers.painted)

    /// Reads the parts from a layer's values as this frame presents them.
    init(_ values: borrowing PresentedValues) {
        bounds = values[.bounds]
        corners = CornerShape(radius: values[.cornerRadius], rounded: values[.maskedCorners], continuous: values[.cornerCurve] == .continuous)
        masksToBounds = values[.masksToBounds]
        isDoubleSided = values[.doubleSided]
        antialiasesEdges = values[.allowsEdgeAntialiasing]
        background = nil
        if let bitmap = values[.contents] {
            let minification = values[.minificationFilter]
            someContents = Contents(
                minification: minification, magnification: values[.magnificationFilter],
                lodBias: minification == .trilinear ? Float(values[.minificationFilterBias]) : 0, bitmap: bitmap,
                rect: values[.contentsRect], center: values[.contentsCenter], gravity: values[.contentsGravity],
                scale: values[.contentsScale])
            hasContents = true
        }
        borderWidth = values[.borderWidth]
        border = nil
        // Read only as far as they matter: most layers have no shadow and no border.
        let anyShadow = values[.shadowOpacity] > 0 && values[.shadowColor].alpha > 0
        hasPathShadow = anyShadow && !values[.shadowPath].isEmpty
        hasShadow = anyShadow && !hasPathShadow
        hasFilters = values.isSet(.filters) && !values[.filters].isEmpty
        hasBackgroundFilters = values.isSet(.backgroundFilters) && !values[.backgroundFilters].isEmpty
        blendMode = values[.compositingFilter]
        allowsGroupOpacity = values[.allowsGroupOpacity]
        shouldRasterize = values[.shouldRasterize]
        paintBackground(values[.backgroundColor])
        if borderWidth > 0 { paintBorder(values[.borderColor]) }
    }

    /// Sets the bounds (an animated value over parts kept from the model's).
    mutating func layOver(bounds: Rect) {
        self.bounds = bounds
        boundsLaidOver = true
    }

    /// Sets the background colour.
    mutating func paintBackground(_ color: Color) {
        background = color.alpha > 0 ? Self.premultiplied(color) : nil
    }

    /// Sets the border colour.
    mutating func paintBorder(_ color: Color) {
        border = borderWidth > 0 && color.alpha > 0 ? (borderWidth, Self.premultiplied(color)) : nil
    }

    /// Whether the layer draws nothing but its background, contents and border, straight into its
    /// target: no shadow, filter, backdrop, blend mode or cache of its own.
    var isPlain: Bool {
        !hasShadow && !hasPathShadow && !hasFilters && !hasBackgroundFilters && blendMode == .normal && !shouldRasterize
    }

    /// How many separately blended parts of its own the layer draws: background, contents, border.
    var count: Int { (background == nil ? 0 : 1) + (hasContents ? 1 : 0) + (border == nil ? 0 : 1) }

    static func premultiplied(_ color: Color) -> SIMD4<Float> {
        let c = color.premultiplied
        return SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }
}
