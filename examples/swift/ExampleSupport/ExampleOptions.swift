import Glibc
public import Lamina
import LaminaImage

/// What every example takes on its command line: `--socket PATH` (default: the library's search),
/// `--screenshot FILE.png` (saved before exiting) and `--seconds N` (how long to run); an example that
/// reads a file takes it first (`files`).
@MainActor
public struct ExampleOptions {
    public var socket: String?
    public var screenshot: String?
    public var seconds: Double
    /// The arguments before the options, for an example that takes files (`takesFiles`).
    public var files: [String] = []

    /// Parses `CommandLine.arguments`; exits with a usage line on anything else.
    public init(defaultSeconds: Double, takesFiles: Bool = false) {
        seconds = defaultSeconds
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--socket": socket = arguments.popFirst()
            case "--screenshot": screenshot = arguments.popFirst()
            case "--seconds": seconds = arguments.popFirst().flatMap(Double.init) ?? seconds
            case let file where takesFiles && !file.hasPrefix("--"): files.append(file)
            default:
                print("usage: \(CommandLine.arguments[0]) [--socket PATH] [--screenshot FILE.png] [--seconds N]")
                exit(2)
            }
        }
    }

    /// Connects to the daemon, or exits with the library's error.
    public func connect(name: String) -> Connection {
        do {
            let connection = try Connection(name: name, path: socket)
            connection.onError = { print("lamina: \($0)") }
            return connection
        } catch {
            print("\(name): \(error)")
            exit(1)
        }
    }

    /// Runs the main queue (implicit commits, events, display links) for `seconds`.
    public func run(for seconds: Double? = nil) async {
        try? await Task.sleep(for: .seconds(seconds ?? self.seconds))
    }

    /// Saves the screenshot if one was asked for.
    public func finish(_ connection: Connection) {
        guard let screenshot else { return }
        do {
            let image = try connection.screenshot()
            try PNG.write(image, toFile: screenshot)
            print("saved \(screenshot) (\(image.width)x\(image.height))")
        } catch {
            print("screenshot: \(error)")
            exit(1)
        }
    }
}

/// Prints `line` at once, even into a pipe (`print` holds its output until exit there), so a test or a
/// log follows the example as it runs.
public func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
