/// What a change to a property does to what is drawn, written on each row of the schema: the render
/// list's retained paths, its subtree caches and the client library's layout decide from these
/// classes, through a small table of what each can take (LaminaRenderList's `ChangeTiers`), which
/// changes they handle — no list of keys is kept by hand.
public enum SchemaChange: String, Sendable, CaseIterable {
    case placement, reorders, bounds, opacity, visibility, facing, paint, shape, contents, effects, shadow, sublayers, timing
    case kindDrawing

    /// What the class means, for the generated enumeration's doc comments.
    public var meaning: String {
        switch self {
        case .placement: "Moves or turns the layer in its superlayer's space without changing what it draws (`position`, `transform`)."
        case .reorders: "Places the layer and reorders it among its siblings (`zPosition`)."
        case .bounds: "The layer's own rectangle: its drawing is laid out again in it."
        case .opacity: "How strongly the layer is composited."
        case .visibility: "Whether the layer is drawn at all."
        case .facing: "Whether the layer's back is drawn when it is turned away."
        case .paint: "A colour of the layer's own parts (background, border), painted over them."
        case .shape: "The shape of the layer's own parts: corners, clip, border width, edge anti-aliasing."
        case .contents: "The bitmap and where and how it lands in the bounds."
        case .effects: "An offscreen effect of the layer: filters, blending, group opacity, rasterizing, a shadow's path."
        case .shadow: "The shadow drawn behind the layer by the group around it: its colour, strength, offset and blur."
        case .sublayers: "How the sublayers are placed in the layer (`sublayerTransform`, `geometryFlipped`)."
        case .timing: "The layer's own media timing, which moves its animations and its sublayers' in time."
        case .kindDrawing: "What one layer kind draws (a shape's path, a gradient's colours, a text's string, copies, particles)."
        }
    }
}
