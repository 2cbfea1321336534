import Benchmark
import LaminaCore
import LaminaRender
import LaminaRenderList

/// The renderer at scale: many small textured, transformed layers against one big layer covering
/// comparable pixels, all into a 1920x1080 target on whatever GPU the display selection finds
/// (llvmpipe on a machine without one). One iteration is one whole frame: building the render list,
/// uploading instances, drawing, and `glFinish`, so the GPU's work is counted.
///
/// 10,000 16x16 layers are 2,560,000 fragments, more than a 1920x1080 target holds, so no single layer
/// on the target covers as many; the full-target layer (2,073,600) and the half-target one (1,036,800)
/// show fill cost is linear in pixels, and `docs/performance.md` compares per pixel.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 5,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 500
    )

    let gpu = try! GPUContext(display: DisplaySelection.standard().select())

    for count in [1_000, 10_000, 100_000] {
        Benchmark("Draw \(count) textured rotated 16x16 layers (1920x1080)") { benchmark in
            let frame = try! DrawingFrame(gpu, scene: .smallLayers(count))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { try! frame.draw() }
            benchmark.stopMeasurement()
        }
    }
    // The same 10,000 layers unrotated, and the rotated ones' GPU half alone (the render list built once,
    // then executed and waited for each iteration): what the rasteriser costs without the CPU's share.
    Benchmark("Draw 10000 textured translated 16x16 layers (1920x1080)") { benchmark in
        let frame = try! DrawingFrame(gpu, scene: .smallLayers(10_000, turned: false))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try! frame.draw() }
        benchmark.stopMeasurement()
    }
    Benchmark("GPU half: 10000 textured rotated 16x16 layers (1920x1080)") { benchmark in
        let frame = try! DrawingFrame(gpu, scene: .smallLayers(10_000))
        try! frame.buildOnce()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try! frame.execute() }
        benchmark.stopMeasurement()
    }
    for (name, width, height) in [
        ("640x400 (256,000 px, as 1,000 layers)", 640.0, 400.0),
        ("1440x720 (1,036,800 px)", 1440.0, 720.0),
        ("1920x1080 (2,073,600 px)", 1920.0, 1080.0),
    ] {
        Benchmark("Draw one textured layer of \(name)") { benchmark in
            let frame = try! DrawingFrame(gpu, scene: .oneLayer(width: width, height: height))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { try! frame.draw() }
            benchmark.stopMeasurement()
        }
    }
}

/// A scene kept on the render thread with its renderer, drawn once per call.
struct DrawingFrame: Sendable {
    let gpu: GPUContext
    let scene: Scene

    struct Scene: Sendable {
        var tree = LayerTree()

        /// `count` 16x16 layers showing one 16x16 bitmap, each turned by its own angle (unless not
        /// `turned`), tiled over the target (overlapping once there are more than fit).
        static func smallLayers(_ count: Int, turned: Bool = true) -> Scene {
            var scene = Scene()
            for i in 0..<count {
                var values = PropertyValues()
                values[.bounds] = Rect(x: 0, y: 0, width: 16, height: 16)
                values[.position] = Point(x: Double((i * 19) % 1900) + 10, y: Double((i * 19 / 1900 * 11) % 1060) + 10)
                if turned { values[.transform] = Transform3D(rotationAngle: Double(i) * 0.37, x: 0, y: 0, z: 1) }
                values[.contents] = BitmapID(1)
                _ = scene.tree.create(values: values)
            }
            return scene
        }

        /// One layer of `width` x `height` points showing the same bitmap, scaled up.
        static func oneLayer(width: Double, height: Double) -> Scene {
            var scene = Scene()
            var values = PropertyValues()
            values[.bounds] = Rect(x: 0, y: 0, width: width, height: height)
            values[.anchorPoint] = Point(x: 0, y: 0)
            values[.contents] = BitmapID(1)
            _ = scene.tree.create(values: values)
            return scene
        }
    }

    final class State {
        let renderer: Renderer
        let target: OffscreenTarget
        init(_ render: RenderContext) throws {
            renderer = try Renderer(render)
            target = try OffscreenTarget(render, width: 1920, height: 1080)
            var pixels = RGBAImage(width: 16, height: 16, filledWith: SIMD4(200, 120, 40, 255), alpha: .straight)
            for i in 0..<16 { pixels[i, i] = SIMD4(0, 0, 0, 255) }
            try renderer.textures.upload(BitmapID(1), image: pixels)
        }
    }

    init(_ gpu: GPUContext, scene: Scene) throws {
        self.gpu = gpu
        self.scene = scene
        try gpu.perform { render in
            render.removeState(State.self)
            _ = try render.state(State.self) { try State(render) }
        }
        try draw()  // warm: shaders compiled, buffers sized
    }

    /// Builds the render list the next `execute()` calls draw.
    func buildOnce() throws {
        let tree = scene.tree
        try gpu.perform { render in
            let state = try render.state(State.self) { try State(render) }
            state.renderer.build(tree, Presentation(), for: state.target)
        }
    }

    /// Draws the render list the last build made, and waits for the GPU.
    func execute() throws {
        try gpu.perform { render in
            let state = try render.state(State.self) { try State(render) }
            _ = try state.renderer.execute(into: state.target)
            render.finish()
        }
    }

    func draw() throws {
        let tree = scene.tree
        try gpu.perform { render in
            let state = try render.state(State.self) { try State(render) }
            try state.renderer.draw(tree, Presentation(), into: state.target)
            render.finish()
        }
    }
}
