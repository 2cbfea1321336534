/// Positions and directions along a path by distance travelled: what a paced keyframe animation
/// (`calculationMode = .paced`) needs to move a layer at constant speed, and what `rotationMode` needs
/// to turn it along the way.
///
/// A Bézier curve's parameter does not advance at constant speed, so the sampler builds a table once:
/// each segment is cut at parameters spaced evenly enough that the chords stay within `tolerance` of
/// the curve (Wang's bound on the control points' second differences, so the count is fixed per curve
/// and needs no recursion), and the arc length of each piece is integrated numerically (Gauss–Legendre,
/// refined adaptively around cusps), so the total is the curve's true length, not the chords'. A query finds
/// its piece by binary search and interpolates the Bézier parameter linearly inside it; the point and
/// the tangent then come from the curve itself. So points always lie on the path, tangents turn
/// smoothly rather than in chord-sized steps, and the distance is right to within about `tolerance`.
///
/// Distance counts only what is drawn: a move between subpaths is a jump that takes no distance, and a
/// ``Path/Element/close`` counts as the line back to its subpath's start. At the exact distance of a
/// jump the sampler reports the end of the earlier subpath; anything beyond is on the later one.
/// Pieces of zero length (a close that is already at the start, a degenerate curve) are never reported.
///
/// Build it once per animation and share it: it is an immutable value and queries are O(log n).
public struct PathSampler: Sendable {
    /// The largest distance, in points, allowed between the curve and the chords the table is built
    /// from, as passed to ``Path/sampler(tolerance:)``.
    public let tolerance: Double

    /// The length of everything drawn, in points: the sum of the segments' arc lengths, jumps excluded.
    public let totalLength: Double

    /// One segment's share of the table: parameters and the cumulative distance at each.
    private struct Piece: Sendable {
        var segment: Path.Segment
        /// Increasing from 0 to 1.
        var parameters: [Double]
        /// Distance from the start of the path at each parameter.
        var distances: [Double]
        var startDistance: Double { distances[0] }
        var endDistance: Double { distances[distances.count - 1] }
    }

    private let pieces: [Piece]

    /// Where a path with nothing drawn "is": its first move, or the origin.
    private let restingPoint: Point

    /// The most pieces one curve is cut into, so an absurd tolerance or a huge curve cannot exhaust
    /// memory; at this count the chords are still far finer than a pixel for any on-screen path.
    static let maximumSubdivisions = 4096

    /// The most pieces of a whole path's table, and the most halvings its arc lengths may take: over
    /// the first, every curve is cut more coarsely in proportion. Together they bound the work and
    /// memory of a table (built when an animation is decoded, before anything else checks it) whatever
    /// the path's size, element count or coordinates.
    static let maximumPieces = 4096
    static let refinementBudget = 4096

    init(path: Path, tolerance: Double) {
        self.tolerance = tolerance
        let effectiveTolerance = tolerance > 1e-9 ? tolerance : 1e-9
        var pieces: [Piece] = []
        var distance = 0.0
        let segments = path.segments
        var counts = segments.map { Self.subdivisions(of: $0, tolerance: effectiveTolerance) }
        let total = counts.reduce(0, +)
        if total > Self.maximumPieces {
            counts = counts.map { Swift.max(1, $0 * Self.maximumPieces / total) }
        }
        var budget = Self.refinementBudget
        for (segment, count) in zip(segments, counts) {
            var parameters = [0.0]
            var distances = [distance]
            parameters.reserveCapacity(count + 1)
            distances.reserveCapacity(count + 1)
            for index in 1...count {
                let t = index == count ? 1 : Double(index) / Double(count)
                distance += segment.arcLength(from: parameters[parameters.count - 1], to: t, budget: &budget)
                parameters.append(t)
                distances.append(distance)
            }
            pieces.append(Piece(segment: segment, parameters: parameters, distances: distances))
        }
        self.pieces = pieces
        self.totalLength = distance
        var resting = Point.zero
        if case .move(let p)? = path.elements.first { resting = p }
        self.restingPoint = resting
    }

