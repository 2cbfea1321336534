import CLaminaSys
public import LaminaCore
import Glibc

/// A shared-memory pool: a memfd mapped into this process.
///
/// Clients make one with `create(name:size:)`, write pixels into it and send its descriptor; the
/// daemon maps the descriptor read-only with `map(descriptor:size:)`, after checking it is sealed
/// against shrinking (`F_SEAL_SHRINK`), so the client cannot truncate it under the mapping and fault
/// the daemon with SIGBUS. The mapping lives as long as the object; so do uploads reading from it.
public final class SharedMemoryPool: PixelMemory, @unchecked Sendable {
    /// The memfd (owned: closed when the pool goes).
    public let descriptor: Int32
    /// Bytes mapped.
    public let size: Int
    /// The mapping.
    public let base: UnsafeMutableRawPointer

    private let writable: Bool

    private init(descriptor: Int32, size: Int, base: UnsafeMutableRawPointer, writable: Bool) {
        self.descriptor = descriptor
        self.size = size
        self.base = base
        self.writable = writable
    }

    deinit {
        if size > 0 { munmap(base, size) }
        Glibc.close(descriptor)
    }

    /// Why a pool cannot be used.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case notSealed
        case tooSmall(actual: Int, claimed: Int)
        case system(SystemCallError)

        public var description: String {
            switch self {
            case .notSealed: "the pool is not sealed with F_SEAL_SHRINK (make it with memfd_create and seal it)"
            case .tooSmall(let actual, let claimed): "the pool has \(actual) bytes, fewer than the \(claimed) claimed"
            case .system(let error): "\(error)"
            }
        }
    }

    /// A new sealed pool of `size` bytes, mapped read-write (the client side).
    public static func create(name: String, size: Int) throws(Failure) -> SharedMemoryPool {
        let fd = lamina_memfd_create(name)
        guard fd >= 0 else { throw .system(SystemCallError("memfd_create", name)) }
        guard ftruncate(fd, off_t(size)) == 0 else {
            let error = SystemCallError("ftruncate", name)
            Glibc.close(fd)
            throw .system(error)
        }
        guard lamina_seal_shrink(fd) == 0 else {
            let error = SystemCallError("fcntl F_ADD_SEALS", name)
            Glibc.close(fd)
            throw .system(error)
        }
        return try mapping(fd, size: size, protection: PROT_READ | PROT_WRITE)
    }

    /// Maps a descriptor received from a client after checking its seal and size. Takes
    /// ownership of the descriptor, and closes it on failure too.
    public static func map(descriptor fd: Int32, size: Int) throws(Failure) -> SharedMemoryPool {
        guard lamina_has_shrink_seal(fd) == 1 else {
            Glibc.close(fd)
            throw .notSealed
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = SystemCallError("fstat")
            Glibc.close(fd)
            throw .system(error)
        }
        guard Int(info.st_size) >= size else {
            Glibc.close(fd)
            throw .tooSmall(actual: Int(info.st_size), claimed: size)
        }
        // Read-write when the client opened it so (screenshots are written into pools); else read-only.
        let writable = fcntl(fd, F_GETFL) & O_ACCMODE == O_RDWR
        return try mapping(fd, size: size, protection: writable ? PROT_READ | PROT_WRITE : PROT_READ)
    }

    private static func mapping(_ fd: Int32, size: Int, protection: Int32) throws(Failure) -> SharedMemoryPool {
        guard size > 0 else {
            return SharedMemoryPool(descriptor: fd, size: 0, base: UnsafeMutableRawPointer(bitPattern: 1)!, writable: false)
        }
        guard let base = mmap(nil, size, protection, MAP_SHARED, fd, 0), base != MAP_FAILED else {
            let error = SystemCallError("mmap")
            Glibc.close(fd)
            throw .system(error)
        }
        return SharedMemoryPool(descriptor: fd, size: size, base: base, writable: protection & PROT_WRITE != 0)
    }

    /// Whether the mapping may be written (a pool the client sent read-only cannot take screenshots).
    public var isWritable: Bool { writable }

    /// The pool's bytes.
    public var bytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: base, count: size) }
}
