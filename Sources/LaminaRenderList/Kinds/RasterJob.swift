import LaminaCore
import LaminaRaster

/// A raster the renderer needs: a shape's coverage, a text layer's or a shadow's, for one layer at one
/// key. Pure
/// CPU work from values alone, so it runs on the render thread (offline rendering, tests: the frame
/// shows it at once) or on the raster worker (the daemon: the frame shows the layer's last raster
/// until this one is ready, so no client's heavy shape or text holds up anyone's frame).
enum RasterJob: Sendable {
    /// `flattened`: the path flattened for the key's scale, when an earlier raster made it; `fill`:
    /// the fill's coverage, when an earlier raster of the same path, fill rule, extent and scale has it.
    case shape(LayerRasterID, ShapeRasterKey, flattened: FlattenedPath?, fill: [UInt8]?)
    /// `checkFont`: whether to find out which family fontconfig uses for the style's font.
    case text(LayerRasterID, TextRasterKey, checkFont: Bool)
    /// A shadow from a `shadowPath`.
    case shadow(LayerID, ShadowRasterKey)

    /// Which raster it makes: a layer's shape (one of them), text or shadow. A newer job for the same
    /// one replaces it; a shape layer with a `shadowPath` has two, each wanted.
    enum Target: Hashable {
        case shape(LayerRasterID), text(LayerRasterID), shadow(LayerID)
    }

    /// The raster it makes.
    var target: Target {
        switch self {
        case .shape(let id, _, _, _): .shape(id)
        case .text(let id, _, _): .text(id)
        case .shadow(let id, _): .shadow(id)
        }
    }

    /// Draws it.
    func perform() -> RasterResult {
        switch self {
        case .shape(let id, let key, let flattened, let fill):
            let cuts = key.style.strokeRange.map { $0 != 0...1 } ?? false
            let flat = cuts ? flattened ?? FlattenedPath(key.path, scale: key.scale) : nil
            let coverage = ShapeRasterizer.rasterize(
                key.path, style: key.style, extent: key.extent, scale: key.scale, flattened: flat, fill: fill)
            return .shape(id, key, coverage, flattened: flat)
        case .text(let id, let key, let checkFont):
            let fallback = checkFont ? TextRasterizer.resolvedFamily(key.style.font) : nil
            let coverage = Result { () throws(TextRasterError) in
                try TextRasterizer.rasterize(key.style, width: key.size.width, height: key.size.height, scale: key.scale)
            }
            return .text(id, key, coverage, resolvedFont: fallback)
        case .shadow(let id, let key):
            var coverage = ShapeRasterizer.rasterize(key.path, style: ShapeStyle(), extent: key.extent, scale: key.scale)
            GaussianBlur.blur(&coverage.bytes, width: coverage.width, height: coverage.height, stride: 2, sigma: key.sigma)
            return .shadow(id, key, coverage)
        }
    }
}

/// A finished `RasterJob`.
enum RasterResult: Sendable {
    case shape(LayerRasterID, ShapeRasterKey, ShapeCoverage, flattened: FlattenedPath?)
    /// `resolvedFont`: the family fontconfig uses for the style's font, when the job was asked.
    case text(LayerRasterID, TextRasterKey, Result<TextCoverage, TextRasterError>, resolvedFont: String?)
    case shadow(LayerID, ShadowRasterKey, ShapeCoverage)
}
