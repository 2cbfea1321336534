import RealModule
import LaminaCore

/// Lottie's parametric shapes as bezier shapes, with the vertex order After Effects gives them (a
/// trim path measures from the first vertex): rectangles from the top-right corner, ellipses from the
/// top, stars from the top point, clockwise unless the direction (`d`) is 3.
enum ShapeGeometry {
    /// The circle's cubic approximation constant.
    static let kappa = 0.5519150244935105707435627

    /// A rectangle from its top-right corner; with `eightVertices` (a rectangle whose roundness is
    /// somewhere above 0) it keeps the rounded form's eight vertices even where the radius comes to 0
    /// (a size passing through 0), so that its keyframes' paths interpolate vertex by vertex.
    static func rectangle(center c: Point, size s: Size, roundness: Double, reversed: Bool, eightVertices: Bool = false) -> LottieBezier {
        let (l, r, t, b) = (c.x - s.width / 2, c.x + s.width / 2, c.y - s.height / 2, c.y + s.height / 2)
        let radius = min(max(roundness, 0), min(abs(s.width), abs(s.height)) / 2)
        let shape: LottieBezier
        if radius == 0 && !eightVertices {
            shape = LottieBezier(polygon: [Point(x: r, y: t), Point(x: r, y: b), Point(x: l, y: b), Point(x: l, y: t)])
        } else {
            let k = radius * (1 - kappa)
            let z = Point.zero
            let vertices = [
                Point(x: r, y: t + radius), Point(x: r, y: b - radius), Point(x: r - radius, y: b), Point(x: l + radius, y: b),
                Point(x: l, y: b - radius), Point(x: l, y: t + radius), Point(x: l + radius, y: t), Point(x: r - radius, y: t),
            ]
            // Each corner's curve leaves a vertex along its edge and arrives along the next.
            let d = radius - k
            let outs = [z, Point(x: 0, y: d), z, Point(x: -d, y: 0), z, Point(x: 0, y: -d), z, Point(x: d, y: 0)]
            let ins = [Point(x: 0, y: -d), z, Point(x: d, y: 0), z, Point(x: 0, y: d), z, Point(x: -d, y: 0), z]
            shape = LottieBezier(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
        }
        return reversed ? shape.reversed : shape
    }

    static func ellipse(center c: Point, size s: Size, reversed: Bool) -> LottieBezier {
        let (rx, ry) = (s.width / 2, s.height / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        let shape = LottieBezier(
            closed: true,
            vertices: [Point(x: c.x, y: c.y - ry), Point(x: c.x + rx, y: c.y), Point(x: c.x, y: c.y + ry), Point(x: c.x - rx, y: c.y)],
            inTangents: [Point(x: -kx, y: 0), Point(x: 0, y: -ky), Point(x: kx, y: 0), Point(x: 0, y: ky)],
            outTangents: [Point(x: kx, y: 0), Point(x: 0, y: ky), Point(x: -kx, y: 0), Point(x: 0, y: -ky)])
        return reversed ? shape.reversed : shape
    }

    /// A star (`inner` radius given) or a polygon (`inner` nil) of `points` points, turned by
    /// `rotation` degrees; roundness (percent) curves the edges at each vertex.
    ///
    /// A fractional number of points (one animating between counts) makes a star as lottie-ios,
    /// lottie-android and ThorVG make it (`BezierPath.star`): its points are spaced by 2π / `points`,
    /// and a partial point, between the inner and the outer radius, grows where the first and the
    /// last meet. A polygon has `points` rounded down sides, as in lottie-web, lottie-android and
    /// ThorVG; lottie-ios's `BezierPath.polygon` steps by 2π / `points` as many times as `points`
    /// rounded up instead, so that its last side passes its start, a shape no other player draws.
    static func star(
        center c: Point, points count: Double, outer: Double, outerRoundness: Double, inner: Double?, innerRoundness: Double,
        rotation: Double, reversed: Bool
    ) -> LottieBezier {
        // A count interpolated onto a whole number (2.9999999 at a keyframe) is that number.
        let count = abs(count - count.rounded()) < 1e-6 ? count.rounded() : count
        let whole = count.rounded(.down)
        let partial = count > 0 ? count - whole : 0
        let n = max(Int(count.rounded(.up)), 1)
        // Points as (radius, angle, roundness, tangent scale), from the top, clockwise.
        var corners: [(radius: Double, angle: Double, roundness: Double, scale: Double)] = []
        let start = rotation * .pi / 180 - .pi / 2
        let perPoint = 2 * Double.pi / max(count, 1)
        if let inner {
            let half = perPoint / 2
            if partial == 0 {
                for i in 0..<(2 * n) {
                    let isOuter = i % 2 == 0
                    corners.append((isOuter ? outer : inner, start + Double(i) * half, isOuter ? outerRoundness : innerRoundness, 1))
                }
            } else {
                let partialRadius = inner + partial * (outer - inner)
                var angle = start + half * (1 - partial)
                corners.append((partialRadius, angle, outerRoundness, partial))
                angle += half * partial
                // lottie-ios's 2⌈n⌉ further vertices, the last of which lands on the first again.
                for i in 0..<(2 * n - 1) {
                    let isOuter = i % 2 == 1
                    corners.append((isOuter ? outer : inner, angle, isOuter ? outerRoundness : innerRoundness, 1))
                    angle += i == 2 * n - 2 ? half * partial : half
                }
            }
        } else {
            let sides = max(Int(whole), 1)
            for i in 0..<sides { corners.append((outer, start + Double(i) * 2 * .pi / Double(sides), outerRoundness, 1)) }
        }
        let spacing = inner == nil ? 2 * Double.pi / Double(max(Int(whole), 1)) : perPoint / 2
        var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
        for corner in corners.prefix(LottieLimits.maximumPathVertices) {
            let (cosA, sinA) = (Double.cos(corner.angle), Double.sin(corner.angle))
            vertices.append(Point(x: c.x + corner.radius * cosA, y: c.y + corner.radius * sinA))
            // The tangent runs along the circle through the vertex; at full roundness it is as long as a
            // circle's cubic takes for the arc to the next vertex (arc length times kappa).
            let length = corner.radius * spacing * kappa * corner.roundness / 100 * corner.scale
            let tangent = Point(x: -sinA * length, y: cosA * length)
            outs.append(tangent)
            ins.append(Point(x: -tangent.x, y: -tangent.y))
        }
        let shape = LottieBezier(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
        return reversed ? shape.reversed : shape
    }
}

extension LottieBezier {
    /// The same shape traced the other way, from the same first vertex.
    var reversed: LottieBezier {
        guard vertices.count > 1 else { return self }
        let order = [0] + Array((1..<vertices.count).reversed())
        return LottieBezier(
            closed: closed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] })
    }
}
