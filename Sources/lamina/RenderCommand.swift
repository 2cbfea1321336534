import ArgumentParser
import LaminaCompositor
import LaminaRender
import LaminaRenderList
import LaminaScene
import LaminaVideo

#if canImport(Glibc)
    import Glibc
#endif

/// `lamina render`: one frame to a PNG file, or a frame sequence to a folder.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene at one time to a PNG file, or a sequence of frames to a folder or a video.",
        discussion: """
            The presentation tree at scene time T, drawn by the embedded GPU compositor: 8-bit RGBA PNG, \
            canvas size x scale pixels, straight alpha. A frame sequence goes to a folder of PNGs, or, \
            when the output ends in .mp4 or .webm, to a video (H.264 or VP9, over black), each frame \
            encoded as it is drawn.
              lamina render scene.json --time 1.5 --output frame.png
              lamina render scene.json --frames 0:2:30 --output frames/   (frame-00000.png ...)
              lamina render scene.json --frames 0:2:30 --output clip.mp4
              lamina render scene.json --frames 0:2:30 --shard 2/3 --output part-2.mp4   (then lamina join)
            """)

    @Argument(help: "The scene file (JSON, docs/scene-format.md).")
    var scene: String

    @Option(help: "Scene time in seconds of the one frame to render.")
    var time: Double?

    @Option(help: "A frame sequence: from START to END seconds (inclusive) at FPS frames per second.")
    var frames: FrameRange?

    @Option(
        name: .shortAndLong,
        help: "The PNG file (with --time); with --frames, a video (.mp4, .webm) or the folder, made if missing.")
    var output: String

    @Option(help: "Only the K-th (1...N) of N contiguous parts of --frames: one machine's share. PNGs keep their numbers in the whole sequence; a video holds the part (join the parts with `lamina join`).")
    var shard: Shard?

    @Flag(help: "Encode the video without loss (H.264 at quantiser 0, VP9 lossless): larger files that decode to exactly the frames' 4:2:0 colours.")
    var lossless = false

    func validate() throws {
        if shard != nil && frames == nil { throw ValidationError("--shard divides --frames") }
        switch (time, frames) {
        case (nil, nil): throw ValidationError("give --time T or --frames START:END:FPS")
        case (.some, .some): throw ValidationError("give --time or --frames, not both")
        case (let t?, nil) where !(t >= 0 && t.isFinite): throw ValidationError("--time must be a time in seconds of at least 0")
        case (.some, nil) where VideoContainer(path: output) != nil: throw ValidationError("a video needs --frames, not --time")
        default: break
        }
    }

    func run() throws {
        let script = try loadScene(scene)
        let gpu = try makeGPU()
        if let time {
            let output = output
            try gpu.perform { (context) throws(Failure) in
                let playback = try play(script, context)
                try render(playback, at: time)
                try write(playback, to: output)
            }
            return
        }
        let all = frames!.times
        let indices = shard?.range(of: all.count) ?? 0..<all.count
        let times = Array(all[indices])
        if VideoContainer(path: output) != nil {
            try renderVideo(script, gpu: gpu, times: times, fps: frames!.fps)
            return
        }
        try makeFolder(output)
        let progress = Progress(total: times.count)
        let folder = output
        try gpu.perform { (context) throws(Failure) in
            let playback = try play(script, context)
            for (i, t) in times.enumerated() {
                try render(playback, at: t)
                try write(playback, to: "\(folder)/frame-\(pad(indices.lowerBound + i)).png")
                progress.update(i + 1)
            }
        }
    }
}

extension RenderCommand {
    /// Renders `times` into the video `output`, each frame encoded as it is drawn.
    func renderVideo(_ script: SceneScript, gpu: GPUContext, times: [Double], fps: Double) throws {
        let progress = Progress(total: times.count)
        let (output, lossless) = (output, lossless)
        guard !times.isEmpty else { throw Failure("\(output): this shard has no frames (fewer frames than shards)") }
        try gpu.perform { (context) throws(Failure) in
            let playback = try play(script, context)
            var writer: VideoWriter?
            do {
                for (i, t) in times.enumerated() {
                    try render(playback, at: t)
                    let image = try playback.pixels()
                    if writer == nil { writer = try VideoWriter(path: output, width: image.width, height: image.height, framesPerSecond: fps, lossless: lossless) }
                    try writer!.append(image)
                    progress.update(i + 1)
                }
                try writer?.finish()
            } catch let error as VideoError {
                throw Failure("\(error)")
            } catch let error as Failure {
                throw error
            } catch {
                throw Failure("\(error)")
            }
        }
    }
}

func play(_ script: SceneScript, _ context: RenderContext) throws(Failure) -> ScenePlayback {
    do { return try ScenePlayback(script, context: context) } catch { throw Failure("\(script.scene.file): \(error)") }
}

@discardableResult
func render(_ playback: ScenePlayback, at time: Double) throws(Failure) -> FrameReport {
    do { return try playback.frame(at: time) } catch { throw Failure("frame at \(time) s: \(error)") }
}

private func write(_ playback: ScenePlayback, to path: String) throws(Failure) {
    do {
        try PNG.write(try playback.image(), toFile: path)
    } catch let error as PNGError {
        throw Failure("\(error)")
    } catch {
        throw Failure("\(error)")
    }
}

private func pad(_ i: Int) -> String {
    let digits = String(i)
    return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
}

/// Makes `path` and its missing parents.
func makeFolder(_ path: String) throws {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        built += "/" + part
        if mkdir(built, 0o755) != 0 && errno != EEXIST {
            throw Failure("cannot make the folder \(built): \(String(cString: strerror(errno)))")
        }
    }
}
