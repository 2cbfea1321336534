import ArgumentParser
import LaminaScene
import LaminaJSON

#if canImport(Glibc)
    import Glibc
#endif

/// `lamina make-bench-scene`: the benchmark scenes, generated rather than committed.
struct MakeBenchSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-bench-scene",
        abstract: "Write a benchmark scene: N small textured layers on a 1920x1080 canvas, and what moves.",
        discussion: """
            Layers of 16x16 points share one checkerboard image and sit on a grid. --motion says what \
            animates: `each` (the default) turns every layer about z forever (a basic animation of \
            transform.rotation.z, its phase spread by beginTime), so every frame evaluates N animations \
            and draws N textured quads; `container` puts the still layers in one container whose \
            position moves back and forth; `one` animates the background colour of one layer of N; \
            `none` animates nothing; `color` animates every layer's colour. --kind makes the layers shape \
            layers (a ring each; `each` animates strokeEnd), gradient layers (`each` animates colors) or \
            text layers (`each` animates foregroundColor) instead of textured layers.

              lamina make-bench-scene --layers 10000 --output bench/layers-10000.json
              lamina make-bench-scene --layers 10000 --motion one --output bench/one-of-10000.json
              lamina make-bench-scene --layers 1000 --kind shape --size 32 --output bench/rings-1000.json
            """)

    /// What animates in a benchmark scene.
    enum Motion: String, ExpressibleByArgument, CaseIterable {
        case each, container, one, none, color
    }

    /// What kind of layer fills a benchmark scene.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case layer, shape, gradient, text
    }

    @Option(help: "The layers' kind: layer (textured), shape, gradient or text.")
    var kind: Kind = .layer

    @Option(help: "How many layers.")
    var layers: Int = 1000

    @Option(help: "What animates: each, container, one or none.")
    var motion: Motion = .each

    @Option(help: "The side of each layer, in points (the image is drawn scaled to it).")
    var size: Double = 16

    @Option(name: .shortAndLong, help: "The scene file to write (default: stdout).")
    var output: String?

    func validate() throws {
        guard (1...1_000_000).contains(layers) else { throw ValidationError("--layers must be 1...1000000") }
        guard size.isFinite, (1...4096).contains(size) else { throw ValidationError("--size must be 1...4096") }
    }

    /// A basic animation of `keyPath` from `from` to `to` and back, forever.
    static func forever(_ keyPath: String, _ from: JSONValue, _ to: JSONValue) -> JSONValue {
        .object([
            ("type", .string("basic")), ("keyPath", .string(keyPath)), ("fromValue", from), ("toValue", to),
            ("duration", .number(2)), ("autoreverses", .bool(true)), ("repeatCount", .string("infinity")),
        ])
    }

    func run() throws {
        let width = 1920.0, height = 1080.0
        let columns = Int((Double(layers) * width / height).squareRoot().rounded(.up))
        let rows = (layers + columns - 1) / columns
        let step = min(width / Double(columns), height / Double(rows))
        var list: [JSONValue] = []
        // Centres to a hundredth of a point, each layer placed by its `frame` alone: a million layers'
        // scene stays within the scene loader's limit.
        func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        for i in 0..<layers {
            let x = hundredths((Double(i % columns) + 0.5) * step), y = hundredths((Double(i / columns) + 0.5) * step)
            let frame = ("frame", numbers([hundredths(x - size / 2), hundredths(y - size / 2), size, size]))
            var layer: [(String, JSONValue)] = [("name", .string("l\(i)")), frame]
            let phase = ("beginTime", JSONValue.number(hundredths(-Double(i % 97) / 97 * 2)))
            func spread(_ animation: JSONValue) -> JSONValue {
                guard case .object(let members) = animation else { return animation }
                return .object(members + [phase])
            }
            switch kind {
            case .layer where motion == .color:
                layer.append(("backgroundColor", .string("#FF8800")))
                layer.append(("animations", .array([spread(Self.forever("backgroundColor", .string("#FF8800"), .string("#0088FF")))])))
            case .layer:
                layer.append(("contents", .string("tile")))
            case .shape:
                let r = size / 2 - 3
                layer += [
                    ("type", .string("shape")),
                    ("path", .string("M\(size / 2 + r) \(size / 2) A\(r) \(r) 0 1 1 \(size / 2 - r) \(size / 2) A\(r) \(r) 0 1 1 \(size / 2 + r) \(size / 2)")),
                    ("fillColor", .null), ("strokeColor", .string("#FF8800")), ("lineWidth", .number(3)), ("lineCap", .string("round")),
                ]
                if motion == .each { layer.append(("animations", .array([spread(Self.forever("strokeEnd", .number(0), .number(1)))]))) }
                if motion == .color {
                    layer.append(("animations", .array([spread(Self.forever("strokeColor", .string("#FF8800"), .string("#0088FF")))])))
                }
            case .gradient:
                let colors = JSONValue.array([.string("#FF8800"), .string("#0088FF")])
                layer += [("type", .string("gradient")), ("colors", colors)]
                if motion == .each || motion == .color {
                    let swapped = JSONValue.array([.string("#0088FF"), .string("#FF8800")])
                    layer.append(("animations", .array([spread(Self.forever("colors", colors, swapped))])))
                }
            case .text:
                layer += [("type", .string("text")), ("string", .string("Aa")), ("fontSize", .number(size * 0.6)), ("foregroundColor", .string("#FF8800"))]
                if motion == .each || motion == .color {
                    layer.append(("animations", .array([spread(Self.forever("foregroundColor", .string("#FF8800"), .string("#0088FF")))])))
                }
            }
            switch motion {
            case .each where kind == .layer:
                layer.append((
                    "animations",
                    .array([
                        .object([
                            ("type", .string("basic")), ("keyPath", .string("transform.rotation.z")),
                            ("fromValue", .number(0)), ("toValue", .number(6.283185307179586)),
                            ("duration", .number(2)), ("repeatCount", .string("infinity")),
                            ("beginTime", .number(hundredths(-Double(i % 97) / 97 * 2))),
                        ])
                    ])
                ))
            case .one where i == layers / 2:
                // A layer of colour (no contents) whose colour changes every frame.
                layer = [
                    ("name", .string("l\(i)")), frame,
                    ("backgroundColor", .string("#FF0000")), ("animations", .array([Self.forever("backgroundColor", .string("#FF0000"), .string("#0000FF"))])),
                ]
            case .container, .one, .none, .each, .color: break
            }
            list.append(.object(layer))
        }
        if motion == .container {
            // The still layers inside one full-canvas container sliding 40 points to and fro.
            list = [
                .object([
                    ("name", .string("container")), ("bounds", numbers([0, 0, width, height])),
                    ("position", numbers([width / 2, height / 2])), ("sublayers", .array(list)),
                    ("animations", .array([Self.forever("position", numbers([width / 2 - 20, height / 2]), numbers([width / 2 + 20, height / 2]))])),
                ])
            ]
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
