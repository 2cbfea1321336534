/// An sRGB colour with straight (not premultiplied) alpha, components nominally in 0...1.
///
/// Straight alpha is what users write and what animations interpolate; the renderer blends
/// premultiplied colours, which `premultiplied` gives.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour from sRGB components and straight alpha.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Transparent black: Core Animation's `nil` colour, and what a missing `backgroundColor` draws.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// The colour with its RGB components multiplied by alpha.
    @inlinable
    public var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil for anything else.
    public init?(hex: some StringProtocol) {
        guard hex.first == "#" else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(Double(byte) / 255)
            index = next
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }
}
