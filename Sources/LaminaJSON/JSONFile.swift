#if canImport(Glibc)
    import Glibc
#endif

/// Reading a JSON document's bytes from a file, bounded: what scene files and Lottie files are read with.
public enum JSONFile {
    /// Why a file could not be read: one line for people (`cannot open: No such file or directory`).
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The bytes of the file at `path`, refused once past `limit` bytes.
    public static func bytes(atPath path: String, limit: Int) throws(ReadError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw ReadError(description: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<n]
            if bytes.count > limit {
                throw ReadError(description: "larger than \(limit >> 20) MiB")
            }
            if n < chunk.count {
                if ferror(file) != 0 {
                    throw ReadError(description: "cannot read: \(String(cString: strerror(errno)))")
                }
                return bytes
            }
        }
    }
}
