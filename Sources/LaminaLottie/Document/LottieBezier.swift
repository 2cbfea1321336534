import LaminaCore
import RealModule

/// A Lottie bezier shape (`{"c": closed, "v": vertices, "i": in tangents, "o": out tangents}`), the
/// tangents relative to their vertices: the value of a path (`sh`) or a mask, and what rectangles,
/// ellipses and stars are turned into, so that all of them combine and interpolate alike.
struct LottieBezier: Hashable {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]

    init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    /// Straight edges through `points`.
    init(polygon points: [Point], closed: Bool = true) {
        self.init(
            closed: closed, vertices: points, inTangents: Array(repeating: Point(x: 0, y: 0), count: points.count),
            outTangents: Array(repeating: Point(x: 0, y: 0), count: points.count))
    }

    /// The path: a move to the first vertex, a cubic (or a line, where both tangents are zero) to each
    /// next one, and the closing segment back when closed.
    var path: Path { path(straightLines: true) }

    /// The path as cubics only, so that every keyframe of an animated shape has the same elements and
    /// the layer's `path` interpolates between them.
    var cubicPath: Path { path(straightLines: false) }

    private func path(straightLines: Bool) -> Path {
        var path = Path()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        for i in 0..<(closed ? count : count - 1) {
            let j = (i + 1) % count
            let c1 = vertices[i] + outTangents[i], c2 = vertices[j] + inTangents[j]
            if straightLines && c1 == vertices[i] && c2 == vertices[j] {
                path.addLine(to: vertices[j])
            } else {
                path.addCurve(to: vertices[j], control1: c1, control2: c2)
            }
        }
        if closed { path.closeSubpath() }
        return path
    }

    /// The shape under an affine map (tangents by its linear part).
    func applying(_ m: AffineTransform) -> LottieBezier {
        let linear = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0)
        return LottieBezier(
            closed: closed, vertices: vertices.map { $0.applying(m) }, inTangents: inTangents.map { $0.applying(linear) },
            outTangents: outTangents.map { $0.applying(linear) })
    }

    /// The shape with its sharp corners (vertices without tangents) rounded by `radius`, at most half
    /// of each edge: each such vertex becomes two, where the corner's curve leaves and joins its edges
    /// (what a Round Corners item does).
    func rounded(_ radius: Double) -> LottieBezier {
        guard radius > 0, vertices.count > 2 else { return self }
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        let n = vertices.count
        for i in 0..<n {
            let v = vertices[i]
            let isEnd = !closed && (i == 0 || i == n - 1)
            guard !isEnd, inTangents[i] == .zero, outTangents[i] == .zero else {
                result.vertices.append(v)
                result.inTangents.append(inTangents[i])
                result.outTangents.append(outTangents[i])
                continue
            }
            let previous = vertices[(i + n - 1) % n], next = vertices[(i + 1) % n]
            func toward(_ p: Point) -> (Point, Double) {
                let d = ((p.x - v.x) * (p.x - v.x) + (p.y - v.y) * (p.y - v.y)).squareRoot()
                return (d > 0 ? Point(x: (p.x - v.x) / d, y: (p.y - v.y) / d) : .zero, d)
            }
            let (u1, d1) = toward(previous), (u2, d2) = toward(next)
            let r1 = min(radius, d1 / 2), r2 = min(radius, d2 / 2)
            let k = ShapeGeometry.kappa
            let p1 = Point(x: v.x + u1.x * r1, y: v.y + u1.y * r1), p2 = Point(x: v.x + u2.x * r2, y: v.y + u2.y * r2)
            result.vertices += [p1, p2]
            result.inTangents += [.zero, Point(x: u2.x * r2 * (k - 1), y: u2.y * r2 * (k - 1))]
            result.outTangents += [Point(x: u1.x * r1 * (k - 1), y: u1.y * r1 * (k - 1)), .zero]
        }
        return result
    }

    /// The shape puckered or bloated by `amount` percent (a Pucker & Bloat item, as lottie-web and
    /// ThorVG draw it): each vertex moves that fraction of the way to the vertices' centroid, and each
    /// tangent's end point the same fraction away from it.
    func puckered(_ amount: Double) -> LottieBezier {
        guard amount != 0, !vertices.isEmpty else { return self }
        let n = Double(vertices.count)
        let center = Point(x: vertices.reduce(0) { $0 + $1.x } / n, y: vertices.reduce(0) { $0 + $1.y } / n)
        let f = amount / 100
        func toward(_ p: Point, _ by: Double) -> Point { Point(x: p.x + (center.x - p.x) * by, y: p.y + (center.y - p.y) * by) }
        var result = self
        for i in vertices.indices {
            let v = toward(vertices[i], f)
            let outEnd = toward(vertices[i] + outTangents[i], -f), inEnd = toward(vertices[i] + inTangents[i], -f)
            result.vertices[i] = v
            result.outTangents[i] = Point(x: outEnd.x - v.x, y: outEnd.y - v.y)
            result.inTangents[i] = Point(x: inEnd.x - v.x, y: inEnd.y - v.y)
        }
        return result
    }

    /// `a` to `b` at `t`, vertex by vertex.
    static func interpolate(_ a: LottieBezier, _ b: LottieBezier, _ t: Double) -> LottieBezier {
        // Shapes of different vertex counts do not interpolate: the first holds until the second is
        // reached, as a keyframe animation of paths whose elements differ does.
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        let n = a.vertices.count
        func mix(_ x: [Point], _ y: [Point]) -> [Point] {
            (0..<n).map { Point(x: x[$0].x + (y[$0].x - x[$0].x) * t, y: x[$0].y + (y[$0].y - x[$0].y) * t) }
        }
        return LottieBezier(
            closed: a.closed, vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
            outTangents: mix(a.outTangents, b.outTangents))
    }
}

