/// Why `TextRasterizer` refused to rasterise or measure: the inputs are outside its documented limits,
/// or cairo could not make a surface. Nothing is drawn; the renderer shows the layer without text.
public enum TextRasterError: Error, Hashable, CustomStringConvertible {
    /// A size was not finite, negative, or above `TextRasterizer.maximumPoints`, or the scale was not
    /// finite and above zero.
    case invalidGeometry(width: Double, height: Double, scale: Double)
    /// The mask would pass `TextRasterizer.maximumPixelSide` on a side or
    /// `TextRasterizer.maximumPixelCount` in all (sizes in pixels, already rounded up; a size too
    /// large to count is reported as `Int.max`).
    case tooLarge(width: Int, height: Int)
    /// The font size was not finite or was above `TextRasterizer.maximumFontSize`.
    case invalidFontSize(Double)
    /// cairo could not make the image surface (its status message: usually memory).
    case surfaceFailed(String)

    public var description: String {
        switch self {
        case .invalidGeometry(let width, let height, let scale):
            "a text layer of \(width)x\(height) points at scale \(scale): sizes must be finite and in "
                + "0...\(TextRasterizer.maximumPoints) points, and the scale finite and above 0"
        case .tooLarge(let width, let height):
            "a text mask of \(width)x\(height) pixels is larger than \(TextRasterizer.maximumPixelSide) "
                + "pixels on a side or \(TextRasterizer.maximumPixelCount) pixels in all"
        case .invalidFontSize(let size):
            "a font size of \(size) points is not finite or is above \(TextRasterizer.maximumFontSize)"
        case .surfaceFailed(let status):
            "cairo could not make the text's surface: \(status)"
        }
    }
}
