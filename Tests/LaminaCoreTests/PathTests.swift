import LaminaCore
import PropertyBased
import Testing
import LaminaTestSupport

/// A point, briefly: these tests spell out many of them.
private func xy(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// The error a text fails to parse with, or nil when it parses.
private func parseError(_ text: String) -> PathError? {
    do {
        _ = try Path(svgPathData: text)
        return nil
    } catch {
        return error
    }
}

/// (cos θ, sin θ) by their Taylor series, independently of the code under test (the tests use the standard
/// library only); accurate to about 1e-15 for |θ| ≤ π.
private func unitVector(_ angle: Double) -> Point {
    var (c, s, term) = (0.0, 0.0, 1.0)  // term = θⁿ / n!
    for n in 0..<40 {
        switch n % 4 {
        case 0: c += term
        case 1: s += term
        case 2: c -= term
        default: s -= term
        }
        term *= angle / Double(n + 1)
    }
    return Point(x: c, y: s)
}

/// Whether an angle points along the direction (dx, dy), to within `tolerance` in the unit vector.
private func isHeading(_ angle: Double, along dx: Double, _ dy: Double, _ tolerance: Double = 1e-12) -> Bool {
    let length = (dx * dx + dy * dy).squareRoot()
    let u = unitVector(angle)
    return abs(u.x - dx / length) <= tolerance && abs(u.y - dy / length) <= tolerance
}

/// The Euclidean distance between two points.
private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

@Suite("Path: building, SVG path data, segments and arc-length sampling")
struct PathTests {
    // MARK: Building

    @Test("Builder methods record elements and track the current point")
    func building() {
        var path = Path()
        #expect(path.isEmpty)
        #expect(path.currentPoint == nil)
        path.move(to: xy(1, 2))
        #expect(!path.isEmpty)
        path.addLine(to: xy(3, 4))
        path.addQuadCurve(to: xy(5, 6), control: xy(7, 8))
        path.addCurve(to: xy(9, 10), control1: xy(11, 12), control2: xy(13, 14))
        #expect(path.currentPoint == xy(9, 10))
        path.closeSubpath()
        #expect(path.currentPoint == xy(1, 2))
        path.addLine(to: xy(0, 0))
        path.closeSubpath()
        #expect(path.currentPoint == xy(1, 2))
        #expect(
            path.elements == [
                .move(to: xy(1, 2)), .line(to: xy(3, 4)), .quadCurve(to: xy(5, 6), control: xy(7, 8)),
                .curve(to: xy(9, 10), control1: xy(11, 12), control2: xy(13, 14)), .close, .line(to: xy(0, 0)),
                .close,
            ])
    }

    @Test("Drawing with no current point starts at the origin; closing an empty path does nothing")
    func implicitMove() {
        var path = Path()
        path.closeSubpath()
        #expect(path.isEmpty)
        path.addLine(to: xy(5, 5))
        #expect(path.elements == [.move(to: .zero), .line(to: xy(5, 5))])
        var curve = Path()
        curve.addCurve(to: xy(1, 1), control1: xy(0, 1), control2: xy(1, 0))
        #expect(curve.elements.first == .move(to: .zero))
        var appended = Path()
        appended.addPath(path)
        #expect(appended == path)
        #expect(appended.hashValue == path.hashValue)
    }

    @Test("A rectangle is a move, three lines and a close, clockwise on screen from the minimum corner")
    func rectangle() {
        let path = Path(rect: Rect(x: 10, y: 20, width: -10, height: 30))
        #expect(
            path.elements == [
                .move(to: xy(0, 20)), .line(to: xy(10, 20)), .line(to: xy(10, 50)), .line(to: xy(0, 50)), .close,
            ])
        #expect(path.boundingBox == Rect(x: 0, y: 20, width: 10, height: 30))
        #expect(Path(rect: .null).isEmpty)
    }

    @Test("An ellipse is four kappa cubics from the right edge's middle, toward the bottom first")
    func ellipse() {
        let path = Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 100))
        let k = 0.5522847498307936
        #expect(path.elements.count == 6)
        #expect(path.elements[0] == .move(to: xy(200, 50)))
        #expect(path.elements[1] == .curve(to: xy(100, 100), control1: xy(200, 50 + 50 * k), control2: xy(100 + 100 * k, 100)))
        #expect(path.elements[2] == .curve(to: xy(0, 50), control1: xy(100 - 100 * k, 100), control2: xy(0, 50 + 50 * k)))
        #expect(path.elements[3] == .curve(to: xy(100, 0), control1: xy(0, 50 - 50 * k), control2: xy(100 - 100 * k, 0)))
        #expect(path.elements[4] == .curve(to: xy(200, 50), control1: xy(100 + 100 * k, 0), control2: xy(200, 50 - 50 * k)))
        #expect(path.elements[5] == .close)
        #expect(path.boundingBox == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(close(path.pathBoundingBox, Rect(x: 0, y: 0, width: 200, height: 100), 1e-12))
    }

    @Test("Rounded rectangle corners are clamped to half the size; zero corners give the plain rectangle")
    func roundedRectangle() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(Path(roundedRect: rect, cornerWidth: 0, cornerHeight: 10) == Path(rect: rect))
        #expect(Path(roundedRect: rect, cornerWidth: -5, cornerHeight: 10) == Path(rect: rect))

        let rounded = Path(roundedRect: rect, cornerWidth: 10, cornerHeight: 5)
        // Move, then (edge, corner) × 4, then close.
        #expect(rounded.elements.count == 10)
        #expect(rounded.elements[0] == .move(to: xy(10, 0)))
        #expect(rounded.elements[1] == .line(to: xy(90, 0)))
        let k = 0.5522847498307936
        #expect(rounded.elements[2] == .curve(to: xy(100, 5), control1: xy(90 + 10 * k, 0), control2: xy(100, 5 - 5 * k)))
        #expect(rounded.elements[8] == .curve(to: xy(10, 0), control1: xy(0, 5 - 5 * k), control2: xy(10 - 10 * k, 0)))
        #expect(rounded.elements[9] == .close)
        #expect(rounded.boundingBox == rect)

        // Corners of 100 × 100 on a 100 × 40 rectangle are clamped to 50 × 20: a capsule with no
        // vertical edges, so those edges are left out.
        let capsule = Path(roundedRect: rect, cornerWidth: 100, cornerHeight: 100)
        #expect(capsule == Path(roundedRect: rect, cornerWidth: 50, cornerHeight: 20))
        #expect(capsule.elements.filter { if case .line = $0 { true } else { false } }.isEmpty)
        #expect(capsule.elements.count == 6)
        #expect(close(capsule.pathBoundingBox, rect, 1e-12))
    }

    @Test("boundingBox counts control points; pathBoundingBox only the outline")
    func boundingBoxes() throws {
        let path = try Path(svgPathData: "M0 0 Q50 100 100 0")
        #expect(path.boundingBox == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(path.pathBoundingBox == Rect(x: 0, y: 0, width: 100, height: 50))
        let cubic = try Path(svgPathData: "M0 0 C0 -40 100 -40 100 0 M200 200")
        let box = cubic.pathBoundingBox
        #expect(close(box, Rect(x: 0, y: -30, width: 200, height: 230), 1e-12))
        #expect(cubic.boundingBox == Rect(x: 0, y: -40, width: 200, height: 240))
        #expect(Path().boundingBox.isNull && Path().pathBoundingBox.isNull)
    }

    // MARK: SVG path data

    @Test("Absolute commands, one of each")
    func absoluteCommands() throws {
        let path = try Path(svgPathData: "M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z")
        #expect(
            path.elements == [
                .move(to: xy(10, 20)), .line(to: xy(30, 40)), .line(to: xy(50, 40)), .line(to: xy(50, 60)),
                .curve(to: xy(5, 6), control1: xy(1, 2), control2: xy(3, 4)), .quadCurve(to: xy(9, 10), control: xy(7, 8)),
                .close,
            ])
    }

    @Test("Relative commands resolve against the current point, which Z returns to the subpath start")
    func relativeCommands() throws {
        let path = try Path(svgPathData: "m10 20 l5 5 h10 v-5 c1 1 2 2 3 3 q1 0 2 2 z m1 1 l1 0")
        #expect(
            path.elements == [
                .move(to: xy(10, 20)), .line(to: xy(15, 25)), .line(to: xy(25, 25)), .line(to: xy(25, 20)),
                .curve(to: xy(28, 23), control1: xy(26, 21), control2: xy(27, 22)),
                .quadCurve(to: xy(30, 25), control: xy(29, 23)), .close,
                .move(to: xy(11, 21)), .line(to: xy(12, 21)),
            ])
        // Drawing after Z without a move continues from the subpath start.
        let afterClose = try Path(svgPathData: "M5 5 L10 5 Z l0 10")
        #expect(afterClose.elements.last == .line(to: xy(5, 15)))
    }

    @Test("Repeated commands may leave out the letter; pairs after a moveto are linetos")
    func implicitRepeats() throws {
        #expect(
            try Path(svgPathData: "M0 0 10 0 10 10").elements == [
                .move(to: xy(0, 0)), .line(to: xy(10, 0)), .line(to: xy(10, 10)),
            ])
        #expect(
            try Path(svgPathData: "m1 1 10 0 0 10").elements == [
                .move(to: xy(1, 1)), .line(to: xy(11, 1)), .line(to: xy(11, 11)),
            ])
        #expect(
            try Path(svgPathData: "M0 0 H1 2 3 V4, 5").elements == [
                .move(to: xy(0, 0)), .line(to: xy(1, 0)), .line(to: xy(2, 0)), .line(to: xy(3, 0)),
                .line(to: xy(3, 4)), .line(to: xy(3, 5)),
            ])
        #expect(
            try Path(svgPathData: "M0 0 c1 1 2 2 3 3 1 1 2 2 3 3").elements == [
                .move(to: xy(0, 0)), .curve(to: xy(3, 3), control1: xy(1, 1), control2: xy(2, 2)),
                .curve(to: xy(6, 6), control1: xy(4, 4), control2: xy(5, 5)),
            ])
        #expect(
            try Path(svgPathData: "M0 0 q1 1 2 0 1 1 2 0").elements == [
                .move(to: xy(0, 0)), .quadCurve(to: xy(2, 0), control: xy(1, 1)),
                .quadCurve(to: xy(4, 0), control: xy(3, 1)),
            ])
        // A relative moveto as the first command is taken from the origin.
        #expect(try Path(svgPathData: "m5 6").elements == [.move(to: xy(5, 6))])
        // Consecutive moves are all kept.
        #expect(try Path(svgPathData: "M0 0 M1 1").elements == [.move(to: xy(0, 0)), .move(to: xy(1, 1))])
    }

    @Test("Numbers: exponents, leading dots, signs as separators, commas and any whitespace")
    func numberSyntax() throws {
        #expect(
            try Path(svgPathData: "M1e-3.5-.5.5L1E2,2e+1").elements == [
                .move(to: xy(0.001, 0.5)), .line(to: xy(-0.5, 0.5)), .line(to: xy(100, 20)),
            ])
        #expect(
            try Path(svgPathData: " \t\nM 10 , 20\r\n L+3.-4 ").elements == [
                .move(to: xy(10, 20)), .line(to: xy(3, -4)),
            ])
        #expect(try Path(svgPathData: "M0.5.5.5.5").elements == [.move(to: xy(0.5, 0.5)), .line(to: xy(0.5, 0.5))])
        #expect(try Path(svgPathData: "M1e-400 0").elements == [.move(to: xy(0, 0))])
    }

    @Test("An empty or blank text is the empty path")
    func emptyText() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: " \n\t ").isEmpty)
    }

    @Test("S reflects the previous C/S control point, T the previous Q/T one; otherwise the current point")
    func reflections() throws {
        let smooth = try Path(svgPathData: "M0 0 C10 0 20 10 30 10 S50 20 60 10 s10 10 20 0")
        #expect(
            smooth.elements == [
                .move(to: xy(0, 0)), .curve(to: xy(30, 10), control1: xy(10, 0), control2: xy(20, 10)),
                .curve(to: xy(60, 10), control1: xy(40, 10), control2: xy(50, 20)),
                .curve(to: xy(80, 10), control1: xy(70, 0), control2: xy(70, 20)),
            ])
        let quads = try Path(svgPathData: "M0 0 Q10 10 20 0 T40 0 t20 0")
        #expect(
            quads.elements == [
                .move(to: xy(0, 0)), .quadCurve(to: xy(20, 0), control: xy(10, 10)),
                .quadCurve(to: xy(40, 0), control: xy(30, -10)), .quadCurve(to: xy(60, 0), control: xy(50, 10)),
            ])
        // Without a curve of the same family just before, the control point is the current point.
        #expect(
            try Path(svgPathData: "M5 5 S10 10 20 5").elements[1]
                == .curve(to: xy(20, 5), control1: xy(5, 5), control2: xy(10, 10)))
        #expect(try Path(svgPathData: "M5 5 T20 5").elements[1] == .quadCurve(to: xy(20, 5), control: xy(5, 5)))
        #expect(
            try Path(svgPathData: "M0 0 Q10 10 20 0 S30 10 40 0").elements[2]
                == .curve(to: xy(40, 0), control1: xy(20, 0), control2: xy(30, 10)))
        #expect(
            try Path(svgPathData: "M0 0 C1 1 2 2 3 3 L10 10 S20 20 30 30").elements[3]
                == .curve(to: xy(30, 30), control1: xy(10, 10), control2: xy(20, 20)))
        #expect(
            try Path(svgPathData: "M0 0 Q10 10 20 0 Z T40 0").elements[3]
                == .quadCurve(to: xy(40, 0), control: xy(0, 0)))
    }

    @Test("An arc with the sweep flag set turns clockwise on the y-down screen: M0 0 A50 50 0 0 1 100 0 passes (50, -50)")
    func semicircleSweep() throws {
        // Sweep = 1 is the direction of increasing angle. From (0, 0) about the centre (50, 0) the start
        // angle is π; increasing to 2π passes 3π/2, the point (50, 50·sin 3π/2) = (50, −50): above the
        // chord, on screen, which is clockwise from left to right.
        let clockwise = try Path(svgPathData: "M0 0 A50 50 0 0 1 100 0")
        #expect(clockwise.elements.count == 3)  // a half turn is two quarter-turn cubics
        guard case .curve(let middle, let c1, _) = clockwise.elements[1] else {
            Issue.record("expected a cubic, got \(clockwise.elements[1])")
            return
        }
        #expect(close(middle, xy(50, -50), 1e-12))
        let k = 0.5522847498307936
        #expect(close(c1, xy(0, -50 * k), 1e-9))
        guard case .curve(let end, _, _) = clockwise.elements[2] else { return }
        #expect(end == xy(100, 0))  // exactly the end the text names

        let counterclockwise = try Path(svgPathData: "M0 0 A50 50 0 0 0 100 0")
        let below = counterclockwise.segments[0].end
        #expect(close(below, xy(50, 50), 1e-12))
        // Large-arc makes no difference when the two arcs are both half turns.
        #expect(close(try Path(svgPathData: "M0 0 A50 50 0 1 1 100 0").segments[0].end, middle, 1e-12))
    }

    @Test("Arcs: quarter turns, large arcs, rotated ellipses, radii scaled up, zero radii and empty arcs")
    func arcs() throws {
        // The small clockwise arc from (0, 0) to (100, 100) of radius 100 is centred on (0, 100).
        let quarter = try Path(svgPathData: "M0 0 A100 100 0 0 1 100 100")
        #expect(quarter.segments.count == 1)
        let r = 100 / 2.0.squareRoot()
        #expect(close(quarter.segments[0].point(at: 0.5), xy(r, 100 - r), 1e-6))
        // The other sweep takes the other centre, (100, 0).
        let other = try Path(svgPathData: "M0 0 A100 100 0 0 0 100 100")
        #expect(close(other.segments[0].point(at: 0.5), xy(100 - r, r), 1e-6))

        // Three quarters of a circle: three cubics, and the length of 3/4 of the circumference.
        let large = try Path(svgPathData: "M0 0 A50 50 0 1 1 50 50")
        #expect(large.segments.count == 3)
        #expect(close(large.sampler().totalLength, 0.75 * 2 * .pi * 50, 2e-4))

        // Rotated 90°, the ellipse's 50-point radius is vertical: top to bottom clockwise passes x = 25.
        let rotated = try Path(svgPathData: "M0 0 A50 25 90 0 1 0 100")
        #expect(close(rotated.segments[0].end, xy(25, 50), 1e-12))

        // Radii too small to reach are scaled up to the smallest ellipse that does.
        let scaled = try Path(svgPathData: "M0 0 A1 1 0 0 1 100 0")
        #expect(close(scaled.segments[0].end, xy(50, -50), 1e-12))

        // A zero radius makes a line; an arc to the current point draws nothing; radii signs are ignored.
        #expect(try Path(svgPathData: "M0 0 A0 10 0 0 1 100 0").elements == [.move(to: .zero), .line(to: xy(100, 0))])
        #expect(try Path(svgPathData: "M5 5 A10 10 0 0 1 5 5").elements == [.move(to: xy(5, 5))])
        #expect(try Path(svgPathData: "M0 0 A-50 -50 0 0 1 100 0") == clockwise100())

        // Relative arcs, and flags written without separators.
        #expect(try Path(svgPathData: "M0 0 a50,50,0,0,1,100,0") == clockwise100())
        #expect(try Path(svgPathData: "M0 0a50 50 0 01100 0") == clockwise100())
        let relative = try Path(svgPathData: "M10 10 a50 50 0 0 1 100 0")
        #expect(relative.currentPoint == xy(110, 10))
        #expect(close(relative.segments[0].end, xy(60, -40), 1e-12))
    }

    private func clockwise100() throws -> Path { try Path(svgPathData: "M0 0 A50 50 0 0 1 100 0") }

    @Test("Malformed text is rejected with the offset of the first bad character")
    func errors() {
        let cases: [(String, PathError, String)] = [
            ("L10 10", .expectedMoveTo(offset: 0), "path data: expected a moveto command (M or m) at offset 0"),
            ("  Z", .expectedMoveTo(offset: 2), "path data: expected a moveto command (M or m) at offset 2"),
            ("M0 0 L5", .expectedNumber(offset: 7), "path data: expected a number at offset 7"),
            ("M10 10 L20 x", .expectedNumber(offset: 11), "path data: expected a number at offset 11"),
            ("M,0 0", .expectedNumber(offset: 1), "path data: expected a number at offset 1"),
            ("M0 0 L1 1,", .expectedNumber(offset: 10), "path data: expected a number at offset 10"),
            ("M0 0 L. 5", .expectedNumber(offset: 6), "path data: expected a number at offset 6"),
            ("M0 0 X5", .expectedCommand(offset: 5), "path data: expected a command letter at offset 5"),
            ("M0 0 Z 5", .expectedCommand(offset: 7), "path data: expected a command letter at offset 7"),
            ("M0 0 L1 1 é", .expectedCommand(offset: 10), "path data: expected a command letter at offset 10"),
            ("M1e+ 2", .expectedExponent(offset: 4), "path data: expected exponent digits at offset 4"),
            ("M0 0 A10 10 0 2 1 5 5", .expectedFlag(offset: 14), "path data: expected an arc flag (0 or 1) at offset 14"),
            ("M0 0 A10 10 0 1", .expectedFlag(offset: 15), "path data: expected an arc flag (0 or 1) at offset 15"),
            ("M1e999 0", .numberOutOfRange(offset: 1), "path data: number out of range at offset 1"),
        ]
        for (text, error, message) in cases {
            #expect(parseError(text) == error, "\(text)")
            #expect(error.description == message)
            #expect(error.offset == Int(message.split(separator: " ").last!)!)
        }
    }

    @Test("svgPathData is canonical absolute text without trailing .0")
    func canonicalText() throws {
        var path = Path()
        path.move(to: xy(0, 0))
        path.addLine(to: xy(100, 0))
        path.addCurve(to: xy(50, 60), control1: xy(10, 20), control2: xy(30, 40))
        path.addQuadCurve(to: xy(3, 4), control: xy(1, 2))
        path.closeSubpath()
        #expect(path.svgPathData == "M0 0 L100 0 C10 20 30 40 50 60 Q1 2 3 4 Z")
        #expect(path.description == path.svgPathData)

        var numbers = Path()
        numbers.move(to: xy(0.5, -0.0))
        numbers.addLine(to: xy(1e-5, 1e16))
        numbers.addLine(to: xy(-2.25, 123456789))
        #expect(numbers.svgPathData == "M0.5 -0 L1e-05 1e+16 L-2.25 123456789")
        #expect(try Path(svgPathData: numbers.svgPathData) == numbers)
        #expect(Path().svgPathData == "")

        // Shorthand and relative input comes out spelled out and absolute.
        let parsed = try Path(svgPathData: "m10 10 h5 v5 t5 5 z")
        #expect(parsed.svgPathData == "M10 10 L15 10 L15 15 Q15 15 20 20 Z")
        let arc = try Path(svgPathData: "M0 0 A50 50 0 0 1 100 0 Z M1 1 s2 2 3 3")
        #expect(try Path(svgPathData: arc.svgPathData) == arc)
    }

    // MARK: Segments

    @Test("Segments resolve starts; close is a line back, moves make none")
    func segmentsOfElements() throws {
        let path = try Path(svgPathData: "M0 0 L10 0 Q20 0 20 10 Z M50 50 M60 60 C70 60 80 70 80 80")
        #expect(
            path.segments == [
                .line(from: xy(0, 0), to: xy(10, 0)),
                .quadCurve(from: xy(10, 0), to: xy(20, 10), control: xy(20, 0)),
                .line(from: xy(20, 10), to: xy(0, 0)),
                .curve(from: xy(60, 60), to: xy(80, 80), control1: xy(70, 60), control2: xy(80, 70)),
            ])
        #expect(path.segments[2].start == xy(20, 10) && path.segments[2].end == .zero)
        #expect(Path().segments.isEmpty)
        #expect(try Path(svgPathData: "M1 1 M2 2").segments.isEmpty)
        // Closing where the subpath started still counts, as a line of zero length.
        #expect(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)).segments.count == 4)
        let ellipse = Path(ellipseIn: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(ellipse.segments.last == .line(from: xy(1, 0.5), to: xy(1, 0.5)))
    }

    @Test("Segment evaluation by the Bézier parameter hits the ends exactly")
    func segmentEvaluation() {
        let line = Path.Segment.line(from: xy(0.1, 0.7), to: xy(0.3, 1.9))
        #expect(line.point(at: 0) == xy(0.1, 0.7) && line.point(at: 1) == xy(0.3, 1.9))
        #expect(Path.Segment.line(from: xy(0, 0), to: xy(10, 20)).point(at: 0.5) == xy(5, 10))
        let quad = Path.Segment.quadCurve(from: xy(0, 0), to: xy(100, 0), control: xy(50, 100))
        #expect(quad.point(at: 0.5) == xy(50, 50))
        let cubic = Path.Segment.curve(from: xy(0, 0), to: xy(3, 3), control1: xy(0, 3), control2: xy(3, 0))
        #expect(cubic.point(at: 0) == xy(0, 0) && cubic.point(at: 1) == xy(3, 3))
        #expect(cubic.point(at: 0.5) == xy(1.5, 1.5))
        #expect(cubic.start == xy(0, 0) && cubic.end == xy(3, 3))
    }

    @Test("Tangent angles are atan2 of the direction in y-down coordinates")
    func segmentTangents() {
        func angle(_ from: Point, _ to: Point) -> Double { Path.Segment.line(from: from, to: to).tangentAngle(at: 0.3) }
        #expect(angle(.zero, xy(5, 0)) == 0)
        #expect(angle(.zero, xy(0, 5)) == .pi / 2)
        #expect(angle(.zero, xy(-5, 0)) == .pi)
        #expect(angle(.zero, xy(0, -5)) == -.pi / 2)
        #expect(angle(.zero, xy(5, 5)) == .pi / 4)
        // A quad from left to right bulging down leaves heading down-right, arrives heading up-right.
        let quad = Path.Segment.quadCurve(from: xy(0, 0), to: xy(100, 0), control: xy(50, 50))
        #expect(quad.tangentAngle(at: 0) == .pi / 4)
        #expect(quad.tangentAngle(at: 0.5) == 0)
        #expect(quad.tangentAngle(at: 1) == -.pi / 4)
        // Where the derivative vanishes, the control polygon gives the direction.
        let pinched = Path.Segment.curve(from: xy(0, 0), to: xy(10, 10), control1: xy(0, 0), control2: xy(10, 10))
        #expect(pinched.tangentAngle(at: 0) == .pi / 4)
        #expect(pinched.tangentAngle(at: 1) == .pi / 4)
        let hook = Path.Segment.curve(from: xy(0, 0), to: xy(10, 10), control1: xy(0, 0), control2: xy(0, 10))
        #expect(hook.tangentAngle(at: 0) == .pi / 2)
        #expect(hook.tangentAngle(at: 1) == 0)
        #expect(Path.Segment.line(from: xy(3, 3), to: xy(3, 3)).tangentAngle(at: 0.5) == 0)
    }

    @Test("Segment lengths: exact for lines, numerically integrated for curves")
    func segmentLengths() {
        #expect(Path.Segment.line(from: xy(0, 0), to: xy(30, 40)).length == 50)
        // A straight cubic with evenly spaced control points is a line at constant speed.
        let straight = Path.Segment.curve(
            from: xy(0, 0), to: xy(30, 40), control1: xy(10, 40.0 / 3), control2: xy(20, 80.0 / 3))
        #expect(close(straight.length, 50, 1e-12))
        // The parabola (100t, 200t(1−t)): ∫₀¹ √(100² + (200 − 400t)²) dt
        // = (1/200)·[100·√50000 + 5000·ln((200 + √50000)/100)] = 147.89428575445976.
        let parabola = Path.Segment.quadCurve(from: xy(0, 0), to: xy(100, 0), control: xy(50, 100))
        #expect(close(parabola.length, 147.89428575445976, 1e-10))
        // A curve that runs out along the x axis and back: x(t) = 300t(1−t), which stops dead at t = 1/2
        // (x = 75) and returns, so its length is 2 · 75. The speed has a kink there, which the adaptive
        // rule refines.
        let back = Path.Segment.curve(from: xy(0, 0), to: xy(0, 0), control1: xy(100, 0), control2: xy(100, 0))
        #expect(close(back.length, 2 * 75, 1e-9))
    }

    // MARK: Sampling

    @Test("A rectangle's length is its perimeter; a circle's is 2πr to within the Bézier approximation")
    func lengths() {
        #expect(Path(rect: Rect(x: 5, y: 5, width: 30, height: 40)).sampler().totalLength == 140)
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100)).sampler()
        #expect(abs(circle.totalLength - 2 * .pi * 50) < 0.05)
        // The four kappa cubics are a hair longer than the circle: 314.20333961372… points.
        #expect(close(circle.totalLength, 314.2033396137253, 1e-9))
        // The tolerance changes the table, not the length.
        let coarse = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100)).sampler(tolerance: 5)
        #expect(close(coarse.totalLength, circle.totalLength, 1e-7))
        #expect(coarse.tolerance == 5)
    }

    @Test("point(atDistance:) walks a polyline, clamped at both ends")
    func polylineDistance() throws {
        let sampler = try Path(svgPathData: "M0 0 L100 0 L100 50").sampler()
        #expect(sampler.totalLength == 150)
        #expect(sampler.point(atDistance: 0) == xy(0, 0))
        #expect(sampler.point(atDistance: 50) == xy(50, 0))
        #expect(sampler.point(atDistance: 100) == xy(100, 0))
        #expect(close(sampler.point(atDistance: 120), xy(100, 20), 1e-12))
        #expect(sampler.point(atDistance: 150) == xy(100, 50))
        #expect(sampler.point(atDistance: -5) == xy(0, 0))
        #expect(sampler.point(atDistance: 1000) == xy(100, 50))
        #expect(sampler.point(atDistance: .nan) == xy(0, 0))
        #expect(sampler.point(atFraction: 0.5) == xy(75, 0))
        #expect(sampler.point(atFraction: -1) == xy(0, 0))
        #expect(sampler.point(atFraction: 2) == xy(100, 50))
    }

    @Test("Moves are jumps of no length; close is a line back to the subpath start")
    func jumpsAndClose() throws {
        let jumps = try Path(svgPathData: "M0 0 L10 0 M100 100 L100 110").sampler()
        #expect(jumps.totalLength == 20)
        #expect(jumps.point(atDistance: 10) == xy(10, 0))
        #expect(close(jumps.point(atDistance: 10.5), xy(100, 100.5), 1e-12))
        #expect(jumps.point(atDistance: 15) == xy(100, 105))

        let triangle = try Path(svgPathData: "M0 0 L30 0 L30 40 Z").sampler()
        #expect(triangle.totalLength == 120)
        #expect(close(triangle.point(atDistance: 95), xy(15, 20), 1e-12))
        #expect(isHeading(triangle.tangentAngle(atDistance: 95), along: -30, -40))

        // A zero-length close at the end and zero-length pieces at the start are never reported.
        let loop = try Path(svgPathData: "M7 7 Z M0 0 L10 0 L0 0 Z").sampler()
        #expect(loop.totalLength == 20)
        #expect(loop.point(atDistance: 0) == xy(0, 0))
        #expect(loop.tangentAngle(atDistance: 0) == 0)
        #expect(loop.point(atFraction: 1) == xy(0, 0))
        #expect(loop.tangentAngle(atFraction: 1) == .pi)
    }

    @Test("Tangents along a rectangle and a circle")
    func samplerTangents() {
        let rect = Path(rect: Rect(x: 0, y: 0, width: 100, height: 50)).sampler()
        #expect(rect.tangentAngle(atDistance: 0) == 0)
        #expect(rect.tangentAngle(atDistance: 50) == 0)
        #expect(rect.tangentAngle(atDistance: 120) == .pi / 2)
        #expect(rect.tangentAngle(atDistance: 200) == .pi)
        #expect(rect.tangentAngle(atDistance: 290) == -.pi / 2)
        // At a corner the incoming direction wins.
        #expect(rect.tangentAngle(atDistance: 100) == 0)

        let circle = Path(ellipseIn: Rect(x: -50, y: -50, width: 100, height: 100)).sampler()
        #expect(close(circle.tangentAngle(atDistance: 0), .pi / 2, 1e-12))
        for fraction in stride(from: 0.01, to: 0.99, by: 0.07) {
            // On a circle centred at the origin, travelling clockwise on screen, the tangent is the
            // radius turned a quarter turn further.
            let p = circle.point(atFraction: fraction)
            #expect(close(distance(p, .zero), 50, 3e-4))
            #expect(isHeading(circle.tangentAngle(atFraction: fraction), along: -p.y, p.x, 5e-3), "at \(fraction)")
        }
        // Paced: a quarter of the way round is the bottom of the circle.
        #expect(close(circle.point(atFraction: 0.25), xy(0, 50), 1e-9))
    }

    @Test("A path that draws nothing rests at its first move")
    func nothingDrawn() throws {
        let empty = Path().sampler()
        #expect(empty.totalLength == 0 && empty.point(atFraction: 0.5) == .zero && empty.tangentAngle(atDistance: 1) == 0)
        let moves = try Path(svgPathData: "M3 4 M5 6").sampler()
        #expect(moves.totalLength == 0 && moves.point(atDistance: 0) == xy(3, 4))
    }

    // MARK: Properties

    @Test("On a random polyline, point(atDistance:) is the point that far along, and moves continuously")
    func polylineProperty() async {
        let polylines = points.array(of: 2...12)
        await propertyCheck(input: polylines, Gen.double(in: 0...1), Gen.double(in: 0...0.05)) { vertices, f, e in
            var path = Path()
            path.move(to: vertices[0])
            for v in vertices.dropFirst() { path.addLine(to: v) }
            let sampler = path.sampler()
            // An independent walk along the edges.
            var cumulative = [0.0]
            for (a, b) in zip(vertices, vertices.dropFirst()) { cumulative.append(cumulative.last! + distance(a, b)) }
            #expect(close(sampler.totalLength, cumulative.last!, 1e-12))
            let target = f * sampler.totalLength
            if let edge = cumulative.indices.dropFirst().first(where: { cumulative[$0] >= target }),
                cumulative[edge] > cumulative[edge - 1]
            {
                let u = (target - cumulative[edge - 1]) / (cumulative[edge] - cumulative[edge - 1])
                let (a, b) = (vertices[edge - 1], vertices[edge])
                let expected = xy(a.x + u * (b.x - a.x), a.y + u * (b.y - a.y))
                #expect(close(sampler.point(atDistance: target), expected, 1e-9), "\(vertices) \(f)")
            }
            // Continuity: moving ε of the way along moves the point at most ε of the length.
            let (p, q) = (sampler.point(atFraction: f), sampler.point(atFraction: f + e))
            #expect(distance(p, q) <= min(e, 1 - f) * sampler.totalLength + 1e-9)
        }
    }

    @Test("Along random curves, points are continuous and monotone in distance")
    func curveProperty() async {
        let curves = Gen.double(in: -100...100).array(of: 8).array(of: 1...4)
        await propertyCheck(input: curves, Gen.double(in: 0...1), Gen.double(in: 0...0.02)) { rows, f, e in
            var path = Path()
            path.move(to: xy(rows[0][0], rows[0][1]))
            for r in rows {
                if r[7] > 0 {
                    path.addCurve(to: xy(r[2], r[3]), control1: xy(r[4], r[5]), control2: xy(r[6], r[7]))
                } else {
                    path.addQuadCurve(to: xy(r[2], r[3]), control: xy(r[4], r[5]))
                }
            }
            let tolerance = 0.05
            let sampler = path.sampler(tolerance: tolerance)
            let lengths = path.segments.map(\.length).reduce(0, +)
            #expect(close(sampler.totalLength, lengths, 1e-6))
            let (p, q) = (sampler.point(atFraction: f), sampler.point(atFraction: f + e))
            #expect(distance(p, q) <= min(e, 1 - f) * sampler.totalLength + 2 * tolerance, "\(rows) \(f) \(e)")
            // Walking in small steps never goes back: the chords add up to no more than the length.
            var walked = 0.0
            var previous = sampler.point(atFraction: 0)
            for step in 1...200 {
                let next = sampler.point(atFraction: Double(step) / 200)
                walked += distance(previous, next)
                previous = next
            }
            #expect(walked <= sampler.totalLength * (1 + 1e-9) + 1e-9)
            #expect(walked >= sampler.totalLength * 0.95 - 1e-9)
        }
    }

    @Test("svgPathData parses back to an equal path")
    func roundTripProperty() async {
        let rows = Gen.double(in: -1...1).array(of: 8).array(of: 0...12)
        await propertyCheck(count: 300, input: rows) { rows in
            var path = Path()
            for r in rows {
                // Integers, plain fractions, tiny and huge magnitudes, to exercise every printed form.
                let scale: (Double) -> Double =
                    switch r[1] {
                    case ..<(-0.3): { ($0 * 1000).rounded() }
                    case ..<0.3: { $0 * 1000 }
                    case ..<0.7: { $0 * 1e-7 }
                    default: { $0 * 1e20 }
                    }
                let a = xy(scale(r[2]), scale(r[3]))
                let b = xy(scale(r[4]), scale(r[5]))
                let c = xy(scale(r[6]), scale(r[7]))
                switch r[0] {
                case ..<(-0.6): path.move(to: a)
                case ..<(-0.2): path.addLine(to: a)
                case ..<0.2: path.addQuadCurve(to: a, control: b)
                case ..<0.6: path.addCurve(to: a, control1: b, control2: c)
                default: path.closeSubpath()
                }
            }
            let text = path.svgPathData
            #expect((try? Path(svgPathData: text)) == path, "\(text)")
        }
    }
}

