public import LaminaCore

/// The size and look of an output: what the canvas root layer covers.
public struct OutputConfiguration: Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// What shows where no layer draws.
    public var background: Color

    /// The most pixels along one side of an output (GLES guarantees far less; llvmpipe and current GPUs
    /// allow 16384).
    public static let maxPixels = 16384

    /// An output of `width` x `height` points at `scale` pixels per point.
    public init(width: Double, height: Double, scale: Double = 1, background: Color = .clear) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// Width in pixels.
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    /// Height in pixels.
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}
