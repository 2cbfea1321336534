public import LaminaCore
public import LaminaImage
public import LaminaModel

/// A scene file, decoded and checked: the canvas, the images, the initial layer tree and the timeline
/// of transactions (see `docs/scene-format.md`). `SceneScript` turns it into the transactions a
/// compositor applies.
public struct Scene: Sendable {
    /// The file it was read from.
    public var file: String
    /// The output: size in points, scale, background.
    public var canvas: OutputConfiguration
    /// The images, in document order; `BitmapID(i + 1)` is the i-th.
    public var images: [SceneImage]
    /// The canvas root's sublayers, committed at scene time 0.
    public var layers: [SceneLayer]
    /// Transactions committed later, in time order.
    public var timeline: [SceneCommit]
}

/// A named bitmap of the scene.
public struct SceneImage: Sendable {
    public var name: String
    /// Its identity in the scene's `contents` values.
    public var id: BitmapID
    /// Straight-alpha RGBA pixels.
    public var image: RGBAImage
}

/// One property assignment as written: a key path and value, or `frame` (which sets `bounds.size` and
/// `position` from the layer's values at that point, as CALayer's setter does).
public enum SceneProperty: Sendable {
    case value(LayerKeyPath, PropertyValue)
    case frame(Rect)
}

/// A layer as a scene file describes it.
public struct SceneLayer: Sendable {
    /// The scene-wide unique name.
    public var name: String
    /// Its JSON path, for errors found after decoding.
    public var path: String
    /// Its kind (`"type"`), fixed when it is made.
    public var kind: LayerKind
    /// Assignments in the order written.
    public var properties: [SceneProperty]
    public var sublayers: [SceneLayer]
    /// The mask layer (at most one element).
    public var mask: [SceneLayer]
    public var animations: [SceneAnimation]
    /// Where a constraint layout places it in its superlayer (`"constraints"`).
    public var constraints: [Constraint]
    /// The image a tiled layer's tiles are cut from (`"tiles"`), laid over its bounds.
    public var tiles: BitmapID? = nil
}

/// An animation with the key it is added under.
public struct SceneAnimation: Sendable {
    public var key: String?
    public var animation: Animation
    /// Its JSON path, for errors found after decoding.
    public var path: String
}

/// A transaction of the timeline: committed at scene time `at`.
public struct SceneCommit: Sendable {
    public var at: Double
    public var path: String
    /// `animationDuration`, `animationTimingFunction`, `disableActions` for the implicit actions of `set`.
    public var settings: TransactionSettings
    /// Property changes by layer name, in the order written.
    public var set: [(layer: String, path: String, properties: [SceneProperty])]
    /// New layers (with their subtrees): the parent's name (nil: the root) and the index (nil: on top).
    public var add: [(parent: String?, index: Int?, layer: SceneLayer, path: String)]
    /// Layers removed from their superlayers.
    public var remove: [(layer: String, path: String)]
    /// Animations added, by layer name.
    public var animations: [(layer: String, path: String, animations: [SceneAnimation])]
    /// Animation keys removed, by layer name.
    public var removeAnimations: [(layer: String, path: String, keys: [String])]
    /// Scroll layers scrolled to a point (`"scroll"`), by name: a change of `bounds` in this transaction.
    public var scroll: [(layer: String, path: String, point: Point)] = []
}
