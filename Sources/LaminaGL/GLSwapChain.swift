/// Which of a GL layer's drawables the app may render into next: `CAMetalLayer`'s pool of drawables
/// as plain data (no GL, no connection), so its rules are tested alone.
///
/// A drawable is free, held by the app (acquired, not yet presented), or presented: its frame on its
/// way to the daemon. A presented drawable is free again once the daemon has taken its frame (the
/// caller says when, through `isTaken`), so an app that renders faster than the daemon composes waits
/// for a drawable instead of queueing frames without end. The least recently used free drawable goes
/// first, so the one presented last is not drawn into next.
struct GLSwapChain<Frame> {
    enum State {
        case free
        case acquired
        case presented(Frame)
    }

    /// Every drawable's state (the chain never shrinks: past `limit`, drawables are not handed out).
    private(set) var states: [State] = []
    /// When each drawable was last handed out or presented (a counter, not a clock).
    private var lastUse: [Int] = []
    private var uses = 0
    /// How many drawables may be in use at once (2 or 3, `GLLayer.maximumDrawableCount`).
    var limit: Int {
        didSet {
            limit = Swift.min(3, Swift.max(2, limit))
            while states.count < limit {
                states.append(.free)
                lastUse.append(0)
            }
        }
    }

    /// A chain of `limit` drawables, all free.
    init(limit: Int) {
        self.limit = Swift.min(3, Swift.max(2, limit))
        states = Array(repeating: .free, count: self.limit)
        lastUse = Array(repeating: 0, count: self.limit)
    }

    /// Frees the presented drawables whose frames the daemon has taken.
    mutating func collect(isTaken: (Frame) -> Bool) {
        for i in states.indices {
            if case .presented(let frame) = states[i], isTaken(frame) { states[i] = .free }
        }
    }

    /// Whether a drawable can be handed out now (after `collect`).
    var hasFree: Bool { freeSlot != nil }

    /// How many drawables are in use: held by the app or presented and not yet taken.
    var inUse: Int {
        states.prefix(limit).count { if case .free = $0 { false } else { true } }
            + states.dropFirst(limit).count { if case .free = $0 { false } else { true } }
    }

    private var freeSlot: Int? {
        // In use past the limit counts against it: lowering the limit takes effect as those are freed.
        guard inUse < limit else { return nil }
        return states.indices.prefix(limit).filter { if case .free = states[$0] { true } else { false } }
            .min { lastUse[$0] < lastUse[$1] }
    }

    /// Hands out the least recently used free drawable, or nil when `limit` are in use.
    mutating func acquire() -> Int? {
        guard let slot = freeSlot else { return nil }
        states[slot] = .acquired
        uses += 1
        lastUse[slot] = uses
        return slot
    }

    /// The app presented drawable `slot`'s frame: in use until the daemon takes it.
    mutating func present(_ slot: Int, frame: Frame) {
        guard case .acquired = states[slot] else { return }
        states[slot] = .presented(frame)
        uses += 1
        lastUse[slot] = uses
    }

    /// The app let go of drawable `slot` without presenting it (or presented nothing new): free again.
    mutating func abandon(_ slot: Int) {
        guard slot < states.count, case .acquired = states[slot] else { return }
        states[slot] = .free
    }
}
