import Foundation
import LaminaSchema
import Testing

/// The Python client's property table (`clients/python/lamina/_properties.py`) is what LaminaSchema
/// generates: `make generate` has been run since the schema last changed, so the Python package
/// lists the same properties, wire ids, types, defaults and keywords as the daemon.
@Suite("The Python client's property table")
struct PythonTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every generated Python file is current (make generate)")
    func pythonFiles() throws {
        let files = SchemaGenerator.pythonFiles()
        #expect(!files.isEmpty)
        for (path, text) in files {
            let onDisk = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(onDisk == text, "\(path) is stale: run make generate")
        }
    }

    @Test("the table has a row per property, in the schema's order, with Python's names")
    func rows() throws {
        let (_, text) = try #require(SchemaGenerator.pythonFiles().first)
        var position = text.startIndex
        for row in LayerSchema.properties {
            let name = try #require(text.range(of: "\"name\": \"\(row.name)\",", range: position..<text.endIndex), "\(row.name) is missing or out of order")
            position = name.upperBound
            #expect(text[position...].hasPrefix("\n        \"python\": \"\(SchemaGenerator.snakeCase(row.name))\","), "\(row.name)")
        }
        #expect(SchemaGenerator.snakeCase("anchorPointZ") == "anchor_point_z")
        #expect(SchemaGenerator.snakeCase("backgroundColor") == "background_color")
        #expect(SchemaGenerator.pythonString("a \"b\" \\ c\n") == "\"a \\\"b\\\" \\\\ c\\n\"")
    }
}
