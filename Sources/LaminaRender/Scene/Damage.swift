/// The part of an output a frame redraws, in whole target pixels: nothing, one box, or everything.
///
/// A retained output keeps last frame's pixels; a frame that changed a few layers redraws the union of
/// their old and new screen bounds (wlroots' and Weston's damage) and leaves the rest as it was. One
/// box rather than a list of rectangles: the renderer draws the frame's commands once, scissored to it,
/// and skips the instances that lie outside.
public struct Damage: Hashable, Sendable, CustomStringConvertible {
    /// Whether the whole output is redrawn.
    public private(set) var isFull: Bool
    /// The box redrawn when not everything is; nil when nothing is.
    public private(set) var box: PixelRegion?

    /// Nothing to redraw.
    public static let none = Damage(isFull: false, box: nil)
    /// Everything to redraw.
    public static let full = Damage(isFull: true, box: nil)

    /// Whether nothing is to be redrawn.
    public var isEmpty: Bool { !isFull && box == nil }

    /// Adds the pixels a quad whose bounding box is `bounds` (target pixels, fractional) may touch,
    /// with a pixel of margin for anti-aliased edges; nil bounds (a corner behind the eye) damage
    /// everything.
    mutating func add(_ bounds: (minX: Float, minY: Float, maxX: Float, maxY: Float)?) {
        guard !isFull else { return }
        guard let b = bounds, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else {
            self = .full
            return
        }
        let limit: Float = 16_777_216
        let x0 = Int(max(-limit, min(limit, b.minX.rounded(.down) - 1)))
        let y0 = Int(max(-limit, min(limit, b.minY.rounded(.down) - 1)))
        let x1 = Int(max(-limit, min(limit, b.maxX.rounded(.up) + 1)))
        let y1 = Int(max(-limit, min(limit, b.maxY.rounded(.up) + 1)))
        guard x1 > x0, y1 > y0 else { return }
        add(PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Adds a region.
    mutating func add(_ region: PixelRegion) {
        guard !isFull, !region.isEmpty else { return }
        guard let box else {
            self.box = region
            return
        }
        let x0 = min(box.x, region.x), y0 = min(box.y, region.y)
        let x1 = max(box.x + box.width, region.x + region.width), y1 = max(box.y + box.height, region.y + region.height)
        self.box = PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Adds another frame's damage.
    mutating func formUnion(_ other: Damage) {
        if other.isFull { self = .full } else if let box = other.box { add(box) }
    }

    /// The damage within a `width` x `height` target: a box that covers it all counts as everything,
    /// one outside it as nothing.
    func clipped(width: Int, height: Int) -> Damage {
        guard !isFull, let box else { return self }
        let whole = PixelRegion(x: 0, y: 0, width: width, height: height)
        let inside = box.intersection(whole)
        if inside.isEmpty { return .none }
        if inside == whole { return .full }
        return Damage(isFull: false, box: inside)
    }

    /// `full`, `none` or the box.
    public var description: String { isFull ? "full" : box.map { "\($0)" } ?? "none" }
}
