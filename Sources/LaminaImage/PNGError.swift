/// A PNG could not be encoded, written, read or decoded: what was being done (naming the file when
/// there is one) and libpng's own message.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: Hashable, Sendable, CustomStringConvertible {
        /// Encoding into memory.
        case encode
        /// Writing the file at `path`.
        case write(path: String)
        /// Decoding bytes in memory.
        case decode
        /// Reading and decoding the file at `path`.
        case read(path: String)

        /// `encode PNG`, `write PNG file PATH`, ...
        public var description: String {
            switch self {
            case .encode: "encode PNG"
            case .write(let path): "write PNG file \(path)"
            case .decode: "decode PNG"
            case .read(let path): "read PNG file \(path)"
            }
        }
    }

    /// What was being done.
    public let operation: Operation
    /// Why it failed: libpng's message (`Not a PNG file`, ...) or Lamina's own limit.
    public let message: String

    /// `cannot read PNG file PATH: message`.
    public var description: String { "cannot \(operation): \(message)" }
}
