/// What animations change about one layer this frame: the animated properties' values (everything else
/// reads through to the model) and an active transition's progress.
///
/// An overlay rather than a full copy of the layer's values: evaluation touches only what animates, and
/// the small arrays keep their capacity from frame to frame, so steady-state evaluation allocates nothing.
/// Transforms are kept unboxed in their own array for the same reason: a `PropertyValue.transform` is a
/// heap box, and making a new one per animated layer per frame would allocate every frame.
public struct PresentationOverlay: Sendable {
    /// One animated property's value (any type but transforms).
    @usableFromInline struct Animated: Sendable {
        @usableFromInline var key: PropertyKey
        @usableFromInline var value: PropertyValue
    }

    /// One animated transform-valued property.
    @usableFromInline struct AnimatedTransform: Sendable {
        @usableFromInline var key: PropertyKey
        @usableFromInline var value: Transform3D
    }

    /// One animated transform-valued property whose value is a 2D affine transform, its other lanes
    /// exactly the identity's (`Transform3D(affine:)` gives back the same bits): a spinner's turn, or a
    /// slide or stretch along x or y, as compiled animations write them over an unwritten transform.
    /// Stored as its six numbers, 56 bytes to the full matrix's 136: a hundred thousand turning layers
    /// wrote and the renderer read back 13.6 MB of matrices a frame, mostly known zeros and ones.
    @usableFromInline struct AnimatedAffine: Sendable {
        @usableFromInline var key: PropertyKey
        @usableFromInline var value: AffineTransform
    }

    /// An overlay read from a `Presentation` is a view of its flat storage, not a copy: its values are
    /// `values[valuesStart..<valuesEnd]` (and likewise for transforms). While a frame is evaluated, the
    /// whole flat storage is moved into one overlay, which appends each layer's values at its end.
    @usableFromInline var values: ContiguousArray<Animated> = []
    @usableFromInline var transforms: ContiguousArray<AnimatedTransform> = []
    @usableFromInline var valuesStart = 0
    @usableFromInline var valuesEnd = 0
    @usableFromInline var transformsStart = 0
    @usableFromInline var transformsEnd = 0
    /// Transform-valued properties animated to an affine transform, in the same way as `transforms`;
    /// a key is held in one or the other, never both.
    @usableFromInline var affines: ContiguousArray<AnimatedAffine> = []
    @usableFromInline var affinesStart = 0
    @usableFromInline var affinesEnd = 0
    /// A view whose one animated value is a transform (most animated layers turn, slide or scale
    /// through `transform`) carries it here, not the storage: a copy of 136 bytes instead of a retain
    /// and a release of the presentation's storage for every such layer the renderer reads each frame.
    /// Its key, when it carries one, and the matrix apart: as one optional pair, every check of it
    /// copied the 144-byte optional out to read its tag.
    @usableFromInline var singleKey: PropertyKey?
    @usableFromInline var singleValue = Transform3D.identity
    /// The transition drawing this frame, if any.
    public internal(set) var transition: TransitionProgress? {
        didSet { hasTransition = transition != nil }
    }
    /// Whether `transition` holds one: what the evaluation asks of every layer it ends, without
    /// copying the optional out to read its tag.
    @usableFromInline private(set) var hasTransition = false
    /// The keys appended to the storage (or held as `singleKey`) since `startNext()`, bit `rawValue` set
    /// for each: while a frame is evaluated, the keys of the layer being evaluated, which its extent
    /// records (`Presentation.record`) without reading the storage back.
    @usableFromInline private(set) var keysSinceStart: UInt128 = 0

    /// An empty overlay.
    public init() {}

    /// A view holding one animated transform and nothing else.
    init(single: AnimatedTransform) {
        (singleKey, singleValue) = (single.key, single.value)
        keysSinceStart = 1 &<< UInt128(single.key.rawValue)
    }

    /// A view of part of a presentation's storage.
    init(
        values: ContiguousArray<Animated>, _ valueRange: Range<Int>, transforms: ContiguousArray<AnimatedTransform>,
        _ transformRange: Range<Int>, affines: ContiguousArray<AnimatedAffine>, _ affineRange: Range<Int>,
        transition: TransitionProgress?
    ) {
        self.values = values
        (valuesStart, valuesEnd) = (valueRange.lowerBound, valueRange.upperBound)
        self.transforms = transforms
        (transformsStart, transformsEnd) = (transformRange.lowerBound, transformRange.upperBound)
        self.affines = affines
        (affinesStart, affinesEnd) = (affineRange.lowerBound, affineRange.upperBound)
        self.transition = transition
        hasTransition = transition != nil  // an initialiser's assignment calls no observer
    }

