import LaminaModel
import LaminaRender
import LaminaRenderList
import LaminaWayland
import LaminaWire
public import Logging
import Glibc
import Synchronization
import LaminaSession

/// `laminad`'s engine: the I/O thread serving client sockets and the compositor thread drawing frames,
/// joined by two mailboxes (requests in, events out).
///
/// `run()` returns after `stop()` (from a signal handler's task, say) once both threads have ended
/// and every client's resources are gone.
public final class Daemon: Sendable {
    private let configuration: DaemonConfiguration
    private let listeners: [Int32]
    private let ownsSocketPath: Bool
    private let logger: Logger
    private let stopIO: EventNotifier
    private let stopCompositor: EventNotifier
    private let requests: Mailbox<CompositorRequest>
    private let deliveries: Mailbox<ClientDelivery>

    /// A daemon serving `listeners` (sockets systemd passed in), or, when there are none, a socket it
    /// binds at `configuration.socketPath` (and removes when it stops).
    public init(configuration: DaemonConfiguration, listeners: [Int32] = [], logger: Logger) throws(DaemonError) {
        guard configuration.refreshRate.isFinite, configuration.refreshRate > 0, configuration.refreshRate <= 1000 else {
            throw .configuration("the refresh rate must be in (0, 1000] Hz, not \(configuration.refreshRate)")
        }
        self.configuration = configuration
        self.logger = logger
        do {
            if listeners.isEmpty {
                self.listeners = [try SystemCalls.listen(at: configuration.socketPath)]
                ownsSocketPath = true
            } else {
                self.listeners = listeners
                ownsSocketPath = false
            }
            stopIO = try EventNotifier()
            stopCompositor = try EventNotifier()
            requests = try Mailbox()
            deliveries = try Mailbox()
        } catch {
            throw .system(error)
        }
    }

    /// Starts the GPU, then serves until `stop()`. `ready` runs once clients can be served (the
    /// compositor exists and the socket listens): the moment to tell systemd `READY=1`.
    public func run(ready: @Sendable () -> Void = {}) async throws(DaemonError) {
        // A Wayland window comes first: with EGL, the renderer's display is made on its connection.
        var window: WaylandWindow?
        var windowDisplay: Display?
        if case .wayland(let name, let fullscreen, let buffers) = configuration.presentation {
            let opened = try WaylandOutput.openWindow(display: name, fullscreen: fullscreen, size: configuration.output)
            windowDisplay = try WaylandOutput.display(for: opened, buffers: buffers, logger: logger)
            window = opened
        }
        let gpu: GPUContext
        do {
            let display = try windowDisplay ?? DisplaySelection.standard().select()
            gpu = try GPUContext(display: display, name: "lamina-compose")
        } catch {
            throw .gpu("\(error)")
        }
        windowDisplay = nil
        logger.info("GPU: \(gpu)")
        // The window moves to the render thread, which alone uses it from now on.
        let handedWindow = UncheckedBox(window)
        window = nil

        let (configuration, requests, deliveries, stopCompositor, logger) =
            (self.configuration, self.requests, self.deliveries, self.stopCompositor, self.logger)
        // The output as the compositor made it: a Wayland window may have been given another size.
        let loopReady = Mutex<Result<(OutputConfiguration, BufferSharing), DaemonError>?>(nil)
        let readySignal = try wrap { () throws(SystemCallError) in try EventNotifier() }
        let compositorFinished = try wrap { () throws(SystemCallError) in try EventNotifier() }
        // The compositor loop occupies the render thread until stopped; it is made there, since the
        // compositor holds GL objects.
        let compositorDone = Task {
            await gpu.run { context in
                let loop: CompositorLoop
                do throws(DaemonError) {
                    loop = try CompositorLoop(
                        context: context, configuration: configuration, window: handedWindow.value, requests: requests, deliveries: deliveries,
                        stop: stopCompositor, logger: logger)
                } catch {
                    loopReady.withLock { $0 = .failure(error) }
                    readySignal.signal()
                    return
                }
                let (output, sharing) = (loop.output, loop.bufferSharing)
                loopReady.withLock { $0 = .success((output, sharing)) }
                readySignal.signal()
                loop.run()
            }
            compositorFinished.signal()
        }
        _ = SystemCalls.waitReadable(readySignal.descriptor, timeout: -1)
        var served = configuration
        switch loopReady.withLock({ $0 }) {
        case .failure(let error)?:
            await compositorDone.value
            throw error
        case .success(let (output, sharing))?:
            served.output = output
            served.bufferSharing = sharing
        case nil:
            break
        }

        let watchdog = Systemd.watchdogInterval().map { Watchdog(interval: $0) }
        let server = try wrap { () throws(SystemCallError) in
            try ConnectionServer(
                configuration: served, listeners: listeners, requests: requests, deliveries: deliveries,
                stop: stopIO, watchdog: watchdog, logger: logger)
        }
        let box = UncheckedBox(server)
        let io = DaemonThread(name: "lamina-io") { box.value.run() }
        logger.info(
            "serving on \(ownsSocketPath ? configuration.socketPath : "\(listeners.count) socket(s) from systemd"): \(served.output.width)x\(served.output.height) points at \(served.output.scale)x, \(served.refreshRate) Hz\(served.presentation == .headless ? "" : " in a Wayland window")")
        ready()

        // Wait for stop(): the I/O thread ends first (disconnecting every client), then the compositor.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DaemonThread(name: "lamina-join") {
                io.join()
                continuation.resume()
            }.detach()
        }
        stopCompositor.signal()
        if ownsSocketPath {
            for listener in listeners { SystemCalls.close(listener) }
            unlink(configuration.socketPath)
        }
        // The compositor stops between frames. A frame can only run long if a bug lets one; even then
        // SIGTERM must work, so the wait is bounded and the process ends without the compositor.
        if SystemCalls.waitReadable(compositorFinished.descriptor, timeout: Self.shutdownTimeout) {
            await compositorDone.value
            logger.info("stopped")
        } else {
            logger.error("the compositor did not stop within \(Self.shutdownTimeout) s (a frame is still running); stopping without it")
        }
    }

    /// How long `run()` waits for the compositor thread after the I/O thread has stopped.
    public static let shutdownTimeout: Double = 2

    /// Asks both threads to finish; `run()` returns once they have.
    public func stop() {
        stopIO.signal()
    }

    private func wrap<T>(_ body: () throws(SystemCallError) -> T) throws(DaemonError) -> T {
        do { return try body() } catch { throw .system(error) }
    }
}

/// Hands a non-Sendable object to the one thread that will use it from then on.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
