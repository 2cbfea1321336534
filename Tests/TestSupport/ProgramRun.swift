public import Foundation

/// Programs the tests run as real processes: the package's own executables (`lamina`, `laminad`,
/// beside the test bundle in the build folder) and system tools, waited for to their end.
public enum ProgramRun {
    /// The folder `swift build` put the executables and this test bundle in.
    public static let buildFolder: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()

    /// The package's executable `name` (`lamina`, `laminad`).
    public static func product(_ name: String) -> URL { buildFolder.appendingPathComponent(name) }

    /// Runs `url` with `arguments` to its end: its exit status, standard output and standard error,
    /// both read to their ends while it runs (a large output cannot fill a pipe and stall it).
    public static func run(_ url: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = ReadAll(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.wait(), as: UTF8.self))
    }

    /// Runs `url` with `arguments` to its end: its exit status and everything it printed, standard
    /// output and error through one pipe, in the order written.
    public static func runMerged(_ url: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Reads a handle to its end on another thread.
public final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end; returns everything read.
    public func wait() -> Data {
        done.wait()
        return data
    }
}
