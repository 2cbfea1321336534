import LaminaCore
import LaminaRender
import LaminaRenderList
import LaminaTestSupport

/// A presentation tree to draw in a test: the model, what animates it, the bitmaps it shows, and the
/// target it goes into. Built on the test's thread, drawn on the render thread.
struct TestScene: Sendable {
    var tree = LayerTree()
    var presentation = Presentation()
    var images: [BitmapID: RGBAImage] = [:]
    /// Bitmaps in any pixel format (premultiplied), uploaded from their bytes.
    var bitmaps: [BitmapID: RawBitmap] = [:]
    var width: Int
    var height: Int
    var scale = 1.0
    var background = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The target's colour layout (the compositor's output is BGRA where the driver allows).
    var layout = OffscreenTarget.ColorLayout.rgba

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Adds a root layer with `values` set through typed setters.
    @discardableResult
    mutating func layer(
        in parent: LayerID? = nil, kind: LayerKind = .layer, _ configure: (inout PropertyValues) -> Void
    ) -> LayerID {
        var values = PropertyValues(kind: kind)
        configure(&values)
        let id = tree.create(values: values)
        if let parent { try! tree.addSublayer(id, to: parent) }
        return id
    }

    /// A root layer of `size` x `size` at the canvas's top-left whose sublayers are seen with an eye at
    /// `distance` (m34 = -1/distance in its sublayerTransform).
    mutating func perspectiveStage(size: Double, distance: Double) -> LayerID {
        layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: size, height: size)
            $0[.position] = Point(x: size / 2, y: size / 2)
            $0[.sublayerTransform] = Transform3D(perspectiveDistance: distance)
        }
    }

    /// Evaluates animations at `time` into the presentation.
    mutating func evaluate(at time: Double) {
        var events: [AnimationEvent] = []
        tree.evaluate(at: time, into: &presentation, events: &events)
    }
}

/// A bitmap's bytes in a given format, rows top first, premultiplied.
struct RawBitmap: Sendable {
    var width: Int
    var height: Int
    var format: PixelFormat
    var bytes: [UInt8]

    /// One pixel's four bytes everywhere.
    init(_ width: Int, _ height: Int, _ format: PixelFormat, filledWith pixel: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        bytes = Array([[UInt8]](repeating: pixel, count: width * height).joined())
    }
}

/// What drawing a scene gave.
struct DrawnScene: Sendable {
    var image: RGBAImage
    var statistics: FrameStatistics
    var drawCalls: Int
    var stencilClips: Int
    var scissorClips: Int
    /// Each draw call's sampler (nil for colour-only draws), in order.
    var samplers: [SamplerChoice?]
    /// Whether the target had its stencil attached for the frame.
    var stencilAttached: Bool
    /// Each draw call's program variant, in order.
    var variants: [DrawVariant] = []

    subscript(x: Int, y: Int) -> SIMD4<UInt8> { image[x, y] }
}

/// Draws `scene` with a fresh renderer on a fresh context and reads the target back.
func draw(_ scene: TestScene, on gpu: GPUContext? = nil) throws -> DrawnScene {
    let gpu = try gpu ?? makeContext()
    return try gpu.perform { render in
        let renderer = try Renderer(render)
        for (id, image) in scene.images { try renderer.textures.upload(id, image: image) }
        for (id, bitmap) in scene.bitmaps {
            try bitmap.bytes.withUnsafeBytes { raw in
                try renderer.textures.upload(
                    id,
                    PixelSource(
                        width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.width * 4, format: bitmap.format,
                        alpha: .premultiplied, bytes: raw))
            }
        }
        let target = try OffscreenTarget(render, width: scene.width, height: scene.height, layout: scene.layout)
        let statistics = try renderer.draw(
            scene.tree, scene.presentation, scale: scene.scale, background: scene.background, into: target)
        var stencil = 0
        var scissor = 0
        var samplers: [SamplerChoice?] = []
        var variants: [DrawVariant] = []
        for command in renderer.lastRenderList.commands {
            if case .pushClip(.stencil) = command { stencil += 1 }
            if case .pushClip(.scissor) = command { scissor += 1 }
            if case .draw(_, _, let binding, let variant, _) = command {
                if case .bitmap(_, let sampler) = binding { samplers.append(sampler) } else { samplers.append(nil) }
                variants.append(variant)
            }
        }
        return DrawnScene(
            image: try target.read(), statistics: statistics, drawCalls: statistics.drawCalls, stencilClips: stencil,
            scissorClips: scissor, samplers: samplers, stencilAttached: target.isStencilAttached, variants: variants)
    }
}

/// Premultiplied RGBA bytes of a straight colour.
func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> SIMD4<UInt8> {
    SIMD4(r, g, b, a)
}

let red = Color(red: 1, green: 0, blue: 0)
let green = Color(red: 0, green: 1, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)
let white = Color(red: 1, green: 1, blue: 1)
let black = Color(red: 0, green: 0, blue: 0)
let transparent = SIMD4<UInt8>(0, 0, 0, 0)

extension DrawnScene {
    /// Whether the pixel at (x, y) is `expected` within `tolerance` per channel.
    func expectPixel(_ x: Int, _ y: Int, _ expected: SIMD4<UInt8>, within tolerance: Int = 1) -> Bool {
        nearlyEqual(image[x, y], expected, within: tolerance)
    }
}
