import ArgumentParser
import LaminaScene
import LaminaCompositor
import LaminaJSON
import LaminaRender
import LaminaWire

/// `lamina bench`: frame times by phase.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Render N frames of a scene as fast as possible and print their times by phase, as JSON.",
        discussion: """
            Frame i shows scene time i/60 s; every frame redraws what changed (everything with \
            --redraw-everything) and is finished (glFinish), or, with --overlap-gpu, ends with a fence \
            that the next frame waits on before drawing, as laminad's frames do, or, with --no-draw, \
            stops once its render list is built (encode, draw and finish are then 0). Prints \
            {"frames": N, "wallSeconds": s, "frameMs": {"median": m, "p99": m}, "phases": {"apply": \
            {...}, "evaluate": {...}, "build": {...}, "encode": {...}, "draw": {...}, "finish": {...}}, \
            "counters": {...}}. apply: transactions and uploads; evaluate: animations; build: the render \
            list; encode: instances copied to the GPU; draw: GL commands issued; finish: waiting for the \
            GPU (with --overlap-gpu, for the last frame, before drawing). counters, each a median and a \
            p99 over the frames: uploadedInstanceBytes, uploadedTextureBytes, drawCalls, \
            glObjectsCreated, instancesVisited, and cpuMs (the process's CPU time in the frame, every \
            thread's, from getrusage).
            """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "How many frames to render.")
    var frames: Int = 120

    @Flag(help: "Build and draw every frame whole, as if everything changed (damage tracking off).")
    var redrawEverything = false

    @Flag(help: "Draw still subtrees that move as a whole directly, not from a cached texture.")
    var noSubtreeCache = false

    @Flag(
        help: """
            End each frame with a fence instead of glFinish, as laminad does: the next frame is \
            evaluated and built while the GPU finishes this one.
            """)
    var overlapGPU = false

    @Flag(
        help: """
            Stop each frame once its render list is built: the CPU's part (apply, evaluate, build) \
            measured alone, without the driver's work on the same cores.
            """)
    var noDraw = false

    @Option(help: "How many threads a frame's animation evaluation and leaf patching are split across (default: the machine's cores).")
    var threads: Int?

    func validate() throws {
        if noDraw, overlapGPU { throw ValidationError("--no-draw draws nothing to overlap: give one of --no-draw and --overlap-gpu") }
        guard (1...1_000_000).contains(frames) else { throw ValidationError("--frames must be 1...1000000") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1...256") }
    }

    func run() throws {
        let script = try loadScene(scene)
        let gpu = try makeGPU()
        let frames = frames
        let clock = ContinuousClock()
        let start = clock.now
        let (redrawEverything, noSubtreeCache, overlapGPU, draws) = (redrawEverything, noSubtreeCache, overlapGPU, !noDraw)
        let threads = FrameThreadPool.threads(threads ?? FrameThreadPool.machineCores)
        let reports = try gpu.perform { (context) throws(Failure) -> [(FramePhases, FrameStatistics, cpu: Double)] in
            let playback = try play(script, context)
            playback.compositor.redrawsEverything = redrawEverything
            playback.compositor.cachesMovingSubtrees = !noSubtreeCache
            playback.compositor.waitsForGPU = !overlapGPU
            playback.compositor.threads = threads
            var reports: [(FramePhases, FrameStatistics, cpu: Double)] = []
            reports.reserveCapacity(frames)
            for i in 0..<frames {
                let report: FrameReport
                let cpu = ProcessCPU.seconds()
                do { report = try playback.frame(at: Double(i) / 60, draws: draws) } catch { throw Failure("frame \(i): \(error)") }
                reports.append((report.phases, report.statistics, ProcessCPU.seconds() - cpu))
            }
            return reports
        }
        let phases = reports.map(\.0)
        let statistics = reports.map(\.1)
        let wall = clock.now - start
        func counter(_ values: [Int]) -> JSONValue {
            let sorted = values.sorted()
            func rank(_ p: Double) -> Int { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
            return .object([("median", .number(Double(rank(0.5)))), ("p99", .number(Double(rank(0.99))))])
        }
        func summary(_ seconds: [Double]) -> JSONValue {
            let sorted = seconds.sorted()
            func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] * 1000 }
            return .object([("median", .number(round3(rank(0.5)))), ("p99", .number(round3(rank(0.99))))])
        }
        let result: JSONValue = .object([
            ("frames", .number(Double(frames))),
            ("wallSeconds", .number(round3(Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18))),
            ("frameMs", summary(phases.map(\.total))),
            (
                "phases",
                .object([
                    ("apply", summary(phases.map(\.apply))), ("evaluate", summary(phases.map(\.evaluate))),
                    ("build", summary(phases.map(\.build))), ("encode", summary(phases.map(\.encode))),
                    ("draw", summary(phases.map(\.draw))), ("finish", summary(phases.map(\.finish))),
                ])
            ),
            (
                "counters",
                .object([
                    ("uploadedInstanceBytes", counter(statistics.map(\.uploadedInstanceBytes))),
                    ("uploadedTextureBytes", counter(statistics.map(\.uploadedTextureBytes))),
                    ("drawCalls", counter(statistics.map(\.drawCalls))),
                    ("glObjectsCreated", counter(statistics.map(\.glObjectsCreated))),
                    ("instancesVisited", counter(statistics.map(\.instancesVisited))),
                    ("cpuMs", summary(reports.map(\.cpu))),
                ])
            ),
        ])
        print(JSONWriter.write(result))
    }
}

/// Three decimals: microsecond resolution for milliseconds.
private func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
