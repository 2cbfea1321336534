public import LaminaModel
public import LaminaWire

/// What every session of one daemon is told at start: the limits, the output it advertises and who
/// may read beyond their own layers.
public struct SessionSettings: Sendable {
    /// Per-client limits (the welcome tells them to the client).
    public var limits: ClientLimits
    /// The output the welcome describes.
    public var output: OutputConfiguration
    /// Its name in the welcome: `headless-0`, or `wayland-0` for a window on a Wayland host.
    public var outputName = "headless-0"
    /// Its refresh rate in Hz.
    public var refreshRate: Double
    /// The daemon's release.
    public var serverVersion: String
    /// Who may read other clients' trees and take screenshots.
    public var access: AccessPolicy
    /// The most pixels one bitmap may have. Uploading (and, for straight alpha, premultiplying) runs on
    /// the compositor thread, so this bounds how long one commit can hold every client's frame.
    public var maxBitmapPixels: UInt64
    /// The most requests one client may have waiting for the compositor; past it, its input waits.
    public var maxPendingRequests: Int
    /// The most message bytes one client's turn handles before the I/O thread serves the others: what
    /// bounds how long one client's decoding can keep everyone else's requests waiting.
    public var maxBytesPerTurn: Int
    /// Whether the compositor imports DMA-BUFs (the welcome says so from version 11), or why not.
    public var bufferSharing: BufferSharing = .sharedMemoryOnly(reason: "the daemon has no display that imports DMA-BUFs")
    /// How long a commit waits for its acquire fences (`acquireFence`) before it is refused, in
    /// seconds: 1, sixty frames, far beyond any frame's GPU work and short enough that a client whose
    /// GPU hung hears of it.
    public var fenceTimeout = 1.0

    /// Settings.
    public init(
        limits: ClientLimits = ClientLimits(), output: OutputConfiguration = OutputConfiguration(width: 1280, height: 720),
        refreshRate: Double = 60, serverVersion: String = laminaVersion, access: AccessPolicy,
        maxBitmapPixels: UInt64 = SessionSettings.defaultMaxBitmapPixels, maxPendingRequests: Int = 64,
        maxBytesPerTurn: Int = 128 << 10
    ) {
        self.maxPendingRequests = maxPendingRequests
        self.maxBytesPerTurn = maxBytesPerTurn
        self.limits = limits
        self.output = output
        self.refreshRate = refreshRate
        self.serverVersion = serverVersion
        self.access = access
        self.maxBitmapPixels = maxBitmapPixels
    }

    /// 4096 x 4096: a 16 MiB-pixel bitmap uploads within a frame or two on llvmpipe.
    public static let defaultMaxBitmapPixels: UInt64 = 4096 * 4096

    /// The limits the compositor's store enforces for a session's client.
    public var storeLimits: LayerStore.Limits {
        LayerStore.Limits(layers: Int(limits.maxLayers), animations: Int(limits.maxAnimations), particles: Self.maxParticles)
    }

    /// The most GPU buffers one client may have shared at once (`importBuffer`, released by a commit's
    /// `released` array): 64, a few GL layers' swap chains. Each holds driver memory in the daemon.
    public static let maxSharedBuffers = 64

    /// The most acquire fences one commit may wait for: 8, one per GL layer presenting in the same
    /// transaction, which few apps exceed. Each is a descriptor the daemon holds.
    public static let maxFencesPerCommit = 8

    /// The most particles one client's emitters may keep alive (`LayerStore.Limits.particles`):
    /// 100,000, five emitters at the renderer's 20,000 each. Fixed: the welcome does not carry it.
    public static let maxParticles = 100_000
}

/// What a session needs from the world around it, so tests and the fuzzer can stand in for the daemon.
public struct SessionHost {
    /// The media clock (the welcome carries it).
    public var now: () -> Double
    /// Maps a pool's descriptor (taking ownership of it).
    public var mapPool: (Int32, Int) throws(SharedMemoryPool.Failure) -> SharedMemoryPool
    /// The pools of every client together, for `stats`.
    public var poolTotals: () -> (count: Int, bytes: Int)
    /// Stops watching a fence descriptor the session is about to close (one an `Effects.watchFence`
    /// asked the shell to watch): a descriptor must leave epoll before its number can be reused.
    public var unwatchFence: (Int32) -> Void

    /// A host.
    public init(
        now: @escaping () -> Double,
        mapPool: @escaping (Int32, Int) throws(SharedMemoryPool.Failure) -> SharedMemoryPool = {
            fd, size throws(SharedMemoryPool.Failure) in try SharedMemoryPool.map(descriptor: fd, size: size)
        },
        poolTotals: @escaping () -> (count: Int, bytes: Int),
        unwatchFence: @escaping (Int32) -> Void = { _ in }
    ) {
        self.now = now
        self.mapPool = mapPool
        self.poolTotals = poolTotals
        self.unwatchFence = unwatchFence
    }
}

/// Lamina's release: what the daemon's welcome and `laminad --version` say.
public let laminaVersion = "0.6.0"
