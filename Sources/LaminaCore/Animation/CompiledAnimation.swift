/// The common animation in the form the engine evaluates every frame: a basic animation of a vector
/// key path (a number, point, size, rect or colour, a lane of one such as `position.x`, or a component
/// of a transform such as `transform.rotation.z`) whose endpoints are known when it is added.
///
/// Compiled once, when the animation is added (`AnimationEntry.init`), into the few numbers a frame
/// needs: the start as a vector, the change to the end, where the result goes. Evaluating it then
/// does no `PropertyValue` round trips, no key-path parsing and no pointer chasing into the
/// animation's boxed payload; this is how Chromium's compositor keeps typed keyframe models beside its
/// generic animation objects. Every other animation (keyframes, springs, groups, transitions, and
/// basic animations whose start or end is read from the presentation each frame) takes the general
/// path, `Animation.apply`, which the compiled form must match exactly (tests compare the two).
struct CompiledAnimation: Hashable, Sendable {
    /// Where the animated value lands in the property's value.
    enum Target: Hashable, Sendable {
        /// The whole property, a vector type.
        case whole
        /// `count` lanes of the property's vector starting at `first`: `position.y` is lane 1 of a
        /// point, `bounds.size` lanes 2 and 3 of a rect.
        case lanes(first: Int, count: Int)
        /// A component of a transform, written through its decomposition (`TransformComponents`).
        case transform(LayerKeyPath.Component)
    }

    /// The animated property.
    let key: PropertyKey
    /// The property's type (of the whole value, not the key path's).
    let propertyType: PropertyType
    let target: Target
    /// The start value's lanes.
    let from: SIMD4<Double>
    /// `to - from`, computed as the general path computes it, so both give the same bits.
    let delta: SIMD4<Double>
    /// A `fromValue`-only animation (or a value-less one) runs to the model value, read each frame.
    let toIsModel: Bool
    let additive: Bool
    let cumulative: Bool
    let timingFunction: TimingFunction

    /// Compiles `animation`, or returns nil when it needs the general path. `base` is the entry's base
    /// (the presentation value of the key path when the animation was added).
    init?(_ animation: Animation, base: PropertyValue?) {
        guard case .basic(let b) = animation.kind else { return nil }
        let path = b.keyPath
        let type = path.valueType
        func lanes(_ value: PropertyValue?) -> SIMD4<Double>?? {
            guard let value else { return .some(nil) }
            guard value.type == type, let v = value.vector else { return nil }
            return .some(v)
        }
        guard type.isVector, let fromValue = lanes(b.fromValue), let toValue = lanes(b.toValue),
            let byValue = lanes(b.byValue), let baseValue = lanes(base)
        else { return nil }
        // Core Animation's endpoint rules (`Animation.endpoints`), with the presentation value fixed at
        // `base`; those that would read the presentation every frame are left to the general path.
        var toIsModel = false
        let from: SIMD4<Double>, to: SIMD4<Double>
        switch (fromValue, toValue, byValue) {
        case (let f?, let t?, _): (from, to) = (f, t)
        case (let f?, nil, let by?): (from, to) = (f, f + by)
        case (nil, let t?, let by?): (from, to) = (t - by, t)
        case (let f?, nil, nil): (from, to, toIsModel) = (f, .zero, true)
        case (nil, let t?, nil):
            guard let p = baseValue else { return nil }
            (from, to) = (p, t)
        case (nil, nil, let by?):
            guard let p = baseValue else { return nil }
            (from, to) = (p, p + by)
        case (nil, nil, nil):
            guard let p = baseValue else { return nil }
            (from, to, toIsModel) = (p, .zero, true)
        }
        guard let target = Target(path) else { return nil }
        self.key = path.key
        self.propertyType = path.key.descriptor.type
        self.target = target
        self.from = from
        self.delta = to - from
        self.toIsModel = toIsModel
        self.additive = b.additive
        self.cumulative = b.cumulative
        self.timingFunction = animation.timingFunction
    }

