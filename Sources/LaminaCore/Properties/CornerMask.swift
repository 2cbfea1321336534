/// A set of a layer's corners (`CACornerMask`): which corners `cornerRadius` rounds
/// (`maskedCorners`). `minY` is the top: Lamina's canvas is y-down.
public struct CornerMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }

    /// The top-left corner (`layerMinXMinYCorner`).
    public static let minXMinY = CornerMask(rawValue: 1)
    /// The top-right corner.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// All four, Core Animation's default.
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// The corners by their names in scene files, in bit order.
    public static let names: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// The names of the corners in the set, in bit order.
    public var description: String { Self.names.filter { contains($0.corner) }.map(\.name).joined(separator: ", ") }
}
