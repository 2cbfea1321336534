import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRaster
import LaminaImage
import LaminaRender
import LaminaRenderList
import LaminaScene

/// Plays a compiled scene through a `Compositor` with an offscreen output: the embedded compositor of
/// `lamina render` and `lamina bench`. Lives on the render thread, like the compositor it drives.
final class ScenePlayback {
    /// The compositor, for statistics and readback.
    let compositor: Compositor
    private let script: SceneScript
    private let client: ClientID
    private var nextStep = 0

    /// A compositor with the scene's canvas as its output.
    init(_ script: SceneScript, context: RenderContext) throws(CompositorError) {
        self.script = script
        compositor = try Compositor(context, output: script.scene.canvas)
        compositor.renderLog = .standardError
        client = compositor.addClient()
        // A tiled layer's tiles are cut from its image as they are asked for, and shown at once.
        let images = script.tileImages
        if !images.isEmpty {
            compositor.tilesFadeIn = false
            compositor.tileSource = { request in images[request.layer].flatMap { SceneTiles.tile(request, of: $0) } }
        }
    }

    /// Commits every transaction of the scene up to `time` not committed yet (each stamped with its own
    /// `at`), then runs the frame at `time`. Frames go forward in time.
    @discardableResult
    func frame(at time: Double, draws: Bool = true) throws(ScenePlaybackError) -> FrameReport {
        while nextStep < script.steps.count, script.steps[nextStep].at <= time {
            let step = script.steps[nextStep]
            let bitmaps = step.images.map { BitmapContents(id: $0.id, image: $0.image) }
            compositor.commit(Commit(operations: step.operations, bitmaps: bitmaps, commitTime: step.at), from: client)
            nextStep += 1
        }
        let report: FrameReport
        do { report = try compositor.frame(at: time, draws: draws) } catch { throw .compositor(error) }
        if let rejected = report.rejected.first { throw .rejected(rejected.error) }
        return report
    }

    /// The last frame's pixels, premultiplied (what a video shows, over black).
    func pixels() throws(Failure) -> RGBAImage {
        do { return try compositor.readPixels() } catch { throw Failure("reading the frame back: \(error)") }
    }

    /// The last frame's pixels, straight alpha (as PNG files hold them).
    func image() throws(ScenePlaybackError) -> RGBAImage {
        do { return try compositor.readPixels().straightAlpha } catch { throw .compositor(error) }
    }
}

/// Why playing a scene failed.
enum ScenePlaybackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The compositor could not start or draw.
    case compositor(CompositorError)
    /// The compositor refused a transaction the scene compiler accepted (a bug in one of them).
    case rejected(TransactionError)

    var description: String {
        switch self {
        case .compositor(let error): "\(error)"
        case .rejected(let error): "the compositor rejected a scene transaction: \(error)"
        }
    }
}

/// A scene file's tiled layer's tiles: each the part of the layer's image under the tile's rectangle
/// (the image laid over the bounds), drawn at the tile's pixels by cairo.
enum SceneTiles {
    static func tile(_ request: TileRequest, of image: RGBAImage) -> RGBAImage? {
        let b = request.bounds
        guard b.width > 0, b.height > 0 else { return nil }
        let (sx, sy) = (Double(image.width) / b.width, Double(image.height) / b.height)
        let source = Rect(
            x: (request.rect.minX - b.minX) * sx, y: (request.rect.minY - b.minY) * sy, width: request.rect.width * sx,
            height: request.rect.height * sy)
        let texels = ImageResampler.resample(
            rgba: image.premultipliedAlpha.bytes, width: image.width, height: image.height, source: source,
            outputWidth: request.width, outputHeight: request.height)
        guard !texels.isEmpty else { return nil }
        return RGBAImage(width: request.width, height: request.height, bytes: texels, alpha: .premultiplied)
    }
}
