import LaminaCore
import RealModule

/// An Offset Path item (`op`): the shape moved out (a positive amount) or in along its normals, as
/// lottie-web and ThorVG draw it.
///
/// Each curved segment is cut into four pieces and each piece offset by moving the legs of its
/// control polygon out along their normals and meeting them again (lottie-web's construction); a
/// straight segment is moved whole. At a corner the offset pieces part or cross: where they cross
/// (the inside of the turn) both are cut back to where their lines meet; where they part, the join
/// fills the gap with a miter (within the limit, else a bevel), an arc or a bevel. Every corner
/// gives the same number of vertices whichever join it gets, so that keyframes of an animated amount
/// keep one vertex count and interpolate.
extension LottieBezier {
    /// How an offset path fills the gap its corners open (`lj`).
    enum OffsetJoin: Equatable {
        /// Corners meet where the offset edges' lines do, unless that is farther from the corner than
        /// `limit` times the amount (then a bevel).
        case miter(limit: Double)
        case round
        case bevel
    }

    /// The shape offset by `amount` (points; the normal of a segment from a to b is b − a turned a
    /// quarter counterclockwise on screen, outward on a clockwise shape).
    func offset(by amount: Double, join: OffsetJoin) -> LottieBezier {
        let n = vertices.count
        // An amount of 0 still goes through, so that its shape has the vertices of every other amount.
        guard amount.isFinite, n >= 2 else { return self }
        let segmentCount = closed ? n : n - 1
        var segments: [[Cubic]] = (0..<segmentCount).map { i in
            let j = (i + 1) % n
            let c = Cubic(vertices[i], vertices[i] + outTangents[i], vertices[j] + inTangents[j], vertices[j])
            return (c.isStraight ? [c] : c.split(into: 4)).map { $0.offset(by: amount) }
        }
        // The join at the corner before segment k (between k − 1 and k).
        func corner(_ k: Int) -> [Cubic] {
            let before = (k + segmentCount - 1) % segmentCount
            var a = segments[before][segments[before].count - 1], b = segments[k][0]
            let vertex = vertices[k % n]
            defer {
                segments[before][segments[before].count - 1] = a
                segments[k][0] = b
            }
            let p0 = a.p3, p1 = b.p0
            guard p0.distance(to: p1) > 1e-9 else { return [.point(p0), .point(p0)] }
            let d1 = a.endDirection, d2 = b.startDirection
            let turn = d1.x * d2.y - d1.y * d2.x
            let meeting = Point.intersection(p0, d1, p1, d2)
            if turn * amount < 0 {
                // The inside of the turn: both cut back to where they meet, when that is within
                // both (nearly parallel pieces meet far away: they are joined straight instead).
                if let x = meeting, x.distance(to: p0) <= a.p0.distance(to: a.p3), x.distance(to: p1) <= b.p0.distance(to: b.p3) {
                    a.moveEnd(to: x)
                    b.moveStart(to: x)
                    return [.point(x), .point(x)]
                }
                let middle = Point(x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2)
                return [.line(p0, middle), .line(middle, p1)]
            }
            switch join {
            case .miter(let limit):
                if let x = meeting, x.distance(to: vertex) <= limit * abs(amount) {
                    return [.line(p0, x), .line(x, p1)]
                }
            case .round:
                return Cubic.arc(around: vertex, from: p0, to: p1, halves: 2)
            case .bevel:
                break
            }
            let middle = Point(x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2)
            return [.line(p0, middle), .line(middle, p1)]
        }
        var joins: [Int: [Cubic]] = [:]
        for k in (closed ? 0 : 1)..<segmentCount { joins[k] = corner(k) }
        var chain: [Cubic] = []
        for k in 0..<segmentCount {
            chain += joins[k] ?? []
            chain += segments[k]
        }
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        for (m, c) in chain.enumerated() {
            result.vertices.append(c.p0)
            result.outTangents.append(c.p1 - c.p0)
            result.inTangents.append(m == 0 ? .zero : chain[m - 1].p2 - chain[m - 1].p3)
        }
        if let last = chain.last {
            if closed {
                result.inTangents[0] = last.p2 - last.p3
            } else {
                result.vertices.append(last.p3)
                result.inTangents.append(last.p2 - last.p3)
                result.outTangents.append(.zero)
            }
        }
        return result
    }
}

extension LottieBezier {
    /// The area the shape encloses, signed: positive when it runs clockwise on screen (y down), by the
    /// shoelace formula over its vertices and control points (exact for straight edges, and the sign
    /// of any shape that does not cross itself).
    var signedArea: Double {
        var points: [Point] = []
        let n = vertices.count
        for i in 0..<n {
            let j = (i + 1) % n
            points.append(vertices[i])
            guard closed || j != 0 else { break }
            points += [vertices[i] + outTangents[i], vertices[j] + inTangents[j]]
        }
        var twice = 0.0
        for (a, b) in zip(points, points.dropFirst() + points.prefix(1)) { twice += a.x * b.y - b.x * a.y }
        return twice / 2
    }
}

