import ArgumentParser
import Glibc
import LaminaServer
import LaminaWire
import Logging
import ServiceLifecycle
import LaminaSession

/// `laminad`: the Lamina compositor daemon.
@main
struct Laminad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "laminad",
        abstract: "The Lamina compositor daemon: clients commit layer trees and animations over a Unix socket.",
        discussion: """
            Without systemd it binds --socket itself; under systemd it serves the sockets of laminad.socket, \
            tells systemd when it is ready and pings the watchdog. A --config file holds the same keys as the \
            long options, one `key = value` per line (# starts a comment); options on the command line win.
            """,
        version: laminaVersion)

    @Option(help: "The socket to bind when systemd passes none (default: $XDG_RUNTIME_DIR/lamina-0, else /run/lamina/laminad.sock).")
    var socket: String?

    @Option(help: "A configuration file of `key = value` lines with the long options' names.")
    var config: String?

    @Option(help: "The output's size in points, WIDTHxHEIGHT (default 1280x720).")
    var size: String?

    @Option(help: "Pixels per point (default 1).")
    var scale: Double?

    @Option(help: "Frames per second of the output's frame clock (default 60).")
    var refresh: Double?

    @Option(help: "The most layers one client may have (default 65536).")
    var maxLayers: UInt32?

    @Option(help: "The most animations one client may have attached (default 65536).")
    var maxAnimations: UInt32?

    @Option(help: "The most shared-memory pools one client may hold (default 64).")
    var maxPools: UInt32?

    @Option(help: "The most bytes of one client's pools together (default 1073741824).")
    var maxPoolBytes: UInt64?

    @Option(help: "The largest message a client may send, in bytes (default 1048576).")
    var maxMessageBytes: UInt32?

    @Option(help: "The most bytes of unread events before a client is disconnected (default 4194304).")
    var maxQueuedBytes: UInt32?

    @Option(help: "How many threads a frame's animation evaluation and leaf patching are split across (default: the machine's cores).")
    var threads: Int?

    @Option(help: "The most bytes of tiled layers' tiles one client keeps; past it the least recently shown are let go (default 67108864, 64 MiB).")
    var tileBudget: Int?

    @Option(help: "The most pixels one bitmap may have (default 16777216, 4096x4096).")
    var maxBitmapPixels: UInt64?

    @Option(help: "A group whose members may read every client's layer tree and take screenshots, besides the daemon's user and root.")
    var privilegedGroup: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    @Flag(help: "Build and draw every frame whole, without damage tracking or cached subtrees (to measure what they save, or rule them out).")
    var redrawEverything = false

    @Option(help: "Where frames are shown: headless (default) or wayland (a window on the session's Wayland compositor, whose seat's input reaches the clients).")
    var output: String?

    @Option(help: "The Wayland display to open with --output wayland (default: $WAYLAND_DISPLAY).")
    var waylandDisplay: String?

    @Option(help: "With --output wayland, how frames reach the host: auto (default: EGL on a hardware driver, else shared memory), egl (EGL's Wayland platform, copied on the GPU) or shm (read into shared memory).")
    var waylandBuffers: String?

    @Flag(help: "With --output wayland, ask the host to show the window fullscreen (a kiosk).")
    var fullscreen = false

    @Option(help: "Record the output into this video (.mp4: H.264, .webm: VP9) while the daemon runs; written out when it stops.")
    var record: String?

    func run() async throws {
        let settings = try Settings(options: self)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = settings.logLevel
            return handler
        }
        let logger = Logger(label: "laminad")
        HeapTuning.apply(logger: logger)
        let listeners = Systemd.listenedSockets()
        let daemon: Daemon
        do {
            daemon = try Daemon(configuration: settings.daemon, listeners: listeners.map(\.descriptor), logger: logger)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
        let group = ServiceGroup(
            services: [DaemonService(daemon: daemon)], gracefulShutdownSignals: [.sigterm, .sigint],
            cancellationSignals: [], logger: logger)
        do {
            try await group.run()
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
    }
}

/// The daemon as a service of the group: READY=1 once it serves, STOPPING=1 and a clean stop on
/// SIGTERM / SIGINT.
struct DaemonService: Service {
    let daemon: Daemon

    func run() async throws {
        try await withGracefulShutdownHandler {
            try await daemon.run(ready: { Systemd.notify("READY=1\nSTATUS=serving") })
        } onGracefulShutdown: {
            Systemd.notify("STOPPING=1")
            daemon.stop()
        }
    }
}
