import LaminaCore

/// The model values that place a layer in its superlayer and decide whether it shows, kept beside its
/// parts: with them, a leaf that only moves or turns is drawn without reading its values at all
/// (`RenderListBuilder.visitKeptLeaf`). Its frame transform is computed by the same definition as
/// every other layer's (`LayerValueSource.frameTransform`), over these values with the animated ones
/// put in.
struct LeafPlacement: LayerValueSource {
    var bounds: Rect
    var anchorPoint: Point
    var anchorPointZ: Double
    var position: Point
    var zPosition: Double
    var opacity: Double
    var isHidden: Bool
    /// Last: a leaf animating its transform (the common patched leaf) reads the fields above and not
    /// this one, which then stays out of the cache lines it loads.
    var transform: Transform3D

    /// The keys a leaf drawn this way may animate (besides its colours, `LayerParts.paintKeys`): any
    /// other animated sends it the long way.
    static let animatableKeys = PropertyChange.mask(ChangeTiers.keptLeaf)

    init(_ model: borrowing PropertyValues) {
        bounds = model[.bounds]
        anchorPoint = model[.anchorPoint]
        anchorPointZ = model[.anchorPointZ]
        position = model[.position]
        zPosition = model[.zPosition]
        transform = model.transform(.transform)
        opacity = model[.opacity]
        isHidden = model[.hidden]
    }

    /// The kept transform of the placement at `placement`, in place.
    static func transform(at placement: UnsafePointer<LeafPlacement>) -> UnsafePointer<Transform3D> {
        (UnsafeRawPointer(placement) + MemoryLayout<LeafPlacement>.offset(of: \.transform)!).assumingMemoryBound(to: Transform3D.self)
    }

    subscript<Value>(property: Property<Value>) -> Value {
        switch property.key {
        case .bounds: bounds as! Value
        case .anchorPoint: anchorPoint as! Value
        case .anchorPointZ: anchorPointZ as! Value
        case .position: position as! Value
        case .zPosition: zPosition as! Value
        case .transform: transform as! Value
        default: preconditionFailure("a leaf's placement holds no \(property.key)")
        }
    }
}

/// A kept leaf's placement with this frame's animated `bounds`, `position`, `anchorPoint` and
/// `transform` laid over it, read in place: `LeafPatch` takes a patched leaf's frame transform from
/// here, by the formula every layer's takes (`LayerValueSource.frameTransform`), without first copying
/// the kept values (two hundred bytes) and the animated matrix into a `LeafPlacement` of its own.
struct AnimatedLeafPlacement: LayerValueSource {
    let kept: UnsafePointer<LeafPlacement>
    /// The animated transform; nil for the kept one.
    let transform: UnsafePointer<Transform3D>?
    /// The animated bounds; nil for the kept ones.
    var bounds: Rect?
    var position: Point
    var anchorPoint: Point
    var anchorPointZ: Double

    subscript<Value>(property: Property<Value>) -> Value {
        switch property.key {
        case .position: position as! Value
        case .anchorPoint: anchorPoint as! Value
        case .anchorPointZ: anchorPointZ as! Value
        case .bounds: (bounds ?? kept.pointee.bounds) as! Value
        case .transform: (transform?.pointee ?? kept.pointee.transform) as! Value
        default: kept.pointee[property]
        }
    }
}
