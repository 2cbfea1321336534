import CGLES3
import LaminaCore
import LaminaRaster

/// The textures the renderer makes from layer properties, kept while layers show them: gradient stop
/// tables (shared by equal tables), shapes and text (one per layer, made again when what they draw
/// changes).
///
/// A frame's build asks for what it draws; everything the frame drew (or its retained list still
/// binds) is marked, and the rest is let go after the frame, so memory follows what is on screen.
final class GeneratedTextures {
    /// Whether BGRA can be stored as it is (`EXT_texture_format_BGRA8888`).
    let bgraStorage: Bool
    /// The largest texture side the driver takes.
    let maximumSize: Int
    /// Advances once per frame.
    private(set) var frame: UInt64 = 1
    /// Shapes and texts rasterised since the cache was made (each a CPU drawing and an upload).
    var rasterizations = 0
    /// Textures drawn anew in place since the renderer last took them (by GL name): the instances
    /// showing them are damaged.
    var repainted: Set<UInt32> = []

    /// A texture for `width` x `height` texels of `pixels`: `reusing` drawn anew in place when it has
    /// that size and storage (and reported repainted), else a new one.
    func texture(
        _ width: Int, _ height: Int, storage: GeneratedTexture.Storage, pixels: UnsafeRawPointer, reusing old: GeneratedTexture?
    ) -> GeneratedTexture {
        rasterizations += 1
        if let old, old.width == width, old.height == height, old.storage == storage {
            old.replace(pixels)
            repainted.insert(old.name)
            return old
        }
        return GeneratedTexture(width: width, height: height, storage: storage, pixels: pixels, bgraStorage: bgraStorage)
    }
    /// Where a font family that fontconfig does not have, or text that cannot be drawn, is reported.
    var log = RenderLog.silent
    /// The font families already reported as falling back, each reported once.
    private var reportedFonts: Set<String> = []
    /// Text layers whose last raster failed, with the style that failed (not tried again until it
    /// changes).
    var failedTexts: [LayerID: TextRasterKey] = [:]

    /// Reports once that `family` falls back to another font.
    func checkFont(_ family: String) {
        guard !reportedFonts.contains(family) else { return }
        reportedFonts.insert(family)
        let resolved = TextRasterizer.resolvedFamily(family)
        if resolved.lowercased() != family.lowercased() {
            log("text: font \"\(family)\" is not installed; fontconfig draws it with \"\(resolved)\"")
        }
    }

    private var stopTables: [GradientStops: GeneratedTexture] = [:]
    /// Shape rasters by layer.
    var shapes: [LayerID: ShapeRaster] = [:]
    /// Text coverage by layer.
    var texts: [LayerID: TextRaster] = [:]

    init(bgraStorage: Bool, maximumSize: Int) {
        self.bgraStorage = bgraStorage
        self.maximumSize = maximumSize
    }

    /// The stop table texture of `stops`.
    func texture(for stops: GradientStops) -> GeneratedTexture {
        if let texture = stopTables[stops] {
            texture.drawnInFrame = frame
            return texture
        }
        let texels = stops.texels
        let texture = texels.withUnsafeBytes { bytes in
            GeneratedTexture(width: stops.colors.count, height: 2, storage: .floats, pixels: bytes.baseAddress!, bgraStorage: bgraStorage)
        }
        texture.drawnInFrame = frame
        stopTables[stops] = texture
        return texture
    }

    /// Starts a frame.
    func beginFrame() { frame += 1 }

    /// Marks a texture a retained list still binds as drawn in this frame.
    func markDrawn(_ texture: GeneratedTexture) { texture.drawnInFrame = frame }

    /// Lets go of what this frame did not draw.
    /// (A steady frame draws everything it holds: the checks allocate nothing then.)
    func evict() {
        let frame = frame
        if stopTables.values.contains(where: { $0.drawnInFrame != frame }) {
            stopTables = stopTables.filter { $0.value.drawnInFrame == frame }
        }
        if shapes.values.contains(where: { $0.texture.drawnInFrame != frame }) {
            shapes = shapes.filter { $0.value.texture.drawnInFrame == frame }
        }
        if texts.values.contains(where: { $0.texture.drawnInFrame != frame }) {
            texts = texts.filter { $0.value.texture.drawnInFrame == frame }
        }
    }

    /// Textures held, and their bytes.
    var count: Int { stopTables.count + shapes.count + texts.count }
    var bytes: Int {
        stopTables.values.reduce(0) { $0 + $1.bytes } + shapes.values.reduce(0) { $0 + $1.texture.bytes }
            + texts.values.reduce(0) { $0 + $1.texture.bytes }
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension GeneratedTextures: Sendable {}
