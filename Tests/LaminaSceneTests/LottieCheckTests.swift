import Foundation
import LaminaTestSupport
import Testing

/// `lamina lottie-check` against `docs/lottie.md`: every feature the document marks unsupported, and
/// names in a corpus manifest, is reported for every corpus file the manifest lists it in.
@Suite struct LottieCheckTests {
    /// The document's unsupported features: the names `lottie-check` reports them by, and their
    /// manifest names (`column:value`, or a column alone for a column that is empty when absent).
    static func unsupported() -> [(reported: [String], manifest: [String])] {
        var rows: [(reported: [String], manifest: [String])] = []
        for line in RepositoryFiles.text("docs/lottie.md").split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6, cells[4].hasPrefix("unsupported") else { continue }
            func names(_ cell: String) -> [String] {
                cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { !$0.hasSuffix("N") }
            }
            let manifest = names(cells[3])
            if !manifest.isEmpty { rows.append((names(cells[2]), manifest)) }
        }
        return rows
    }

    /// The manifest's rows: file → column → value.
    static func manifest() -> [String: [String: String]] {
        let lines = RepositoryFiles.text("Tests/Fixtures/lottie/MANIFEST.tsv").split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [:] }
        var rows: [String: [String: String]] = [:]
        for line in lines.dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            rows[cells[0]] = Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
        return rows
    }

    /// Whether a manifest row has the feature `token` (`shape_items:mm`, `mattes:tt3`, `expressions`).
    static func has(_ row: [String: String], _ token: String) -> Bool {
        let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
        let cell = row[parts[0]] ?? ""
        guard parts.count == 2 else { return !cell.isEmpty && cell != "0" }
        // Lists are comma-separated, entries `name` or `name:count`.
        return cell.split(separator: ",").contains { $0 == parts[1] || $0.hasPrefix(parts[1] + ":") }
    }

    @Test func everyUnsupportedFeatureOfTheManifestIsReported() throws {
        let features = Self.unsupported()
        // Fewer as features are drawn (expressions, cameras, layer styles and zig zags remain): enough
        // that the check below is not vacuous.
        #expect(features.count >= 3, "docs/lottie.md lists \(features.count) unsupported features with manifest names")
        let rows = Self.manifest()
        #expect(rows.count == 59)
        var checked = 0
        for (file, row) in rows.sorted(by: { $0.key < $1.key }) {
            let wanted = features.filter { feature in feature.manifest.contains { Self.has(row, $0) } }
            guard !wanted.isEmpty else { continue }
            let path = RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/lottie/corpus/\(file)").path
            let run = try lamina("lottie-check", path)
            #expect(run.status == 0, "\(file): \(run.stderr)")
            for feature in wanted {
                checked += 1
                #expect(feature.reported.contains { run.stdout.contains(" \($0): ") }, "\(file) has \(feature.manifest) but lottie-check reported none of \(feature.reported):\n\(run.stdout)")
            }
        }
        #expect(checked >= 5)
    }

    @Test func aRefusedFileExitsOneNamingThePath() throws {
        let path = try sceneFile(#"{"v": "5", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 0, "refId": "x", "ks": {}}]}"#, name: "bad.json")
        let run = try lamina("lottie-check", path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("layers[0].refId") && run.stderr.contains("no precomp asset"), "\(run.stderr)")
    }

    @Test func aSupportedFileSaysSoAndCounts() throws {
        let path = try sceneFile(lottie(#"[{"ty": 3, "nm": "n", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#), name: "ok.json")
        let run = try lamina("lottie-check", path)
        #expect(run.status == 0)
        #expect(run.stdout.contains("every feature is supported; 3 layers, 0 animations, 100x100 at 30.0 fps for 2.0 s"), "\(run.stdout)")
    }
}
