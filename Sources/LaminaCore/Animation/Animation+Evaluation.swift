import RealModule

/// Applying one animation's effect at one time onto a layer's presentation overlay.
///
/// Animations on a layer apply in the order they were added, each on top of the value left by the ones
/// before it (the model value for the first): non-additive ones replace it, additive ones add to it.
extension Animation {
    /// Applies the animation at `parentTime` (the layer's local time, or the enclosing group's).
    /// `base` is the presentation value captured when the animation was added (see `AnimationEntry`).
    public func apply(
        at parentTime: Double, base: PropertyValue?, model: PropertyValues, id: AnimationID,
        to overlay: inout PresentationOverlay
    ) {
        apply(at: parentTime, timing: effectiveTiming, base: base, model: model, id: id, to: &overlay)
    }

    /// `apply` with the effective timing already at hand (the engine keeps it in the entry).
    func apply(
        at parentTime: Double, timing: MediaTiming, base: PropertyValue?, model: PropertyValues, id: AnimationID,
        to overlay: inout PresentationOverlay
    ) {
        let state = timing.state(at: parentTime)
        guard let progress = state.progress else { return }
        let eased = timingFunction(progress)
        switch kind {
        case .basic(let b):
            applyBasic(b, eased, iteration: state.iteration, base: base, model: model, to: &overlay)
        case .spring(let s):
            applyBasic(
                s.basic, s.progress(at: eased * timing.simpleDuration), iteration: state.iteration, base: base,
                model: model, to: &overlay)
        case .keyframe(let k):
            applyKeyframe(k, eased, iteration: state.iteration, model: model, to: &overlay)
        case .group(let children):
            let localTime = eased * timing.simpleDuration
            for child in children {
                child.apply(at: localTime, base: nil, model: model, id: id, to: &overlay)
            }
        case .transition(let t):
            let p = t.startProgress + (t.endProgress - t.startProgress) * eased
            overlay.transition = TransitionProgress(transition: t, progress: p, animation: id)
        }
    }

    /// The from and to values of a basic animation, at its key path, by Core Animation's rules:
    /// from+to; from+by; by+to; from alone (to the model); to alone (from the presentation); by alone
    /// (from the presentation, by); none (from the presentation to the model).
    static func endpoints(
        _ b: BasicAnimation, presentation: PropertyValue, model: PropertyValue
    ) -> (PropertyValue, PropertyValue) {
        switch (b.fromValue, b.toValue, b.byValue) {
        case (let from?, let to?, _): (from, to)
        case (let from?, nil, let by?): (from, from.adding(by))
        case (nil, let to?, let by?): (to.subtracting(by), to)
        case (let from?, nil, nil): (from, model)
        case (nil, let to?, nil): (presentation, to)
        case (nil, nil, let by?): (presentation, presentation.adding(by))
        case (nil, nil, nil): (presentation, model)
        }
    }

    func applyBasic(
        _ b: BasicAnimation, _ fraction: Double, iteration: Int, base: PropertyValue?, model: PropertyValues,
        to overlay: inout PresentationOverlay
    ) {
        let path = b.keyPath
        let whole = overlay.value(path.key, model: model)
        let below = path.read(from: whole)
        let modelValue = path.read(from: model.value(path.key))
        let (from, to) = Self.endpoints(b, presentation: base ?? below, model: modelValue)
        var value = path.interpolation.interpolate(from, to, fraction)
        if b.cumulative && iteration > 0 { value = value.adding(to.subtracting(from).repeated(iteration)) }
        if b.additive { value = below.adding(value) }
        Self.write(value, at: path, into: whole, overlay: &overlay)
    }

    func applyKeyframe(
        _ k: KeyframeAnimation, _ progress: Double, iteration: Int, model: PropertyValues,
        to overlay: inout PresentationOverlay
    ) {
        guard let sample = k.sample(at: progress) else { return }
        let path = k.keyPath
        let whole = overlay.value(path.key, model: model)
        var value = sample.value
        if k.cumulative && iteration > 0, let first = k.sample(at: 0)?.value, let last = k.sample(at: 1)?.value {
            value = value.adding(last.subtracting(first).repeated(iteration))
        }
        if k.additive { value = path.read(from: whole).adding(value) }
        Self.write(value, at: path, into: whole, overlay: &overlay)
        if let mode = k.rotationMode, let angle = sample.tangentAngle {
            let turn = mode == .autoReverse ? angle + .pi : angle
            let transform: Transform3D = overlay.value(.transform, model: model)[as: Transform3D.self]
            overlay.set(.transform(Transform3D(rotationAngle: turn, x: 0, y: 0, z: 1).concatenating(transform)), for: .transform)
        }
    }

    /// Writes a key-path value into the whole property value; a value of the wrong type (a malformed
    /// animation that validation should have refused) leaves the property as it was.
    static func write(_ value: PropertyValue, at path: LayerKeyPath, into whole: PropertyValue, overlay: inout PresentationOverlay) {
        if path.component == nil {
            if value.type == whole.type { overlay.set(value, for: path.key) }
            return
        }
        if let updated = try? path.write(value, into: whole) { overlay.set(updated, for: path.key) }
    }
}

extension PropertyValue {
    /// The payload as `T`; traps when the case does not match (for values the table guarantees).
    subscript<T: PropertyValueConvertible>(as type: T.Type) -> T { T(propertyValue: self)! }
}
