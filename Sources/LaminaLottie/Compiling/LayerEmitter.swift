import LaminaCore

/// Writes the operations that build a layer tree, with the JSON path each came from (so a refusal
/// downstream names the place in the Lottie file), counting layers and animations against the limits.
struct LayerEmitter {
    private(set) var operations: [LayerOperation] = []
    private(set) var paths: [String] = []
    private(set) var layerCount = 0
    private(set) var animationCount = 0
    /// Every layer's name, unique (a repeated name gets " 2", " 3", ...), in the order made.
    private(set) var names: [(name: String, handle: LayerHandle)] = []
    private var nameCounts: [String: Int] = [:]
    private var nextHandle: UInt64
    /// Frames per second of the file: keyframe times are frames, layer time is seconds.
    let frameRate: Double

    init(firstHandle: UInt64, frameRate: Double) {
        nextHandle = firstHandle
        self.frameRate = frameRate
    }

    /// The handle the next layer gets.
    var upcomingHandle: LayerHandle { LayerHandle(nextHandle) }

    /// A new layer of `kind`.
    mutating func create(_ kind: LayerKind = .layer, name: String?, at path: String) throws(LottieError) -> LayerHandle {
        guard layerCount < LottieLimits.maximumLayers else {
            throw LottieError(path: path, message: "the file needs more than \(LottieLimits.maximumLayers) layers (the per-client limit)")
        }
        let handle = LayerHandle(nextHandle)
        nextHandle += 1
        layerCount += 1
        let base = name ?? "layer"
        let count = (nameCounts[base] ?? 0) + 1
        nameCounts[base] = count
        names.append((count == 1 ? base : "\(base) \(count)", handle))
        append(.create(handle, name: name, kind: kind), path)
        return handle
    }

    mutating func set(_ layer: LayerHandle, _ key: PropertyKey, _ value: PropertyValue, at path: String) {
        append(.set(layer, LayerKeyPath(key), value), path)
    }

    mutating func set(_ layer: LayerHandle, _ keyPath: LayerKeyPath, _ value: PropertyValue, at path: String) {
        append(.set(layer, keyPath, value), path)
    }

    /// Puts `child` on top of `parent`'s sublayers.
    mutating func insert(_ child: LayerHandle, into parent: LayerHandle, at path: String) {
        append(.insertSublayer(child, into: parent, at: nil), path)
    }

    mutating func setMask(_ mask: LayerHandle, of layer: LayerHandle, at path: String) {
        append(.setMask(layer, mask: mask), path)
    }

    mutating func add(_ animation: Animation, to layer: LayerHandle, key: String, at path: String) {
        animationCount += 1
        append(.addAnimation(layer, animation, key: key), path)
    }

    private mutating func append(_ operation: LayerOperation, _ path: String) {
        operations.append(operation)
        paths.append(path)
    }

    // MARK: Properties

    /// Sets `keyPath` to the property's first value and, when it is keyframed, adds the animation that
    /// plays its keyframes in the layer's time (seconds = frames / frame rate).
    mutating func apply<Value>(
        _ property: LottieProperty<Value>, to layer: LayerHandle, _ keyPath: LayerKeyPath, at path: String,
        _ convert: (Value) -> PropertyValue
    ) {
        set(layer, keyPath, convert(property.initialValue), at: path)
        guard case .animated(let keys) = property else { return }
        if let animation = keyframeAnimation(keyPath, keys, convert) {
            add(animation, to: layer, key: keyPath.description, at: path)
        }
    }

    /// `position` along the keyframes' spatial tangents: a path animation when some segment curves.
    mutating func applyPosition(_ property: LottieProperty<Point>, to layer: LayerHandle, at path: String) {
        let keyPath = LayerKeyPath(.position)
        guard case .animated(let keys) = property,
            keys.contains(where: { ($0.tangentOut ?? .zero) != .zero || ($0.tangentIn ?? .zero) != .zero }),
            !keys.contains(where: { $0.hold || $0.end != nil && $0.end != $0.value })
        else {
            apply(property, to: layer, keyPath, at: path) { .point($0) }
            return
        }
        set(layer, keyPath, .point(keys[0].value), at: path)
        // Old files give each segment's end in `e`; the next keyframe's start is the same point.
        var motion = Path()
        motion.move(to: keys[0].value)
        for i in 0..<(keys.count - 1) {
            let from = keys[i].value, to = keys[i].end ?? keys[i + 1].value
            let c1 = from + (keys[i].tangentOut ?? .zero), c2 = to + (keys[i].tangentIn ?? .zero)
            motion.addCurve(to: to, control1: c1, control2: c2)
        }
        let (t0, t1) = (keys[0].time, keys[keys.count - 1].time)
        let keyTimes = keys.map { ($0.time - t0) / (t1 - t0) }
        var animation = KeyframeAnimation(keyPath: keyPath, path: motion, keyTimes: keyTimes)
        animation.timingFunctions = keys.dropLast().map(\.easing)
        add(timed(.keyframe(animation), from: t0, to: t1), to: layer, key: "position", at: path)
    }

    /// The keyframes as a Core Animation keyframe animation: one value per keyframe at its time, each
    /// segment with its curve; a hold keyframe (or an old-format segment ending away from the next
    /// keyframe's value) becomes a pair of keyframes a ten-thousandth of a frame apart, since one
    /// keyframe animation has one calculation mode.
    func keyframeAnimation<Value>(
        _ keyPath: LayerKeyPath, _ keys: [LottieKeyframe<Value>], _ convert: (Value) -> PropertyValue
    ) -> Animation? {
        let epsilon = 1e-4
        var times: [Double] = []
        var values: [PropertyValue] = []
        var curves: [TimingFunction] = []
        func point(_ time: Double, _ value: PropertyValue, _ curve: TimingFunction) {
            // Times must rise; a keyframe at the same frame as the one before it is a jump.
            let t = times.last.map { Swift.max(time, $0 + epsilon) } ?? time
            times.append(t)
            values.append(value)
            curves.append(curve)
        }
        for (i, key) in keys.enumerated() {
            let start = convert(key.value)
            guard i + 1 < keys.count else {
                point(key.time, start, .linear)
                break
            }
            let next = keys[i + 1]
            if key.hold {
                point(key.time, start, .linear)
                if next.time - epsilon > key.time { point(next.time - epsilon, start, .linear) }
                continue
            }
            point(key.time, start, key.easing)
            if let end = key.end.map(convert), end != convert(next.value), next.time - epsilon > key.time {
                point(next.time - epsilon, end, .linear)
            }
        }
        guard times.count > 1, let t0 = times.first, let t1 = times.last, t1 > t0 else { return nil }
        let keyTimes = times.map { Swift.min(1, Swift.max(0, ($0 - t0) / (t1 - t0))) }
        var animation = KeyframeAnimation(keyPath: keyPath, values: values, keyTimes: keyTimes)
        animation.timingFunctions = Array(curves.dropLast())
        return timed(.keyframe(animation), from: t0, to: t1)
    }

    /// An animation over frames `t0`...`t1` of its layer's time, holding its first value before and its
    /// last after, never removed.
    func timed(_ kind: Animation.Kind, from t0: Double, to t1: Double) -> Animation {
        let begin = t0 / frameRate
        let timing = MediaTiming(
            beginTime: begin == 0 ? MediaTiming.beginTimeAtZero : begin, duration: (t1 - t0) / frameRate, fillMode: .both)
        return Animation(kind, timing: timing, removedOnCompletion: false)
    }
}

extension Point {
    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
}
