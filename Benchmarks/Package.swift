// swift-tools-version: 6.2
//
// Lamina's benchmarks (ordo-one/benchmark). A package of its own so its heavy build stays out of the
// main package's `swift build` and `swift test`. Run from this folder:
//   swift package benchmark                       # run every suite
//   swift package benchmark --filter Presentation # one suite

import PackageDescription

import struct Foundation.URL

/// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let lamina = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LaminaBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Presentation",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LaminaCore", package: lamina),
            ],
            path: "Benchmarks/Presentation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Drawing",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LaminaCore", package: lamina),
                .product(name: "LaminaRender", package: lamina),
            ],
            path: "Benchmarks/Drawing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Transactions",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LaminaCore", package: lamina),
                .product(name: "LaminaModel", package: lamina),
            ],
            path: "Benchmarks/Transactions",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
