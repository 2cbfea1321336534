import Glibc

/// A counting semaphore over POSIX `sem_t`: how a thread that is not in Swift concurrency (the render
/// thread, or a caller blocking on it) sleeps until another signals.
package final class Semaphore: @unchecked Sendable {
    // `sem_t` must not move once initialised, so it lives on the heap; sem_post/sem_wait are thread-safe.
    private let semaphore: UnsafeMutablePointer<sem_t>

    /// A semaphore with `value` initial permits.
    package init(value: UInt32 = 0) {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, value)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Adds a permit, waking one waiter.
    package func signal() {
        sem_post(semaphore)
    }

    /// Takes a permit, sleeping until there is one (a signal interrupting the sleep is retried).
    package func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }
}
