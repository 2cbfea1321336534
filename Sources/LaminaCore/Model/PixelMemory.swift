/// Memory a client's pixels live in, read in place by the upload that takes them: a shared-memory
/// pool the client writes and the daemon maps. A protocol here, so that the compositor reads a pool
/// without knowing the wire that brought it (`LaminaWire.SharedMemoryPool` conforms).
public protocol PixelMemory: AnyObject, Sendable {
    /// The mapped bytes.
    var bytes: UnsafeMutableRawBufferPointer { get }
}
