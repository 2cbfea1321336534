import LaminaCore

/// What the last frames shown changed, for an output that keeps several buffers: a buffer last shown
/// `age` presents ago holds that frame's pixels, so it needs what every frame since changed written
/// again, and nothing else (`EGL_EXT_buffer_age`'s rule). The Wayland output keeps one for its
/// `wl_shm` buffers and one for an EGL window's back buffers alike.
public struct DamageHistory: Sendable {
    /// How many presents are remembered: a buffer older than that is written whole.
    public let capacity: Int
    /// What the frames drawn since the last present changed.
    public private(set) var pending = Damage.none
    /// What each of the last presents changed, newest last.
    private var presented: [Damage] = []

    /// An empty history remembering `capacity` presents.
    public init(capacity: Int = 4) {
        self.capacity = max(capacity, 0)
    }

    /// A frame was drawn that changed `damage` (target pixels, top first); it is shown with the next
    /// present.
    public mutating func drawn(_ damage: Damage) {
        pending.formUnion(damage)
    }

    /// What a `width` x `height` buffer shown `age` presents ago must have written to show the frames
    /// drawn since the last present: their damage and that of every present since the buffer's; all of
    /// it when `age` is 0 (undefined contents) or older than the history.
    public func damage(forBufferAge age: Int, width: Int, height: Int) -> Damage {
        guard age > 0, age - 1 <= presented.count else { return .full }
        var changed = pending
        for damage in presented.suffix(age - 1) { changed.formUnion(damage) }
        return changed.clipped(width: width, height: height)
    }

    /// The pending frames were shown.
    public mutating func present() {
        presented.append(pending)
        if presented.count > capacity { presented.removeFirst(presented.count - capacity) }
        pending = .none
    }
}
