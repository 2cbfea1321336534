/// Why a Wayland window could not be made or kept: the host's words where it gave any.
public struct WaylandError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the display, the global or the size involved.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
