/// A feature of a Lottie file that plays differently from After Effects: one the importer leaves out
/// (`unsupported`), or draws another way (`approximated`). Reported by the importer's own code paths as
/// they meet the feature, with its JSON path, so `lamina lottie-check` says exactly what a file loses.
public struct LottieDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How the feature plays.
    public enum Kind: String, Hashable, Sendable {
        /// Left out: the file plays without it.
        case unsupported
        /// Drawn, but not as After Effects draws it (the detail says how).
        case approximated
    }

    public var kind: Kind
    /// The feature's name as `docs/lottie.md` lists it (`luma-matte`, `merge-paths`, `expressions`).
    public var feature: String
    /// Where it is: `layers[3].masksProperties[0]`.
    public var path: String
    /// What happens instead, for people.
    public var detail: String

    /// A diagnostic.
    public init(_ kind: Kind, feature: String, path: String, detail: String) {
        self.kind = kind
        self.feature = feature
        self.path = path
        self.detail = detail
    }

    /// `layers[3].tt: unsupported luma-matte: the layer is drawn unmasked`.
    public var description: String { "\(path): \(kind.rawValue) \(feature): \(detail)" }
}
