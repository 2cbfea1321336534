import ArgumentParser
import LaminaScene

#if canImport(Glibc)
    import Glibc
#endif

/// `lamina make-bench-scene`: the benchmark scenes, generated rather than committed.
struct MakeBenchSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-bench-scene",
        abstract: "Write a benchmark scene: N small textured layers on a 1920x1080 canvas, each turning.",
        discussion: """
            Layers of 16x16 points share one checkerboard image, sit on a grid, and each rotates about z \
            forever (a basic animation of transform.rotation.z, its phase spread by beginTime), so every \
            frame evaluates N animations and draws N textured quads.
              lamina make-bench-scene --layers 10000 --output bench/layers-10000.json
            """)

    @Option(help: "How many layers.")
    var layers: Int = 1000

    @Option(name: .shortAndLong, help: "The scene file to write (default: stdout).")
    var output: String?

    func validate() throws {
        guard (1...200_000).contains(layers) else { throw ValidationError("--layers must be 1...200000") }
    }

    func run() throws {
        let width = 1920.0, height = 1080.0
        let columns = Int((Double(layers) * width / height).squareRoot().rounded(.up))
        let rows = (layers + columns - 1) / columns
        let step = min(width / Double(columns), height / Double(rows))
        var list: [JSONValue] = []
        for i in 0..<layers {
            let x = (Double(i % columns) + 0.5) * step, y = (Double(i / columns) + 0.5) * step
            list.append(
                .object([
                    ("name", .string("l\(i)")), ("bounds", numbers([0, 0, 16, 16])), ("position", numbers([x, y])),
                    ("contents", .string("tile")),
                    (
                        "animations",
                        .array([
                            .object([
                                ("type", .string("basic")), ("keyPath", .string("transform.rotation.z")),
                                ("fromValue", .number(0)), ("toValue", .number(6.283185307179586)),
                                ("duration", .number(2)), ("repeatCount", .string("infinity")),
                                ("beginTime", .number(-Double(i % 97) / 97 * 2)),
                            ])
                        ])
                    ),
                ]))
        }
        let scene: JSONValue = .object([
            ("lamina", .number(1)),
            ("canvas", .object([("width", .number(width)), ("height", .number(height)), ("background", .string("#202020"))])),
            (
                "images",
                .object([
                    (
                        "tile",
                        .object([
                            ("checkerboard", .array([.string("#FF8800"), .string("#0088FF")])), ("cell", .number(4)),
                            ("width", .number(16)), ("height", .number(16)),
                        ])
                    )
                ])
            ),
            ("layers", .array(list)),
        ])
        let text = JSONWriter.write(scene) + "\n"
        guard let output else {
            print(text, terminator: "")
            return
        }
        guard let file = fopen(output, "wb") else {
            throw Failure("cannot write \(output): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw Failure("cannot write \(output): \(String(cString: strerror(errno)))") }
    }
}

private func numbers(_ list: [Double]) -> JSONValue { .array(list.map(JSONValue.number)) }
