/// What one client may hold in the daemon. The daemon's configuration sets them; the welcome message
/// tells the client, so a well-behaved client can stay under them.
public struct ClientLimits: Hashable, Sendable {
    /// The largest message, header included.
    public var maxMessageBytes: UInt32
    /// The most layers the client may have at once.
    public var maxLayers: UInt32
    /// The most animations attached to the client's layers at once.
    public var maxAnimations: UInt32
    /// The most shared-memory pools open at once.
    public var maxPools: UInt32
    /// The most bytes of all its pools together.
    public var maxPoolBytes: UInt64
    /// The most bytes of events waiting for the client to read them; past it the client is disconnected
    /// (a client that stops reading must not grow the daemon's memory).
    public var maxQueuedBytes: UInt32

    /// Limits; the defaults suit a desktop application.
    public init(
        maxMessageBytes: UInt32 = 1 << 20, maxLayers: UInt32 = 65_536, maxAnimations: UInt32 = 65_536,
        maxPools: UInt32 = 64, maxPoolBytes: UInt64 = 1 << 30, maxQueuedBytes: UInt32 = 4 << 20
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxLayers = maxLayers
        self.maxAnimations = maxAnimations
        self.maxPools = maxPools
        self.maxPoolBytes = maxPoolBytes
        self.maxQueuedBytes = maxQueuedBytes
    }
}

extension WireWriter {
    mutating func limits(_ l: ClientLimits) {
        u32(l.maxMessageBytes)
        u32(l.maxLayers)
        u32(l.maxAnimations)
        u32(l.maxPools)
        u64(l.maxPoolBytes)
        u32(l.maxQueuedBytes)
    }
}

extension WireReader {
    mutating func limits() throws(WireError) -> ClientLimits {
        ClientLimits(
            maxMessageBytes: try u32(), maxLayers: try u32(), maxAnimations: try u32(), maxPools: try u32(),
            maxPoolBytes: try u64(), maxQueuedBytes: try u32())
    }
}
