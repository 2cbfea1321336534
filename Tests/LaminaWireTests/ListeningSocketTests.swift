import Foundation
import Glibc
import LaminaWire
import Testing
import LaminaTestSupport

/// `SystemCalls.listen(at:)`: the daemon's socket file, whatever the umask and whatever already lies at
/// the path.
@Suite("the listening socket", .serialized)
struct ListeningSocketTests {
    /// A fresh directory for one test's paths.
    static func directory() throws -> String {
        var template = Array("/tmp/lamina-socket-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        #expect(made)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a directory `directory()` made, with what is in it.
    static func remove(_ dir: String) {
        try? FileManager.default.removeItem(atPath: dir)
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode
    }

    @Test("the socket is mode 0660 even under umask 000")
    func modeIgnoresUmask() throws {
        let dir = try Self.directory()
        defer { Self.remove(dir) }
        let path = dir + "/s"
        let old = umask(0)
        defer { umask(old) }
        let fd = try SystemCalls.listen(at: path)
        defer { close(fd); unlink(path) }
        let mode = try #require(Self.mode(path))
        #expect(mode & S_IFMT == S_IFSOCK)
        #expect(mode & 0o777 == 0o660)
    }

    @Test("a regular file, a directory or a link at the path is an error that deletes nothing")
    func refusesWhatIsNotASocket() throws {
        let dir = try Self.directory()
        defer { Self.remove(dir) }
        let file = dir + "/file"
        let fd = open(file, O_CREAT | O_WRONLY, 0o600)
        try #require(fd >= 0)
        _ = write(fd, "keep", 4)
        close(fd)
        try #require(mkdir(dir + "/dir", 0o700) == 0)
        try #require(symlink(file, dir + "/link") == 0)
        for path in [file, dir + "/dir", dir + "/link"] {
            do {
                let listener = try SystemCalls.listen(at: path)
                close(listener)
                Issue.record("\(path) was replaced by a socket")
            } catch {
                #expect(error.description.contains("is not a socket; nothing was deleted"), "\(error)")
            }
            #expect(Self.mode(path) != nil, "\(path) still exists")
        }
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_size == 4, "the file keeps its bytes")
    }

    @Test("a socket where someone listens is not stolen; a stale one is replaced")
    func liveAndStaleSockets() throws {
        let dir = try Self.directory()
        defer { Self.remove(dir) }
        let path = dir + "/s"
        let first = try SystemCalls.listen(at: path)
        do {
            let second = try SystemCalls.listen(at: path)
            close(second)
            Issue.record("a live socket was replaced")
        } catch {
            #expect(error.code == EADDRINUSE && error.description.contains("already listening"))
        }
        // The first listener still gets connections.
        let client = try SystemCalls.connect(to: path)
        close(client)
        close(first)
        // Nobody listens now: the stale file is replaced.
        let third = try SystemCalls.listen(at: path)
        close(third)
        unlink(path)
    }
}
