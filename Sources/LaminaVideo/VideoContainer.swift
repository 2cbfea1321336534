/// The video files Lamina writes, by extension: H.264 in MP4, VP9 in WebM.
public enum VideoContainer: String, Hashable, Sendable, CaseIterable {
    case mp4, webm

    /// The container a path names by its extension, or nil for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), let container = Self(rawValue: path[path.index(after: dot)...].lowercased())
        else { return nil }
        self = container
    }

    /// FFmpeg's muxer.
    var muxer: String { rawValue }

    /// The encoders tried, in order: the libraries Debian's FFmpeg is built with first.
    var encoders: [String] {
        switch self {
        case .mp4: ["libx264", "h264"]
        case .webm: ["libvpx-vp9", "vp9"]
        }
    }
}
