import CGLES3

/// GL reported errors (`glGetError`) after an operation: which operation, and every code it queued.
///
/// GL errors are sticky flags read after the fact; checking at the boundaries of Lamina's own
/// operations (target creation, readback) ties each one to the call that raised it.
public struct GLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What Lamina was doing, e.g. `glReadPixels 64x48`.
    public let operation: String
    /// The error codes, oldest first (`GL_INVALID_ENUM` is 0x0500, ...).
    public let codes: [UInt32]

    /// Throws when GL has errors queued, clearing them; `operation` names what just ran.
    public static func check(_ operation: @autoclosure () -> String) throws(GLError) {
        var codes: [UInt32] = []
        while codes.count < 16 {
            let code = glGetError()
            if code == GLenum(GL_NO_ERROR) { break }
            codes.append(code)
        }
        guard codes.isEmpty else { throw GLError(operation: operation(), codes: codes) }
    }

    /// `operation: GL_INVALID_OPERATION, ...`.
    public var description: String {
        "\(operation): " + codes.map(Self.name).joined(separator: ", ")
    }

    private static func name(_ code: UInt32) -> String {
        switch Int32(bitPattern: code) {
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        default: "GL error 0x" + String(code, radix: 16)
        }
    }
}
