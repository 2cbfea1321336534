/// Limits that belong to the format itself (the daemon's per-client limits are configurable and live
/// in `ClientLimits`).
public enum WireLimits {
    /// The most bytes of one string (names, animation keys).
    public static let maxStringBytes = 4096
    /// How deeply animation groups may nest.
    public static let maxAnimationDepth = 8
    /// The bytes of a message header.
    public static let headerSize = 8
    /// The most descriptors one message may carry.
    public static let maxDescriptorsPerMessage = 28
}
