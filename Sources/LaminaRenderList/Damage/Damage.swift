public import LaminaCore

/// The part of an output a frame redraws, in whole target pixels: nothing, a few boxes, or everything.
///
/// A retained output keeps last frame's pixels; a frame that changed a few layers redraws the union of
/// their old and new screen bounds (wlroots' and Weston's damage) and leaves the rest as it was. The
/// region is at most `maximumBoxes` boxes: overlapping boxes merge, and past the limit the two whose
/// union grows least merge, so two small changes far apart cost two small boxes, not the screen
/// between them. The renderer draws the frame's commands once per box, scissored to it, skipping the
/// instances outside it (once over the box around them all when the frame has backdrops).
public struct Damage: Hashable, Sendable, CustomStringConvertible {
    /// Whether the whole output is redrawn.
    public private(set) var isFull: Bool
    /// The boxes redrawn when not everything is (disjoint); empty when nothing is.
    public private(set) var boxes: [PixelRegion]

    /// The most boxes a damage keeps.
    public static let maximumBoxes = 4

    /// Nothing to redraw.
    public static let none = Damage(isFull: false, boxes: [])
    /// Everything to redraw.
    public static let full = Damage(isFull: true, boxes: [])

    /// Whether nothing is to be redrawn.
    public var isEmpty: Bool { !isFull && boxes.isEmpty }

    /// The box around every damaged box; nil when nothing or everything is damaged.
    public var box: PixelRegion? {
        guard !isFull, var result = boxes.first else { return nil }
        for b in boxes.dropFirst() { result = Self.union(result, b) }
        return result
    }

    /// Adds the pixels a quad whose bounding box is `bounds` (target pixels, fractional) may touch,
    /// with a pixel of margin for anti-aliased edges; nil bounds (a corner behind the eye) damage
    /// everything.
    mutating func add(_ bounds: (minX: Float, minY: Float, maxX: Float, maxY: Float)?) {
        guard !isFull else { return }
        guard let b = bounds, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else {
            self = .full
            return
        }
        // Bounds come through a float clip-space round trip: within a thousandth of a whole pixel is
        // that pixel's edge (the margin covers the anti-aliased fringe, not rounding noise).
        let limit: Float = 16_777_216, slack: Float = 1e-3
        let x0 = Int(max(-limit, min(limit, (b.minX + slack).rounded(.down) - 1)))
        let y0 = Int(max(-limit, min(limit, (b.minY + slack).rounded(.down) - 1)))
        let x1 = Int(max(-limit, min(limit, (b.maxX - slack).rounded(.up) + 1)))
        let y1 = Int(max(-limit, min(limit, (b.maxY - slack).rounded(.up) + 1)))
        guard x1 > x0, y1 > y0 else { return }
        add(PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Adds a region.
    package mutating func add(_ region: PixelRegion) {
        guard !isFull, !region.isEmpty else { return }
        var merged = region
        // Whatever it overlaps joins it, and whatever the joined box then overlaps, until none does.
        var changed = true
        while changed {
            changed = false
            if let i = boxes.firstIndex(where: { !$0.intersection(merged).isEmpty }) {
                merged = Self.union(merged, boxes.remove(at: i))
                changed = true
            }
        }
        boxes.append(merged)
        while boxes.count > Self.maximumBoxes { mergeCheapestPair() }
    }

    /// Merges the two boxes whose union adds the least area (merging may make it overlap others).
    private mutating func mergeCheapestPair() {
        var best = (0, 1, Int.max)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let u = Self.union(boxes[i], boxes[j])
                let growth = u.width * u.height - boxes[i].width * boxes[i].height - boxes[j].width * boxes[j].height
                if growth < best.2 { best = (i, j, growth) }
            }
        }
        let u = Self.union(boxes[best.0], boxes[best.1])
        boxes.remove(at: best.1)
        boxes.remove(at: best.0)
        add(u)
    }

    /// Adds another frame's damage.
    public mutating func formUnion(_ other: Damage) {
        if other.isFull { self = .full } else { for b in other.boxes { add(b) } }
    }

    /// The damage within a `width` x `height` target: boxes outside it dropped, and one covering it all
    /// counted as everything.
    public func clipped(width: Int, height: Int) -> Damage {
        guard !isFull else { return self }
        let whole = PixelRegion(x: 0, y: 0, width: width, height: height)
        var result = Damage.none
        for b in boxes {
            let inside = b.intersection(whole)
            if inside == whole { return .full }
            if !inside.isEmpty { result.boxes.append(inside) }
        }
        return result
    }

    /// The smallest region holding both.
    package static func union(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `full`, `none` or the boxes.
    public var description: String {
        isFull ? "full" : boxes.isEmpty ? "none" : boxes.map { "\($0)" }.joined(separator: " ")
    }
}