/// One cubic Bézier segment, by its four points.
struct Cubic: Equatable {
    var p0: Point, p1: Point, p2: Point, p3: Point

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    static func line(_ a: Point, _ b: Point) -> Cubic { Cubic(a, a, b, b) }
    static func point(_ p: Point) -> Cubic { Cubic(p, p, p, p) }

    var isStraight: Bool { p1 == p0 && p2 == p3 }

    /// The way the segment leaves its start and arrives at its end (not normalised; zero when the
    /// segment is a point).
    var startDirection: Point { [p1 - p0, p2 - p0, p3 - p0].first { $0 != .zero } ?? .zero }
    var endDirection: Point { [p3 - p2, p3 - p1, p3 - p0].first { $0 != .zero } ?? .zero }

    /// `count` pieces of equal parameter span (de Casteljau).
    func split(into count: Int) -> [Cubic] {
        var pieces: [Cubic] = []
        var rest = self
        for k in 0..<(count - 1) {
            let (head, tail) = rest.split(at: 1 / Double(count - k))
            pieces.append(head)
            rest = tail
        }
        return pieces + [rest]
    }

    func split(at t: Double) -> (Cubic, Cubic) {
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
        let d = mix(a, b), e = mix(b, c)
        let f = mix(d, e)
        return (Cubic(p0, a, d, f), Cubic(f, e, c, p3))
    }

    /// The segment moved `amount` along its normals: its ends along their own, its inner control
    /// points where the moved legs of the control polygon meet the moved middle leg.
    func offset(by amount: Double) -> Cubic {
        let d0 = startDirection, d3 = endDirection
        guard d0 != .zero else { return Cubic.point(p0 + d3.normal * amount) }
        let q0 = p0 + d0.normal * amount, q3 = p3 + d3.normal * amount
        if isStraight { return .line(q0, q3) }
        let middle = p2 - p1 != .zero ? p2 - p1 : p3 - p0
        let m1 = p1 + middle.normal * amount, m2 = p2 + middle.normal * amount
        // Legs nearly in line meet far off: the control point then just moves with its leg.
        func meeting(_ q: Point, _ d: Point, _ m: Point, _ p: Point) -> Point {
            guard let x = Point.intersection(q, d, m, middle), x.distance(to: p) <= 3 * abs(amount) else { return p + d.normal * amount }
            return x
        }
        let q1 = p1 == p0 ? q0 : meeting(q0, d0, m1, p1)
        let q2 = p2 == p3 ? q3 : meeting(q3, d3, m2, p2)
        return Cubic(q0, q1, q2, q3)
    }

    /// The end moved to `x`, its control point with it.
    mutating func moveEnd(to x: Point) {
        let delta = x - p3
        p2 = p2 + delta
        p3 = x
    }

    /// The start moved to `x`, its control point with it.
    mutating func moveStart(to x: Point) {
        let delta = x - p0
        p1 = p1 + delta
        p0 = x
    }

    /// The arc about `center` from `a` to `b` (the shorter way round, at a's distance), as `halves`
    /// cubics of equal angle.
    static func arc(around center: Point, from a: Point, to b: Point, halves: Int) -> [Cubic] {
        let r = a.distance(to: center)
        let start = Double.atan2(y: a.y - center.y, x: a.x - center.x)
        var sweep = Double.atan2(y: b.y - center.y, x: b.x - center.x) - start
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        let step = sweep / Double(halves)
        let k = 4.0 / 3.0 * Double.tan(step / 4) * r
        return (0..<halves).map { i in
            let t0 = start + step * Double(i), t1 = t0 + step
            let q0 = Point(x: center.x + r * Double.cos(t0), y: center.y + r * Double.sin(t0))
            let q3 = i == halves - 1 ? b : Point(x: center.x + r * Double.cos(t1), y: center.y + r * Double.sin(t1))
            return Cubic(
                q0, Point(x: q0.x - k * Double.sin(t0), y: q0.y + k * Double.cos(t0)),
                Point(x: q3.x + k * Double.sin(t1), y: q3.y - k * Double.cos(t1)), q3)
        }
    }
}

extension Point {
    static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }

    /// The unit normal of a direction: turned a quarter counterclockwise on screen (y down), so that
    /// it points out of a clockwise shape (zero for a zero direction).
    var normal: Point {
        let length = (x * x + y * y).squareRoot()
        return length > 0 ? Point(x: y / length, y: -x / length) : .zero
    }

    /// Where the line through `a` along `da` meets the line through `b` along `db` (nil when parallel).
    static func intersection(_ a: Point, _ da: Point, _ b: Point, _ db: Point) -> Point? {
        let det = da.x * db.y - da.y * db.x
        let scale = (da.x * da.x + da.y * da.y).squareRoot() * (db.x * db.x + db.y * db.y).squareRoot()
        guard scale > 0, abs(det) > 1e-9 * scale else { return nil }
        let t = ((b.x - a.x) * db.y - (b.y - a.y) * db.x) / det
        return Point(x: a.x + da.x * t, y: a.y + da.y * t)
    }
}
