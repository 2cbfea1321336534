import LaminaCore

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
    var path: Path {
        var path = Path()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        let segments = closed ? count : count - 1
        for i in 0..<segments {
            let j = (i + 1) % count
            let from = vertices[i], to = vertices[j]
            let c1 = from + outTangents[i], c2 = to + inTangents[j]
            if c1 == from && c2 == to {
                path.addLine(to: to)
            } else {
                path.addCurve(to: to, control1: c1, control2: c2)
            }
        }
        if closed { path.closeSubpath() }
        return path
    }

    /// The path as cubics only, so that every keyframe of an animated shape has the same elements and
    /// the layer's `path` interpolates between them.
    var cubicPath: Path {
        var path = Path()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        let segments = closed ? count : count - 1
        for i in 0..<segments {
            let j = (i + 1) % count
            path.addCurve(to: vertices[j], control1: vertices[i] + outTangents[i], control2: vertices[j] + inTangents[j])
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

    /// `a` to `b` at `t`, vertex by vertex (the shorter vertex list decides when they differ).
    static func interpolate(_ a: LottieBezier, _ b: LottieBezier, _ t: Double) -> LottieBezier {
        let n = min(a.vertices.count, b.vertices.count)
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
