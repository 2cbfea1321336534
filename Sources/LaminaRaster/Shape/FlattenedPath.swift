internal import CCairo
public import LaminaCore

/// A path as polylines, one per subpath, with the length along each: what `strokeStart` and
/// `strokeEnd` cut by arc length.
///
/// Curves are flattened by cairo to within a tenth of a pixel at the scale the shape is drawn at, once
/// per path and scale: an animation of `strokeEnd` cuts the same polylines at a new length every
/// frame, which is a walk along them, not a new flattening.
public struct FlattenedPath: Sendable {
    /// One subpath: its points, the length from its start to each, and whether it is closed (its last
    /// point then equals its first).
    public struct Subpath: Sendable {
        public var points: [Point]
        public var lengths: [Double]
        public var isClosed: Bool

        /// The subpath's length.
        public var length: Double { lengths.last ?? 0 }
    }

    public var subpaths: [Subpath]
    /// The sum of the subpaths' lengths.
    public var length: Double

    /// Flattens `path` for drawing at `scale` pixels per point.
    public init(_ path: Path, scale: Double) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cairo = cairo_create(surface)!
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        cairo_scale(cairo, scale, scale)
        cairo_set_tolerance(cairo, 0.1)
        ShapeRasterizer.trace(path, into: cairo)
        var subpaths: [Subpath] = []
        var current: Subpath?
        func finish() {
            if let c = current, c.points.count > 1 { subpaths.append(c) }
            current = nil
        }
        let flat = cairo_copy_path_flat(cairo)!
        defer { cairo_path_destroy(flat) }
        let data = flat.pointee.data!
        var i = 0
        while i < Int(flat.pointee.num_data) {
            let header = data[i].header
            let point = header.length > 1 ? Point(x: data[i + 1].point.x, y: data[i + 1].point.y) : nil
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish()
                current = Subpath(points: [point!], lengths: [0], isClosed: false)
            case CAIRO_PATH_LINE_TO:
                if current == nil { current = Subpath(points: [point!], lengths: [0], isClosed: false) }
                let last = current!.points[current!.points.count - 1]
                current!.points.append(point!)
                current!.lengths.append(current!.length + last.distance(to: point!))
            case CAIRO_PATH_CLOSE_PATH:
                if var c = current, let first = c.points.first {
                    c.lengths.append(c.length + c.points[c.points.count - 1].distance(to: first))
                    c.points.append(first)
                    c.isClosed = true
                    current = c
                    finish()
                }
            default: break
            }
            i += Int(header.length)
        }
        finish()
        self.subpaths = subpaths
        length = subpaths.reduce(0) { $0 + $1.length }
    }
}

extension Point {
    func distance(to other: Point) -> Double {
        let (dx, dy) = (other.x - x, other.y - y)
        return (dx * dx + dy * dy).squareRoot()
    }
}