extension LottieNode {
    /// A bezier shape: the object itself, or (in keyframes) a one-element array holding it.
    func bezier() throws(LottieError) -> LottieBezier {
        if isArray, let first = elements.first { return try first.bezier() }
        guard isObject else { throw expected("a bezier shape object") }
        let vertices = try points("v")
        guard vertices.count <= LottieLimits.maximumPathVertices else {
            throw error("\(vertices.count) vertices (at most \(LottieLimits.maximumPathVertices))")
        }
        var inTangents = try points("i")
        var outTangents = try points("o")
        // Exporters drop tangent lists of straight shapes; a short list means straight edges.
        if inTangents.count < vertices.count { inTangents += Array(repeating: Point(x: 0, y: 0), count: vertices.count - inTangents.count) }
        if outTangents.count < vertices.count { outTangents += Array(repeating: Point(x: 0, y: 0), count: vertices.count - outTangents.count) }
        return LottieBezier(
            closed: flag("c"), vertices: vertices, inTangents: Array(inTangents.prefix(vertices.count)),
            outTangents: Array(outTangents.prefix(vertices.count)))
    }

    private func points(_ key: String) throws(LottieError) -> [Point] {
        guard let node = self[key] else { return [] }
        guard node.isArray else { throw node.expected("an array of points") }
        var points: [Point] = []
        for element in node.elements { points.append(try element.point()) }
        return points
    }
}

extension AffineTransform {
    /// Lottie's placement as a matrix: a point q lands at `position + R(angle)·K·S(scale)·(q − anchor)`,
    /// y down and angles clockwise (a group's still transform, a repeater's copy). K is the skew: a
    /// shear by `skew` radians along the axis at `skewAxis` radians, R(−axis)·shear(tan(−skew))·R(axis)
    /// as the specification (and lottie-web) compose it.
    static func lottie(anchor: Point, position: Point, scale: Point, angle: Double, skew: Double = 0, skewAxis: Double = 0) -> AffineTransform {
        let (cosA, sinA) = (Double.cos(angle), Double.sin(angle))
        var m = AffineTransform(a: scale.x, b: 0, c: 0, d: scale.y, tx: 0, ty: 0)
        if skew != 0 {
            let (cosK, sinK) = (Double.cos(skewAxis), Double.sin(skewAxis))
            let toAxis = AffineTransform(a: cosK, b: sinK, c: -sinK, d: cosK, tx: 0, ty: 0)
            let shear = AffineTransform(a: 1, b: 0, c: Double.tan(-skew), d: 1, tx: 0, ty: 0)
            let back = AffineTransform(a: cosK, b: -sinK, c: sinK, d: cosK, tx: 0, ty: 0)
            m = m.concatenating(toAxis).concatenating(shear).concatenating(back)
        }
        m = m.concatenating(AffineTransform(a: cosA, b: sinA, c: -sinA, d: cosA, tx: 0, ty: 0))
        let shift = Point(x: -anchor.x, y: -anchor.y).applying(m)
        return AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: position.x + shift.x, ty: position.y + shift.y)
    }
}
