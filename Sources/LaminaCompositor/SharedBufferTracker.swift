public import LaminaCore
public import LaminaModel

/// Which of the clients' imported buffers (DMA-BUFs sampled in place) layers show, and which stopped
/// being shown: the compositor tells a client a buffer is released once no layer of its shows it and
/// the GPU finished the last frame that drew it, and only then may the client render into it again.
/// Plain data, so the rule is tested without a GPU.
///
/// A buffer is "shown" while a layer's model `contents` names it. One never shown is not released
/// (the client still holds it for a first frame); one shown, then not, is released once.
public struct SharedBufferTracker: Sendable {
    /// Each client's imported buffers: the compositor's identity, the client's, and whether shown.
    private var buffers: [ClientID: [BitmapID: (clientID: BitmapID, shown: Bool)]] = [:]

    public init() {}

    /// Whether any client has imported a buffer.
    public var isEmpty: Bool { buffers.isEmpty }

    /// The compositor's identities of `client`'s imported buffers.
    public func buffers(of client: ClientID) -> Set<BitmapID> { buffers[client].map { Set($0.keys) } ?? [] }

    /// Records an import: `id` is the compositor's identity, `clientID` the client's.
    public mutating func add(_ id: BitmapID, clientID: BitmapID, of client: ClientID) {
        buffers[client, default: [:]][id] = (clientID, false)
    }

    /// Forgets a buffer the client dropped (nothing is released: the client let go of it).
    public mutating func remove(_ id: BitmapID, of client: ClientID) {
        buffers[client]?[id] = nil
        if buffers[client]?.isEmpty == true { buffers[client] = nil }
    }

    /// Forgets a client.
    public mutating func remove(_ client: ClientID) { buffers[client] = nil }

    /// Records which of `client`'s buffers layers show now (`shown`, compositor identities); returns the
    /// client's identities of those shown before and not now.
    public mutating func update(_ client: ClientID, shown: Set<BitmapID>) -> [BitmapID] {
        guard var held = buffers[client] else { return [] }
        var released: [BitmapID] = []
        for (id, entry) in held {
            let now = shown.contains(id)
            if entry.shown, !now { released.append(entry.clientID) }
            held[id]?.shown = now
        }
        buffers[client] = held
        return released.sorted { $0.rawValue < $1.rawValue }
    }
}
