import Glibc
import LaminaCore
import Synchronization

/// A thread that draws shape and text rasters off the render thread (see `RasterJob`), one job at a
/// time, telling `onReady` after each, from its own thread.
///
/// A job whose raster has a newer job queued is skipped: only the latest state of a layer is worth
/// drawing. Results wait until the render thread takes them at the start of a frame.
package final class RasterWorker: Sendable {
    /// The jobs and results, shared with the thread.
    private final class Queue: Sendable {
        struct State {
            var jobs: [RasterJob] = []
            var results: [RasterResult] = []
            var stopping = false
        }

        let state = Mutex(State())
        let pending = Semaphore()
    }

    private let queue = Queue()
    private let thread: pthread_t

    /// Starts the worker; nil when no thread could be started (the renderer then rasterises on its own
    /// thread).
    package init?(onReady: @escaping @Sendable () -> Void) {
        let queue = self.queue
        let started = spawnThread(stackSize: 8 << 20) {
            nameCurrentThread("lamina-raster")
            while true {
                queue.pending.wait()
                let (jobs, stopping) = queue.state.withLock { state in
                    defer { state.jobs.removeAll() }
                    return (state.jobs, state.stopping)
                }
                if stopping { return }
                for job in Self.latest(of: jobs) {
                    let result = job.perform()
                    queue.state.withLock { $0.results.append(result) }
                    onReady()
                }
            }
        }
        guard case .success(let thread) = started else { return nil }
        self.thread = thread
    }

    /// The jobs worth drawing, in order: the latest of each raster. Taken by layer alone, a shape
    /// layer's shadow and shape, asked for in one frame, came to one: the other was never drawn, and
    /// never asked for again (`GeneratedTextures` waits for the raster it asked for).
    static func latest(of jobs: [RasterJob]) -> [RasterJob] {
        var latest: [RasterJob.Target: Int] = [:]
        for (i, job) in jobs.enumerated() { latest[job.target] = i }
        return jobs.indices.filter { latest[jobs[$0].target] == $0 }.map { jobs[$0] }
    }

    /// Queues `job`.
    func submit(_ job: RasterJob) {
        queue.state.withLock { $0.jobs.append(job) }
        queue.pending.signal()
    }

    /// The results finished since the last call, in order.
    func takeResults() -> [RasterResult] {
        queue.state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Stops the thread after the job in hand and waits for it.
    package func stop() {
        queue.state.withLock { $0.stopping = true }
        queue.pending.signal()
        pthread_join(thread, nil)
    }
}
