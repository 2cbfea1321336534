import CLaminaSys
import Glibc
public import LaminaWire

/// An epoll instance: the one place a daemon thread sleeps. Each registered descriptor carries a
/// 64-bit token the caller chooses, handed back with its readiness.
public final class Epoll {
    private let fd: Int32
    private var tokens = [UInt64](repeating: 0, count: 64)
    private var readiness = [UInt32](repeating: 0, count: 64)

    /// A new epoll instance (close-on-exec).
    public init() throws(SystemCallError) {
        fd = lamina_epoll_create()
        guard fd >= 0 else { throw SystemCallError("epoll_create1") }
    }

    deinit { close(fd) }

    /// What a descriptor is ready for.
    public struct Readiness: Sendable {
        public var token: UInt64
        public var readable: Bool
        public var writable: Bool
        /// The peer hung up or the descriptor is in error.
        public var hangup: Bool
    }

    /// Watches `descriptor` for reading, and the peer's half-close (and writing when `writable`); a full
    /// hang-up or an error is always reported.
    public func add(_ descriptor: Int32, token: UInt64, writable: Bool = false) throws(SystemCallError) {
        guard lamina_epoll_control(fd, 0, descriptor, Self.interest(readable: true, writable: writable), token) == 0 else {
            throw SystemCallError("epoll_ctl ADD")
        }
    }

    /// Changes whether `descriptor` is watched for reading (a paused client's input, and its half-close,
    /// wait in the kernel until reading resumes) and for writing.
    public func modify(_ descriptor: Int32, token: UInt64, readable: Bool = true, writable: Bool) throws(SystemCallError) {
        guard lamina_epoll_control(fd, 1, descriptor, Self.interest(readable: readable, writable: writable), token) == 0 else {
            throw SystemCallError("epoll_ctl MOD")
        }
    }

    private static func interest(readable: Bool, writable: Bool) -> UInt32 {
        (readable ? LAMINA_READABLE : 0) | (writable ? LAMINA_WRITABLE : 0)
    }

    /// Stops watching `descriptor`.
    public func remove(_ descriptor: Int32) {
        _ = lamina_epoll_control(fd, 2, descriptor, 0, 0)
    }

    /// Waits up to `timeout` seconds (negative: forever) and returns what is ready.
    public func wait(timeout: Double) -> [Readiness] {
        let ms = timeout < 0 ? -1 : Int32(min(timeout * 1000, 1e9).rounded(.up))
        let n = tokens.withUnsafeMutableBufferPointer { t in
            readiness.withUnsafeMutableBufferPointer { r in
                lamina_epoll_wait(fd, t.baseAddress, r.baseAddress, Int32(t.count), ms)
            }
        }
        guard n > 0 else { return [] }
        return (0..<Int(n)).map { i in
            Readiness(
                token: tokens[i], readable: readiness[i] & LAMINA_READABLE != 0,
                writable: readiness[i] & LAMINA_WRITABLE != 0, hangup: readiness[i] & LAMINA_HANGUP != 0)
        }
    }
}
