public import Foundation

/// Files of the repository the tests read (documents, the fuzzers' kept inputs), found from this
/// file's path, so a test runs from any working directory.
public enum RepositoryFiles {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of the file at `path` (relative to the root), or empty when it cannot be read.
    public static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The files of a folder under `Fuzz/` (a corpus, regressions), with their bytes, in name order;
    /// names starting with a dot are left out.
    public static func fuzzInputs(_ folder: String) throws -> [(name: String, bytes: [UInt8])] {
        let url = root.appendingPathComponent("Fuzz").appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: url.appendingPathComponent($0)))) }
    }
}
