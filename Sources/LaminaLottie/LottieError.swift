/// Why a Lottie file could not be imported: the JSON path of the offending value
/// (`layers[3].ks.p.k[2].s`) and the problem. Nothing is played from a file with one; features the
/// importer does not support are not errors but `LottieDiagnostic`s, and the file plays without them.
public struct LottieError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the document: members by name, array elements by index; empty for the whole file.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `layers[3].ks.p: expected a number or an array of numbers, got "high"`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
