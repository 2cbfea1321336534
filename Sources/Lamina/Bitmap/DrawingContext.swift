import CCairo
public import LaminaCore
import LaminaImage

/// What `Layer.draw(in:)` and `Bitmap(width:height:scale:draw:)` draw with: a cairo context on the
/// bitmap's surface, in points (the surface's pixels are points times `contentsScale`), origin at the
/// top left, y down — the same orientation as the layer's bounds.
///
/// The methods cover what layer drawing usually needs; `cairo` is the context itself, for anything
/// else cairo does (text, gradients, clipping, dashes).
public struct DrawingContext {
    /// The cairo context (`cairo_t *`).
    public let cairo: OpaquePointer
    /// The drawable area in points.
    public let size: Size

    init(_ cairo: OpaquePointer, size: Size) {
        self.cairo = cairo
        self.size = size
    }

    /// Draws `width` x `height` pixels (R, G, B, A bytes, rows top first, straight alpha) scaled into
    /// `rect` (`CGContext.draw(_:in:)` of an image): what a drawer that computes its pixels itself (a
    /// fractal, a map's raster) paints with.
    public func draw(pixels: [UInt8], width: Int, height: Int, in rect: Rect) {
        guard width > 0, height > 0, pixels.count == width * height * 4,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let premultiplied = RGBAImage(width: width, height: height, bytes: pixels, alpha: .straight).premultipliedAlpha.bytes
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4, o = y * stride + x * 4
                (data[o], data[o + 1], data[o + 2], data[o + 3]) = (premultiplied[i + 2], premultiplied[i + 1], premultiplied[i], premultiplied[i + 3])
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_save(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(width), rect.height / Double(height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_rectangle(cairo, 0, 0, Double(width), Double(height))
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Fills `rect` with `color`.
    public func fill(_ rect: Rect, with color: Color) {
        setColor(color)
        cairo_rectangle(cairo, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        cairo_fill(cairo)
    }

    /// Fills the ellipse inscribed in `rect` with `color`.
    public func fillEllipse(in rect: Rect, with color: Color) {
        setColor(color)
        cairo_save(cairo)
        cairo_translate(cairo, rect.midX, rect.midY)
        cairo_scale(cairo, rect.size.width / 2, rect.size.height / 2)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cairo)
        cairo_fill(cairo)
    }

    /// Strokes the outline of `rect` with `color`, `lineWidth` points wide (centred on the outline).
    public func stroke(_ rect: Rect, with color: Color, lineWidth: Double = 1) {
        setColor(color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_rectangle(cairo, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        cairo_stroke(cairo)
    }

    /// Strokes a straight line from `a` to `b`.
    public func strokeLine(from a: Point, to b: Point, with color: Color, lineWidth: Double = 1) {
        setColor(color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_move_to(cairo, a.x, a.y)
        cairo_line_to(cairo, b.x, b.y)
        cairo_stroke(cairo)
    }

    /// Clears everything to transparent.
    public func clear() {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Makes `color` the source of later cairo fills and strokes.
    public func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }
}
