/// Why the daemon refused something. Codes marked *fatal* end the connection after the error is sent;
/// the others reject one request (a whole commit) and the session goes on.
public enum ErrorCode: UInt16, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Fatal: the byte stream is not Lamina's framing (bad size, too many descriptors).
    case malformedFrame = 1
    /// Fatal: the first message was not `hello`, or `hello` came twice.
    case handshake = 2
    /// Fatal: the client speaks a protocol version the daemon does not.
    case unsupportedVersion = 3
    /// A well-framed message whose body cannot be decoded; that message is skipped.
    case malformedMessage = 4
    /// A configured per-client limit would be exceeded.
    case limitExceeded = 5
    /// A handle names none of the client's layers.
    case unknownLayer = 6
    /// `create` reused a handle.
    case handleInUse = 7
    /// A `contents` value names a bitmap the client never sent.
    case unknownBitmap = 8
    /// The tree refused an edit: a cycle, an index out of range, a mask in use, a bad value.
    case invalidTree = 9
    /// A pool id is unknown, already used, or its memory is unusable (unsealed, too small).
    case invalidPool = 10
    /// A bitmap lies outside its pool or has an impossible size or stride.
    case invalidBitmap = 11
    /// The GPU could not do what the commit needs (an upload, a transition snapshot).
    case renderer = 12
    /// Fatal: the client did not read its events and more than its queue limit piled up.
    case tooSlow = 13
    /// The request needs privilege the client's credentials do not carry (another client's tree, a
    /// screenshot); the session goes on.
    case notPermitted = 14

    /// Whether the connection ends after this error.
    public var isFatal: Bool {
        self == .malformedFrame || self == .handshake || self == .unsupportedVersion || self == .tooSlow
    }

    public var description: String {
        switch self {
        case .malformedFrame: "malformed frame"
        case .handshake: "handshake"
        case .unsupportedVersion: "unsupported version"
        case .malformedMessage: "malformed message"
        case .limitExceeded: "limit exceeded"
        case .unknownLayer: "unknown layer"
        case .handleInUse: "handle in use"
        case .unknownBitmap: "unknown bitmap"
        case .invalidTree: "invalid tree"
        case .invalidPool: "invalid pool"
        case .invalidBitmap: "invalid bitmap"
        case .renderer: "renderer"
        case .tooSlow: "too slow"
        case .notPermitted: "not permitted"
        }
    }
}
