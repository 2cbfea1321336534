// swift-tools-version: 6.2
//
// Lamina: Core Animation's model as a headless GPU compositor for Linux.
// The module layout follows ARCHITECTURE.md; dependency arrows point one way:
//   LaminaCore <- every Lamina module (values and pure functions)
//   LaminaCore, LaminaRaster <- LaminaRenderList (the frame as data, no GL) <- LaminaRender (GL) <- LaminaCompositor
//   LaminaCore, LaminaModel, LaminaRenderList <- LaminaCompositor <- LaminaServer <- laminad
//   LaminaCore, LaminaWire, LaminaImage <- Lamina (the client library) <- apps, examples, lamina
//   Lamina, CEGL, CGLES3 <- LaminaGL (GL layers: only apps that render with OpenGL ES link EGL)
//   LaminaCore, LaminaModel, LaminaImage <- LaminaScene <- lamina
//   LaminaRenderList, LaminaModel, LaminaFuzzInput <- LaminaRenderListChecks (the list's invariants, no GL)
// The C system libraries and the embedded Shaders sit under LaminaRender only (EGL and GLES also under
// LaminaGL, cairo under Lamina and LaminaRaster, Pango under LaminaRaster only).

import PackageDescription

/// Swift settings every Lamina target shares (Swift 6 language mode is the package default): warnings
/// are errors in our own targets only, so a dependency's warning cannot break the build.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Lamina",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Lamina", targets: ["Lamina"]),
        .library(name: "LaminaGL", targets: ["LaminaGL"]),
        .library(name: "LaminaCore", targets: ["LaminaCore"]),
        .library(name: "LaminaImage", targets: ["LaminaImage"]),
        .library(name: "LaminaRender", targets: ["LaminaRender"]),
        .library(name: "LaminaRenderList", targets: ["LaminaRenderList"]),
        .library(name: "LaminaRenderListChecks", targets: ["LaminaRenderListChecks"]),
        .library(name: "LaminaRaster", targets: ["LaminaRaster"]),
        .library(name: "LaminaWire", targets: ["LaminaWire"]),
        .library(name: "LaminaModel", targets: ["LaminaModel"]),
        .library(name: "LaminaCompositor", targets: ["LaminaCompositor"]),
        .library(name: "LaminaServer", targets: ["LaminaServer"]),
        .library(name: "LaminaSession", targets: ["LaminaSession"]),
        .library(name: "LaminaScene", targets: ["LaminaScene"]),
        .library(name: "LaminaJSON", targets: ["LaminaJSON"]),
        .library(name: "LaminaLottie", targets: ["LaminaLottie"]),
        .library(name: "LaminaFuzzing", targets: ["LaminaFuzzing"]),
        .library(name: "LaminaFuzzInput", targets: ["LaminaFuzzInput"]),
        .library(name: "LaminaWayland", targets: ["LaminaWayland"]),
        .executable(name: "lamina", targets: ["lamina"]),
        .executable(name: "laminad", targets: ["laminad"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // MARK: System libraries (pkg-config names as Debian ships them).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]),

        // MARK: A Wayland window in C, where libwayland's listener tables and xkbcommon live; the
        // xdg-shell code is wayland-scanner's, committed (Sources/CLaminaWayland/protocols).
        .target(
            name: "CLaminaWayland",
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("wayland-egl"), .linkedLibrary("xkbcommon")]
        ),

        // MARK: The Linux calls Swift cannot make cleanly (SCM_RIGHTS, memfd seals, SO_PEERCRED).
        .target(name: "CLaminaSys"),
        // The processor's memory hints (prefetches, stores that bypass the cache), for the loops over a
        // hundred thousand layers' records and the copy of their matrices to the GPU.
        .target(name: "CLaminaPrefetch"),
        // The C library's sincos (a GNU extension Swift's Glibc does not export), for rotation matrices.
        .target(name: "CLaminaMath"),

        // MARK: GLSL ES 3.00 sources, embedded into the binary (no bundle to install beside it).
        // Every shader file is listed here; ShaderSources.swift names them, and a test checks both
        // lists match the folder.
        .target(
            name: "Shaders",
            path: "Shaders",
            // The layer program's generated header, for readers and glslangValidator: the renderer
            // builds it from InstanceLayout, not from this file.
            exclude: ["layer-instance.glsl"],
            resources: [
                .embedInCode("quad.vert"),
                .embedInCode("quad.frag"),
                .embedInCode("layer.vert"),
                .embedInCode("layer.frag"),
                .embedInCode("blur.vert"),
                .embedInCode("color-matrix.frag"),
                .embedInCode("layer-variants.txt"),
                .embedInCode("blur.frag"),
            ],
            swiftSettings: strict
        ),

        // MARK: Lamina modules.
        .target(
            name: "LaminaCore",
            dependencies: ["CLaminaMath", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: strict
        ),
        // The frame as data: the render list, its builder, its retained paths (update, leaf patch, kept
        // parts, subtree caches), damage and occlusion, and the textures it names by handle, with what
        // the renderer must do to them before drawing. Links no GL: tested on the CPU alone.
        .target(
            name: "LaminaRenderList",
            dependencies: ["LaminaCore", "LaminaRaster", "CLaminaPrefetch"],
            swiftSettings: strict
        ),
        // The render list's invariants, checked on the CPU after every frame of a harness that runs the
        // compositor's CPU half (LaminaModel's store, the retained list): the invariant suite and the
        // render-list fuzzer drive it. No GL.
        .target(
            name: "LaminaRenderListChecks",
            dependencies: ["LaminaCore", "LaminaModel", "LaminaRenderList", "LaminaFuzzInput"],
            swiftSettings: strict
        ),
        // The GL half: the display, shaders, textures behind the handles, and drawing the list.
        .target(
            name: "LaminaRender",
            dependencies: [
                "LaminaCore", "LaminaRenderList", "LaminaImage", "LaminaRaster", "Shaders", "CEGL", "CGLES3", "CGBM", "CDRM",
                "CLaminaPrefetch",
            ],
            swiftSettings: strict
        ),
        // What the renderer rasterises on the CPU: text layers' coverage through Pango and cairo, shape
        // layers' fill and stroke through cairo. No GL.
        .target(
            name: "LaminaRaster",
            dependencies: ["LaminaCore", "CCairo", "CPango"],
            swiftSettings: strict
        ),
        // Video files through FFmpeg's libraries (H.264/MP4, VP9/WebM): written as frames are drawn.
        .target(
            name: "LaminaVideo",
            dependencies: ["LaminaImage", "CFFmpeg"],
            swiftSettings: strict
        ),
        // A toplevel window on the session's Wayland compositor: frames in, configure, frame
        // callbacks and the seat's input out. No GL: the caller reads its frames into the buffers.
        .target(
            name: "LaminaWayland",
            dependencies: ["CLaminaWayland"],
            swiftSettings: strict
        ),
        .target(
            name: "LaminaImage",
            dependencies: ["CPNG", "CTurboJPEG"],
            swiftSettings: strict
        ),
        .target(
            name: "LaminaWire",
            dependencies: ["LaminaCore", "CLaminaSys"],
            swiftSettings: strict
        ),
        // The model half of the compositor: stores, namespaces, the rules of applying transactions.
        .target(
            name: "LaminaModel",
            dependencies: ["LaminaCore", "LaminaImage"],
            swiftSettings: strict
        ),
        // The frame pipeline over the renderer: apply, evaluate, build, draw.
        .target(
            name: "LaminaCompositor",
            dependencies: ["LaminaCore", "LaminaModel", "LaminaRender", "LaminaRenderList"],
            swiftSettings: strict
        ),
        // A client's protocol session as a state machine with no socket: framing, the handshake, pools,
        // commits checked and resolved, the output queue. No GL: tested byte for byte, fuzzed.
        .target(
            name: "LaminaSession",
            dependencies: ["LaminaCore", "LaminaModel", "LaminaWire", "LaminaImage", "CLaminaSys"],
            swiftSettings: strict
        ),
        // The daemon: the I/O and compositor threads, systemd.
        .target(
            name: "LaminaServer",
            dependencies: [
                "LaminaSession", "LaminaCore", "LaminaModel", "LaminaCompositor", "LaminaRender", "LaminaRenderList", "LaminaWire", "LaminaVideo", "LaminaImage", "LaminaWayland",
                "CSystemd", "CLaminaSys",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // JSON as scene files and Lottie files need it: a strict parser keeping members in order, refusing
        // duplicate keys, saying where an error is; and a writer. No dependencies.
        .target(name: "LaminaJSON", swiftSettings: strict),
        // Scene files: decoding, compiling to transactions, probing (no GL: playback is the command's).
        // Lottie files compiled into layer trees and animations: no GL, no model store, so the client
        // library can use it too.
        .target(
            name: "LaminaLottie",
            dependencies: [
                "LaminaCore", "LaminaJSON", "LaminaImage", "CZip", .product(name: "RealModule", package: "swift-numerics"),
            ], swiftSettings: strict),
        .target(
            name: "LaminaScene",
            dependencies: ["LaminaCore", "LaminaModel", "LaminaImage", "LaminaJSON", "LaminaLottie"],
            swiftSettings: strict
        ),
        // The layer property schema and its generator (`make generate`): no dependencies, so it builds
        // first and fast.
        // CPU rasterisation of what the layer kinds draw (shapes through cairo): no GL.
        .target(name: "LaminaSchema", swiftSettings: strict),
        .executableTarget(name: "lamina-schema", dependencies: ["LaminaSchema"], swiftSettings: strict),
        // Fuzzer bytes read as choices, and the transactions a client could send built from them: what
        // every structure-aware fuzz target reads its input with. No GL.
        .target(name: "LaminaFuzzInput", dependencies: ["LaminaCore"], swiftSettings: strict),
        // The whole-path and session fuzz harnesses: the libFuzzer targets (Fuzz/) and the regression tests run them.
        .target(
            name: "LaminaFuzzing",
            dependencies: [
                "LaminaCore", "LaminaFuzzInput", "LaminaModel", "LaminaCompositor", "LaminaRender", "LaminaRenderList", "LaminaWire",
                "LaminaServer", "LaminaSession",
            ],
            swiftSettings: strict
        ),
        // The client library apps import: Core Animation's programming model over the wire.
        .target(
            name: "Lamina",
            dependencies: ["LaminaCore", "LaminaWire", "LaminaImage", "LaminaLottie", "LaminaJSON", "CCairo"],
            swiftSettings: strict
        ),
        // GL layers (CAEAGLLayer): an app's OpenGL ES frames shown as a layer's contents. A product of its
        // own, so that apps without GL do not link EGL.
        .target(
            name: "LaminaGL",
            dependencies: ["Lamina", "LaminaCore", "LaminaWire", "CEGL", "CGLES3"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "lamina",
            dependencies: [
                "LaminaJSON", "Lamina", "LaminaGL", "CGLES3", "LaminaCore", "LaminaModel", "LaminaCompositor", "LaminaRender", "LaminaRenderList", "LaminaRaster", "LaminaScene", "LaminaLottie", "LaminaWire", "LaminaVideo",
                "LaminaWayland",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .executableTarget(
            name: "laminad",
            dependencies: [
                "LaminaCore", "LaminaModel", "LaminaRender", "LaminaRenderList", "LaminaWire", "LaminaServer", "CLaminaSys",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),

        // MARK: Examples of the client library (examples/swift; each runs against laminad).
        .target(name: "ExampleSupport", dependencies: ["Lamina", "LaminaImage"], path: "examples/swift/ExampleSupport", swiftSettings: strict),
        .executableTarget(name: "CardStack", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/CardStack", swiftSettings: strict),
        .executableTarget(name: "SpriteAnimation", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/SpriteAnimation", swiftSettings: strict),
        .executableTarget(name: "LottiePlayer", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/LottiePlayer", swiftSettings: strict),
        .executableTarget(name: "PauseResume", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/PauseResume", swiftSettings: strict),
        .executableTarget(name: "CairoDrawing", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/CairoDrawing", swiftSettings: strict),
        .executableTarget(name: "DeepZoom", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/DeepZoom", swiftSettings: strict),
        .executableTarget(name: "ShapesAndText", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/ShapesAndText", swiftSettings: strict),
        .executableTarget(name: "TapTiles", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/TapTiles", swiftSettings: strict),
        .executableTarget(
            name: "SpinningGL", dependencies: ["Lamina", "LaminaGL", "ExampleSupport", "CGLES3"], path: "examples/swift/SpinningGL",
            swiftSettings: strict),
        .executableTarget(name: "CubeAndConfetti", dependencies: ["Lamina", "ExampleSupport"], path: "examples/swift/CubeAndConfetti", swiftSettings: strict),

        // MARK: Tests.
        // What every suite shares: approximate equality, a seeded generator, the repository's files.
        .target(name: "LaminaTestSupport", dependencies: ["LaminaCore", "LaminaFuzzInput"], path: "Tests/TestSupport", swiftSettings: strict),
        // The smallest Wayland compositor the Wayland output's tests need (Weston 10 cannot inject input).
        .executableTarget(
            name: "lamina-wayland-test-host",
            dependencies: ["CLaminaWayland"],
            path: "Tests/WaylandTestHost",
            linkerSettings: [.linkedLibrary("wayland-server"), .linkedLibrary("xkbcommon")]
        ),
        .testTarget(
            name: "LaminaCoreTests",
            dependencies: ["LaminaTestSupport", 
                "LaminaCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LaminaRenderTests",
            dependencies: ["LaminaTestSupport", "LaminaRender", "LaminaRenderList", "LaminaRaster", "LaminaCore", "Shaders", "CGLES3"],
            swiftSettings: strict
        ),
        // The render list's invariant suite: on the CPU alone (no GL in its dependency closure).
        .testTarget(
            name: "LaminaRenderListTests",
            dependencies: ["LaminaTestSupport", "LaminaRenderListChecks", "LaminaRenderList", "LaminaModel", "LaminaCore"],
            swiftSettings: strict
        ),
        .testTarget(name: "LaminaJSONTests", dependencies: ["LaminaJSON", "LaminaTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LaminaRasterTests",
            dependencies: ["LaminaRaster", "LaminaCore"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LaminaWireTests",
            dependencies: ["LaminaTestSupport", 
                "LaminaWire", "LaminaCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LaminaDaemonTests",
            dependencies: ["LaminaTestSupport", "Lamina", "LaminaGL", "LaminaWire", "LaminaCore", "LaminaModel", "LaminaScene", "LaminaRender", "LaminaRenderList", "LaminaVideo", "CLaminaSys", "CGLES3"],
            swiftSettings: strict
        ),
        .testTarget(name: "LaminaGLTests", dependencies: ["LaminaGL"], swiftSettings: strict),
        .testTarget(
            name: "LaminaServerTests",
            dependencies: ["LaminaSession", "LaminaTestSupport", "LaminaServer", "LaminaModel", "LaminaCompositor", "LaminaRender", "LaminaRenderList", "LaminaCore", "LaminaWire", "LaminaFuzzing", "LaminaWayland"],
            swiftSettings: strict
        ),
        .testTarget(name: "LaminaLottieTests", dependencies: ["LaminaLottie", "LaminaCore", "LaminaJSON", "LaminaTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LaminaSceneTests",
            dependencies: ["LaminaJSON", "LaminaTestSupport", "LaminaScene", "LaminaModel", "LaminaImage", "LaminaCore", "LaminaVideo"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LaminaSchemaTests",
            dependencies: ["LaminaSchema", "LaminaCore"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SystemLibraryTests",
            dependencies: ["CEGL", "CGLES3", "CGBM", "CDRM", "CPNG"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
