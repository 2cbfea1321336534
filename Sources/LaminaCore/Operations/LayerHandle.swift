/// A client's name for one of its layers: chosen by the client, meaningful only inside that client's
/// namespace. The compositor maps handles to the `LayerID`s of its own tree, so a client can never
/// reach another client's layers, and handles survive the server recycling tree slots.
public struct LayerHandle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The client's number for the layer.
    public var rawValue: UInt64

    /// Wraps a client's number.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (a: LayerHandle, b: LayerHandle) -> Bool { a.rawValue < b.rawValue }

    /// `layer@N`.
    public var description: String { "layer@\(rawValue)" }
}