    /// How many equal parameter steps keep the chords within `tolerance` of the curve: for a Bézier of
    /// degree d with largest control-point second difference M, n = ⌈√(d(d−1)·M / (8·tolerance))⌉.
    static func subdivisions(of segment: Path.Segment, tolerance: Double) -> Int {
        let bound: Double
        switch segment {
        case .line:
            return 1
        case .quadCurve(let p0, let p2, let p1):
            bound = 2 * secondDifference(p0, p1, p2) / 8
        case .curve(let p0, let p3, let p1, let p2):
            bound = 6 * Swift.max(secondDifference(p0, p1, p2), secondDifference(p1, p2, p3)) / 8
        }
        let n = (bound / tolerance).squareRoot().rounded(.up)
        // Huge coordinates make n huge (or infinite, or NaN): all of those are the most pieces.
        guard n < Double(maximumSubdivisions) else { return maximumSubdivisions }
        return Swift.max(n.saturatingInt, 1)
    }

    private static func secondDifference(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let (x, y) = (a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y)
        return (x * x + y * y).squareRoot()
    }

    // MARK: Queries

    /// The point `distance` points along the path, clamped to `0...totalLength` (NaN reads as 0).
    ///
    /// A path that draws nothing always answers its first move point (or the origin when empty).
    public func point(atDistance distance: Double) -> Point {
        guard let (segment, t) = locate(distance) else { return restingPoint }
        return segment.point(at: t)
    }

    /// The direction of travel `distance` points along the path, in radians: `atan2(dy, dx)` in
    /// Lamina's y-down coordinates as they are, so 0 is rightward and π/2 is down the screen.
    ///
    /// This is the angle `rotationMode = .rotateAuto` adds to a layer's rotation. The distance is clamped
    /// as in ``point(atDistance:)``; at a corner the incoming direction wins, except at distance 0. A
    /// path that draws nothing answers 0.
    public func tangentAngle(atDistance distance: Double) -> Double {
        guard let (segment, t) = locate(distance) else { return 0 }
        return segment.tangentAngle(at: t)
    }

    /// The point at a fraction of the total length, clamped to `0...1`: what a paced animation asks for
    /// at each moment, once its timing function has turned time into progress.
    public func point(atFraction fraction: Double) -> Point {
        point(atDistance: Self.clampedFraction(fraction) * totalLength)
    }

    /// The direction of travel at a fraction of the total length, clamped to `0...1` (see
    /// ``tangentAngle(atDistance:)``).
    public func tangentAngle(atFraction fraction: Double) -> Double {
        tangentAngle(atDistance: Self.clampedFraction(fraction) * totalLength)
    }

    private static func clampedFraction(_ fraction: Double) -> Double {
        fraction > 0 ? Swift.min(fraction, 1) : 0
    }

    /// The segment and Bézier parameter at a distance: the first piece of positive length that reaches
    /// it (zero-length pieces only when nothing else exists), then linear interpolation of the parameter
    /// between the two table entries around it.
    private func locate(_ distance: Double) -> (Path.Segment, Double)? {
        guard !pieces.isEmpty else { return nil }
        let d = distance > 0 ? Swift.min(distance, totalLength) : 0
        var index = firstIndex(in: pieces.count) { pieces[$0].endDistance >= d }
        if index == pieces.count { index = pieces.count - 1 }
        while index + 1 < pieces.count && pieces[index].endDistance <= pieces[index].startDistance {
            index += 1
        }
        let piece = pieces[index]
        let distances = piece.distances
        var k = firstIndex(in: distances.count) { distances[$0] >= d }
        k = Swift.min(Swift.max(k, 1), distances.count - 1)
        let (d0, d1) = (distances[k - 1], distances[k])
        let (t0, t1) = (piece.parameters[k - 1], piece.parameters[k])
        let fraction = d1 > d0 ? Swift.min(Swift.max((d - d0) / (d1 - d0), 0), 1) : 0
        return (piece.segment, t0 + fraction * (t1 - t0))
    }

    /// The first index in `0..<count` satisfying a predicate that is false then true (`count` if none).
    private func firstIndex(in count: Int, where predicate: (Int) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension Path {
    /// A table for sampling this path by distance (see ``PathSampler``).
    ///
    /// - Parameter tolerance: The largest distance, in points, allowed between a curve and the chords the
    ///   table is built from; the default, 0.05, is a twentieth of a point, below what a layer moving on
    ///   screen can show. Smaller values give more even speed at the cost of a larger table. Values at or
    ///   below zero are treated as 1e-9, and no curve is cut into more than 4096 pieces.
    public func sampler(tolerance: Double = 0.05) -> PathSampler {
        PathSampler(path: self, tolerance: tolerance)
    }
}
