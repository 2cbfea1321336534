import Glibc

/// An `errno` value as `ENOTTY (Inappropriate ioctl for device)`: both the symbol people search for
/// and the sentence people read.
struct ErrnoText: CustomStringConvertible {
    /// The error number.
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    var description: String {
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        let symbols: [Int32: String] = [
            EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", ENXIO: "ENXIO", EBADF: "EBADF",
            ENOMEM: "ENOMEM", EACCES: "EACCES", EBUSY: "EBUSY", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR",
            EINVAL: "EINVAL", ENOTTY: "ENOTTY", ENOSYS: "ENOSYS", EOPNOTSUPP: "EOPNOTSUPP",
        ]
        guard let symbol = symbols[code] else { return text }
        return "\(symbol) (\(text))"
    }
}
