public import LaminaCore
public import LaminaLottie
import LaminaImage

#if canImport(Glibc)
    import Glibc
#endif

/// A Lottie file, compiled (lottie-ios's `LottieAnimation`): its size, frame rate, frames, markers and
/// what of it plays differently (`diagnostics`). A `LottieLayer` shows it; compiling happens once,
/// here, and playing costs the app nothing per frame.
public struct LottieAnimation: Sendable {
    /// The file compiled, its layers numbered from 1 (a layer renumbers them into its session).
    public let composition: LottieComposition

    /// Compiles a Lottie file's bytes.
    public init(data: [UInt8]) throws(LottieError) {
        composition = try LottieImporter.compile(data)
    }

    /// Reads and compiles the Lottie file at `path` (at most 256 MiB).
    public init(contentsOfFile path: String) throws(LottieError) {
        guard let file = fopen(path, "rb") else {
            throw LottieError(path: "", message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<n]
            guard bytes.count <= 256 << 20 else { throw LottieError(path: "", message: "\(path) is larger than 256 MiB") }
            if n < chunk.count { break }
        }
        try self.init(data: bytes)
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
