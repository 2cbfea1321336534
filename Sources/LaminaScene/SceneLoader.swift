import LaminaJSON
import LaminaLottie

/// Reading scene files: bytes, JSON, the document, the compiled script; each step's errors name the
/// file and, past the JSON syntax, the JSON path.
public enum SceneLoader {
    /// The largest scene file read: room for `make-bench-scene`'s million layers each turning (230 MB),
    /// a 10,000-layer scene being about 2 MiB. Reading one that large takes about 8 KiB of memory per
    /// layer, JSON and decoded scene together, until the scene is committed.
    public static let maxFileBytes = 256 << 20

    /// Reads, decodes and compiles the scene at `path`.
    public static func load(file path: String) throws(SceneError) -> SceneScript {
        try load(try bytes(ofFile: path), file: path)
    }

    /// Decodes and compiles a scene from `bytes`; `file` names it in errors and locates relative image
    /// paths.
    public static func load(_ bytes: [UInt8], file: String) throws(SceneError) -> SceneScript {
        if DotLottie.isDotLottie(bytes) {
            return try lottie(file: file) { () throws(LottieError) in try LottieImporter.compile(bytes) }
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: file, path: "", message: "not valid JSON: \(error)")
        }
        let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        if LottieImporter.isLottie(json) {
            return try lottie(file: file) { () throws(LottieError) in try LottieImporter.compile(json, folder: folder.isEmpty ? "/" : folder) }
        }
        guard case .object(let members) = json, members.contains(where: { $0.key == "lamina" }) else {
            throw SceneError(
                file: file, path: "",
                message: "neither a scene (an object with a \"lamina\" member) nor a Lottie file (an object with \"v\", \"fr\", \"ip\", \"op\" and \"layers\")")
        }
        var decoder = SceneDecoder(file: file, folder: folder.isEmpty ? "/" : folder)
        do {
            let scene = try decoder.document(JSONNode(json, path: ""))
            return try SceneScript(scene)
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// A Lottie file (or dotLottie) as a scene: its composition at the origin of a transparent canvas of
    /// its size, committed at time 0 (so scene time T shows the file's frame `ip + T · fr`).
    private static func lottie(file: String, _ compile: () throws(LottieError) -> LottieComposition) throws(SceneError) -> SceneScript {
        do {
            return try SceneScript(lottie: try compile(), file: file)
        } catch let error as LottieError {
            throw SceneError(file: file, path: error.path, message: error.message)
        } catch let error as SceneError {
            var located = error
            located.file = file
            throw located
        } catch {
            throw SceneError(file: file, path: "", message: "\(error)")
        }
    }

    /// The bytes of the file at `path`, refused past `maxFileBytes`.
    public static func bytes(ofFile path: String) throws(SceneError) -> [UInt8] {
        do { return try JSONFile.bytes(atPath: path, limit: maxFileBytes) } catch {
            throw SceneError(file: path, path: "", message: error.description)
        }
    }
}
