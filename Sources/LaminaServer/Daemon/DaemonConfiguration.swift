import LaminaCompositor
public import LaminaModel
public import LaminaWire
import Glibc
public import LaminaSession

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
    /// The bytes of tiled layers' tiles one client keeps (64 MiB by default); past it the least
    /// recently shown are let go, and asked for again when needed.
    public var tileBudget = 64 << 20
    /// The daemon's release, told to clients in the welcome.
    public var serverVersion: String
    /// Whether clients may share DMA-BUFs (the welcome says so): found from the display the compositor
    /// opened, not configured.
    var bufferSharing = BufferSharing.sharedMemoryOnly(reason: "the compositor has not opened its display yet")
    /// Who may read other clients' trees and take screenshots, besides the daemon's user and root.
    public var privilegedGroup: UInt32?
    /// The most pixels one bitmap may have.
    public var maxBitmapPixels: UInt64
    /// Whether every frame is built and drawn whole, without damage tracking or cached subtrees (for
    /// measuring what they save, and for ruling them out when something draws wrong).
    public var redrawsEverything = false
    /// How many threads a frame's animation evaluation and leaf patching are split across
    /// (`FrameThreadPool`); by default the machine's cores. A split frame's results are the same as a
    /// whole one's, bit for bit.
    public var frameThreads = FrameThreadPool.machineCores
    /// Where the output is recorded while the daemon runs (`--record`: `.mp4` or `.webm`), if anywhere.
    /// The recording opens when the compositor starts, at the output's size then (a Wayland window's
    /// size, with `--output wayland`); an unwritable path stops the daemon at start.
    public var recordingPath: String?
    /// Where frames are shown besides screenshots and recordings.
    public var presentation: OutputPresentation = .headless

    /// Where the daemon shows its frames.
    public enum OutputPresentation: Sendable, Equatable {
        /// Nowhere but screenshots and recordings (the default: a server, a test, a render farm).
        case headless
        /// A toplevel window on a Wayland compositor (`display`, or `$WAYLAND_DISPLAY` when nil), whose
        /// seat's pointer, touch and keys reach the clients; `fullscreen` asks the host to fill its
        /// output with it (a kiosk). The window's size and scale become the output's; should the host
        /// go away, the daemon carries on headless. `buffers` says how frames reach the host.
        case wayland(display: String?, fullscreen: Bool = false, buffers: WaylandBuffers = .automatic)
    }

    /// How a Wayland window's frames reach the host.
    public enum WaylandBuffers: String, Sendable, Equatable, CaseIterable {
        /// EGL when the Wayland connection offers a hardware driver, else shared memory: on a software
        /// driver (llvmpipe), Mesa's Wayland platform copies every frame whole into shared memory,
        /// where the daemon's own copy reads only what changed.
        case automatic = "auto"
        /// EGL's Wayland platform: the renderer's context is made on the window's connection and each
        /// frame is copied into the window's back buffer on the GPU and swapped (an error at start
        /// when EGL cannot open the connection).
        case egl
        /// `wl_shm` buffers the frame is read into: any host, any driver.
        case sharedMemory = "shm"
    }

    /// A configuration; the defaults are a 1280x720 output at 60 Hz.
    public init(
        socketPath: String, output: OutputConfiguration = OutputConfiguration(width: 1280, height: 720),
        refreshRate: Double = 60, limits: ClientLimits = ClientLimits(), textureBudget: Int = 1 << 30,
        serverVersion: String = laminaVersion, privilegedGroup: UInt32? = nil,
        maxBitmapPixels: UInt64 = SessionSettings.defaultMaxBitmapPixels
    ) {
        self.privilegedGroup = privilegedGroup
        self.maxBitmapPixels = maxBitmapPixels
        self.socketPath = socketPath
        self.output = output
        self.refreshRate = refreshRate
        self.limits = limits
        self.textureBudget = textureBudget
        self.serverVersion = serverVersion
    }
}

extension DaemonConfiguration {
    /// What every client session of this daemon is told.
    var sessionSettings: SessionSettings {
        var settings = SessionSettings(
            limits: limits, output: output, refreshRate: refreshRate, serverVersion: serverVersion,
            access: AccessPolicy(daemonUID: geteuid(), privilegedGroup: privilegedGroup), maxBitmapPixels: maxBitmapPixels)
        if case .wayland = presentation { settings.outputName = WaylandOutput.outputName }
        settings.bufferSharing = bufferSharing
        return settings
    }
}
