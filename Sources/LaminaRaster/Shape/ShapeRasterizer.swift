internal import CCairo
public import LaminaCore

/// Draws a shape layer's fill and stroke on the CPU with cairo, at the resolution the shape is shown
/// at, into one two-channel coverage raster: the fill's coverage in the first channel, the stroke's
/// in the second. The renderer tints them with `fillColor` and `strokeColor` in the shader, stroke over
/// fill, so colours animate without drawing again.
///
/// Why cairo and not the GPU: fill rules, every join and cap, miter limits and dashes come exactly
/// right, anti-aliased by area, from a library made for it; the GPU ways (stencil-then-cover,
/// tessellated strokes, distance fields) each need a stroker of their own. Measured on llvmpipe, a
/// 200 x 200-pixel ring rasterises in tens of microseconds (see `docs/performance.md`), and a shape
/// is drawn again only when its path, style or scale changes; animating `strokeEnd` cuts the
/// flattened path the raster keeps (`FlattenedPath`) and strokes only the cut part.
public enum ShapeRasterizer {
    /// The most dashes a stroke is drawn with (see `rasterize`).
    public static let maximumDashes = 100_000

    /// The rectangle of the layer's space (points) the drawn shape can reach: the path's control
    /// points, grown by the stroke's reach; nil when nothing is drawn. Conservative and cheap (no
    /// stroking): a miter join may reach `miterLimit` half-widths from the path.
    public static func extent(of path: Path, style: ShapeStyle) -> Rect? {
        guard !path.isEmpty, style.fills || style.strokeRange != nil else { return nil }
        let box = path.boundingBox
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return nil }
        let reach = style.strokeReach
        return box.insetBy(dx: -reach, dy: -reach)
    }

    /// The rectangle the shape's ink reaches, as cairo strokes and fills it: tighter than `extent` where
    /// joins turn gently (a circle's stroke reaches half its width, not `miterLimit` half-widths), and
    /// the same for every `strokeStart`, `strokeEnd` and dash pattern, so an animation of those keeps
    /// the raster's size. Grown by `margin` points for curve flattening; nil when nothing is drawn.
    public static func inkExtent(of path: Path, style: ShapeStyle, margin: Double = 0.5) -> Rect? {
        guard let bound = extent(of: path, style: style) else { return nil }
        // Far beyond cairo's fixed-point range (±8 million units) its extents are not to be trusted.
        guard max(abs(bound.minX), abs(bound.maxX), abs(bound.minY), abs(bound.maxY)) < 1e6 else { return bound }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        let cairo = cairo_create(surface)!
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        cairo_set_tolerance(cairo, 0.1)
        trace(path, into: cairo)
        var ink = Rect.null
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        if style.fills {
            cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
            ink = ink.union(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        if style.strokeRange != nil {
            setStroke(style, on: cairo)
            cairo_stroke_extents(cairo, &x0, &y0, &x1, &y1)
            ink = ink.union(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            // Cut ends and dashes take caps where the whole path has none: as far as a square cap
            // reaches from the path's control points (always, so cutting changes no size).
            let cap = style.lineWidth / 2 * (style.lineCap == .butt ? 1 : 2.squareRoot())
            ink = ink.union(path.boundingBox.insetBy(dx: -cap, dy: -cap))
        }
        guard !ink.isNull, ink.width.isFinite, ink.height.isFinite else { return bound }
        return ink.insetBy(dx: -margin, dy: -margin)
    }

    /// The coverage of `path` drawn with `style` over `extent` (points) at `scale` pixels per point:
    /// `width` x `height` pixels with `width = ceil(extent.width * scale)`, two bytes a pixel (fill,
    /// stroke), texel (0, 0) at the extent's top-left. `flattened` is the path flattened at `scale`,
    /// for a stroke cut by `strokeStart` / `strokeEnd` (made here when nil).
    ///
    /// `fill`, when given, is the fill's coverage of an earlier raster of the same path, fill rule,
    /// extent and scale (`ShapeCoverage.fill`): it is copied, not drawn again, so a stroke animating
    /// over a fill costs only the stroke.
    public static func rasterize(
        _ path: Path, style: ShapeStyle, extent: Rect, scale: Double, flattened: FlattenedPath? = nil, fill: [UInt8]? = nil
    ) -> ShapeCoverage {
        let width = max(Int((extent.width * scale).rounded(.up)), 1)
        let height = max(Int((extent.height * scale).rounded(.up)), 1)
        var coverage = ShapeCoverage(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height * 2))
        if style.fills, let fill, fill.count == width * height {
            for i in 0..<fill.count { coverage.bytes[2 * i] = fill[i] }
        } else if style.fills {
            draw(into: &coverage, channel: 0, extent: extent, scale: scale) { cairo in
                trace(path, into: cairo)
                cairo_set_fill_rule(cairo, style.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_fill(cairo)
            }
        }
        if let range = style.strokeRange {
            draw(into: &coverage, channel: 1, extent: extent, scale: scale) { cairo in
                setStroke(style, on: cairo)
                // A pattern so fine that the path would hold more than `maximumDashes` dashes strokes
                // solid (a documented clamp): at that density the dashes are a grey of the stroke,
                // and drawing each would take unbounded time.
                let dashes = style.dashPattern.flatMap { pattern -> [Double]? in
                    // An odd-length pattern repeats twice to alternate on and off.
                    let period = pattern.reduce(0, +) * Double(pattern.count % 2 + 1)
                    let length = controlLength(of: path)
                    return period > 0 && length.isFinite && length / period <= Double(maximumDashes) ? pattern : nil
                }
                func dash(offset: Double) {
                    guard let pattern = dashes else { return }
                    pattern.withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), offset) }
                }
                if range == 0...1 {
                    dash(offset: style.dashPhase)
                    trace(path, into: cairo)
                    cairo_stroke(cairo)
                    return
                }
                // The cut part, from the flattened path; dashes stay anchored at each subpath's start,
                // as they are for the whole path.
                let flat = flattened ?? FlattenedPath(path, scale: scale)
                for piece in pieces(of: flat, from: range.lowerBound * flat.length, to: range.upperBound * flat.length) {
                    dash(offset: style.dashPhase + piece.offset)
                    cairo_move_to(cairo, piece.points[0].x, piece.points[0].y)
                    for p in piece.points.dropFirst() { cairo_line_to(cairo, p.x, p.y) }
                    if piece.isClosed { cairo_close_path(cairo) }
                    cairo_stroke(cairo)
                }
            }
        }
        return coverage
    }

    /// Draws with `body` into an A8 surface over the extent and copies its coverage into `channel`.
    private static func draw(
        into coverage: inout ShapeCoverage, channel: Int, extent: Rect, scale: Double, _ body: (OpaquePointer) -> Void
    ) {
        let (width, height) = (coverage.width, coverage.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, scale, scale)
        cairo_translate(cairo, -extent.minX, -extent.minY)
        cairo_set_tolerance(cairo, 0.1)
        body(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            coverage.bytes.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = data + y * stride
                    for x in 0..<width { out[(y * width + x) * 2 + channel] = row[x] }
                }
            }
        }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The length of the path's control polygon: never less than the path's own length (a curve is
    /// no longer than its control points' polygon).
    static func controlLength(of path: Path) -> Double {
        var length = 0.0
        var current = Point(x: 0, y: 0), start = current
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                start = p
            case .line(let p):
                length += current.distance(to: p)
                current = p
            case .quadCurve(let p, let c):
                length += current.distance(to: c) + c.distance(to: p)
                current = p
            case .curve(let p, let c1, let c2):
                length += current.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)
                current = p
            case .close:
                length += current.distance(to: start)
                current = start
            }
        }
        return length
    }

    /// Sets cairo's line width, cap, join and miter limit from `style`.
    static func setStroke(_ style: ShapeStyle, on cairo: OpaquePointer) {
        cairo_set_line_width(cairo, style.lineWidth)
        cairo_set_line_cap(
            cairo, style.lineCap == .round ? CAIRO_LINE_CAP_ROUND : style.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(
            cairo, style.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : style.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cairo, style.miterLimit)
    }

    /// Adds `path`'s elements to cairo's current path.
    static func trace(_ path: Path, into cairo: OpaquePointer) {
        var current = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cairo, p.x, p.y)
                current = p
            case .line(let p):
                cairo_line_to(cairo, p.x, p.y)
                current = p
            case .quadCurve(let p, let c):
                // A quadratic as the cubic it is: control points two thirds of the way to c.
                let c1 = Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(cairo)
                var x = 0.0, y = 0.0
                cairo_get_current_point(cairo, &x, &y)
                current = Point(x: x, y: y)
            }
        }
    }

    /// A cut piece of one subpath: its points, whether it is the whole closed subpath, and how far
    /// into the subpath it starts (for the dash pattern).
    struct Piece {
        var points: [Point]
        var isClosed: Bool
        var offset: Double
    }

    /// The parts of `flat` between lengths `start` and `end` along the whole path.
    static func pieces(of flat: FlattenedPath, from start: Double, to end: Double) -> [Piece] {
        var pieces: [Piece] = []
        var base = 0.0
        for subpath in flat.subpaths {
            defer { base += subpath.length }
            let (a, b) = (max(start - base, 0), min(end - base, subpath.length))
            guard a < b else { continue }
            if subpath.isClosed, a <= 0, b >= subpath.length {
                pieces.append(Piece(points: Array(subpath.points.dropLast()), isClosed: true, offset: 0))
                continue
            }
            var points = [point(at: a, in: subpath)]
            for (i, length) in subpath.lengths.enumerated() where length > a && length < b { points.append(subpath.points[i]) }
            points.append(point(at: b, in: subpath))
            pieces.append(Piece(points: points, isClosed: false, offset: a))
        }
        return pieces
    }

    /// The point `length` along a subpath (by bisection over its cumulative lengths).
    static func point(at length: Double, in subpath: FlattenedPath.Subpath) -> Point {
        var (low, high) = (0, subpath.lengths.count - 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if subpath.lengths[mid] <= length { low = mid } else { high = mid }
        }
        let (l0, l1) = (subpath.lengths[low], subpath.lengths[high])
        let f = l1 > l0 ? min(max((length - l0) / (l1 - l0), 0), 1) : 0
        let (p, q) = (subpath.points[low], subpath.points[high])
        return Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f)
    }
}

/// A shape's coverage: `width` x `height` pixels, rows top first, two bytes each (fill, stroke).
public struct ShapeCoverage: Sendable {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    /// The fill's coverage alone, a byte a pixel (to hand back to `rasterize` while the fill stays).
    public var fill: [UInt8] { stride(from: 0, to: bytes.count, by: 2).map { bytes[$0] } }

    /// The fill's and the stroke's coverage of pixel (x, y), 0...255.
    public subscript(x: Int, y: Int) -> (fill: UInt8, stroke: UInt8) {
        (bytes[(y * width + x) * 2], bytes[(y * width + x) * 2 + 1])
    }
}
