import Foundation
import LaminaTestSupport

/// Runs the program at `url` with `arguments` to its end: its exit status and everything it printed
/// (stdout and stderr through one pipe, in the order written).
func runProgram(_ url: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try ProgramRun.runMerged(url, arguments)
}

/// Runs the built `lamina` with `arguments`.
func runLamina(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(ProgramRun.product("lamina"), arguments)
}
