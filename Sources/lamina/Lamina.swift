import ArgumentParser
import LaminaScene

#if canImport(Glibc)
    import Glibc
#endif

/// `lamina`: scene files rendered, probed and benchmarked by the embedded compositor (no daemon).
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Render, probe and benchmark Lamina scene files; play them on, and inspect, a running laminad.",
        discussion: """
            A scene file is JSON: a canvas, images, a layer tree with Core Animation's property names, \
            animations, and a timeline of transactions (docs/scene-format.md). Everything here runs \
            in-process on the GPU EGL finds (Mesa's llvmpipe when there is none); no daemon is needed.

            Examples:
              lamina render examples/card-flip.json --time 0.5 --output flip.png
              lamina render examples/card-flip.json --frames 0:1:30 --output frames/
              lamina probe examples/card-flip.json --time 0.5
              lamina bench bench/layers-1000.json --frames 120

            Against a running laminad (render, probe and bench need none): play SCENE, tree, \
            screenshot --output FILE.png, stats, bench-daemon.

            Exit status: 0 on success, 1 when the scene or the GPU fails (one line on stderr naming \
            the file, the JSON path and the problem), 2 for bad usage.
            """,
        subcommands: [
            RenderCommand.self, JoinCommand.self, ProbeCommand.self, LottieCheckCommand.self, BenchCommand.self, MakeBenchSceneCommand.self, BenchDaemonCommand.self,
            ViewCommand.self, PlayCommand.self, TreeCommand.self, ScreenshotCommand.self, StatsCommand.self,
        ]
    )
}

/// A failure the command reports in one line and exit status 1.
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Loads a scene or fails with its error line.
func loadScene(_ path: String) throws -> SceneScript {
    do { return try SceneLoader.load(file: path) } catch { throw Failure("\(error)") }
}

@main
enum Main {
    static func main() {
        do {
            var command = try Lamina.parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            writeError("lamina: \(failure)\n")
            exit(1)
        } catch {
            // Help and version requests exit 0 through the parser; anything else it raises is bad usage.
            if Lamina.exitCode(for: error) == .success { Lamina.exit(withError: error) }
            writeError(Lamina.fullMessage(for: error) + "\n")
            exit(2)
        }
    }
}

/// Writes `text` to stderr (fd 2; the C `stderr` global is not concurrency-safe to name).
func writeError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
