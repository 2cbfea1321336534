import Foundation

/// Runs the program at `url` with `arguments` to its end: its exit status and everything it printed
/// (stdout and stderr through one pipe, in the order written).
func runProgram(_ url: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
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

/// Runs the built `lamina` with `arguments`.
func runLamina(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(buildFolder.appendingPathComponent("lamina"), arguments)
}
