import Foundation
import LaminaCore
import LaminaSchema
import Testing

/// What LaminaSchema generates is what is checked in, and what LaminaCore compiled from it agrees with
/// the schema: `make generate` has been run since the schema last changed.
@Suite("The property schema and what it generates")
struct GeneratedFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every row says what a change to it does")
    func everyRowHasAChangeClass() {
        for row in LayerSchema.properties {
            #expect(row.change != nil, "\(row.name) has no change class: give its row a `change:`")
        }
    }

    @Test("every generated Swift file is current (make generate)")
    func swiftFiles() throws {
        for (path, text) in SchemaGenerator.swiftFiles() {
            let onDisk = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(onDisk == text, "\(path) is stale: run make generate")
        }
    }

    @Test("every generated doc table is current (make generate)")
    func docTables() throws {
        for (path, marker, table) in SchemaGenerator.docTables() {
            let onDisk = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let regenerated = try #require(SchemaGenerator.replacingRegion(marker, in: onDisk, with: table), "\(path) lost its markers")
            #expect(onDisk == regenerated, "\(path) is stale: run make generate")
        }
    }

    @Test("LaminaCore's table is the schema's, row for row: names, types, defaults' types, wire ids, animatable, domains")
    func tableMatchesSchema() {
        let schema = LayerSchema.properties
        #expect(LayerProperties.table.count == schema.count)
        for (row, declared) in zip(LayerProperties.table, schema) {
            #expect(row.name == declared.name && row.type.rawValue == declared.type.rawValue)
            #expect(row.wireID == declared.wireID && row.isAnimatable == declared.isAnimatable, "\(declared.name)")
            #expect(row.domain.rawValue == declared.domain.rawValue, "\(declared.name)")
            #expect(row.domain.contains(row.defaultValue), "\(declared.name)'s default lies in its domain")
        }
        #expect(Set(schema.map(\.wireID)).count == schema.count, "wire ids are unique")
    }
}
