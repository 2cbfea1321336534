public import LaminaCore
public import LaminaLottie
import LaminaJSON

/// A Lottie file, compiled (lottie-ios's `LottieAnimation`): its size, frame rate, frames, markers and
/// what of it plays differently (`diagnostics`). A `LottieLayer` shows it; compiling happens once,
/// here, and playing costs the app nothing per frame.
public struct LottieAnimation: Sendable {
    /// The file compiled, its layers numbered from 1 (a layer renumbers them into its session).
    public let composition: LottieComposition

    /// Compiles a Lottie file's bytes; images named by file are read from `folder` (nil: none are). A
    /// dotLottie's bytes (`.lottie`) compile its `animation` (the active one when nil) with its images.
    public init(data: [UInt8], folder: String? = nil, animation: String? = nil) throws(LottieError) {
        composition = try LottieImporter.compile(data, folder: folder, animation: animation)
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
