public import LaminaCore
public import LaminaModel
public import LaminaRenderList

/// Which tiles have been asked of their clients, and when: plain data, so that what a daemon asks for
/// and what it accepts is tested without a socket. Each frame's needs (`Compositor.tileRequests`) go
/// through `toAsk(_:)`: a tile not asked yet is asked now, one still unanswered `askAgainAfter` frames
/// later is asked again, and one no longer needed is forgotten, so that its answer, arriving late, is
/// ignored (`answer` is false) and counted.
public struct TileRequestTracker: Sendable {
    /// Frames a tile waits for its answer before it is asked again (half a second at 60 Hz).
    public static let askAgainAfter: UInt64 = 30

    struct Key: Hashable, Sendable {
        var client: ClientID
        var layer: LayerHandle
        var key: TileKey
    }

    /// The frame each outstanding tile was last asked in.
    private var asked: [Key: UInt64] = [:]
    private var frame: UInt64 = 0
    /// Answers to tiles not asked, or no longer needed, since the tracker was made.
    public private(set) var ignored = 0

    public init() {}

    /// Whether a tile is asked and unanswered.
    public var hasOutstanding: Bool { !asked.isEmpty }

    /// Of `needed` (one frame's needs, in their order), those to ask now: not asked yet, or asked at
    /// least `askAgainAfter` frames ago; tiles no longer needed are forgotten.
    public mutating func toAsk(_ needed: [TileRequest]) -> [TileRequest] {
        frame += 1
        var outstanding: [Key: UInt64] = [:]
        var ask: [TileRequest] = []
        for request in needed {
            let key = Key(client: request.client, layer: request.layer, key: request.key)
            if let at = asked[key], frame - at < Self.askAgainAfter {
                outstanding[key] = at
            } else {
                outstanding[key] = frame
                ask.append(request)
            }
        }
        asked = outstanding
        return ask
    }

    /// Takes an answer: true when the tile was asked and is still needed (it is then no longer
    /// outstanding), false (and counted) otherwise.
    public mutating func answer(client: ClientID, layer: LayerHandle, key: TileKey) -> Bool {
        guard asked.removeValue(forKey: Key(client: client, layer: layer, key: key)) != nil else {
            ignored += 1
            return false
        }
        return true
    }

    /// Forgets a client's tiles (it left), or one layer's (drawn anew: they are asked again at once).
    public mutating func forget(_ client: ClientID, layer: LayerHandle? = nil) {
        asked = asked.filter { $0.key.client != client || (layer != nil && $0.key.layer != layer) }
    }
}
