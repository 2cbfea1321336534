import CLaminaSys
import Glibc

/// Why a system call failed: which, on what, and errno's text.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call (`connect`, `memfd_create`).
    public var call: String
    /// What it was called on (a socket path, a pool), or empty.
    public var subject: String
    /// errno.
    public var code: Int32
    /// What the caller knows beyond errno (empty when errno says it all).
    public var detail: String

    /// An error with errno `code`.
    public init(_ call: String, _ subject: String = "", code: Int32, detail: String = "") {
        self.call = call
        self.subject = subject
        self.code = code
        self.detail = detail
    }

    /// An error from the current errno.
    public init(_ call: String, _ subject: String = "") {
        self.init(call, subject, code: errno)
    }

    public var description: String {
        let text = detail.isEmpty ? String(cString: strerror(code)) : detail
        return subject.isEmpty ? "\(call): \(text)" : "\(call) \(subject): \(text)"
    }
}

/// Thin typed wrappers over the system calls the transport needs.
public enum SystemCalls {
    /// close(2), retrying nothing (Linux closes the descriptor even on EINTR).
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }

    /// Sends `bytes` with `descriptors` attached; returns the bytes sent (maybe fewer), or nil when the
    /// socket would block.
    public static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer, descriptors: [Int32] = []) throws(SystemCallError) -> Int? {
        while true {
            let sent = descriptors.withUnsafeBufferPointer { fds in
                lamina_send(socket, bytes.baseAddress, bytes.count, fds.baseAddress, Int32(fds.count))
            }
            if sent >= 0 { return sent }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw SystemCallError("sendmsg")
        }
    }

    /// What one `receive` got.
    public struct Received: Sendable {
        /// Bytes read (0: the peer closed the stream).
        public var count: Int
        public var descriptors: [Int32]
        /// The kernel dropped descriptors (MSG_CTRUNC).
        public var truncated: Bool
    }

    /// Receives without blocking; nil when nothing is there.
    public static func receive(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Received? {
        var fds = [Int32](repeating: -1, count: Int(LAMINA_MAX_FDS_PER_MESSAGE))
        var count: Int32 = 0
        var truncated: Int32 = 0
        while true {
            let n = fds.withUnsafeMutableBufferPointer { fdBuffer in
                lamina_receive(socket, buffer.baseAddress, buffer.count, fdBuffer.baseAddress, Int32(fdBuffer.count), &count, &truncated)
            }
            if n >= 0 { return Received(count: n, descriptors: Array(fds.prefix(Int(count))), truncated: truncated != 0) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw SystemCallError("recvmsg")
        }
    }

    /// The peer's pid, uid and gid.
    public static func peerCredentials(_ socket: Int32) throws(SystemCallError) -> (pid: Int32, uid: UInt32, gid: UInt32) {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard lamina_peer_credentials(socket, &pid, &uid, &gid) == 0 else { throw SystemCallError("getsockopt SO_PEERCRED") }
        return (pid, uid, gid)
    }

    /// The peer's supplementary groups (`SO_PEERGROUPS`); empty when the kernel cannot tell.
    public static func peerGroups(_ socket: Int32) -> [UInt32] {
        var groups = [UInt32](repeating: 0, count: 256)
        let count = groups.withUnsafeMutableBufferPointer { lamina_peer_groups(socket, $0.baseAddress, Int32($0.count)) }
        return count > 0 ? Array(groups.prefix(Int(count))) : []
    }

    /// Makes a descriptor non-blocking.
    public static func setNonBlocking(_ fd: Int32) throws(SystemCallError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw SystemCallError("fcntl O_NONBLOCK") }
    }

    /// A `sockaddr_un` for `path`, or an error when the path is too long for one.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(SystemCallError) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let utf8 = Array(path.utf8)
        guard utf8.count < capacity else { throw SystemCallError("bind", path, code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: utf8)
            raw[utf8.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A listening stream socket at `path` (non-blocking, close-on-exec), with mode `mode` whatever the
    /// umask.
    ///
    /// A stale socket file (nobody listening) is replaced. Anything else at `path` is an error that
    /// deletes nothing: a regular file, a directory or a link is not ours to remove, and a socket where
    /// a daemon still listens belongs to that daemon. The mode is set after `bind` and before `listen`,
    /// so no client can connect while the file still has the umask's mode.
    public static func listen(at path: String, mode: UInt32 = 0o660, backlog: Int32 = 128) throws(SystemCallError) -> Int32 {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemCallError("bind", path, code: EEXIST, detail: "the path exists and is not a socket; nothing was deleted")
            }
            if let live = try? connect(to: path) {
                Glibc.close(live)
                throw SystemCallError("bind", path, code: EADDRINUSE, detail: "a daemon is already listening there")
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket") }
        let bound = try withAddress(path) { bind(fd, $0, $1) }
        guard bound == 0 else {
            let error = SystemCallError("bind", path)
            Glibc.close(fd)
            throw error
        }
        guard chmod(path, mode_t(mode)) == 0 else {
            let error = SystemCallError("chmod", path)
            Glibc.close(fd)
            unlink(path)
            throw error
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let error = SystemCallError("listen", path)
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// A blocking stream socket connected to `path` (close-on-exec).
    public static func connect(to path: String) throws(SystemCallError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket") }
        let result = try withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let error = SystemCallError("connect", path)
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// Accepts a connection (non-blocking, close-on-exec), nil when none waits.
    public static func accept(_ listener: Int32) throws(SystemCallError) -> Int32? {
        while true {
            let fd = lamina_accept(listener)
            if fd >= 0 { return fd }
            if errno == EINTR || errno == ECONNABORTED { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw SystemCallError("accept4")
        }
    }

    /// Waits until `fd` is readable or `timeout` seconds pass (negative: forever); true when readable.
    public static func waitReadable(_ fd: Int32, timeout: Double) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = timeout < 0 ? -1 : Int32(min(timeout * 1000, Double(Int32.max)).rounded(.up))
        while true {
            let n = poll(&entry, 1, ms)
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }
}
