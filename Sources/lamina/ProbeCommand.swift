import ArgumentParser
import LaminaScene
import LaminaJSON

/// `lamina probe`: presentation values as JSON.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Print the presentation values of every layer at one scene time, as JSON.",
        discussion: """
            {"time": T, "layers": {"NAME": {"bounds": [...], "position": [x, y], ..., "frame": [...]}}}: \
            every property of every layer on the canvas, with animations evaluated as the compositor \
            evaluates them. Colours are [r, g, b, a] (straight alpha), transforms 16 numbers in \
            CATransform3D order. Needs no GPU.
            """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Scene time in seconds.")
    var time: Double

    @Flag(help: "Indent the JSON.")
    var pretty = false

    func validate() throws {
        guard time >= 0, time.isFinite else { throw ValidationError("--time must be a time in seconds of at least 0") }
    }

    func run() throws {
        let script = try loadScene(scene)
        print(JSONWriter.write(SceneProbe.report(script, at: time), pretty: pretty))
    }
}
