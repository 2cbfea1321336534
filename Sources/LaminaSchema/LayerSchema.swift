/// Every layer property, one row each: the single place a property is declared. Edit a row (or add
/// one, with a new wire id), run `make generate`, and the keys, the property table, the client
/// library's properties and the docs' tables follow; a test fails while they are stale.
public enum LayerSchema {
    public static let properties: [PropertySchema] = [
        .init("bounds", .rect, .rect(0, 0, 0, 0), wire: 0, "The layer's own coordinate space: origin and size in points."),
        .init("position", .point, .point(0, 0), wire: 1, "Where the anchor point sits in the superlayer."),
        .init("zPosition", .number, .number(0), wire: 2, "Position on the z axis (drawing order among siblings, and depth)."),
        .init(
            "anchorPoint", .point, .point(0.5, 0.5), wire: 3,
            "The point of the bounds, in unit coordinates, that `position` places and transforms turn around."),
        .init("anchorPointZ", .number, .number(0), wire: 4, "The anchor point's z coordinate."),
        .init("transform", .transform, .identity, wire: 5, "The transform applied around the anchor point."),
        .init("sublayerTransform", .transform, .identity, wire: 6, "A transform applied to the sublayers (a perspective, say)."),
        .init("hidden", swift: "isHidden", .bool, .bool(false), wire: 7, "Whether the layer (and its sublayers) is not drawn."),
        .init("opacity", .number, .number(1), wire: 8, "Opacity, 0 to 1."),
        .init(
            "allowsGroupOpacity", .bool, .bool(true), wire: 9, animatable: false,
            "Whether sublayers are composited as a group before opacity applies."),
        .init("doubleSided", swift: "isDoubleSided", .bool, .bool(true), wire: 10, "Whether the back side is drawn when turned away."),
        .init(
            "geometryFlipped", swift: "isGeometryFlipped", .bool, .bool(false), wire: 11, animatable: false,
            "Whether the sublayers' y axis is flipped."),
        .init("masksToBounds", .bool, .bool(false), wire: 12, "Whether sublayers are clipped to the bounds (and corner radius)."),
        .init(
            "backgroundColor", .color, .color(0, 0, 0, 0, words: "transparent", swift: ".clear"), wire: 13,
            "The background fill."),
        .init("borderWidth", .number, .number(0), wire: 14, "The border's width in points."),
        .init("borderColor", .color, .color(0, 0, 0, 1, words: "opaque black", swift: ".black"), wire: 15, "The border's colour."),
        .init("cornerRadius", .number, .number(0), wire: 16, "The radius of the rounded corners of background, border and clip."),
        .init(
            "contents", .bitmap, .none, wire: 17, accessor: false,
            "The bitmap shown in the bounds, placed by `contentsGravity`, `contentsRect` and `contentsCenter`."),
        .init("contentsRect", .rect, .rect(0, 0, 1, 1), wire: 18, "The part of `contents` shown, in unit coordinates."),
        .init(
            "contentsCenter", .rect, .rect(0, 0, 1, 1), wire: 19,
            "The stretchable centre of `contents` (nine-slice), in unit coordinates."),
        .init(
            "contentsGravity", .gravity, .enumeration("resize", wire: 9), wire: 20, animatable: false,
            "How `contents` is placed in the bounds."),
        .init("contentsScale", .number, .number(1), wire: 21, animatable: false, domain: .positive, "Pixels of `contents` per point."),
        .init(
            "minificationFilter", .filter, .enumeration("linear", wire: 0), wire: 22, animatable: false,
            "The filter when `contents` is drawn smaller."),
        .init(
            "magnificationFilter", .filter, .enumeration("linear", wire: 0), wire: 23, animatable: false,
            "The filter when `contents` is drawn larger."),
        .init(
            "minificationFilterBias", .number, .number(0), wire: 31,
            "A bias added to the mipmap level `trilinear` minification samples (positive: smaller, blurrier levels)."),
        .init(
            "allowsEdgeAntialiasing", .bool, .bool(false), wire: 32, animatable: false,
            "Whether the layer's edges are anti-aliased when a transform turns or skews them (off by default, as in Core Animation)."),
        .init(
            "shouldRasterize", .bool, .bool(false), wire: 33, animatable: false,
            "Whether the layer and its sublayers are drawn once into a cached bitmap, redrawn only when something inside changes."),
        .init(
            "rasterizationScale", .number, .number(1), wire: 34, animatable: false, domain: .positive,
            "Pixels per point of the cached bitmap `shouldRasterize` draws (1, as in Core Animation: set it to the output's scale for sharp results)."),
        .init("shadowColor", .color, .color(0, 0, 0, 1, words: "opaque black", swift: ".black"), wire: 24, "The shadow's colour."),
        .init("shadowOpacity", .number, .number(0), wire: 25, "The shadow's opacity (0: no shadow)."),
        .init("shadowOffset", .size, .size(0, -3), wire: 26, "The shadow's offset."),
        .init("shadowRadius", .number, .number(3), wire: 27, "The shadow's blur radius."),
        .init(
            "beginTime", .number, .number(0), wire: 28, animatable: false,
            "When the layer's time begins, in its superlayer's time (`MediaTiming`)."),
        .init(
            "timeOffset", .number, .number(0), wire: 29, animatable: false,
            "An offset added to the layer's local time (`MediaTiming`)."),
        .init(
            "speed", .number, .number(1), wire: 30, animatable: false,
            "The rate of the layer's time relative to its superlayer's (`MediaTiming`)."),
    ]
}
