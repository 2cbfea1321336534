import Foundation
import LaminaRender
import LaminaRenderList
import Testing

/// The layer program's instance layout is one description: the renderer's attribute pointers, the
/// GLSL header the shaders are built with, and `Shaders/layer-instance.glsl` all come from it.
@Suite("The instance layout as data")
struct InstanceLayoutTests {
    static let headerFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Shaders/layer-instance.glsl")

    @Test("Shaders/layer-instance.glsl is the generated header (LAMINA_REGENERATE=1 writes it again)")
    func headerFileIsCurrent() throws {
        if ProcessInfo.processInfo.environment["LAMINA_REGENERATE"] == "1" {
            try InstanceLayout.glslHeader.write(to: Self.headerFile, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOf: Self.headerFile, encoding: .utf8)
        #expect(onDisk == InstanceLayout.glslHeader, "stale: run LAMINA_REGENERATE=1 swift test --filter InstanceLayoutTests")
    }

    @Test("The attributes cover LayerInstance exactly, one vec4 each, at locations 1, 2, ...")
    func attributesCoverTheRecord() {
        let attributes = InstanceLayout.attributes
        #expect(attributes.map(\.location) == Array(1...attributes.count))
        #expect(attributes.map(\.offset) == attributes.indices.map { $0 * 16 })
        #expect(attributes.count * 16 == MemoryLayout<LayerInstance>.stride)
        #expect(Set(attributes.map(\.name)).count == attributes.count)
    }

    @Test("Each layer program reads its attributes at the locations the table gives, on this driver")
    func locationsOnTheDriver() throws {
        let context = try makeContext()
        let found = try context.perform { render throws(ShaderError) -> [String: [String: Int?]] in
            var found: [String: [String: Int?]] = [:]
            for descriptor in [ShaderProgramDescriptor.layer, .plainLayer, .blitLayer, .fillLayer] {
                let program = try ShaderProgram(render, descriptor)
                var locations: [String: Int?] = [InstanceLayout.corner.name: program.attributeLocation(InstanceLayout.corner.name)]
                for attribute in InstanceLayout.attributes { locations[attribute.name] = program.attributeLocation(attribute.name) }
                found[descriptor.name] = locations
            }
            return found
        }
        // A driver drops what a program does not read (i_matrix2 multiplies z = 0, and the variants
        // leave out shapes and clips), but never moves one: every attribute found is where the table
        // says, and the full program reads all but a few.
        for (program, locations) in found {
            #expect(locations[InstanceLayout.corner.name] == InstanceLayout.corner.location, "\(program)")
            for attribute in InstanceLayout.attributes {
                if let location = locations[attribute.name] ?? nil {
                    #expect(location == attribute.location, "\(program) \(attribute.name)")
                }
            }
        }
        let full = found["layer"]?.values.compactMap { $0 }.count ?? 0
        #expect(full >= InstanceLayout.attributes.count - 1, "the layer program reads \(full) attributes")
    }

    @Test("The header names the texture modes and the parts of params as the Swift side numbers them")
    func constants() {
        let header = InstanceLayout.glslHeader
        #expect(header.contains("#define TEXTURE_NONE 0.0") && header.contains("#define TEXTURE_RGBA 1.0"))
        #expect(header.contains("#define TEXTURE_ALPHA 2.0"))
        #expect(header.contains("#define CORNER_RADIUS(p) (p).x") && header.contains("#define SHAPED(p) (p).w"))
        #expect(header.contains("layout(location = 9) in vec4 i_params;"))
    }
}
