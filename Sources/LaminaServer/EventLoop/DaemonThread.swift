import CLaminaSys
import Glibc

/// A named OS thread running one closure: the daemon's I/O thread. (The compositor thread is the
/// `GPUContext`'s render thread, which owns the EGL context.)
final class DaemonThread: Sendable {
    private final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private let thread: pthread_t

    /// Starts `body` on a new thread named `name` (at most 15 bytes show in `top`).
    init(name: String, _ body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start {
            lamina_set_thread_name(name)
            body()
        }).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, start)
        precondition(status == 0, "pthread_create failed: \(status)")
        self.thread = thread
    }

    /// Waits for the closure to return.
    func join() {
        pthread_join(thread, nil)
    }

    /// Lets the thread end on its own, unjoined.
    func detach() {
        pthread_detach(thread)
    }
}
