import LaminaRenderList
import Synchronization

/// The render thread's inbox: closures from any thread, run in order on the one thread that drains it.
final class JobQueue: Sendable {
    /// Work for the render thread; it receives the thread's `RenderContext`.
    typealias Job = @Sendable (RenderContext) -> Void

    private struct State {
        var jobs: [Job] = []
        var stopping = false
    }

    private let state = Mutex(State())
    private let pending = Semaphore()

    /// Queues `job` behind everything already submitted.
    func submit(_ job: @escaping Job) {
        let accepted = state.withLock { state in
            guard !state.stopping else { return false }
            state.jobs.append(job)
            return true
        }
        precondition(accepted, "a job was submitted to a render thread that is stopping")
        pending.signal()
    }

    /// Asks the drainer to stop once it has run what is queued.
    func stop() {
        state.withLock { $0.stopping = true }
        pending.signal()
    }

    /// Blocks until there is work or a stop, then takes every queued job (in order) and whether the
    /// queue is stopping.
    func next() -> (jobs: [Job], stopping: Bool) {
        pending.wait()
        return state.withLock { state in
            defer { state.jobs = [] }
            return (state.jobs, state.stopping)
        }
    }
}
