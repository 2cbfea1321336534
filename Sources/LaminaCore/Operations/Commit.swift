/// One unit of work: what a client commits at once — operations applied atomically, in order, at one
/// frame boundary; the bitmaps they bring; the bitmaps dropped once they applied — in the form of the
/// stage it is at: on the wire its bitmaps are references into the client's pools (`LaminaWire`'s
/// `WireBitmap`), in the compositor their pixels (`LaminaModel`'s `BitmapContents`). One name from the
/// socket to the frame; `Transaction` is the client's, Core Animation's, which commits one of these.
public struct Commit<Bitmap: Sendable>: Sendable {
    /// The client's number for it, echoed in its acknowledgement, error and completion.
    public var serial: UInt32
    /// The operations, in the order the client made them.
    public var operations: [LayerOperation]
    /// The bitmaps the operations may refer to (by the client's `BitmapID`), uploaded before they apply.
    public var bitmaps: [Bitmap]
    /// The client's bitmaps to drop once the operations applied (its identities; unknown ones are
    /// ignored): their textures are freed, and layers still showing them show nothing.
    public var released: [BitmapID]
    /// The media time it is stamped with (animations with `beginTime` 0 begin then); nil stamps it with
    /// the time of the frame that applies it, as the daemon does. Not on the wire.
    public var commitTime: Double?

    /// A commit.
    public init(
        serial: UInt32, bitmaps: [Bitmap] = [], operations: [LayerOperation] = [], released: [BitmapID] = [],
        commitTime: Double? = nil
    ) {
        self.serial = serial
        self.bitmaps = bitmaps
        self.operations = operations
        self.released = released
        self.commitTime = commitTime
    }

    /// The same commit with its bitmaps in another form (the pools' references resolved to pixels).
    public func withBitmaps<Other: Sendable>(_ bitmaps: [Other]) -> Commit<Other> {
        Commit<Other>(serial: serial, bitmaps: bitmaps, operations: operations, released: released, commitTime: commitTime)
    }
}

extension Commit: Equatable where Bitmap: Equatable {}
extension Commit: Hashable where Bitmap: Hashable {}
