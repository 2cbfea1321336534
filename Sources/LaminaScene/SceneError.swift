/// What is wrong with a scene file: the file, the JSON path of the offending value
/// (`layers[2].sublayers[0].opacity`) and the problem. Nothing is rendered from a scene with one.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene file (as given on the command line).
    public var file: String
    /// Where in the document: members by name, array elements by index; empty for the whole file.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error.
    public init(file: String = "", path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `scene.json: layers[2].sublayers[0].opacity: expected a number, got "high"`.
    public var description: String {
        let location = file.isEmpty ? path : (path.isEmpty ? file : "\(file): \(path)")
        return location.isEmpty ? message : "\(location): \(message)"
    }
}
