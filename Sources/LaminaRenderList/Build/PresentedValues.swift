import LaminaCore

/// A layer's values as this frame shows them: the animated ones from its presentation overlay, the
/// rest read through to the model.
///
/// The render list builder reads about a dozen properties of every layer each frame. Applying an
/// animated layer's overlay to a copy of its `PropertyValues` instead (31 values copied, an
/// allocation, a retain per boxed transform, and a new box for an animated transform) cost more than
/// everything else the builder does for the layer; reading through costs a scan of the one or two
/// animated values. The layer geometry (`frameTransform` and the rest) runs on it directly, as a
/// `LayerValueSource`.
struct PresentedValues: LayerValueSource {
    let model: PropertyValues
    let overlay: PresentationOverlay
    /// Bit `rawValue` set for each animated property: a read of any other goes straight to the model,
    /// without scanning the overlay (a dozen reads per layer, of which one or two are animated).
    private let animated: UInt128

    init(model: PropertyValues, overlay: PresentationOverlay) {
        self.model = model
        self.overlay = overlay
        animated = overlay.animatedKeyMask
    }

    /// Whether a property may differ from its default: written in the model, or animated. Reading a
    /// list-valued property that is neither (`filters` on almost every layer) would copy the table's
    /// default out of shared storage: a retain and a release for nothing.
    @inline(__always)
    func isSet(_ key: PropertyKey) -> Bool {
        model.isWritten(key) || animated & (1 &<< UInt128(key.rawValue)) != 0
    }

    /// Whether an animation drives any of the properties whose bits `keys` sets.
    @inline(__always)
    func animatesAny(of keys: UInt128) -> Bool { animated & keys != 0 }

    @inline(__always)
    subscript<Value>(property: Property<Value>) -> Value {
        guard animated & (1 &<< UInt128(property.key.rawValue)) != 0 else { return model[property] }
        if Value.self == Transform3D.self {
            // Specialised away: transforms are stored unboxed in the overlay.
            if let animated = overlay.transform(property.key) { return animated as! Value }
        } else if let animated = overlay.untransformedValue(property.key) {
            return Value(propertyValue: animated)!
        }
        return model[property]
    }
}
