public import LaminaModel
public import LaminaCore
public import LaminaWire

/// What the I/O thread hands the compositor thread: requests already decoded and checked against
/// everything the I/O side knows (framing, limits, pools), in each client's order.
public enum CompositorRequest: Sendable {
    /// A client finished its handshake.
    case connect(ClientID, name: String, limits: LayerStore.Limits)
    /// A client is gone: its layers, bitmaps and queued work go with it.
    case disconnect(ClientID)
    /// A transaction for the next frame boundary.
    case commit(ClientID, Commit<BitmapContents>)
    /// A frame callback at the next frame.
    case requestFrame(ClientID, serial: UInt32)
    /// A layer's presentation values now.
    case queryPresentation(ClientID, serial: UInt32, layer: LayerHandle)
    /// The output's pixels after the next frame, as PNG or into a pool.
    case screenshot(ClientID, serial: UInt32, pool: SharedMemoryPool?, offset: Int)
    /// The counters; the I/O side adds what it alone knows (pools).
    case stats(ClientID, serial: UInt32, pools: Int, poolBytes: Int)
    /// A layer tree: the client's own or (already checked for privilege) every client's; refused
    /// with `limitExceeded` when its encoding would pass `maxBytes`.
    case tree(ClientID, serial: UInt32, scope: TreeScope, maxBytes: Int)
    /// The deepest layer of a client's subtree drawn at a point on the frame on screen.
    case hitTest(ClientID, serial: UInt32, layer: LayerHandle, point: Point)
    /// A tile of one of the client's tiled layers, drawn, its pixels in the client's pool (checked to
    /// lie inside it): the compositor checks it was asked for and has the size asked.
    case provideTile(ClientID, WireTile, BitmapPixels)
    /// The tiles of one of the client's tiled layers meeting a rectangle (all, for nil) are to be drawn
    /// again.
    case invalidateTiles(ClientID, layer: LayerHandle, rect: Rect?)
    /// A DMA-BUF to import as one of the client's bitmaps (checked against the limits; the daemon said
    /// it imports them): refused with an error carrying `serial` when the import fails.
    case importBuffer(ClientID, serial: UInt32, SharedBuffer)
}

/// What the compositor thread hands back: a message for one client, or the end of one.
public enum ClientDelivery: Sendable {
    case message(ClientID, ServerMessage)
    /// A message for one client that answers none of its requests, whatever its kind: an error about a
    /// tile or a shared buffer, which the session's count of requests awaiting replies must not take
    /// for the answer to one.
    case notice(ClientID, ServerMessage)
    /// The compositor has forgotten the client (after `disconnect`).
    case forgotten(ClientID)
    /// The output changed size or scale: every client is told, and later welcomes describe it.
    case outputChanged(OutputInfo)
}
