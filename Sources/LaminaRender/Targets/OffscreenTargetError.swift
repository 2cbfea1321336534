/// An offscreen target could not be made.
public enum OffscreenTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The size is zero, negative, or larger than the GL implementation allows (`maximum` per side).
    case invalidSize(width: Int, height: Int, maximum: Int)
    /// The framebuffer was not complete (`glCheckFramebufferStatus`'s answer).
    case incomplete(width: Int, height: Int, status: UInt32)
    /// GL raised errors while allocating.
    case gl(GLError)

    /// One line with the size and the cause.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let maximum):
            "cannot make a \(width)x\(height) target: each side must be 1...\(maximum)"
        case .incomplete(let width, let height, let status):
            "the \(width)x\(height) framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case .gl(let error):
            "cannot make an offscreen target: \(error)"
        }
    }
}
