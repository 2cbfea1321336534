// swift-tools-version: 6.2
//
// libFuzzer target for Lamina's wire decoder. Build and run with `make fuzz` (it passes
// `-sanitize=fuzzer`, which links libFuzzer's own main, hence `-parse-as-library`).

import PackageDescription

let package = Package(
    name: "LaminaFuzz",
    dependencies: [.package(name: "Lamina", path: "..")],
    targets: [
        .executableTarget(
            name: "WireFuzzer",
            dependencies: [.product(name: "LaminaWire", package: "Lamina")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
