package import Glibc

/// Why a thread could not be started: `pthread_create`'s error number.
package struct ThreadStartFailure: Error {
    package let code: Int32
}

/// Starts an OS thread running `main`, with a stack of `stackSize` bytes: the render thread and the
/// raster worker live outside Swift concurrency (GL and Pango state belong to one thread each).
package func spawnThread(stackSize: Int, _ main: @escaping @Sendable () -> Void) -> Result<pthread_t, ThreadStartFailure> {
    let start = Unmanaged.passRetained(ThreadStart(main)).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let status = pthread_create(
        &thread, &attributes,
        { raw in
            Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue().main()
            return nil
        }, start)
    guard status == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(start).release()
        return .failure(ThreadStartFailure(code: status))
    }
    return .success(thread)
}

/// Names the calling thread for `top -H`, `ps -L` and debuggers, best effort: `pthread_setname_np`
/// needs `_GNU_SOURCE`, which Swift's Glibc module lacks, so this writes `/proc/thread-self/comm`.
package func nameCurrentThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// The thread's body, passed through `pthread_create`'s one pointer argument.
private final class ThreadStart {
    let main: @Sendable () -> Void

    init(_ main: @escaping @Sendable () -> Void) {
        self.main = main
    }
}
