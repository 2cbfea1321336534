import CGLES3

/// What the context's GL implementation is and can do, read once on the render thread when the
/// context is made, and `Sendable` so any thread can log it or size things by it.
public struct GLInfo: Hashable, Sendable, CustomStringConvertible {
    /// `GL_VENDOR`, e.g. `Mesa`.
    public let vendor: String
    /// `GL_RENDERER`, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public let renderer: String
    /// `GL_VERSION`, e.g. `OpenGL ES 3.2 Mesa 22.3.6`.
    public let version: String
    /// `GL_SHADING_LANGUAGE_VERSION`.
    public let shadingLanguageVersion: String
    /// `GL_MAJOR_VERSION` and `GL_MINOR_VERSION`.
    public let major: Int, minor: Int
    /// `GL_EXTENSIONS`, one name each.
    public let extensions: Set<String>
    /// `GL_MAX_TEXTURE_SIZE`: the largest texture side.
    public let maxTextureSize: Int
    /// `GL_MAX_RENDERBUFFER_SIZE`: the largest renderbuffer side (offscreen targets are limited by it).
    public let maxRenderbufferSize: Int

    /// Reads the current context. GL must be current on the calling thread.
    init() {
        func string(_ name: Int32) -> String {
            glGetString(GLenum(name)).map { String(cString: $0) } ?? ""
        }
        func integer(_ name: Int32) -> Int {
            var value: GLint = 0
            glGetIntegerv(GLenum(name), &value)
            return Int(value)
        }
        vendor = string(GL_VENDOR)
        renderer = string(GL_RENDERER)
        version = string(GL_VERSION)
        shadingLanguageVersion = string(GL_SHADING_LANGUAGE_VERSION)
        major = integer(GL_MAJOR_VERSION)
        minor = integer(GL_MINOR_VERSION)
        extensions = Set(
            (0..<max(0, integer(GL_NUM_EXTENSIONS))).compactMap { index in
                glGetStringi(GLenum(GL_EXTENSIONS), GLuint(index)).map { String(cString: $0) }
            })
        maxTextureSize = integer(GL_MAX_TEXTURE_SIZE)
        maxRenderbufferSize = integer(GL_MAX_RENDERBUFFER_SIZE)
    }

    /// `renderer, version`.
    public var description: String { "\(renderer), \(version)" }
}
