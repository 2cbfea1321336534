/// Why writing or reading a video failed: what was being done, to which file, and FFmpeg's reason.
public struct VideoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What was being done ("opening the encoder libx264").
    public var doing: String
    /// FFmpeg's message for its error code, or the reason in words.
    public var reason: String

    public init(path: String, doing: String, reason: String) {
        self.path = path
        self.doing = doing
        self.reason = reason
    }

    public var description: String { "\(path): \(doing): \(reason)" }
}
