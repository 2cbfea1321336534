import Glibc
import LaminaRender
import LaminaRenderList
import Shaders
import Testing

/// The `Shaders/` folder, found from this file's path.
private let shaderFolder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/LaminaRenderTests/ShaderTests.swift
    return parts.joined(separator: "/") + "/Shaders"
}()

/// The `.vert` and `.frag` files in `Shaders/`.
private func shaderFiles() -> Set<String> {
    guard let stream = opendir(shaderFolder) else { return [] }
    defer { closedir(stream) }
    var names: Set<String> = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".vert") || name.hasSuffix(".frag") { names.insert(name) }
    }
    return names
}

@Suite("Shaders")
struct ShaderTests {
    @Test("Every shader file in Shaders/ is embedded, and every embedded file belongs to a program")
    func everyFileEmbedded() {
        let files = shaderFiles()
        #expect(!files.isEmpty)
        #expect(Set(ShaderSources.all.keys) == files)
        let used = Set(ShaderProgramDescriptor.all.flatMap { [$0.vertexShader, $0.fragmentShader] })
        #expect(used == files)
        #expect(ShaderSources.source(named: "quad.vert")?.hasPrefix("#version 300 es") == true)
    }

    @Test("Every program compiles and links on this machine's driver", arguments: ShaderProgramDescriptor.all)
    func programBuilds(descriptor: ShaderProgramDescriptor) throws {
        let context = try makeContext()
        try context.perform { render throws(ShaderError) in
            _ = try ShaderProgram(render, descriptor)
        }
    }

    @Test("The quad program has the uniforms the renderer sets")
    func quadUniforms() throws {
        let context = try makeContext()
        try context.perform { render throws(ShaderError) in
            let program = try ShaderProgram(render, .quad)
            for name in ["u_matrix", "u_color", "u_textured", "u_texture"] {
                #expect(try program.uniform(name).name == name)
            }
        }
    }

    @Test("A compile error names the program and shader and carries the driver's log")
    func compileError() throws {
        let context = try makeContext()
        let error = try #require(throws: ShaderError.self) {
            try context.perform { render throws(ShaderError) in
                _ = try ShaderProgram(
                    render, name: "broken",
                    vertexShader: ("quad.vert", ShaderSources.source(named: "quad.vert")!),
                    fragmentShader: (
                        "broken.frag",
                        "#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() { o = undefined_thing; }\n"
                    ))
            }
        }
        guard case .compileFailed(let program, let shader, let stage, let log) = error else {
            Issue.record("expected a compile error, got \(error)")
            return
        }
        #expect(program == "broken")
        #expect(shader == "broken.frag")
        #expect(stage == .fragment)
        #expect(log.contains("undefined_thing"))
        #expect(error.description.contains("broken.frag"))
    }

    @Test("A link error names both shaders and carries the driver's log")
    func linkError() throws {
        let context = try makeContext()
        let vertex = "#version 300 es\nout vec2 v_one;\nvoid main() { v_one = vec2(0.0); gl_Position = vec4(0.0); }\n"
        let fragment =
            "#version 300 es\nprecision highp float;\nin vec2 v_other;\nout vec4 o;\n"
            + "void main() { o = vec4(v_other, 0.0, 1.0); }\n"
        let error = try #require(throws: ShaderError.self) {
            try context.perform { render throws(ShaderError) in
                _ = try ShaderProgram(
                    render, name: "mismatch", vertexShader: ("a.vert", vertex), fragmentShader: ("b.frag", fragment))
            }
        }
        guard case .linkFailed(let program, let vertexName, let fragmentName, let log) = error else {
            Issue.record("expected a link error, got \(error)")
            return
        }
        #expect(program == "mismatch")
        #expect(vertexName == "a.vert")
        #expect(fragmentName == "b.frag")
        #expect(log.contains("v_other"))
    }

    @Test("A missing source file or uniform is a typed error")
    func missingThings() throws {
        let context = try makeContext()
        let missing = ShaderProgramDescriptor(name: "ghost", vertexShader: "ghost.vert", fragmentShader: "quad.frag")
        #expect(throws: ShaderError.missingSource(program: "ghost", shader: "ghost.vert")) {
            try context.perform { render throws(ShaderError) in _ = try ShaderProgram(render, missing) }
        }
        #expect(throws: ShaderError.missingUniform(program: "quad", uniform: "u_matrx")) {
            try context.perform { render throws(ShaderError) in
                _ = try ShaderProgram(render, .quad).uniform("u_matrx")
            }
        }
    }
}
