/// One client of the compositor: a connection to the daemon, or the scene a `lamina` command plays.
/// Each client has its own namespace of layer and bitmap handles.
public struct ClientID: Hashable, Sendable, CustomStringConvertible {
    /// The compositor's number for the client.
    public var rawValue: UInt64

    /// Wraps a number.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// `client#N`.
    public var description: String { "client#\(rawValue)" }
}
