/// The bounds a Lottie file is held to, so that no file (however hostile) makes the importer, or the
/// layer tree it produces, grow without limit. Each is checked where the thing is met and refused with a
/// `LottieError` naming the limit and the JSON path. `docs/lottie.md` lists them.
public enum LottieLimits {
    /// Precompositions nested in one another (a precomp layer inside an asset inside ...). Recursion
    /// (an asset reaching itself) is refused on its own, whatever the depth.
    public static let maximumPrecompDepth = 16
    /// Shape groups nested in one another.
    public static let maximumGroupDepth = 32
    /// Keyframes of one property.
    public static let maximumKeyframes = 10_000
    /// Vertices of one bezier path (a shape, a mask or a keyframe of one).
    public static let maximumPathVertices = 10_000
    /// Layers produced for one file, counting every precomp instance: the daemon's per-client limit.
    public static let maximumLayers = 65_536
    /// Width or height of the composition, a solid or an image, in points.
    public static let maximumSize = 16_384.0
    /// Width or height of a precomp, in points: only its clip, so exporters' 20,000-point precomps pass.
    public static let maximumPrecompSize = 1_000_000.0
    /// The magnitude of any number in the file: far beyond any size, time or angle a file needs, and
    /// small enough that the products the importer and the compositor form stay finite.
    public static let maximumMagnitude = 1e9
    /// Bytes of one image file or data URI, and pixels of one decoded image.
    public static let maximumImageBytes = 64 << 20
    public static let maximumImagePixels = 16_777_216
    /// Values computed by sampling over the whole file (keyframes of time-remapped and curved motion,
    /// vertices of joined animated paths): 4 million, some 100 MiB at most.
    public static let maximumSampledValues = 4_000_000
    /// Stroke layers made for dash lengths that animate (one per frame sampled, each shown at its
    /// frame), over the whole file: past them a stroke keeps its first lengths, reported.
    public static let maximumDashSamples = 4_096
    /// Frames per second.
    public static let frameRates = 0.001...1_000.0
}
