import LaminaWire
import Synchronization

/// A tile drawn on a worker thread, for the main actor to send (nil pixels: cairo refused its size).
struct DrawnTile: Sendable {
    let tile: WireTile
    let pixels: [UInt8]?
    let width: Int, height: Int
    /// The connection's `reconnections` when it was asked for.
    let opened: Int
}

/// Where worker threads leave drawn tiles.
final class TileInbox: Sendable {
    private let tiles = Mutex<[DrawnTile]>([])
    func put(_ tile: DrawnTile) { tiles.withLock { $0.append(tile) } }
    func take() -> [DrawnTile] { tiles.withLock { taken in defer { taken = [] }; return taken } }
}
