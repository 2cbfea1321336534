public import LaminaCore
public import LaminaLottie
import LaminaJSON

/// A Lottie file, compiled (lottie-ios's `LottieAnimation`): its size, frame rate, frames, markers and
/// what of it plays differently (`diagnostics`). A `LottieLayer` shows it; compiling happens once,
/// here, and playing costs the app nothing per frame.
public struct LottieAnimation: Sendable {
    /// The file compiled, its layers numbered from 1 (a layer renumbers them into its session).
    public let composition: LottieComposition
    /// The values that replace the file's, by keypath (see `setting(_:for:)`).
    public let valueProviders: LottieValueProviders
    /// What was compiled, to compile it again with other value providers.
    private let source: (bytes: [UInt8], folder: String?, animation: String?)

    /// Compiles a Lottie file's bytes; images named by file are read from `folder` (nil: none are). A
    /// dotLottie's bytes (`.lottie`) compile its `animation` (the active one when nil) with its images.
    /// `valueProviders` replace the values of the properties their keypaths match.
    public init(
        data: [UInt8], folder: String? = nil, animation: String? = nil, valueProviders: LottieValueProviders = LottieValueProviders()
    ) throws(LottieError) {
        composition = try LottieImporter.compile(data, folder: folder, animation: animation, valueProviders: valueProviders)
        self.valueProviders = valueProviders
        source = (data, folder, animation)
    }

    /// The animation compiled again with `provider` for the properties `keypath` matches (after those
    /// set before; the latest wins where several match).
    public func setting(_ provider: LottieValueProvider, for keypath: LottieKeypath) throws(LottieError) -> LottieAnimation {
        var providers = valueProviders
        providers.set(provider, for: keypath)
        return try LottieAnimation(data: source.bytes, folder: source.folder, animation: source.animation, valueProviders: providers)
    }

    /// The keypath of every property a value provider can set (lottie-ios's `logHierarchyKeypaths()`).
    public func keypaths() -> [LottieKeypath] {
        (try? LottieImporter.keypaths(of: source.bytes, animation: source.animation)) ?? []
    }

    /// Reads and compiles the Lottie or dotLottie file at `path` (at most 256 MiB, as scene files); of a
    /// dotLottie, its `animation` (the active one when nil).
    public init(contentsOfFile path: String, animation: String? = nil) throws(LottieError) {
        let bytes: [UInt8]
        do { bytes = try JSONFile.bytes(atPath: path, limit: 256 << 20) } catch {
            throw LottieError(path: "", message: "\(path): \(error)")
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        try self.init(data: bytes, folder: folder.isEmpty ? "/" : folder, animation: animation)
    }

    /// The composition's size in points (`w` x `h`).
    public var size: Size { composition.size }
    /// Frames per second (`fr`).
    public var framerate: Double { composition.frameRate }
    /// The first frame (`ip`) and the last (`op`).
    public var startFrame: Double { composition.inPoint }
    public var endFrame: Double { composition.outPoint }
    /// Seconds from the first frame to the last.
    public var duration: Double { composition.duration }
    /// The file's markers.
    public var markers: [LottieMarker] { composition.markers }
    /// Features that play differently from After Effects (see `docs/lottie.md`).
    public var diagnostics: [LottieDiagnostic] { composition.diagnostics }

    /// The progress (0 at `startFrame`, 1 at `endFrame`) of a frame.
    public func progress(ofFrame frame: Double) -> Double {
        (frame - startFrame) / max(endFrame - startFrame, .leastNonzeroMagnitude)
    }

    /// The frame at a progress.
    public func frame(atProgress progress: Double) -> Double { startFrame + progress * (endFrame - startFrame) }

    /// The marker named `name`.
    public func marker(named name: String) -> LottieMarker? { markers.first { $0.name == name } }
}

/// How a `LottieLayer` repeats what it plays (lottie-ios's `LottieLoopMode`).
public enum LottieLoopMode: Hashable, Sendable {
    /// Once, then hold the last frame.
    case playOnce
    /// Over and over.
    case loop
    /// Forwards, backwards, over and over.
    case autoReverse
    /// `count` times (fractions allowed).
    case `repeat`(Double)
    /// `count` times forwards and backwards.
    case repeatBackwards(Double)
}

// The importer's vocabulary, so an app writes these after `import Lamina` alone.

/// Why a Lottie file was refused: the JSON path and what was wrong.
public typealias LottieError = LaminaLottie.LottieError
/// A path to properties by the names in the file, with `*` and `**` (lottie-ios's `AnimationKeypath`).
public typealias LottieKeypath = LaminaLottie.LottieKeypath
/// A value that replaces the file's (colour, number, point, size, gradient).
public typealias LottieValue = LaminaLottie.LottieValue
/// One value, or keyframes, replacing a property's (lottie-ios's `ValueProvider`s).
public typealias LottieValueProvider = LaminaLottie.LottieValueProvider
/// Value providers by keypath.
public typealias LottieValueProviders = LaminaLottie.LottieValueProviders
