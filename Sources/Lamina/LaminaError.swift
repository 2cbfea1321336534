public import LaminaWire
import LaminaImage

/// What can go wrong between an app and the daemon, each case with the context to act on it.
public enum LaminaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No daemon could be reached: the paths tried, in order, and why the last one failed.
    case noDaemon(tried: [String], reason: String)
    /// The connection failed or broke (a system call, a malformed event, the daemon hanging up).
    case connection(WireClientError)
    /// The daemon refused a request: its error code, the operation (index into the commit, or nil)
    /// and its message naming what was wrong.
    case rejected(code: ErrorCode, operationIndex: Int?, message: String)
    /// The client library refused an edit before sending it (an index out of range, a cycle, a value
    /// of the wrong type, an invalid animation), naming the layer and the edit.
    case invalidOperation(String)
    /// A reply did not come in time.
    case timedOut(waitingFor: String, seconds: Double)
    /// A bitmap could not be made (a PNG file that cannot be read, a size that does not match).
    case bitmap(String)
    /// Shared memory for bitmaps could not be made.
    case sharedMemory(String)
    /// The app used a feature the session's protocol version lacks (the daemon is older than this
    /// library, or the app pinned an older version): which, the version that added it, and the
    /// session's.
    case unsupported(feature: String, introducedIn: UInt32, sessionVersion: UInt32)
    /// The daemon said it was stopping (`goodbye`) and did not come back: the reason it gave.
    case daemonStopped(reason: String)

    public var description: String {
        switch self {
        case .noDaemon(let tried, let reason): "no Lamina daemon at \(tried.joined(separator: ", ")): \(reason)"
        case .connection(let error): "\(error)"
        case .rejected(let code, let index, let message):
            "the daemon rejected \(index.map { "operation \($0) of a commit" } ?? "a request") (\(code)): \(message)"
        case .invalidOperation(let message): message
        case .timedOut(let what, let seconds): "no \(what) from the daemon within \(seconds) s"
        case .bitmap(let message): message
        case .sharedMemory(let message): message
        case .unsupported(let feature, let introducedIn, let sessionVersion):
            "\(feature) needs protocol version \(introducedIn); this session speaks version \(sessionVersion)"
        case .daemonStopped(let reason): "the daemon stopped: \(reason)"
        }
    }
}

extension LaminaError {
    /// A daemon's error report as a Lamina error.
    init(_ report: ErrorReport) {
        self = .rejected(
            code: report.code, operationIndex: report.operationIndex >= 0 ? Int(report.operationIndex) : nil,
            message: report.message)
    }
}
