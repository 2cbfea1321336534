/// Why an animation was refused when added to a layer. Each case names the key path and the field.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value's type is not the key path's.
    case valueType(keyPath: String, field: String, expected: PropertyType, got: PropertyType)
    /// The property does not animate (`contentsGravity`, `speed`, ...).
    case notAnimatable(keyPath: String)
    /// A `path` animates point-valued key paths only.
    case pathNeedsPoints(keyPath: String)
    /// `keyTimes` or `timingFunctions` do not fit the keyframes.
    case keyframes(keyPath: String, problem: String)
    /// A timing field is out of range (negative duration, NaN, ...).
    case timing(field: String, problem: String)
    /// A value, key time, curve or path point holds a number that is not finite.
    case notFinite(keyPath: String, field: String)
    /// A value is larger than `PropertyLimits` allows.
    case tooLarge(keyPath: String, field: String, excess: String)
    /// The key path names a property the layer's kind does not have.
    case notAProperty(keyPath: String, kind: LayerKind)

    public var description: String {
        switch self {
        case .valueType(let keyPath, let field, let expected, let got):
            "\(field) of an animation of '\(keyPath)' must be a \(expected), not a \(got)"
        case .notAnimatable(let keyPath): "'\(keyPath)' is not animatable"
        case .pathNeedsPoints(let keyPath): "a path can only animate a point, and '\(keyPath)' is not one"
        case .keyframes(let keyPath, let problem): "keyframes of '\(keyPath)': \(problem)"
        case .timing(let field, let problem): "\(field): \(problem)"
        case .notFinite(let keyPath, let field):
            "\(field) of an animation of '\(keyPath)' must hold finite numbers only (no infinity or NaN)"
        case .tooLarge(let keyPath, let field, let excess): "\(field) of an animation of '\(keyPath)' is \(excess)"
        case .notAProperty(let keyPath, let kind): "'\(keyPath)' is not a property of a `\(kind)` layer"
        }
    }
}

extension Animation {
    /// Checks the animation (and a group's children) against the property table and Core Animation's
    /// rules for keyframes and timing.
    ///
    /// The domains (docs/protocol.md lists them): every number finite, except `repeatCount` and
    /// `repeatDuration`, which may be infinite (repeat forever); `duration`, `repeatCount` and
    /// `repeatDuration` not negative; at most `KeyframeAnimation.maximumKeyframes` keyframes.
    public func validate() throws(AnimationError) {
        for (field, value) in [("repeatCount", timing.repeatCount), ("repeatDuration", timing.repeatDuration)]
        where value < 0 || value.isNaN {
            throw .timing(field: field, problem: "must be a non-negative number, got \(value)")
        }
        guard timing.duration >= 0, timing.duration.isFinite else {
            throw .timing(field: "duration", problem: "must be a finite, non-negative number, got \(timing.duration)")
        }
        guard timingFunction.isFinite else {
            throw .timing(field: "timingFunction", problem: "control points must be finite")
        }
        for (field, value) in [("beginTime", timing.beginTime), ("speed", timing.speed), ("timeOffset", timing.timeOffset)]
        where !value.isFinite {
            throw .timing(field: field, problem: "must be a finite number, got \(value)")
        }
        switch kind {
        case .basic(let b): try Self.validate(b)
        case .spring(let s):
            try Self.validate(s.basic)
            guard s.mass > 0, s.stiffness > 0, s.damping >= 0, s.initialVelocity.isFinite, s.mass.isFinite,
                s.stiffness.isFinite, s.damping.isFinite
            else {
                throw .timing(field: "spring", problem: "mass and stiffness must be positive and damping non-negative")
            }
        case .keyframe(let k): try Self.validate(k)
        case .group(let children): for child in children { try child.validate() }
        case .transition(let t):
            guard (0...1).contains(t.startProgress), (0...1).contains(t.endProgress) else {
                throw .timing(field: "startProgress/endProgress", problem: "must lie in 0...1")
            }
        }
    }

