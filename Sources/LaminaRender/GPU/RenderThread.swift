import LaminaRenderList
import Glibc

/// The one OS thread that owns a GL context: it makes the context, runs submitted jobs in order with
/// it current, and ends it.
///
/// GL binds a context to a thread. A Swift actor runs on whichever pool thread is free, so it is the
/// wrong home; a dedicated thread is the right one. The `RenderContext` lives on this thread's stack
/// and is only ever handed to jobs running here.
final class RenderThread: Sendable {
    /// What the context's GL is, read on the thread when it started.
    let info: GLInfo
    private let queue: JobQueue
    private let thread: pthread_t

    /// Starts the thread (named `name`, at most 15 bytes shown), makes the context on it with
    /// `display`, and returns once it is current, or throws why it could not be made.
    init(name: String, display: Display) throws(GPUContextError) {
        let queue = JobQueue()
        let started = OneShot<Result<GLInfo, GPUContextError>>()
        let main: @Sendable () -> Void = {
            nameCurrentThread(name)
            let context: RenderContext
            do throws(GPUContextError) {
                context = try RenderContext(display: display)
            } catch {
                started.put(.failure(error))
                return
            }
            started.put(.success(context.info))
            while true {
                let (jobs, stopping) = queue.next()
                for job in jobs { job(context) }
                if stopping { break }
            }
            context.tearDown()
        }
        // Drawing walks the layer tree recursively, up to `LayerTree.defaultMaximumDepth` levels; a
        // debug build spends about 20 KiB of stack a level, so the default 8 MiB is too tight. Pages are
        // only committed when touched.
        let thread: pthread_t
        switch spawnThread(stackSize: Self.stackSize, main) {
        case .success(let started): thread = started
        case .failure(let status): throw .threadCreationFailed(errno: status.code)
        }
        switch started.take() {
        case .success(let info):
            self.info = info
            self.queue = queue
            self.thread = thread
        case .failure(let error):
            pthread_join(thread, nil)
            throw error
        }
    }

    /// The render thread's stack: room for the deepest tree the renderer walks.
    static let stackSize = 64 << 20

    /// Whether the caller is running on this render thread.
    var isCurrent: Bool {
        pthread_equal(pthread_self(), thread) != 0
    }

    /// Queues `job` to run on the thread after everything submitted before it.
    func submit(_ job: @escaping JobQueue.Job) {
        queue.submit(job)
    }

    /// Lets the queued jobs run, ends the context and the thread, and waits for it to finish, unless
    /// called on the thread itself (the last reference dropped inside a job), which cannot wait for
    /// itself: then the thread finishes on its own once the current job returns.
    func stop() {
        queue.stop()
        if isCurrent {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}
