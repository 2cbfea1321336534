public import LaminaCompositor
public import LaminaWire

/// Why the daemon could not start or keep running.
public enum DaemonError: Error, Sendable, CustomStringConvertible {
    /// No EGL display or context.
    case gpu(String)
    /// The compositor could not be made for the configured output.
    case compositor(CompositorError)
    /// A system call failed (binding the socket, epoll, timers).
    case system(SystemCallError)
    /// The configuration is unusable.
    case configuration(String)

    public var description: String {
        switch self {
        case .gpu(let message): "no GPU: \(message)"
        case .compositor(let error): "\(error)"
        case .system(let error): "\(error)"
        case .configuration(let message): "bad configuration: \(message)"
        }
    }
}