    /// Whether any property or transition is animated.
    public var isEmpty: Bool { !hasValues && !hasTransition }

    /// Whether any property is animated (a transition alone animates none).
    @inlinable
    public var hasValues: Bool {
        valuesEnd != valuesStart || transformsEnd != transformsStart || affinesEnd != affinesStart || singleKey != nil
    }

    /// Bit `rawValue` set for each animated property (`PropertyValues` keeps its written bits the same
    /// way): what a reader checks before scanning the overlay.
    @inlinable
    public var animatedKeyMask: UInt128 {
        var mask: UInt128 = 0
        for i in valuesStart..<valuesEnd { mask |= 1 &<< UInt128(values[i].key.rawValue) }
        for i in transformsStart..<transformsEnd { mask |= 1 &<< UInt128(transforms[i].key.rawValue) }
        for i in affinesStart..<affinesEnd { mask |= 1 &<< UInt128(affines[i].key.rawValue) }
        if let key = singleKey { mask |= 1 &<< UInt128(key.rawValue) }
        return mask
    }

    /// The animated keys.
    public var animatedKeys: [PropertyKey] {
        values[valuesStart..<valuesEnd].map(\.key) + transforms[transformsStart..<transformsEnd].map(\.key)
            + affines[affinesStart..<affinesEnd].map(\.key) + (singleKey.map { [$0] } ?? [])
    }

    /// Forgets this frame's values, keeping capacity.
    public mutating func reset() {
        values.removeSubrange(valuesStart..<valuesEnd)
        valuesEnd = valuesStart
        transforms.removeSubrange(transformsStart..<transformsEnd)
        transformsEnd = transformsStart
        affines.removeSubrange(affinesStart..<affinesEnd)
        affinesEnd = affinesStart
        singleKey = nil
        transition = nil
        keysSinceStart = 0
    }

    /// Starts an empty overlay at the end of the storage (the evaluation of the next layer). Inlined:
    /// called, it cost every animated layer twenty-two instructions.
    @inline(__always)
    mutating func startNext() {
        keysSinceStart = 0
        (valuesStart, valuesEnd) = (values.count, values.count)
        (transformsStart, transformsEnd) = (transforms.count, transforms.count)
        (affinesStart, affinesEnd) = (affines.count, affines.count)
        transition = nil
    }

    /// The animated value of `key`, or nil when it is not animated.
    public func value(_ key: PropertyKey) -> PropertyValue? {
        untransformedValue(key) ?? transform(key).map(PropertyValue.transform)
    }

    /// The animated value of a `key` that is not transform-valued, or nil when it is not animated.
    @inlinable
    public func untransformedValue(_ key: PropertyKey) -> PropertyValue? {
        for i in valuesStart..<valuesEnd where values[i].key == key { return values[i].value }
        return nil
    }

    /// The animated value of a transform-valued `key` (`transform`, `sublayerTransform`), or nil when
    /// it is not animated; unlike `value(_:)`, reading it this way does not box the matrix.
    @inlinable
    public func transform(_ key: PropertyKey) -> Transform3D? {
        if singleKey == key { return singleValue }
        for i in transformsStart..<transformsEnd where transforms[i].key == key { return transforms[i].value }
        for i in affinesStart..<affinesEnd where affines[i].key == key { return Transform3D(affine: affines[i].value) }
        return nil
    }

    /// The presentation value of `key`: animated, or the model's.
    public func value(_ key: PropertyKey, model: PropertyValues) -> PropertyValue {
        value(key) ?? model.value(key)
    }

    /// Sets an animated value.
    public mutating func set(_ value: consuming PropertyValue, for key: PropertyKey) {
        if case .transform(let t) = value { return setTransform(t, for: key) }
        for i in valuesStart..<valuesEnd where values[i].key == key {
            values[i].value = value
            return
        }
        Self.append(Animated(key: key, value: value), to: &values, &valuesStart, &valuesEnd)
        keysSinceStart |= 1 &<< UInt128(key.rawValue)
    }

    /// Sets the animated value of a transform-valued property.
    public mutating func setTransform(_ value: Transform3D, for key: PropertyKey) {
        if let held = singleKey {
            if held == key {
                singleValue = value
                return
            }
            // A second transform: into storage of its own, with the first.
            transforms = [AnimatedTransform(key: held, value: singleValue)]
            (transformsStart, transformsEnd) = (0, 1)
            keysSinceStart |= 1 &<< UInt128(held.rawValue)
            singleKey = nil
        }
        for i in transformsStart..<transformsEnd where transforms[i].key == key {
            transforms[i].value = value
            return
        }
        _ = takeAffine(key)
        appendTransform(value, for: key)
    }

