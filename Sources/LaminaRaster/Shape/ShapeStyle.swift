public import LaminaCore

/// How a shape layer's path is filled and stroked: every `CAShapeLayer` property but the colours,
/// which the renderer applies in the shader (so animating a colour rasterises nothing).
public struct ShapeStyle: Hashable, Sendable {
    /// Whether the path is filled (a fill colour is set).
    public var fills: Bool
    /// Whether the path is stroked (a stroke colour is set, and a width above 0).
    public var strokes: Bool
    public var fillRule: FillRule
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Dash and gap lengths, alternating; empty for a solid stroke.
    public var dashes: [Double]
    public var dashPhase: Double
    /// The part of the stroke drawn, as fractions of the path's length (clamped to 0...1).
    public var strokeStart: Double
    public var strokeEnd: Double

    /// A style; the defaults are `CAShapeLayer`'s.
    public init(
        fills: Bool = true, strokes: Bool = false, fillRule: FillRule = .nonZero, lineWidth: Double = 1,
        lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10, dashes: [Double] = [],
        dashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
        self.fills = fills
        self.strokes = strokes
        self.fillRule = fillRule
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// The part of the stroke drawn, clamped to 0...1; nil when nothing is (`strokeStart >= strokeEnd`,
    /// or no stroke).
    public var strokeRange: ClosedRange<Double>? {
        let start = min(max(strokeStart, 0), 1), end = min(max(strokeEnd, 0), 1)
        guard strokes, lineWidth > 0, start < end else { return nil }
        return start...end
    }

    /// Whether the dash pattern draws anything: Core Graphics (and cairo) refuse a pattern whose
    /// lengths are all zero, which strokes solid here.
    var dashPattern: [Double]? {
        guard !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) else { return nil }
        return dashes
    }

    /// The style with what `ShapeRasterizer.inkExtent` ignores reset: the whole stroke, solid. Two
    /// styles with the same ink style reach the same rectangle.
    public var inkStyle: ShapeStyle {
        var style = self
        style.strokes = strokeRange != nil
        (style.strokeStart, style.strokeEnd, style.dashes, style.dashPhase) = (0, 1, [], 0)
        return style
    }

    /// How far outside the path's control points the stroke may reach, in points: half the width, more
    /// for square caps (the corner of the square) and miter joins (up to the miter limit).
    public var strokeReach: Double {
        guard strokeRange != nil else { return 0 }
        var reach = lineWidth / 2
        if lineCap == .square { reach *= 2.squareRoot() }
        if lineJoin == .miter { reach = max(reach, lineWidth / 2 * max(miterLimit, 1)) }
        return reach
    }
}
