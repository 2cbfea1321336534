public import LaminaWire

/// Everything `laminad` is told at start: where to listen, the output, and what each client may hold.
public struct DaemonConfiguration: Sendable {
    /// The socket to bind when none is handed over by systemd.
    public var socketPath: String
    /// The headless output: size in points, scale, background.
    public var output: OutputConfiguration
    /// Frames per second of the output's frame clock.
    public var refreshRate: Double
    /// Per-client limits.
    public var limits: ClientLimits
    /// The bytes of textures the GPU may hold for all clients.
    public var textureBudget: Int
    /// The daemon's release, told to clients in the welcome.
    public var serverVersion: String

    /// A configuration; the defaults are a 1280x720 output at 60 Hz.
    public init(
        socketPath: String, output: OutputConfiguration = OutputConfiguration(width: 1280, height: 720),
        refreshRate: Double = 60, limits: ClientLimits = ClientLimits(), textureBudget: Int = 1 << 30,
        serverVersion: String = laminaVersion
    ) {
        self.socketPath = socketPath
        self.output = output
        self.refreshRate = refreshRate
        self.limits = limits
        self.textureBudget = textureBudget
        self.serverVersion = serverVersion
    }
}

/// Lamina's release.
public let laminaVersion = "0.6.0"
