import Foundation
import LaminaWire
import Testing

/// `laminad --config FILE`: `key = value` lines, comments and blank lines, each line ending in a
/// newline as every editor writes them; the command line wins over the file.
@Suite struct ConfigurationFileTests {
    @Test("every line's value is read without its newline, comments and blank lines are skipped, options win")
    func values() throws {
        let runtime = try RuntimeFolder()
        let config = runtime.url.appendingPathComponent("laminad.conf").path
        let text = """
            # an operator's file
            size = 320x200
            scale = 2   # a comment after a value

            refresh = 30
            log-level = debug
            max-layers = 7

            """
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--config", config, "--refresh", "50"])
        let client = try daemon.connect()
        let output = try #require(client.wire.welcome?.outputs.first)
        #expect(output.width == 320 && output.height == 200 && output.scale == 2, "\(output)")
        #expect(output.refreshRate == 50, "the command line's --refresh wins: \(output.refreshRate)")
        #expect(client.wire.welcome?.limits.maxLayers == 7)
    }

    @Test("a value that does not read stops the daemon at start, naming the file, the key and the value")
    func badValue() throws {
        let runtime = try RuntimeFolder()
        let config = runtime.url.appendingPathComponent("laminad.conf").path
        try "refresh = fast\n".write(toFile: config, atomically: true, encoding: .utf8)
        let (status, output) = try runProgram(
            buildFolder.appendingPathComponent("laminad"), ["--config", config, "--socket", runtime.url.appendingPathComponent("s").path])
        #expect(status != 0)
        #expect(output.contains("\(config): 'fast' is not a valid value for refresh"), "\(output)")
    }

    @Test("threads: a count the file gives runs the daemon, and one outside 1...256 stops it at start, naming the key")
    func threads() throws {
        let runtime = try RuntimeFolder()
        let config = runtime.url.appendingPathComponent("laminad.conf").path
        try "threads = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--config", config])
        #expect(try daemon.connect().stats().clients == 1)
        for bad in ["0", "257"] {
            try "threads = \(bad)\n".write(toFile: config, atomically: true, encoding: .utf8)
            let (status, output) = try runProgram(
                buildFolder.appendingPathComponent("laminad"), ["--config", config, "--socket", runtime.url.appendingPathComponent("t").path])
            #expect(status != 0)
            #expect(output.contains("threads must be 1...256, not \(bad)"), "\(output)")
        }
    }

    @Test("tile-budget: bytes the file gives run the daemon, and a negative number stops it at start, naming the key")
    func tileBudget() throws {
        let runtime = try RuntimeFolder()
        let config = runtime.url.appendingPathComponent("laminad.conf").path
        try "tile-budget = 1048576\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--config", config])
        #expect(try daemon.connect().stats().clients == 1)
        try "tile-budget = -1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let (status, output) = try runProgram(
            buildFolder.appendingPathComponent("laminad"), ["--config", config, "--socket", runtime.url.appendingPathComponent("t").path])
        #expect(status != 0)
        #expect(output.contains("tile-budget must be 0 or more bytes, not -1"), "\(output)")
    }
}