    /// Applies the animation at `animation` at `progress` (before the timing function) in repeat
    /// `iteration`, on top of what the overlay holds for the property (or the model's value).
    ///
    /// `model` reads the layer's model value of a property; it is called only by the cases that need
    /// it, since loading a layer's `PropertyValues` retains its storage: a cache miss per layer that
    /// most animations can skip. `modelTransform` reads a transform-valued one without boxing it, nil
    /// when the layer never wrote it (the identity); `modelWritten` is the model's written keys (bit
    /// `rawValue` each), which answer that without the call (whose optional matrix was copied twice).
    ///
    /// Static, reading the animation through its address: as a method, called on an element of the
    /// schedule's storage, the whole animation (136 bytes) was copied out for every call, since the
    /// closures it calls could, for all the compiler knew, change the storage under it.
    static func apply(
        _ animation: UnsafePointer<CompiledAnimation>, progress: Double, iteration: Int, model: (PropertyKey) -> PropertyValue,
        modelTransform: (PropertyKey) -> Transform3D?, modelWritten: UInt128, to overlay: inout PresentationOverlay
    ) {
        let key = animation.pointee.key
        let eased = animation.pointee.timingFunction(progress)
        var change = animation.pointee.delta
        if animation.pointee.toIsModel { change = animation.pointee.read(model(key)) - animation.pointee.from }
        var value = animation.pointee.from + change * eased
        if animation.pointee.cumulative && iteration > 0 { value += change * Double(iteration) }
        let additive = animation.pointee.additive
        switch animation.pointee.target {
        case .whole:
            if additive, let below = (overlay.value(key) ?? model(key)).vector { value += below }
            overlay.set(PropertyValue(animation.pointee.propertyType, vector: value), for: key)
        case .lanes(let first, let count):
            guard var lanes = (overlay.value(key) ?? model(key)).vector else { return }
            for lane in 0..<count {
                if additive { value[lane] += lanes[first + lane] }
                lanes[first + lane] = value[lane]
            }
            overlay.set(PropertyValue(animation.pointee.propertyType, vector: lanes), for: key)
        case .transform(let component):
            // A spinner's every frame: the layer's first animated transform, over a model that never
            // set it, replacing it. The matrix is the identity with the component written, made whole
            // and appended, without reading a base, copying it and testing it for the identity; as its
            // six numbers when it is a 2D affine transform (a turn about z, a move or a stretch in x or y).
            if !additive, !overlay.hasTransforms, modelWritten & 1 &<< UInt128(key.rawValue) == 0 {
                if let affine = TransformComponents.identityAffine(with: component, value.x) {
                    return overlay.appendAffine(affine, for: key)
                }
                if let written = TransformComponents.identity(with: component, value.x) {
                    return overlay.appendTransform(written, for: key)
                }
            }
            let animated = value
            overlay.updateTransform(for: key, base: { modelTransform(key) ?? .identity }) { transform in
                var value = animated
                if additive { value += TransformComponents(transform).read(component).vector ?? .zero }
                TransformComponents.write(component, TransformComponents.value(of: component, vector: value), into: &transform)
            }
        }
    }

    /// The key path's lanes of a value of the property, moved down to lane 0.
    func read(_ whole: PropertyValue) -> SIMD4<Double> {
        switch target {
        case .whole:
            return whole.vector ?? .zero
        case .lanes(let first, let count):
            let v = whole.vector ?? .zero
            var result = SIMD4<Double>.zero
            for lane in 0..<count { result[lane] = v[first + lane] }
            return result
        case .transform(let component):
            guard case .transform(let t) = whole else { return .zero }
            return TransformComponents(t).read(component).vector ?? .zero
        }
    }
}

extension CompiledAnimation.Target {
    /// The target of a key path whose value is a vector.
    init?(_ path: LayerKeyPath) {
        guard let component = path.component else {
            self = .whole
            return
        }
        switch (path.key.descriptor.type, component) {
        case (.point, .x), (.size, .width), (.rect, .originX): self = .lanes(first: 0, count: 1)
        case (.point, .y), (.size, .height), (.rect, .originY): self = .lanes(first: 1, count: 1)
        case (.rect, .sizeWidth): self = .lanes(first: 2, count: 1)
        case (.rect, .sizeHeight): self = .lanes(first: 3, count: 1)
        case (.rect, .origin): self = .lanes(first: 0, count: 2)
        case (.rect, .size): self = .lanes(first: 2, count: 2)
        case (.transform, _): self = .transform(component)
        default: return nil
        }
    }
}
