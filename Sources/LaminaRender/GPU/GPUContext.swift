public import LaminaRenderList
/// An OpenGL ES 3 context and the dedicated thread it is current on: the way into the GPU for the rest
/// of Lamina.
///
/// Any thread may hand work to the context; the work runs on the render thread, in submission order,
/// with the `RenderContext` it needs, and its `Sendable` result comes back. `perform` blocks the caller
/// (for threads outside Swift concurrency, and for tests), `run` suspends (for async code: a blocked
/// pool thread would starve the cooperative pool). Dropping the last reference runs what is queued,
/// deletes the thread's kept GL objects, destroys the context and joins the thread. The display is
/// never terminated (see `Display`), so contexts come and go freely, several at once if wanted.
public final class GPUContext: Sendable, CustomStringConvertible {
    /// The display the context is on.
    public let display: Display
    /// What the context's GL is.
    public var info: GLInfo { thread.info }

    private let thread: RenderThread

    /// Starts a render thread named `name` and makes an OpenGL ES 3 context current on it, logging the
    /// outcome to `log`.
    public init(display: Display, name: String = "lamina-render", log: RenderLog = .silent) throws(GPUContextError) {
        log("gpu: starting render thread \(name) on \(display.name)")
        do throws(GPUContextError) {
            thread = try RenderThread(name: name, display: display)
        } catch {
            log("gpu: \(error)")
            throw error
        }
        self.display = display
        log("gpu: \(thread.info)")
    }

    deinit {
        thread.stop()
    }

    /// Runs `body` on the render thread after all earlier work and returns its result, blocking the
    /// calling thread until then. Must not be called from the render thread itself (a job already holds
    /// the `RenderContext` it would need), which would wait for itself forever.
    public func perform<T: Sendable, E: Error>(
        _ body: @escaping @Sendable (RenderContext) throws(E) -> T
    ) throws(E) -> T {
        precondition(!thread.isCurrent, "GPUContext.perform called on its own render thread")
        let result = OneShot<Result<T, E>>()
        thread.submit { context in
            result.put(Result { () throws(E) -> T in try body(context) })
        }
        return try result.take().get()
    }

    /// Runs `body` on the render thread after all earlier work and returns its result, suspending the
    /// caller meanwhile (no pool thread is blocked).
    public func run<T: Sendable, E: Error>(
        _ body: @escaping @Sendable (RenderContext) throws(E) -> T
    ) async throws(E) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
            thread.submit { context in
                continuation.resume(returning: Result { () throws(E) -> T in try body(context) })
            }
        }
        return try result.get()
    }

    /// `GL renderer, version on display`.
    public var description: String { "\(info) on \(display.name)" }
}
