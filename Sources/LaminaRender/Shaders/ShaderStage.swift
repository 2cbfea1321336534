import CGLES3

/// Which stage of the pipeline a shader file is: GLSL ES names its stages by file extension here
/// (`.vert`, `.frag`), as `glslangValidator` does.
public enum ShaderStage: Hashable, Sendable, CustomStringConvertible {
    /// A vertex shader (`.vert`).
    case vertex
    /// A fragment shader (`.frag`).
    case fragment

    /// `vertex` or `fragment`.
    public var description: String {
        switch self {
        case .vertex: "vertex"
        case .fragment: "fragment"
        }
    }

    /// The `glCreateShader` type.
    var glType: GLenum {
        switch self {
        case .vertex: GLenum(GL_VERTEX_SHADER)
        case .fragment: GLenum(GL_FRAGMENT_SHADER)
        }
    }
}
