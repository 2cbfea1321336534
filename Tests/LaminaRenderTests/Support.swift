import Glibc
import LaminaRender
import LaminaRenderList
import Synchronization
import LaminaTestSupport

/// Collects what a `RenderLog` was told, so a test can check each step was logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// A log that appends here.
    var log: RenderLog {
        RenderLog { line in self.lines.withLock { $0.append(line) } }
    }

    /// Everything logged so far.
    var all: [String] { lines.withLock { $0 } }
}

/// A GPU context on the display the standard selection picks (surfaceless llvmpipe on a machine with no
/// GPU). Each test makes its own: contexts are cheap and independent, the display is shared.
func makeContext() throws -> GPUContext {
    try GPUContext(display: DisplaySelection.standard().select())
}

/// A fresh empty folder under `/tmp` for one test's files.
func temporaryFolder() -> String {
    var template = Array("/tmp/lamina-render-tests-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Writes `bytes` to a new file at `path`.
func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Removes a folder made by `temporaryFolder` and the files in it.
func removeFolder(_ path: String, files: [String]) {
    for file in files { unlink(path + "/" + file) }
    rmdir(path)
}

