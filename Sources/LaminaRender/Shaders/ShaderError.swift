/// A shader program could not be built or used, naming the program, the shader file, and carrying the
/// driver's info log: a compile error is only useful with the line GL complained about.
public enum ShaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No embedded source has the file name `shader` (it is missing from `Shaders/` or from the
    /// target's resources).
    case missingSource(program: String, shader: String)
    /// `shader` did not compile; `log` is `glGetShaderInfoLog`.
    case compileFailed(program: String, shader: String, stage: ShaderStage, log: String)
    /// The shaders compiled but did not link (e.g. a varying one side does not declare); `log` is
    /// `glGetProgramInfoLog`.
    case linkFailed(program: String, vertexShader: String, fragmentShader: String, log: String)
    /// The program has no active uniform `uniform` (misspelt, or unused and optimised away).
    case missingUniform(program: String, uniform: String)

    /// What failed, then the driver's log on the following lines.
    public var description: String {
        switch self {
        case .missingSource(let program, let shader):
            "program \(program): no embedded shader source \(shader)"
        case .compileFailed(let program, let shader, let stage, let log):
            "program \(program): \(stage) shader \(shader) failed to compile:\n\(log)"
        case .linkFailed(let program, let vertex, let fragment, let log):
            "program \(program): \(vertex) + \(fragment) failed to link:\n\(log)"
        case .missingUniform(let program, let uniform):
            "program \(program) has no active uniform \(uniform)"
        }
    }
}
