/// Why bytes could not be decoded as a Lamina message: what was being read, at which byte offset of the
/// message body, and what was wrong.
///
/// A decoding error means the client sent something no correct client sends. Whether the connection
/// survives depends on where it happened: a bad message *body* inside a well-framed message is answered
/// with an error and skipped; a bad *frame* (length, descriptor count) corrupts the stream and ends it.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset within the message body where the problem was found.
    public var offset: Int
    /// What was wrong, in words: `operation 3: unknown property id 77`.
    public var message: String

    /// An error at `offset`.
    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(message) (at byte \(offset))" }
}
