import CZip

/// A zip archive's bytes, read through libzip (fuzzed upstream, and with its own consistency checks):
/// the bytes are copied once into memory libzip reads in place, and each read opens the archive afresh,
/// so the value is immutable and can be shared between threads.
final class ZipArchive: Sendable {
    private nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer

    /// The archive's files (not its folders), in the order of its central directory.
    let fileNames: [String]

    /// Entries an archive may hold.
    static let maximumEntries = 10_000

    init(_ bytes: [UInt8]) throws(LottieError) {
        self.bytes = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        self.bytes.copyBytes(from: bytes)
        var names: [String] = []
        let count = bytes.count
        let outcome: Result<Void, LottieError> = Self.open(self.bytes, count: count) { archive in
            let entries = zip_get_num_entries(archive, 0)
            guard entries <= Self.maximumEntries else {
                return .failure(LottieError(path: "", message: "a zip archive of \(entries) entries (at most \(Self.maximumEntries))"))
            }
            for index in 0..<max(entries, 0) {
                guard let name = zip_get_name(archive, UInt64(index), 0) else { continue }
                let text = String(cString: name)
                if !text.hasSuffix("/") { names.append(text) }
            }
            return .success(())
        }
        fileNames = names
        try outcome.get()
    }

    deinit { bytes.deallocate() }

    /// The bytes of file `name`, refused when the archive says it is larger than `limit` and counted
    /// against `limit` as it inflates (a header can lie); libzip checks the CRC at the end.
    func read(_ name: String, limit: Int) throws(LottieError) -> [UInt8] {
        try Self.open(bytes, count: bytes.count) { archive -> Result<[UInt8], LottieError> in
            let index = zip_name_locate(archive, name, 0)
            guard index >= 0 else { return .failure(LottieError(path: name, message: "no such file in the archive")) }
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            if zip_stat_index(archive, UInt64(index), 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.size > UInt64(limit) {
                return .failure(LottieError(path: name, message: "an entry of \(stat.size) bytes (at most \(limit))"))
            }
            guard let file = zip_fopen_index(archive, UInt64(index), 0) else {
                return .failure(LottieError(path: name, message: "the entry cannot be read: \(String(cString: zip_strerror(archive)))"))
            }
            defer { zip_fclose(file) }
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let read = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
                if read < 0 {
                    return .failure(LottieError(path: name, message: "the entry does not inflate: \(String(cString: zip_file_strerror(file)))"))
                }
                if read == 0 { return .success(result) }
                guard result.count + Int(read) <= limit else {
                    return .failure(LottieError(path: name, message: "an entry that inflates past \(limit) bytes"))
                }
                result.append(contentsOf: chunk[0..<Int(read)])
            }
        }.get()
    }

    /// Opens the archive in `bytes` (read only, checked for consistency) for the length of `body`.
    private static func open<T>(_ bytes: UnsafeMutableRawBufferPointer, count: Int, _ body: (OpaquePointer) -> Result<T, LottieError>) -> Result<T, LottieError> {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(bytes.baseAddress, UInt64(count), 0, &error) else {
            return .failure(LottieError(path: "", message: "not a readable zip archive: \(String(cString: zip_error_strerror(&error)))"))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            return .failure(LottieError(path: "", message: "not a readable zip archive: \(String(cString: zip_error_strerror(&error)))"))
        }
        defer { zip_discard(archive) }
        return body(archive)
    }
}
