/// Every layer property, one row each: the single place a property is declared. Edit a row (or add
/// one, with a new wire id), run `make generate`, and the keys, the property table, the client
/// library's properties and the docs' tables follow; a test fails while they are stale.
///
/// The rows' order is the order of `PropertyKey`'s raw values, which index every layer's storage, and
/// a layer's storage reaches only as far as the highest property it ever wrote (`PropertyValues`). So
/// the properties most layers set — geometry, contents, background, opacity, transform, corners —
/// come first: such a layer keeps its values in a few adjacent cache lines, where a frame reads them,
/// instead of a kilobyte it touches at both ends. `CALayer`'s properties come before the subclasses'.
/// (The wire numbers are separate, and fixed.)
public enum LayerSchema {
    public static let properties: [PropertySchema] = [
        .init("bounds", .rect, .rect(0, 0, 0, 0), wire: 0, change: .bounds, "The layer's own coordinate space: origin and size in points."),
        .init("position", .point, .point(0, 0), wire: 1, change: .placement, "Where the anchor point sits in the superlayer."),
        .init(
            "contents", .bitmap, .none, wire: 17, accessor: false,
            change: .contents, "The bitmap shown in the bounds, placed by `contentsGravity`, `contentsRect` and `contentsCenter`."),
        .init(
            "backgroundColor", .color, .color(0, 0, 0, 0, words: "transparent", swift: ".clear"), wire: 13,
            change: .paint, "The background fill."),
        .init("opacity", .number, .number(1), wire: 8, change: .opacity, "Opacity, 0 to 1."),
        .init("transform", .transform, .identity, wire: 5, change: .placement, "The transform applied around the anchor point."),
        .init("cornerRadius", .number, .number(0), wire: 16, change: .shape, "The radius of the rounded corners of background, border and clip."),
        .init("zPosition", .number, .number(0), wire: 2, change: .reorders, "Position on the z axis (drawing order among siblings, and depth)."),
        .init(
            "anchorPoint", .point, .point(0.5, 0.5), wire: 3,
            change: .placement, "The point of the bounds, in unit coordinates, that `position` places and transforms turn around."),
        .init("anchorPointZ", .number, .number(0), wire: 4, change: .placement, "The anchor point's z coordinate."),
        .init("sublayerTransform", .transform, .identity, wire: 6, change: .sublayers, "A transform applied to the sublayers (a perspective, say)."),
        .init("hidden", swift: "isHidden", .bool, .bool(false), wire: 7, change: .visibility, "Whether the layer (and its sublayers) is not drawn."),
        .init(
            "allowsGroupOpacity", .bool, .bool(true), wire: 9, animatable: false,
            change: .effects, "Whether sublayers are composited as a group before opacity applies."),
        .init("doubleSided", swift: "isDoubleSided", .bool, .bool(true), wire: 10, change: .facing, "Whether the back side is drawn when turned away."),
        .init(
            "geometryFlipped", swift: "isGeometryFlipped", .bool, .bool(false), wire: 11, animatable: false,
            change: .sublayers, "Whether the sublayers' y axis is flipped."),
        .init("masksToBounds", .bool, .bool(false), wire: 12, change: .shape, "Whether sublayers are clipped to the bounds (and corner radius)."),
        .init("borderWidth", .number, .number(0), wire: 14, change: .shape, "The border's width in points."),
        .init("borderColor", .color, .color(0, 0, 0, 1, words: "opaque black", swift: ".black"), wire: 15, change: .paint, "The border's colour."),
        .init(
            "compositingFilter", .keyword, .choice("normal"), wire: 61, animatable: false,
            keyword: .init(
                "BlendMode",
                [
                    "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "softLight",
                    "hardLight", "difference", "exclusion", "plusLighter", "plusDarker", "hue", "saturation", "color", "luminosity",
                ],
                "How a layer (with its sublayers) combines with what is behind it: the W3C Compositing and Blending blend modes (the separable ones, and `hue`, `saturation`, `color` and `luminosity`, which protocol version 9 added), and Core Graphics' `plusLighter` and `plusDarker`.",
                since: ["hue": 9, "saturation": 9, "color": 9, "luminosity": 9]),
            change: .effects, "How the layer, with its sublayers, combines with what is behind it (a blend mode)."),
        .init(
            "filters", .filters, .empty, wire: 69, nullable: true,
            change: .effects, "Filters applied to the layer with its sublayers, in order (blur, colour matrix, saturation, brightness, contrast); their parameters animate, one at a time by `filters.NAME.FIELD`."),
        .init(
            "backgroundFilters", .filters, .empty, wire: 70, nullable: true,
            change: .effects, "Filters applied to what is behind the layer, inside its shape, before the layer is drawn (frosted glass); their parameters animate by `backgroundFilters.NAME.FIELD`."),
        .init(
            "maskedCorners", .corners, .allCorners, wire: 59, animatable: false,
            change: .shape, "Which corners `cornerRadius` rounds (the others stay square)."),
        .init(
            "cornerCurve", .keyword, .choice("circular"), wire: 60, animatable: false,
            keyword: .init(
                "CornerCurve", ["circular", "continuous"],
                "The shape of rounded corners (`CALayerCornerCurve`): a quarter circle, or the curvature-continuous corner of iOS that leaves each edge 1.528 x `cornerRadius` from the corner."),
            change: .shape, "The shape of the rounded corners: `circular`, or `continuous` (iOS's smooth corner)."),
        .init("contentsRect", .rect, .rect(0, 0, 1, 1), wire: 18, change: .contents, "The part of `contents` shown, in unit coordinates."),
        .init(
            "contentsCenter", .rect, .rect(0, 0, 1, 1), wire: 19,
            change: .contents, "The stretchable centre of `contents` (nine-slice), in unit coordinates."),
        .init(
            "contentsGravity", .gravity, .enumeration("resize", wire: 9), wire: 20, animatable: false,
            change: .contents, "How `contents` is placed in the bounds."),
        .init("contentsScale", .number, .number(1), wire: 21, animatable: false, domain: .positive, change: .contents, "Pixels of `contents` per point."),
        .init(
            "minificationFilter", .filter, .enumeration("linear", wire: 0), wire: 22, animatable: false,
            change: .contents, "The filter when `contents` is drawn smaller."),
        .init(
            "magnificationFilter", .filter, .enumeration("linear", wire: 0), wire: 23, animatable: false,
            change: .contents, "The filter when `contents` is drawn larger."),
        .init(
            "minificationFilterBias", .number, .number(0), wire: 31,
            change: .contents, "A bias added to the mipmap level `trilinear` minification samples (positive: smaller, blurrier levels)."),
        .init(
            "allowsEdgeAntialiasing", .bool, .bool(false), wire: 32, animatable: false,
            change: .shape, "Whether the layer's edges are anti-aliased when a transform turns or skews them (off by default, as in Core Animation)."),
        .init(
            "shouldRasterize", .bool, .bool(false), wire: 33, animatable: false,
            change: .effects, "Whether the layer and its sublayers are drawn once into a cached bitmap, redrawn only when something inside changes."),
        .init(
            "rasterizationScale", .number, .number(1), wire: 34, animatable: false, domain: .positive,
            change: .effects, "Pixels per point of the cached bitmap `shouldRasterize` draws (1, as in Core Animation: set it to the output's scale for sharp results)."),
        .init("shadowColor", .color, .color(0, 0, 0, 1, words: "opaque black", swift: ".black"), wire: 24, change: .shadow, "The shadow's colour."),
        .init("shadowOpacity", .number, .number(0), wire: 25, change: .shadow, "The shadow's opacity (0: no shadow)."),
        .init("shadowOffset", .size, .size(0, -3), wire: 26, change: .shadow, "The shadow's offset."),
        .init("shadowRadius", .number, .number(3), wire: 27, change: .shadow, "The shadow's blur radius."),
        .init(
            "shadowPath", .path, .empty, wire: 67, nullable: true,
            change: .effects, "The shadow's shape, in the layer's bounds space (nil: the shadow follows the layer's alpha); the fast path: the layer need not be drawn offscreen."),
        .init(
            "beginTime", .number, .number(0), wire: 28, animatable: false,
            change: .timing, "When the layer's time begins, in its superlayer's time (`MediaTiming`)."),
        .init(
            "timeOffset", .number, .number(0), wire: 29, animatable: false,
            change: .timing, "An offset added to the layer's local time (`MediaTiming`)."),
        .init(
            "speed", .number, .number(1), wire: 30, animatable: false,
            change: .timing, "The rate of the layer's time relative to its superlayer's (`MediaTiming`)."),
        .init(
            "duration", .number, .number(.infinity), wire: 62, animatable: false, domain: .nonNegativeOrInfinite,
            change: .timing, "The simple duration of the layer's time (`MediaTiming`): infinite, or the length its time repeats over."),
        .init(
            "repeatCount", .number, .number(0), wire: 63, animatable: false, domain: .nonNegativeOrInfinite,
            change: .timing, "How many times the layer's time repeats its duration (`MediaTiming`); 0 means once."),
        .init(
            "repeatDuration", .number, .number(0), wire: 64, animatable: false, domain: .nonNegativeOrInfinite,
            change: .timing, "How long the layer's time repeats its duration (`MediaTiming`); 0 means not set."),
        .init(
            "autoreverses", .bool, .bool(false), wire: 65, animatable: false,
            change: .timing, "Whether each repeat of the layer's time runs forward then back (`MediaTiming`)."),
        .init(
            "fillMode", .keyword, .choice("removed"), wire: 66, animatable: false,
            keyword: .init(
                "FillMode", ["removed", "forwards", "backwards", "both"],
                "What shows outside the active interval (`CAMediaTimingFillMode`).", existing: true),
            change: .timing, "Kept with the layer's timing (`MediaTiming`): outside its active interval a layer's time holds at the nearest end whatever it says."),

        // MARK: CAShapeLayer
        .init(
            "path", .path, .empty, wire: 35, kind: .shape, nullable: true,
            "The outline to fill and stroke, in the layer's bounds space (nil: nothing is drawn)."),
        .init(
            "fillColor", .color, .color(0, 0, 0, 1, words: "opaque black", swift: ".black"), wire: 36, kind: .shape,
            nullable: true, "The colour the path is filled with (nil: not filled)."),
        .init(
            "fillRule", .keyword, .choice("nonZero"), wire: 37, animatable: false, kind: .shape,
            keyword: .init("FillRule", ["nonZero", "evenOdd"], "Which points lie inside a path that crosses itself (`CAShapeLayerFillRule`)."),
            "Which points the fill covers where the path crosses itself."),
        .init(
            "strokeColor", .color, .color(0, 0, 0, 0, words: "none", swift: ".clear"), wire: 38, kind: .shape,
            nullable: true, "The colour the path is stroked with (nil: not stroked)."),
        .init("lineWidth", .number, .number(1), wire: 39, domain: .nonNegative, kind: .shape, "The stroke's width in points."),
        .init(
            "lineCap", .keyword, .choice("butt"), wire: 40, animatable: false, kind: .shape,
            keyword: .init("LineCap", ["butt", "round", "square"], "How an open stroke ends (`CAShapeLayerLineCap`)."),
            "How the ends of open subpaths and dashes are drawn."),
        .init(
            "lineJoin", .keyword, .choice("miter"), wire: 41, animatable: false, kind: .shape,
            keyword: .init("LineJoin", ["miter", "round", "bevel"], "How a stroke turns a corner (`CAShapeLayerLineJoin`)."),
            "How the stroke turns the path's corners."),
        .init(
            "miterLimit", .number, .number(10), wire: 42, domain: .nonNegative, kind: .shape,
            "The longest miter, in line widths, before a `miter` join is bevelled instead."),
        .init(
            "lineDashPattern", .numbers, .empty, wire: 43, animatable: false, domain: .nonNegative, kind: .shape,
            nullable: true, "Lengths of dashes and gaps, alternating, from the start of the path (nil: a solid stroke)."),
        .init("lineDashPhase", .number, .number(0), wire: 44, kind: .shape, "How far into the dash pattern the path starts."),
        .init(
            "strokeStart", .number, .number(0), wire: 45, kind: .shape,
            "Where the stroke starts, as a fraction of the path's length."),
        .init("strokeEnd", .number, .number(1), wire: 46, kind: .shape, "Where the stroke ends, as a fraction of the path's length."),

        // MARK: CAGradientLayer
        .init(
            "colors", .colors, .empty, wire: 47, kind: .gradient, nullable: true,
            "The gradient's colours, in order (nil: nothing is drawn)."),
        .init(
            "locations", .numbers, .empty, wire: 48, domain: .unitInterval, kind: .gradient, nullable: true,
            "Where each colour sits, 0 to 1 along the gradient, one per colour (nil: evenly spaced)."),
        .init(
            "startPoint", .point, .point(0.5, 0), wire: 49, kind: .gradient,
            "Where the gradient starts, in unit coordinates of the bounds (a radial or conic gradient's centre)."),
        .init(
            "endPoint", .point, .point(0.5, 1), wire: 50, kind: .gradient,
            "Where the gradient ends, in unit coordinates of the bounds."),
        .init(
            "gradientType", swift: "type", .keyword, .choice("axial"), wire: 51, animatable: false, kind: .gradient,
            keyword: .init("GradientType", ["axial", "radial", "conic"], "How a gradient's position is measured (`CAGradientLayerType`)."),
            "Along a line (`axial`), out from the centre (`radial`) or around it (`conic`)."),

        // MARK: CATextLayer
        .init("string", .string, .text(""), wire: 52, animatable: false, kind: .text, "The text shown."),
        .init(
            "font", .string, .text("DejaVu Sans"), wire: 53, animatable: false, kind: .text,
            "The font family, by its fontconfig name (a missing one falls back)."),
        .init("fontSize", .number, .number(36), wire: 54, domain: .nonNegative, kind: .text, "The font's size in points."),
        .init(
            "foregroundColor", .color, .color(1, 1, 1, 1, words: "opaque white", swift: ".white"), wire: 55, kind: .text,
            "The text's colour."),
        .init(
            "alignmentMode", .keyword, .choice("natural"), wire: 56, animatable: false, kind: .text,
            keyword: .init(
                "TextAlignmentMode", ["natural", "left", "right", "center", "justified"],
                "How lines sit across the bounds (`CATextLayerAlignmentMode`): `left` and `right` are physical sides whatever the script; `natural` follows each paragraph's writing direction (its first strong character), and `justified` stretches wrapped lines but the last to the full width."),
            "How each line is aligned in the bounds (`natural`: by the text's direction)."),
        .init(
            "wrapped", swift: "isWrapped", .bool, .bool(false), wire: 57, animatable: false, kind: .text,
            "Whether lines wrap at word boundaries to fit the bounds' width."),
        .init(
            "truncationMode", .keyword, .choice("none"), wire: 58, animatable: false, kind: .text,
            keyword: .init(
                "TruncationMode", ["none", "start", "middle", "end"],
                "Where text too wide for the bounds is cut, an ellipsis \"…\" replacing the cut text (`CATextLayerTruncationMode`): without wrapping each paragraph is one line, truncated where it is too wide; with wrapping, the last line that fits the bounds' height is truncated when text follows it."),
            "Where a line too long for the bounds is cut (an ellipsis replaces the cut text)."),

        // MARK: CAReplicatorLayer
        .init(
            "instanceCount", .number, .number(1), wire: 71, animatable: false, domain: .nonNegative, kind: .replicator,
            "How many copies of the sublayers are drawn, the original first (whole numbers; 0 draws none)."),
        .init(
            "instanceTransform", .transform, .identity, wire: 72, kind: .replicator,
            "The transform taking each copy to the next, about the centre of the bounds (copy i has it i times)."),
        .init(
            "instanceDelay", .number, .number(0), wire: 73, kind: .replicator,
            "Seconds each copy's time lags the one before: copy i's animations run i x instanceDelay behind."),
        .init(
            "instanceColor", .color, .color(1, 1, 1, 1, words: "opaque white", swift: ".white"), wire: 74, kind: .replicator,
            "The colour the first copy is multiplied by; the offsets step it for each further copy."),
        .init("instanceRedOffset", .number, .number(0), wire: 75, kind: .replicator, "Added to the multiplying red for each copy after the first."),
        .init("instanceGreenOffset", .number, .number(0), wire: 76, kind: .replicator, "Added to the multiplying green for each copy after the first."),
        .init("instanceBlueOffset", .number, .number(0), wire: 77, kind: .replicator, "Added to the multiplying blue for each copy after the first."),
        .init("instanceAlphaOffset", .number, .number(0), wire: 78, kind: .replicator, "Added to the multiplying alpha for each copy after the first."),
        .init(
            "preservesDepth", .bool, .bool(false), wire: 79, animatable: false, kind: .replicator, also: [.emitter],
            "Whether copies or particles keep their depth instead of being flattened into the layer's plane (kept, not drawn: Lamina flattens them)."),

        // MARK: CAEmitterLayer
        .init(
            "emitterCells", .cells, .empty, wire: 80, kind: .emitter, nullable: true,
            "The kinds of particle the layer emits, each with the cells its particles emit in turn."),
        .init("emitterPosition", .point, .point(0, 0), wire: 81, kind: .emitter, "Where the emitter shape's centre is, in the layer's bounds space."),
        .init("emitterZPosition", .number, .number(0), wire: 82, kind: .emitter, "The emitter shape's centre's z."),
        .init("emitterSize", .size, .size(0, 0), wire: 83, kind: .emitter, "The emitter shape's size (a circle's and a sphere's diameter is its width)."),
        .init("emitterDepth", .number, .number(0), wire: 84, domain: .nonNegative, kind: .emitter, "The depth of a `cuboid` emitter shape."),
        .init(
            "emitterShape", .keyword, .choice("point"), wire: 85, animatable: false, kind: .emitter,
            keyword: .init(
                "EmitterShape", ["point", "line", "rectangle", "cuboid", "circle", "sphere"],
                "The shape particles are emitted from (`CAEmitterLayerEmitterShape`)."),
            "The shape particles are emitted from."),
        .init(
            "emitterMode", .keyword, .choice("volume"), wire: 86, animatable: false, kind: .emitter,
            keyword: .init(
                "EmitterMode", ["points", "outline", "surface", "volume"],
                "Where on the emitter shape particles are born (`CAEmitterLayerEmitterMode`)."),
            "Where on the emitter shape particles are born: its points, outline, surface or volume."),
        .init(
            "renderMode", .keyword, .choice("unordered"), wire: 87, animatable: false, kind: .emitter,
            keyword: .init(
                "EmitterRenderMode", ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"],
                "The order particles are drawn in, or additive blending (`CAEmitterLayerRenderMode`)."),
            "The order particles are drawn in (`unordered` is oldest first), or `additive` blending."),
        .init("birthRate", .number, .number(1), wire: 88, kind: .emitter, "Multiplies every cell's birth rate."),
        .init("lifetime", .number, .number(1), wire: 89, kind: .emitter, "Multiplies every cell's lifetime."),
        .init("velocity", .number, .number(1), wire: 90, kind: .emitter, "Multiplies every cell's velocity."),
        .init("scale", .number, .number(1), wire: 91, kind: .emitter, "Multiplies every cell's scale."),
        .init("spin", .number, .number(1), wire: 92, kind: .emitter, "Multiplies every cell's spin."),
        .init(
            "seed", .number, .number(0), wire: 93, animatable: false, kind: .emitter,
            "Seeds the particles' random values (its whole part): the same tree, seed and time give the same particles."),

        // MARK: CAScrollLayer
        .init(
            "scrollMode", .keyword, .choice("both"), wire: 68, animatable: false, kind: .scroll,
            keyword: .init(
                "ScrollMode", ["none", "vertically", "horizontally", "both"],
                "The axes a scroll layer scrolls on (`CAScrollLayerScrollMode`)."),
            "The axes `scroll(to:)` moves the bounds' origin on."),

        // MARK: CATiledLayer
        .init(
            "tileSize", .size, .size(256, 256), wire: 94, animatable: false, domain: .positive, kind: .tiled, since: 10,
            "The size of each tile, in pixels at the layer's `contentsScale` (at the finest level of detail)."),
        .init(
            "levelsOfDetail", .number, .number(1), wire: 95, animatable: false, domain: .positive, kind: .tiled, since: 10,
            "How many levels of detail the layer keeps tiles for (its whole part; each level half the scale of the one before)."),
        .init(
            "levelsOfDetailBias", .number, .number(0), wire: 96, animatable: false, domain: .nonNegative, kind: .tiled, since: 10,
            "How many of the levels of detail are magnified (its whole part): the finest level's scale is 2 to this power."),
        .init(
            "fadeDuration", .number, .number(0.25), wire: 97, animatable: false, domain: .nonNegative, kind: .tiled, since: 10,
            "Seconds over which a newly drawn tile fades in (Core Animation's `CATiledLayer.fadeDuration()`)."),

        // MARK: CAGradientLayer, Lamina's own
        .init(
            "focusOffset", .point, .point(0, 0), wire: 98, kind: .gradient, since: 12, own: true,
            "Where a radial gradient's focus lies, from its centre in fractions of its radii along x and y ((0, 0), the default: the centre, as Core Animation draws radial gradients): colours spread from the focus out to the ellipse, as SVG's `fx` and `fy` and a Lottie highlight place them. Kept within 0.99 of the ellipse."),
    ]
}
