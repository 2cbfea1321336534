import Foundation
import LaminaScene
import Testing
import LaminaTestSupport
import LaminaJSON
import LaminaImage

/// Runs the built `lamina` executable (beside the test bundle in the build folder) as a real process.
struct LaminaRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `lamina` executable `swift build` put beside the tests.
let laminaExecutable = ProgramRun.product("lamina")

/// Runs `lamina` with `arguments` and waits for it.
func lamina(_ arguments: String...) throws -> LaminaRun { try lamina(arguments) }

/// Runs `lamina` with `arguments` and waits for it.
func lamina(_ arguments: [String]) throws -> LaminaRun {
    let run = try ProgramRun.run(laminaExecutable, arguments)
    return LaminaRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
}

/// The folder every test's files go in, one per test process, removed when the process exits: the
/// suite writes hundreds of scene files a run, and /tmp is not emptied between runs on a developer's
/// machine.
let testFilesRoot: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-scene-tests-\(getpid())-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testFilesRoot) }
    return url
}()

/// A fresh folder for one test's files.
func temporaryFolder() throws -> URL {
    let url = testFilesRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` as a scene file in a fresh folder and returns its path.
func sceneFile(_ text: String, name: String = "scene.json") throws -> String {
    let url = try temporaryFolder().appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// `text` written as `name` in `folder` (a fresh one by default), drawn by `lamina render` at `time`,
/// and the PNG it wrote read back.
func renderedDocument(_ text: String, at time: Double, name: String = "scene.json", folder: URL? = nil) throws -> RGBAImage {
    let folder = try folder ?? temporaryFolder()
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("out.png").path
    let run = try lamina("render", path, "--time", "\(time)", "--output", output)
    try #require(run.status == 0, "lamina render failed: \(run.stderr)")
    return try PNG.decode(fileAtPath: output)
}

/// `lamina probe` at `time`, parsed: layer name → property name → value.
func probe(_ scene: String, at time: Double) throws -> [String: [String: JSONValue]] {
    let path = try sceneFile(scene)
    let run = try lamina("probe", path, "--time", "\(time)")
    try #require(run.status == 0, "lamina probe failed: \(run.stderr)")
    let json = try JSONParser.parse(Array(run.stdout.utf8))
    guard case .object(let top) = json, case .object(let layers)? = top.first(where: { $0.key == "layers" })?.value else {
        Issue.record("probe printed no layers: \(run.stdout)")
        return [:]
    }
    var result: [String: [String: JSONValue]] = [:]
    for (name, value) in layers {
        guard case .object(let properties) = value else { continue }
        result[name] = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0.value) })
    }
    return result
}

/// The numbers of a probed value.
func numbers(_ value: JSONValue?) -> [Double] {
    switch value {
    case .number(let n): [n]
    case .array(let list): list.compactMap { if case .number(let n) = $0 { n } else { nil } }
    default: []
    }
}

/// A scene document around `layers` (and optionally a timeline), on a `width` x `height` canvas.
func scene(
    _ layers: String, timeline: String = "[]", images: String = "{}", width: Int = 100, height: Int = 100,
    scale: Double = 1, background: String = "#000000"
) -> String {
    """
    {"lamina": 1,
     "canvas": {"width": \(width), "height": \(height), "scale": \(scale), "background": "\(background)"},
     "images": \(images),
     "layers": \(layers),
     "timeline": \(timeline)}
    """
}