    /// `field` is named only when the value fails: made for every keyframe (`values[i]`), the name cost
    /// more than the checks.
    private static func check(_ value: PropertyValue?, _ field: @autoclosure () -> String, _ path: LayerKeyPath) throws(AnimationError) {
        guard let value else { return }
        guard value.type == path.valueType else {
            throw .valueType(keyPath: path.description, field: field(), expected: path.valueType, got: value.type)
        }
        guard value.isFinite else { throw .notFinite(keyPath: path.description, field: field()) }
        if let excess = PropertyLimits.excess(of: value) { throw .tooLarge(keyPath: path.description, field: field(), excess: excess) }
    }

    /// Checks that every key path the animation (or a group's children) animates is a property of a
    /// layer of `kind`.
    public func validate(for kind: LayerKind) throws(AnimationError) {
        switch self.kind {
        case .basic(let b): try Self.check(b.keyPath, kind)
        case .spring(let s): try Self.check(s.basic.keyPath, kind)
        case .keyframe(let k): try Self.check(k.keyPath, kind)
        case .group(let children): for child in children { try child.validate(for: kind) }
        case .transition: break
        }
    }

    private static func check(_ path: LayerKeyPath, _ kind: LayerKind) throws(AnimationError) {
        guard path.key.descriptor.kinds.contains(kind) else { throw .notAProperty(keyPath: path.description, kind: kind) }
    }

    private static func validate(_ b: BasicAnimation) throws(AnimationError) {
        guard b.keyPath.key.descriptor.isAnimatable else { throw .notAnimatable(keyPath: b.keyPath.description) }
        try check(b.fromValue, "fromValue", b.keyPath)
        try check(b.toValue, "toValue", b.keyPath)
        try check(b.byValue, "byValue", b.keyPath)
    }

    private static func validate(_ k: KeyframeAnimation) throws(AnimationError) {
        let path = k.keyPath
        guard path.key.descriptor.isAnimatable else { throw .notAnimatable(keyPath: path.description) }
        let limit = KeyframeAnimation.maximumKeyframes
        for (field, count) in [
            ("values", k.values.count), ("path elements", k.path?.elements.count ?? 0), ("keyTimes", k.keyTimes?.count ?? 0),
            ("timingFunctions", k.timingFunctions?.count ?? 0), ("tensionValues", k.tensionValues.count),
            ("continuityValues", k.continuityValues.count), ("biasValues", k.biasValues.count),
        ] where count > limit {
            throw .keyframes(keyPath: path.description, problem: "\(count) \(field) is over the limit of \(limit)")
        }
        if let shape = k.path {
            guard path.valueType == .point else { throw .pathNeedsPoints(keyPath: path.description) }
            guard shape.isFinite else { throw .notFinite(keyPath: path.description, field: "path") }
        } else {
            for (i, v) in k.values.enumerated() { try check(v, "values[\(i)]", path) }
        }
        for (field, numbers) in [
            ("keyTimes", k.keyTimes ?? []), ("tensionValues", k.tensionValues), ("continuityValues", k.continuityValues),
            ("biasValues", k.biasValues),
        ] where !numbers.allSatisfy(\.isFinite) {
            throw .notFinite(keyPath: path.description, field: field)
        }
        if let functions = k.timingFunctions, !functions.allSatisfy(\.isFinite) {
            throw .notFinite(keyPath: path.description, field: "timingFunctions")
        }
        let count = k.keyframeCount
        if let keyTimes = k.keyTimes, k.calculationMode != .paced, k.calculationMode != .cubicPaced {
            let expected = k.calculationMode == .discrete ? count + 1 : count
            guard keyTimes.count == expected else {
                throw .keyframes(keyPath: path.description, problem: "\(keyTimes.count) keyTimes for \(count) keyframes (expected \(expected))")
            }
            guard zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }),
                keyTimes.allSatisfy({ (0...1).contains($0) })
            else {
                throw .keyframes(keyPath: path.description, problem: "keyTimes must rise from 0 to 1")
            }
        }
        if let functions = k.timingFunctions, functions.count != max(count - 1, 0) {
            throw .keyframes(
                keyPath: path.description, problem: "\(functions.count) timingFunctions for \(max(count - 1, 0)) segments")
        }
    }
}
