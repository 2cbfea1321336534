#if canImport(Glibc)
    import Glibc
#endif

/// A progress bar on stderr for frame sequences, drawn only when stderr is a terminal (logs and pipes
/// get nothing).
struct Progress: Sendable {
    let total: Int
    let enabled: Bool

    init(total: Int) {
        self.total = total
        enabled = isatty(2) == 1 && total > 1
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        writeError("\r[\(bar)] \(done)/\(total) frames")
        if done == total { writeError("\n") }
    }
}