    /// Whether a transform-valued property is animated in this overlay so far.
    var hasTransforms: Bool { singleKey != nil || transformsEnd != transformsStart || affinesEnd != affinesStart }

    /// Appends the animated value of a transform-valued property that the overlay does not animate yet.
    mutating func appendTransform(_ value: Transform3D, for key: PropertyKey) {
        Self.append(AnimatedTransform(key: key, value: value), to: &transforms, &transformsStart, &transformsEnd)
        keysSinceStart |= 1 &<< UInt128(key.rawValue)
    }

    /// Appends `element` to the overlay's part `start..<end` of `storage`: at the storage's end while a
    /// frame is evaluated; a view into a presentation first takes a copy of its own part.
    @inline(__always)
    private static func append<Element>(
        _ element: Element, to storage: inout ContiguousArray<Element>, _ start: inout Int, _ end: inout Int
    ) {
        if end != storage.count {
            storage = ContiguousArray(storage[start..<end])
            (start, end) = (0, storage.count)
        }
        storage.append(element)
        end += 1
    }

    /// Appends the animated value of a transform-valued property that the overlay does not animate yet,
    /// an affine transform whose other lanes are the identity's (see `AnimatedAffine`). Inlined: every
    /// turning layer appends one a frame, and the call cost some twenty instructions of it.
    @inline(__always)
    mutating func appendAffine(_ value: AffineTransform, for key: PropertyKey) {
        Self.append(AnimatedAffine(key: key, value: value), to: &affines, &affinesStart, &affinesEnd)
        keysSinceStart |= 1 &<< UInt128(key.rawValue)
    }

    /// Takes `key` out of the affine transforms, when it is there, for storage as a whole matrix: what
    /// a second animation of the key, writing into the matrix, needs.
    private mutating func takeAffine(_ key: PropertyKey) -> AffineTransform? {
        guard let i = (affinesStart..<affinesEnd).first(where: { affines[$0].key == key }) else { return nil }
        if affinesEnd != affines.count {  // a view into a presentation: take a copy of its own part
            affines = ContiguousArray(affines[affinesStart..<affinesEnd])
            (affinesStart, affinesEnd) = (0, affines.count)
            return takeAffine(key)  // now at the storage's end
        }
        let value = affines.remove(at: i).value
        affinesEnd -= 1
        return value
    }

    /// Updates the animated value of a transform-valued property in place: `body` gets the value so
    /// far (the animated one, else `base()`, which is then added) where the overlay keeps it. An
    /// animation writing a transform component every frame copied the 128-byte matrix out, into the
    /// decomposition and back in with `transform(_:)` and `setTransform(_:for:)`.
    mutating func updateTransform(
        for key: PropertyKey, base: () -> Transform3D, _ body: (inout Transform3D) -> Void
    ) {
        if let held = singleKey {
            if held == key { return body(&singleValue) }
            // A second transform: into storage of its own, with the first.
            transforms = [AnimatedTransform(key: held, value: singleValue)]
            (transformsStart, transformsEnd) = (0, 1)
            keysSinceStart |= 1 &<< UInt128(held.rawValue)
            singleKey = nil
        }
        for i in transformsStart..<transformsEnd where transforms[i].key == key { return body(&transforms[i].value) }
        appendTransform(takeAffine(key).map(Transform3D.init(affine:)) ?? base(), for: key)
        body(&transforms[transformsEnd - 1].value)
    }

    /// The model's values with this overlay applied.
    public func applied(to model: PropertyValues) -> PropertyValues {
        var result = model
        for v in values[valuesStart..<valuesEnd] { result.store(v.value, at: v.key.rawValue) }
        for t in transforms[transformsStart..<transformsEnd] { result.store(.transform(t.value), at: t.key.rawValue) }
        for t in affines[affinesStart..<affinesEnd] { result.store(.transform(Transform3D(affine: t.value)), at: t.key.rawValue) }
        if let key = singleKey { result.store(.transform(singleValue), at: key.rawValue) }
        return result
    }
}

/// A transition in progress on a layer: what kind, and how far (after start/endProgress and the curve).
public struct TransitionProgress: Hashable, Sendable {
    /// The transition.
    public var transition: Transition
    /// Progress from the old appearance (0) to the new (1).
    public var progress: Double
    /// The animation drawing it, so the renderer can tell a new transition from a continuing one.
    public var animation: AnimationID
}
