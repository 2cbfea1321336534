import Foundation
import LaminaSchema

// Writes every file LaminaSchema generates, under the package root given as the argument (default:
// the current directory): `make generate`. A test fails while any of them is stale.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
do {
    for (path, text) in SchemaGenerator.swiftFiles() {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        print("lamina-schema: \(path)")
    }
    for (path, text) in SchemaGenerator.pythonFiles() {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        print("lamina-schema: \(path)")
    }
    for (path, marker, table) in SchemaGenerator.docTables() {
        let url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let updated = SchemaGenerator.replacingRegion(marker, in: text, with: table) else {
            FileHandle.standardError.write(Data("lamina-schema: \(path) has no '\(marker)' markers\n".utf8))
            exit(1)
        }
        try updated.write(to: url, atomically: true, encoding: .utf8)
        print("lamina-schema: \(path) (\(marker))")
    }
} catch {
    FileHandle.standardError.write(Data("lamina-schema: \(error)\n".utf8))
    exit(1)
}
