// swift-tools-version: 6.2
//
// libFuzzer targets: the wire decoder alone (WireFuzzer), the daemon's whole path from decode to
// the render list (PipelineFuzzer, over LaminaFuzzing's harness), and the render list's invariants on
// the CPU alone (RenderListFuzzer, over LaminaRenderListChecks), and the JSON parser and writer
// (JSONFuzzer), and a client's protocol session, bytes in and replies out (SessionFuzzer), and the
// Lottie importer with the model's rules (LottieFuzzer). Build and run with `make fuzz`,
// `make fuzz-pipeline`, `make fuzz-render-list`, `make fuzz-json`, `make fuzz-session` and `make fuzz-lottie` (they pass `-sanitize=fuzzer`, which links libFuzzer's own main, hence
// `-parse-as-library`).

import PackageDescription

let package = Package(
    name: "LaminaFuzz",
    dependencies: [.package(name: "Lamina", path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .executableTarget(
            name: "WireFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaWire", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "SessionFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaFuzzing", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "JSONFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaJSON", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "LottieFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaLottie", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "RenderListFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaRenderListChecks", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "PipelineFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LaminaFuzzing", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
