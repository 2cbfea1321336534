import RealModule

extension Path {
    /// One drawn piece of a path with its start resolved: a line, a quadratic or a cubic Bézier.
    ///
    /// An ``Element`` only names where it ends, because it starts wherever the previous one left off; a
    /// segment carries both ends so it can be evaluated on its own. That is what a keyframe animation
    /// needs when it does not pace by distance: Core Animation treats every drawing element of a path as
    /// one keyframe interval, running the element's curve by its Bézier parameter.
    public enum Segment: Hashable, Sendable {
        /// A straight line; also what a ``Element/close`` becomes.
        case line(from: Point, to: Point)
        /// A quadratic Bézier curve.
        case quadCurve(from: Point, to: Point, control: Point)
        /// A cubic Bézier curve.
        case curve(from: Point, to: Point, control1: Point, control2: Point)

        /// Where the segment starts (the Bézier parameter 0).
        public var start: Point {
            switch self {
            case .line(let p, _), .quadCurve(let p, _, _), .curve(let p, _, _, _): p
            }
        }

        /// Where the segment ends (the Bézier parameter 1).
        public var end: Point {
            switch self {
            case .line(_, let p), .quadCurve(_, let p, _), .curve(_, let p, _, _): p
            }
        }

        /// The point at Bézier parameter `t`, evaluated in Bernstein form so that `t = 0` and `t = 1`
        /// give ``start`` and ``end`` exactly.
        ///
        /// The parameter is not arc length: on a curve equal steps of `t` cover unequal distances, which
        /// is what Core Animation's non-paced keyframe modes show. Values outside `0...1` extrapolate the
        /// polynomial, so a timing function that overshoots carries the motion past the ends.
        public func point(at t: Double) -> Point {
            let s = 1 - t
            switch self {
            case .line(let p0, let p1):
                return Point(x: s * p0.x + t * p1.x, y: s * p0.y + t * p1.y)
            case .quadCurve(let p0, let p2, let p1):
                let (a, b, c) = (s * s, 2 * s * t, t * t)
                return Point(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
            case .curve(let p0, let p3, let p1, let p2):
                let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                return Point(
                    x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                    y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            }
        }

        /// The derivative with respect to the Bézier parameter at `t` (a velocity, not a unit vector).
        func derivative(at t: Double) -> (x: Double, y: Double) {
            let s = 1 - t
            switch self {
            case .line(let p0, let p1):
                return (p1.x - p0.x, p1.y - p0.y)
            case .quadCurve(let p0, let p2, let p1):
                return (
                    2 * (s * (p1.x - p0.x) + t * (p2.x - p1.x)),
                    2 * (s * (p1.y - p0.y) + t * (p2.y - p1.y)))
            case .curve(let p0, let p3, let p1, let p2):
                let (a, b, c) = (3 * s * s, 6 * s * t, 3 * t * t)
                return (
                    a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                    a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
            }
        }

        /// The direction of travel at Bézier parameter `t`, in radians: `atan2(dy, dx)` of the
        /// derivative, in Lamina's y-down coordinates as they are (so π/2 points down the screen).
        ///
        /// This is the angle `rotationMode = .rotateAuto` turns a layer by. Where the derivative vanishes
        /// (a control point on top of an end point, or a cusp) the direction is taken from the control
        /// polygon instead: toward the first distinct control point in the first half, from the last
        /// distinct one in the second. A segment of zero length points along +x (angle 0).
        public func tangentAngle(at t: Double) -> Double {
            var d = derivative(at: t)
            if d.x == 0 && d.y == 0 {
                let polygon = controlPolygon
                let first = polygon[0], last = polygon[polygon.count - 1]
                if t < 0.5 {
                    if let q = polygon.dropFirst().first(where: { $0 != first }) {
                        d = (q.x - first.x, q.y - first.y)
                    }
                } else {
                    if let q = polygon.dropLast().last(where: { $0 != last }) {
                        d = (last.x - q.x, last.y - q.y)
                    }
                }
            }
            return Double.atan2(y: d.y, x: d.x)
        }

        /// The start, the control points in order, and the end.
        var controlPolygon: [Point] {
            switch self {
            case .line(let p0, let p1): [p0, p1]
            case .quadCurve(let p0, let p2, let p1): [p0, p1, p2]
            case .curve(let p0, let p3, let p1, let p2): [p0, p1, p2, p3]
            }
        }

        /// The arc length, in points: exact for lines, computed numerically for curves (adaptive
        /// Gauss–Legendre quadrature of the speed, to about 1e-9 relative).
        ///
        /// Keyframe code can use it to give each segment a share of the duration proportional to its
        /// length; ``PathSampler`` does the same job for paced motion along a whole path.
        public var length: Double {
            arcLength(from: 0, to: 1)
        }

        /// The arc length between two Bézier parameters: exact for lines; for curves, a five-point
        /// Gauss–Legendre rule, halved adaptively until the halves agree with the whole to about 1e-10
        /// relative. The refinement matters at cusps, where the speed has a kink that a fixed rule
        /// converges on slowly; on the smooth stretches it stops after one check.
        func arcLength(from a: Double, to b: Double) -> Double {
            var budget = Self.refinementBudget
            return arcLength(from: a, to: b, budget: &budget)
        }

        /// How many halvings one length may take: enough for the 1e-10 agreement at any cusp of a
        /// curve with on-screen coordinates, and a bound on the work of a curve that never agrees.
        static let refinementBudget = 4096

        /// `arcLength(from:to:)`, halving at most `budget` times (shared by the caller's other calls, so
        /// that a whole path's table costs a bounded number of evaluations, whatever its coordinates).
        func arcLength(from a: Double, to b: Double, budget: inout Int) -> Double {
            if case .line(let p0, let p1) = self {
                return Self.distance(p0, p1) * (b - a)
            }
            return adaptiveLength(a, b, whole: gaussLength(from: a, to: b), depth: 20, budget: &budget)
        }

        /// The arc length between two parameters by one five-point Gauss–Legendre rule.
        private func gaussLength(from a: Double, to b: Double) -> Double {
            let half = (b - a) / 2, mid = (a + b) / 2
            var sum = 0.0
            for (node, weight) in Self.gaussLegendre5 {
                let d = derivative(at: mid + half * node)
                sum += weight * (d.x * d.x + d.y * d.y).squareRoot()
            }
            return sum * half
        }

        /// Halves the interval until the two halves agree with the whole, so a cusp gets refined only
        /// where it is.
        private func adaptiveLength(_ a: Double, _ b: Double, whole: Double, depth: Int, budget: inout Int) -> Double {
            let m = (a + b) / 2
            let left = gaussLength(from: a, to: m), right = gaussLength(from: m, to: b)
            let sum = left + right
            // Non-finite coordinates never converge; there is no length to refine.
            if depth == 0 || budget <= 0 || !sum.isFinite || abs(sum - whole) <= 1e-10 * sum + 1e-13 {
                return sum
            }
            budget -= 1
            return adaptiveLength(a, m, whole: left, depth: depth - 1, budget: &budget)
                + adaptiveLength(m, b, whole: right, depth: depth - 1, budget: &budget)
        }

        /// Nodes and weights of the five-point Gauss–Legendre rule on [-1, 1].
        private static let gaussLegendre5: [(Double, Double)] = [
            (0, 0.5688888888888889),
            (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
            (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
        ]

        static func distance(_ a: Point, _ b: Point) -> Double {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The parameters in (0, 1) where x or y reaches an extreme (the derivative's component is
        /// zero): with the end points, they bound the curve tightly.
        func extremeParameters() -> [Double] {
            var roots: [Double] = []
            switch self {
            case .line:
                break
            case .quadCurve(let p0, let p2, let p1):
                for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
                    // B'(t)/2 = (b - a) + t (a - 2b + c)
                    let denominator = a - 2 * b + c
                    if denominator != 0 { roots.append((a - b) / denominator) }
                }
            case .curve(let p0, let p3, let p1, let p2):
                for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
                    // B'(t)/3 = A t² + B t + C with A = e − 2f + g, B = 2(f − e), C = e for the
                    // control-point differences e, f, g.
                    let (e, f, g) = (b - a, c - b, d - c)
                    roots.append(contentsOf: Self.quadraticRoots(e - 2 * f + g, 2 * (f - e), e))
                }
            }
            return roots.filter { $0 > 0 && $0 < 1 }
        }

        /// Real roots of `a t² + b t + c`, degrading to the linear case, in the cancellation-free form.
        private static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
            if a == 0 { return b == 0 ? [] : [-c / b] }
            let discriminant = b * b - 4 * a * c
            if discriminant < 0 { return [] }
            let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
            var roots: [Double] = [q / a]
            if q != 0 { roots.append(c / q) }
            return roots
        }
    }

    /// The drawn pieces in order, each with its start point resolved: lines, quadratic and cubic curves
    /// become segments of the same kind, a ``Element/close`` becomes a line back to its subpath's start
    /// (of zero length when the subpath already ended there), and moves produce nothing.
    ///
    /// A move between two segments shows as the next segment starting somewhere other than where the
    /// previous one ended: a jump, which has no segment of its own and no duration in an animation.
    public var segments: [Segment] {
        var result: [Segment] = []
        result.reserveCapacity(elements.count)
        var current = Point.zero
        var subpathStart = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                subpathStart = p
                current = p
            case .line(let p):
                result.append(.line(from: current, to: p))
                current = p
            case .quadCurve(let p, let c):
                result.append(.quadCurve(from: current, to: p, control: c))
                current = p
            case .curve(let p, let c1, let c2):
                result.append(.curve(from: current, to: p, control1: c1, control2: c2))
                current = p
            case .close:
                result.append(.line(from: current, to: subpathStart))
                current = subpathStart
            }
        }
        return result
    }
}
