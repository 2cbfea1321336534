import Dispatch
public import LaminaImage
public import LaminaVideo
import Synchronization

/// Records the daemon's output into a video while it runs (`laminad --record FILE`): each frame drawn
/// is read back on the compositor thread and handed to an encoding thread of its own, so the frames
/// never wait for the encoder.
///
/// A frame is placed by its time (frame `n` of the output's frame clock since the first recorded), so
/// ticks without a frame (nothing changed) leave the last frame showing for as long as it showed. At
/// most `queueLimit` frames wait for the encoder; a frame that finds the queue full is dropped and
/// counted, rather than let the output's frames slow down. `finish()` encodes what waits and writes the
/// file's index (the daemon calls it as it stops).
public final class OutputRecorder: Sendable {
    /// The video file.
    public let path: String
    /// The frames' size in pixels.
    public let width: Int, height: Int
    /// Frames waiting for the encoder at most: 8 (about 30 MB at 1280x720).
    public static let queueLimit = 8

    private enum Item: Sendable {
        case frame(RGBAImage, index: Int)
        case end
    }

    private struct State: Sendable {
        var queue: [Item] = []
        var first: Double?
        var lastIndex = -1
        var dropped = 0
        var encoded = 0
        var failure: String?
        var finished = false
    }

    /// What the compositor thread and the encoding thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let waiting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()
    private let framesPerSecond: Double
    private let thread: DaemonThread

    /// Opens `path` (`.mp4` or `.webm`) for frames of `width` x `height` pixels on a frame clock of
    /// `framesPerSecond`; fails here, naming the file, when it cannot be written.
    public init(path: String, width: Int, height: Int, framesPerSecond: Double) throws(VideoError) {
        let writer = try VideoWriter(path: path, width: width, height: height, framesPerSecond: framesPerSecond)
        self.path = path
        (self.width, self.height) = (width, height)
        self.framesPerSecond = framesPerSecond
        let box = WriterBox(writer)
        let shared = self.shared
        thread = DaemonThread(name: "lamina-record") {
            let state = shared
            while true {
                state.waiting.wait()
                let item = state.state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
                switch item {
                case .frame(let image, let index)?:
                    do {
                        try box.writer.append(image, frameIndex: index)
                        state.state.withLock { $0.encoded += 1 }
                    } catch {
                        state.state.withLock { if $0.failure == nil { $0.failure = "\(error)" } }
                    }
                case .end?:
                    do { try box.writer.finish() } catch { state.state.withLock { if $0.failure == nil { $0.failure = "\(error)" } } }
                    state.done.signal()
                    return
                case nil:
                    continue
                }
            }
        }
    }

    /// Hands over the frame drawn for output time `time`; dropped when the encoder is `queueLimit`
    /// frames behind, or when its place on the frame clock is taken.
    public func record(_ image: RGBAImage, at time: Double) {
        let accepted = shared.state.withLock { s -> Bool in
            guard !s.finished else { return false }
            let first = s.first ?? time
            s.first = first
            let index = Int(((time - first) * framesPerSecond).rounded())
            guard index > s.lastIndex else { return false }
            guard s.queue.count < Self.queueLimit else {
                s.dropped += 1
                return false
            }
            s.lastIndex = index
            s.queue.append(.frame(image, index: index))
            return true
        }
        if accepted { shared.waiting.signal() }
    }

    /// Encodes the frames still waiting, writes the file's index and ends the thread; returns how many
    /// frames were encoded and dropped, and the first error, if any.
    @discardableResult
    public func finish() -> (encoded: Int, dropped: Int, failure: String?) {
        let first = shared.state.withLock { s -> Bool in
            defer { s.finished = true }
            guard !s.finished else { return false }
            s.queue.append(.end)
            return true
        }
        if first {
            shared.waiting.signal()
            shared.done.wait()
            thread.join()
        }
        return shared.state.withLock { ($0.encoded, $0.dropped, $0.failure) }
    }
}

/// The writer, handed to the encoding thread alone.
private final class WriterBox: @unchecked Sendable {
    let writer: VideoWriter
    init(_ writer: VideoWriter) { self.writer = writer }
}
