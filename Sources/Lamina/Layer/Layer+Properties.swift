public import LaminaCore

// Every property of the property table (`LayerProperties.table`) as a Swift property with Core
// Animation's Swift name. Generated from the table's rows; `contents` is in Layer+Display.swift
// because it holds a `Bitmap`, not a value. A test holds this list and the table to the same keys.

extension Layer {
    /// The layer's own coordinate space: origin and size in points. Core Animation's `bounds`; animatable unless the table says otherwise.
    public var bounds: Rect {
        get { self[.bounds] }
        set { self[.bounds] = newValue }
    }

    /// Where the anchor point sits in the superlayer. Core Animation's `position`; animatable unless the table says otherwise.
    public var position: Point {
        get { self[.position] }
        set { self[.position] = newValue }
    }

    /// Position on the z axis (drawing order among siblings, and depth). Core Animation's `zPosition`; animatable unless the table says otherwise.
    public var zPosition: Double {
        get { self[.zPosition] }
        set { self[.zPosition] = newValue }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and transforms turn around. Core Animation's `anchorPoint`; animatable unless the table says otherwise.
    public var anchorPoint: Point {
        get { self[.anchorPoint] }
        set { self[.anchorPoint] = newValue }
    }

    /// The anchor point's z coordinate. Core Animation's `anchorPointZ`; animatable unless the table says otherwise.
    public var anchorPointZ: Double {
        get { self[.anchorPointZ] }
        set { self[.anchorPointZ] = newValue }
    }

    /// The transform applied around the anchor point. Core Animation's `transform`; animatable unless the table says otherwise.
    public var transform: Transform3D {
        get { self[.transform] }
        set { self[.transform] = newValue }
    }

    /// A transform applied to the sublayers (a perspective, say). Core Animation's `sublayerTransform`; animatable unless the table says otherwise.
    public var sublayerTransform: Transform3D {
        get { self[.sublayerTransform] }
        set { self[.sublayerTransform] = newValue }
    }

    /// Whether the layer (and its sublayers) is not drawn. Core Animation's `hidden`; animatable unless the table says otherwise.
    public var isHidden: Bool {
        get { self[.hidden] }
        set { self[.hidden] = newValue }
    }

    /// Opacity, 0 to 1. Core Animation's `opacity`; animatable unless the table says otherwise.
    public var opacity: Double {
        get { self[.opacity] }
        set { self[.opacity] = newValue }
    }

    /// Whether sublayers are composited as a group before opacity applies. Core Animation's `allowsGroupOpacity`; animatable unless the table says otherwise.
    public var allowsGroupOpacity: Bool {
        get { self[.allowsGroupOpacity] }
        set { self[.allowsGroupOpacity] = newValue }
    }

    /// Whether the back side is drawn when turned away. Core Animation's `doubleSided`; animatable unless the table says otherwise.
    public var isDoubleSided: Bool {
        get { self[.doubleSided] }
        set { self[.doubleSided] = newValue }
    }

    /// Whether the sublayers' y axis is flipped. Core Animation's `geometryFlipped`; animatable unless the table says otherwise.
    public var isGeometryFlipped: Bool {
        get { self[.geometryFlipped] }
        set { self[.geometryFlipped] = newValue }
    }

    /// Whether sublayers are clipped to the bounds (and corner radius). Core Animation's `masksToBounds`; animatable unless the table says otherwise.
    public var masksToBounds: Bool {
        get { self[.masksToBounds] }
        set { self[.masksToBounds] = newValue }
    }

    /// The background fill. Core Animation's `backgroundColor`; animatable unless the table says otherwise.
    public var backgroundColor: Color {
        get { self[.backgroundColor] }
        set { self[.backgroundColor] = newValue }
    }

    /// The border's width in points. Core Animation's `borderWidth`; animatable unless the table says otherwise.
    public var borderWidth: Double {
        get { self[.borderWidth] }
        set { self[.borderWidth] = newValue }
    }

    /// The border's colour. Core Animation's `borderColor`; animatable unless the table says otherwise.
    public var borderColor: Color {
        get { self[.borderColor] }
        set { self[.borderColor] = newValue }
    }

    /// The radius of the rounded corners of background, border and clip. Core Animation's `cornerRadius`; animatable unless the table says otherwise.
    public var cornerRadius: Double {
        get { self[.cornerRadius] }
        set { self[.cornerRadius] = newValue }
    }

    /// The part of `contents` shown, in unit coordinates. Core Animation's `contentsRect`; animatable unless the table says otherwise.
    public var contentsRect: Rect {
        get { self[.contentsRect] }
        set { self[.contentsRect] = newValue }
    }

    /// The stretchable centre of `contents` (nine-slice), in unit coordinates. Core Animation's `contentsCenter`; animatable unless the table says otherwise.
    public var contentsCenter: Rect {
        get { self[.contentsCenter] }
        set { self[.contentsCenter] = newValue }
    }

    /// How `contents` is placed in the bounds. Core Animation's `contentsGravity`; animatable unless the table says otherwise.
    public var contentsGravity: ContentsGravity {
        get { self[.contentsGravity] }
        set { self[.contentsGravity] = newValue }
    }

    /// Pixels of `contents` per point. Core Animation's `contentsScale`; animatable unless the table says otherwise.
    public var contentsScale: Double {
        get { self[.contentsScale] }
        set { self[.contentsScale] = newValue }
    }

    /// The filter when `contents` is drawn smaller. Core Animation's `minificationFilter`; animatable unless the table says otherwise.
    public var minificationFilter: ContentsFilter {
        get { self[.minificationFilter] }
        set { self[.minificationFilter] = newValue }
    }

    /// The filter when `contents` is drawn larger. Core Animation's `magnificationFilter`; animatable unless the table says otherwise.
    public var magnificationFilter: ContentsFilter {
        get { self[.magnificationFilter] }
        set { self[.magnificationFilter] = newValue }
    }

    /// The shadow's colour. Core Animation's `shadowColor`; animatable unless the table says otherwise.
    public var shadowColor: Color {
        get { self[.shadowColor] }
        set { self[.shadowColor] = newValue }
    }

    /// The shadow's opacity (0: no shadow). Core Animation's `shadowOpacity`; animatable unless the table says otherwise.
    public var shadowOpacity: Double {
        get { self[.shadowOpacity] }
        set { self[.shadowOpacity] = newValue }
    }

    /// The shadow's offset. Core Animation's `shadowOffset`; animatable unless the table says otherwise.
    public var shadowOffset: Size {
        get { self[.shadowOffset] }
        set { self[.shadowOffset] = newValue }
    }

    /// The shadow's blur radius. Core Animation's `shadowRadius`; animatable unless the table says otherwise.
    public var shadowRadius: Double {
        get { self[.shadowRadius] }
        set { self[.shadowRadius] = newValue }
    }

    /// When the layer's time begins, in its superlayer's time (`MediaTiming`). Core Animation's `beginTime`; animatable unless the table says otherwise.
    public var beginTime: Double {
        get { self[.beginTime] }
        set { self[.beginTime] = newValue }
    }

    /// An offset added to the layer's local time (`MediaTiming`). Core Animation's `timeOffset`; animatable unless the table says otherwise.
    public var timeOffset: Double {
        get { self[.timeOffset] }
        set { self[.timeOffset] = newValue }
    }

    /// The rate of the layer's time relative to its superlayer's (`MediaTiming`). Core Animation's `speed`; animatable unless the table says otherwise.
    public var speed: Double {
        get { self[.speed] }
        set { self[.speed] = newValue }
    }

    /// The Swift property of each Core Animation property name (`hidden` is `isHidden`): every row of
    /// the property table, which a test holds to the table.
    public static var swiftPropertyNames: [String: String] {
        Dictionary(uniqueKeysWithValues: swiftNames.map { ($0.key.name, $0.value) })
    }

    static let swiftNames: [PropertyKey: String] = [
        .bounds: "bounds",
        .position: "position",
        .zPosition: "zPosition",
        .anchorPoint: "anchorPoint",
        .anchorPointZ: "anchorPointZ",
        .transform: "transform",
        .sublayerTransform: "sublayerTransform",
        .hidden: "isHidden",
        .opacity: "opacity",
        .allowsGroupOpacity: "allowsGroupOpacity",
        .doubleSided: "isDoubleSided",
        .geometryFlipped: "isGeometryFlipped",
        .masksToBounds: "masksToBounds",
        .backgroundColor: "backgroundColor",
        .borderWidth: "borderWidth",
        .borderColor: "borderColor",
        .cornerRadius: "cornerRadius",
        .contentsRect: "contentsRect",
        .contentsCenter: "contentsCenter",
        .contentsGravity: "contentsGravity",
        .contentsScale: "contentsScale",
        .minificationFilter: "minificationFilter",
        .magnificationFilter: "magnificationFilter",
        .shadowColor: "shadowColor",
        .shadowOpacity: "shadowOpacity",
        .shadowOffset: "shadowOffset",
        .shadowRadius: "shadowRadius",
        .beginTime: "beginTime",
        .timeOffset: "timeOffset",
        .speed: "speed",
        .contents: "contents",
    ]

    /// Typed key paths to their Core Animation key paths, for `PropertyAnimation(keyPath: \\.position)`.
    static let keyPathNames: [AnyKeyPath: String] = {
        var names: [AnyKeyPath: String] = [
            \Layer.bounds: "bounds",
            \Layer.bounds.origin: "bounds.origin", \Layer.bounds.size: "bounds.size",
            \Layer.bounds.origin.x: "bounds.origin.x", \Layer.bounds.origin.y: "bounds.origin.y",
            \Layer.bounds.size.width: "bounds.size.width", \Layer.bounds.size.height: "bounds.size.height",
            \Layer.position: "position",
            \Layer.position.x: "position.x", \Layer.position.y: "position.y",
            \Layer.zPosition: "zPosition",
            \Layer.anchorPoint: "anchorPoint",
            \Layer.anchorPoint.x: "anchorPoint.x", \Layer.anchorPoint.y: "anchorPoint.y",
            \Layer.anchorPointZ: "anchorPointZ",
            \Layer.transform: "transform",
            \Layer.sublayerTransform: "sublayerTransform",
            \Layer.isHidden: "hidden",
            \Layer.opacity: "opacity",
            \Layer.allowsGroupOpacity: "allowsGroupOpacity",
            \Layer.isDoubleSided: "doubleSided",
            \Layer.isGeometryFlipped: "geometryFlipped",
            \Layer.masksToBounds: "masksToBounds",
            \Layer.backgroundColor: "backgroundColor",
            \Layer.borderWidth: "borderWidth",
            \Layer.borderColor: "borderColor",
            \Layer.cornerRadius: "cornerRadius",
            \Layer.contentsRect: "contentsRect",
            \Layer.contentsRect.origin: "contentsRect.origin", \Layer.contentsRect.size: "contentsRect.size",
            \Layer.contentsRect.origin.x: "contentsRect.origin.x", \Layer.contentsRect.origin.y: "contentsRect.origin.y",
            \Layer.contentsRect.size.width: "contentsRect.size.width", \Layer.contentsRect.size.height: "contentsRect.size.height",
            \Layer.contentsCenter: "contentsCenter",
            \Layer.contentsCenter.origin: "contentsCenter.origin", \Layer.contentsCenter.size: "contentsCenter.size",
            \Layer.contentsCenter.origin.x: "contentsCenter.origin.x", \Layer.contentsCenter.origin.y: "contentsCenter.origin.y",
            \Layer.contentsCenter.size.width: "contentsCenter.size.width", \Layer.contentsCenter.size.height: "contentsCenter.size.height",
            \Layer.contentsGravity: "contentsGravity",
            \Layer.contentsScale: "contentsScale",
            \Layer.minificationFilter: "minificationFilter",
            \Layer.magnificationFilter: "magnificationFilter",
            \Layer.shadowColor: "shadowColor",
            \Layer.shadowOpacity: "shadowOpacity",
            \Layer.shadowOffset: "shadowOffset",
            \Layer.shadowOffset.width: "shadowOffset.width", \Layer.shadowOffset.height: "shadowOffset.height",
            \Layer.shadowRadius: "shadowRadius",
            \Layer.beginTime: "beginTime",
            \Layer.timeOffset: "timeOffset",
            \Layer.speed: "speed",
            \Layer.contents: "contents",
        ]
        return names
    }()
}
