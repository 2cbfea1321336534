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
    static func star(
        center c: Point, points count: Double, outer: Double, outerRoundness: Double, inner: Double?, innerRoundness: Double,
        rotation: Double, reversed: Bool
    ) -> LottieBezier {
        let n = max(Int(count.rounded()), 1)
        let vertexCount = inner == nil ? n : 2 * n
        let step = 2 * Double.pi / Double(vertexCount)
        var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
        for i in 0..<min(vertexCount, LottieLimits.maximumPathVertices) {
            let isOuter = inner == nil || i % 2 == 0
            let radius = isOuter ? outer : inner!
            let roundness = (isOuter ? outerRoundness : innerRoundness) / 100
            let angle = rotation * .pi / 180 - .pi / 2 + Double(i) * step
            let (cosA, sinA) = (Double.cos(angle), Double.sin(angle))
            vertices.append(Point(x: c.x + radius * cosA, y: c.y + radius * sinA))
            // The tangent runs along the circle through the vertex; at full roundness it is as long as a
            // circle's cubic takes for the arc to the next vertex (arc length times kappa).
            let length = radius * step * kappa * roundness
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
