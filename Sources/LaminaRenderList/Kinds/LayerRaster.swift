import LaminaCore
import LaminaRaster

/// A shape layer's drawing, rasterised on the CPU at the scale it is shown at: the texture, where it
/// lies in the layer's space, and what it was drawn from (drawn again only when that changes).
struct ShapeRaster {
    /// What the raster shows: the shape's properties and the pixels per point.
    var key: ShapeRasterKey
    var placed: PlacedTexture
    /// The raster's rectangle in the layer's bounds space (points).
    var extent: Rect
    /// The path flattened at the key's scale, kept for a stroke cut anew every frame.
    var flattened: FlattenedPath?
    /// The style the ink's reach was computed for (`ShapeStyle.inkStyle`), and that reach (points).
    var inkStyle: ShapeStyle
    var ink: Rect
    /// The fill's coverage, a byte a texel, kept so that a new stroke over the same fill does not
    /// draw the fill again.
    var fill: [UInt8]?

    /// Whether a raster for `key` could reuse this one's fill coverage.
    func fillFits(_ key: ShapeRasterKey) -> Bool {
        fill != nil && key.style.fills && key.path == self.key.path && key.style.fillRule == self.key.style.fillRule
            && key.extent == self.key.extent && key.scale == self.key.scale
    }
}

/// A text layer's coverage, rasterised at `contentsScale` times the output's scale and tinted with
/// `foregroundColor` in the shader.
struct TextRaster {
    var key: TextRasterKey
    var placed: PlacedTexture
    /// The raster's rectangle in the layer's bounds space (points).
    var extent: Rect
}

/// A gradient layer's stop table (`GradientStops`) as the shader reads it: `count` pairs of texels,
/// colour then location, from (`placed.x`, `placed.y`).
struct GradientTable {
    var stops: GradientStops
    var placed: PlacedTexture
}

/// Which of a layer's rasters (a shape's or a text's coverage, a gradient's stop table): `copy` 0 is
/// its own, which every copy of a replicated layer drawing the same thing shares; 1, 2, ... are those
/// of replicator copies lagging (`instanceDelay`) behind an animation of what it draws (a path, a
/// stroke, a size, colours), each showing another state, in the order a build draws them, at most
/// `maximumCopies`.
struct LayerRasterID: Hashable, Sendable {
    var layer: LayerID
    var copy: Int32

    /// The most rasters one layer holds: 16. Lagging copies past them draw from the last.
    static let maximumCopies: Int32 = 16

    /// A layer's own raster.
    init(_ layer: LayerID, copy: Int32 = 0) { (self.layer, self.copy) = (layer, copy) }
}

/// The inputs of a shape raster.
struct ShapeRasterKey: Hashable, Sendable {
    var path: Path
    var style: ShapeStyle
    var scale: Double
    /// The rectangle rasterised (points): the shape's reach, or its visible part.
    var extent: Rect
    /// Where the whole shape's ink reaches (points), kept with the raster.
    var ink: Rect

    /// What a raster shows, whatever its scale and extent.
    struct Drawn: Equatable {
        var path: Path
        var style: ShapeStyle
    }
}

/// The inputs of a text raster.
struct TextRasterKey: Hashable, Sendable {
    var style: TextStyle
    /// The bounds: the text is laid out in their size from their origin.
    var origin: Point
    var size: Size
    var scale: Double
}

/// A layer's shadow from its `shadowPath`: the path's fill coverage blurred on the CPU, drawn as
/// coverage tinted by the shadow's colour, offset, behind the layer.
struct ShadowRaster {
    var key: ShadowRasterKey
    var placed: PlacedTexture
}

/// The inputs of a shadow raster: the path, the rectangle rasterised (points, the path's box grown by
/// three standard deviations), the pixels per point, and the standard deviation in pixels.
struct ShadowRasterKey: Hashable, Sendable {
    var path: Path
    var extent: Rect
    var scale: Double
    var sigma: Double
}
