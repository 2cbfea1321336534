extension Path {
    /// Reads SVG path data, the text of an SVG `d` attribute, such as `M0 0 L100 0 A50 50 0 0 1 100 100 Z`.
    ///
    /// SVG's syntax is the text form of a path because it is what designers' tools export and what people
    /// already know how to write. Every command is supported in absolute and relative form: `M L H V C S Q
    /// T A Z`. Numbers may be written as `10`, `-.5`, `1e-3` or `2.`, separated by whitespace, a comma,
    /// or nothing when the next one starts with a sign or a dot (`-.5.5` is −0.5 then 0.5). A command's
    /// letter may be left out when it repeats, and coordinate pairs after a moveto are linetos.
    ///
    /// The path stores only what ``Element`` can say, so `H`/`V` become lines, `S`/`T` become curves with
    /// their reflected control point spelled out, relative coordinates become absolute, and arcs become
    /// cubic Béziers (at most one per quarter turn, per the SVG implementation notes, F.6). An empty text
    /// gives an empty path.
    ///
    /// - Throws: ``PathError`` at the first character that breaks the grammar, with its offset; the whole
    ///   path is rejected rather than truncated.
    public init(svgPathData: String) throws(PathError) {
        var parser = PathParser(svgPathData)
        self = try parser.parse()
    }

    /// The path as canonical SVG path data: absolute commands only (`M`, `L`, `C`, `Q`, `Z`), one letter
    /// per element, single spaces between everything, e.g. `M0 0 L100 0 C10 20 30 40 50 60 Q1 2 3 4 Z`.
    ///
    /// Canonical so that equal paths give equal text (useful in logs, snapshots and the wire protocol)
    /// and so that the text parses back to an equal path: numbers are written in the shortest form that
    /// reads back to the same `Double` (`100`, `0.1`, `1e-05`, `1e+16`), without a trailing `.0`. Curves
    /// list their control points first, as SVG does. Non-finite coordinates, which only hand-built paths
    /// can hold, come out as `inf` or `nan` and do not parse.
    public var svgPathData: String {
        var text = ""
        for element in elements {
            if !text.isEmpty { text += " " }
            switch element {
            case .move(let p):
                text += "M" + Self.format(p)
            case .line(let p):
                text += "L" + Self.format(p)
            case .quadCurve(let p, let c):
                text += "Q" + Self.format(c) + " " + Self.format(p)
            case .curve(let p, let c1, let c2):
                text += "C" + Self.format(c1) + " " + Self.format(c2) + " " + Self.format(p)
            case .close:
                text += "Z"
            }
        }
        return text
    }

    private static func format(_ p: Point) -> String {
        format(p.x) + " " + format(p.y)
    }

    /// The shortest round-tripping decimal form (the standard library's), minus a trailing `.0`.
    private static func format(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
