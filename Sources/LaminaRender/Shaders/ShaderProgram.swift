import CGLES3
public import LaminaCore
import LaminaRenderList
import Shaders

/// A linked GLSL ES program on the render thread, with typed access to its uniforms.
///
/// Building reports compile and link failures as `ShaderError`s that name the program and file and carry
/// the driver's log. Uniforms are looked up once (`uniform(_:)` throws for a name the program does not
/// have, so a typo fails where the renderer sets up, not as a silently ignored draw). Not `Sendable`:
/// the program name belongs to the context it was made in and is deleted there.
public final class ShaderProgram {
    /// The program's name, for errors and logs.
    public let name: String
    /// The GL program object.
    let program: GLuint

    /// A uniform's location in one program.
    public struct Uniform: Hashable {
        /// The uniform's GLSL name.
        public let name: String
        /// Its location.
        let location: GLint
    }

    /// Builds `descriptor`'s program from the sources embedded from `Shaders/`.
    public convenience init(_ context: RenderContext, _ descriptor: ShaderProgramDescriptor) throws(ShaderError) {
        guard let vertex = ShaderSources.source(named: descriptor.vertexShader) else {
            throw .missingSource(program: descriptor.name, shader: descriptor.vertexShader)
        }
        guard let fragment = ShaderSources.source(named: descriptor.fragmentShader) else {
            throw .missingSource(program: descriptor.name, shader: descriptor.fragmentShader)
        }
        try self.init(
            context, name: descriptor.name,
            vertexShader: (descriptor.vertexShader, Self.defining(descriptor.defines + (descriptor.header.isEmpty ? [] : ["VERTEX_SHADER"]), header: descriptor.header, in: vertex)),
            fragmentShader: (descriptor.fragmentShader, Self.defining(descriptor.defines, header: descriptor.header, in: fragment)))
    }

    /// Where the linked program reads the attribute `name`, or nil when it has none (or the driver
    /// optimised it away).
    public func attributeLocation(_ name: String) -> Int? {
        let location = glGetAttribLocation(program, name)
        return location < 0 ? nil : Int(location)
    }

    /// Compiles and links a program named `name` from two sources, each with the file name errors
    /// should show.
    public init(
        _ context: RenderContext, name: String, vertexShader: (name: String, source: String),
        fragmentShader: (name: String, source: String)
    ) throws(ShaderError) {
        let vertex = try Self.compile(vertexShader.source, stage: .vertex, file: vertexShader.name, program: name)
        let fragment: GLuint
        do throws(ShaderError) {
            fragment = try Self.compile(
                fragmentShader.source, stage: .fragment, file: fragmentShader.name, program: name)
        } catch {
            glDeleteShader(vertex)
            throw error
        }
        let program = GLObjects.make(.program)
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        glDetachShader(program, vertex)
        glDetachShader(program, fragment)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .linkFailed(
                program: name, vertexShader: vertexShader.name, fragmentShader: fragmentShader.name, log: log)
        }
        self.name = name
        self.program = program
    }

    deinit {
        glDeleteProgram(program)
    }

    /// Makes this the program draws use. Uniforms are set on the program in use.
    public func use() {
        glUseProgram(program)
    }

    /// The active uniform `name`, or `ShaderError.missingUniform`.
    public func uniform(_ name: String) throws(ShaderError) -> Uniform {
        let location = glGetUniformLocation(program, name)
        guard location >= 0 else { throw .missingUniform(program: self.name, uniform: name) }
        return Uniform(name: name, location: location)
    }

    /// Sets a `mat4` from a `GPUMatrix` (column-major, no transpose). The program must be in use.
    public func set(_ uniform: Uniform, _ matrix: GPUMatrix) {
        let floats = matrix.floats
        glUniformMatrix4fv(uniform.location, 1, GLboolean(GL_FALSE), floats)
    }

    /// Sets a `vec4`. The program must be in use.
    public func set(_ uniform: Uniform, _ vector: SIMD4<Float>) {
        glUniform4f(uniform.location, vector.x, vector.y, vector.z, vector.w)
    }

    /// Sets a `vec4` to a colour, premultiplied (what Lamina's fragment shaders expect). The program
    /// must be in use.
    public func set(_ uniform: Uniform, premultiplied color: Color) {
        let c = color.premultiplied
        glUniform4f(uniform.location, Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }

    /// Sets an `int` or a sampler's texture unit. The program must be in use.
    public func set(_ uniform: Uniform, _ value: Int32) {
        glUniform1i(uniform.location, value)
    }

    /// Sets a `bool`. The program must be in use.
    public func set(_ uniform: Uniform, _ value: Bool) {
        glUniform1i(uniform.location, value ? 1 : 0)
    }

    /// Sets a `float`. The program must be in use.
    public func set(_ uniform: Uniform, _ value: Float) {
        glUniform1f(uniform.location, value)
    }

    /// One compiled shader object, or the driver's log as `compileFailed`.
    private static func compile(
        _ source: String, stage: ShaderStage, file: String, program: String
    ) throws(ShaderError) -> GLuint {
        let shader = GLObjects.makeShader(stage.glType)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .compileFailed(program: program, shader: file, stage: stage, log: log)
        }
        return shader
    }

    /// `source` with `#define NAME 1` for each of `defines`, then `header`, right after its `#version`
    /// line (which must stay first); a `#line` directive after them keeps the file's own line numbers
    /// in the driver's error messages.
    static func defining(_ defines: [String], header: String = "", in source: String) -> String {
        guard !defines.isEmpty || !header.isEmpty else { return source }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = lines.firstIndex { $0.hasPrefix("#version") }.map { $0 + 1 } ?? 0
        var inserted = defines.map { "#define \($0) 1" }
        if !header.isEmpty { inserted += header.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        inserted.append("#line \(at + 1)")
        lines.insert(contentsOf: inserted, at: at)
        return lines.joined(separator: "\n")
    }

    /// A shader's or program's info log, trimmed.
    private static func infoLog(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 0 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        var written: GLsizei = 0
        read(object, size, &written, &buffer)
        let text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.reversed().drop { $0 == "\n" || $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? "(the driver gave no log)" : String(trimmed)
    }
}

/// GL names belong to the render thread's context.
@available(*, unavailable)
extension ShaderProgram: Sendable {}
