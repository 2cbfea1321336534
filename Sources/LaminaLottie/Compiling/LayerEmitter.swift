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
    /// Set while compiling under a time-remapped precomp: keyframes are then sampled at `frames` of
    /// the time outside it, each mapped into the current composition's time.
    var remap: TimeRemap?

    /// A time map no layer timing can express (a precomp's `tm`, and everything inside it): the frames
    /// of the outer time at which values are sampled, and each one's frame in the current composition.
    struct TimeRemap {
        var frames: [Double]
        var map: (Double) -> Double

        /// At most `maximumSamples` frames from `start` to `end`, one per frame where they fit.
        static func frames(from start: Double, to end: Double) -> [Double] {
            guard end > start else { return [start] }
            let step = max(1, (end - start) / Double(maximumSamples))
            var frames = Array(stride(from: start, to: end, by: step))
            frames.append(end)
            return frames
        }

        /// The most samples one remapped animation gets.
        static let maximumSamples = 2_000
    }

    init(firstHandle: UInt64, frameRate: Double) {
        nextHandle = firstHandle
        self.frameRate = frameRate
    }

    /// The handle the next layer gets.
    var upcomingHandle: LayerHandle { LayerHandle(nextHandle) }

    /// A new layer of `kind`.
    mutating func create(_ kind: LayerKind = .layer, name: String?, at path: String) throws(LottieError) -> LayerHandle {
        // An import that already met a value the model refuses (or spent its samples) fails with that
        // error whatever follows: stopping at the next layer keeps a hostile file from compiling on
        // (a repeater's thousand copies, each sampling its trim two thousand times) only to be refused.
        if let invalid { throw invalid }
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

    /// Values the importer may still compute by sampling (time remapping, motion along curves, joined
    /// paths), over the whole file: what bounds a hostile file's import work and memory, since one
    /// sampled property can be instanced by every precomp that uses it.
    private var samplesLeft = LottieLimits.maximumSampledValues

    /// Takes `count` samples from the file's budget; past it, the import fails at `path` (false).
    mutating func spend(_ count: Int, at path: String) -> Bool {
        guard count <= samplesLeft else {
            if invalid == nil {
                invalid = LottieError(
                    path: path, message: "the file needs more than \(LottieLimits.maximumSampledValues) sampled values (time remapping, motion paths, joined paths)")
            }
            samplesLeft = 0
            return false
        }
        samplesLeft -= count
        return true
    }

    /// Takes `count` samples from the file's budget when that many are left (true); otherwise takes
    /// none, for work the import can do without (false).
    mutating func spendIfLeft(_ count: Int) -> Bool {
        guard count <= samplesLeft else { return false }
        samplesLeft -= count
        return true
    }

    /// The first value the file led to that the model would refuse (a number so large that scaling or
    /// turning it overflows, a path with such a point): the import fails with it, at its JSON path.
    private(set) var invalid: LottieError?

    private mutating func append(_ operation: LayerOperation, _ path: String) {
        if invalid == nil {
            switch operation {
            case .set(_, let keyPath, let value) where !value.isFinite:
                invalid = LottieError(path: path, message: "a value of \(keyPath) that is out of range (it overflows to infinity)")
            case .addAnimation(_, let animation, _):
                do { try animation.validate() } catch {
                    invalid = LottieError(path: path, message: "\(error)")
                }
            default: break
            }
        }
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
        guard remap == nil || !property.isAnimated else {
            remapped(property, to: layer, keyPath, at: path, convert)
            return
        }
        set(layer, keyPath, convert(property.initialValue), at: path)
        guard case .animated(let keys) = property else { return }
        if let animation = keyframeAnimation(keyPath, keys, convert) {
            add(animation, to: layer, key: keyPath.description, at: path)
        }
    }

    /// A keyframed property under a time remap: its value at each sampled outer frame (mapped into
    /// the composition's time, eased and interpolated as the keyframes say), played linearly.
    private mutating func remapped<Value>(
        _ property: LottieProperty<Value>, to layer: LayerHandle, _ keyPath: LayerKeyPath, at path: String,
        _ convert: (Value) -> PropertyValue
    ) {
        guard let remap, property.isAnimated, spend(remap.frames.count, at: path) else { return }
        let converted = property.mapValues(convert)
        let samples = remap.frames.map { converted.value(at: remap.map($0), interpolate: keyPath.interpolation.interpolate) }
        set(layer, keyPath, samples[0], at: path)
        guard samples.contains(where: { $0 != samples[0] }), remap.frames.count > 1 else { return }
        let keyframes = zip(remap.frames, samples).map {
            LottieKeyframe(time: $0.0, value: $0.1, end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil)
        }
        if let animation = keyframeAnimation(keyPath, keyframes, { $0 }) {
            add(animation, to: layer, key: keyPath.description, at: path)
        }
    }

    /// `position` along the keyframes' spatial tangents: a path animation when some segment curves.
    /// With `autoOrient` (a layer's `ao`), the layer turns along the motion's tangent
    /// (`rotationMode` auto), on top of its own rotation.
    mutating func applyPosition(_ property: LottieProperty<Point>, to layer: LayerHandle, autoOrient: Bool = false, at path: String) {
        let keyPath = LayerKeyPath(.position)
        guard remap == nil, case .animated(let keys) = property,
            keys.contains(where: { ($0.tangentOut ?? .zero) != .zero || ($0.tangentIn ?? .zero) != .zero }),
            !keys.contains(where: { $0.hold || $0.end != nil && $0.end != $0.value })
        else {
            if autoOrient, remap == nil, case .animated(let keys) = property, let animation = keyframeAnimation(keyPath, keys, { .point($0) }) {
                set(layer, keyPath, .point(keys[0].value), at: path)
                add(Self.turningAlong(animation), to: layer, key: "position", at: path)
                return
            }
            apply(property, to: layer, keyPath, at: path) { .point($0) }
            return
        }
        // Along a curve Lottie moves by arc length (the eased progress is the fraction of the segment's
        // length travelled), which no keyframe mode of Core Animation does: the motion is sampled at
        // every frame (and every keyframe), exactly there and straight in between. A motion longer than
        // one animation's keyframes can hold is sampled more sparsely, evenly.
        let span = keys[keys.count - 1].time - keys[0].time
        let room = max(KeyframeAnimation.maximumKeyframes - keys.count - 1, 1)
        let step = max(1, span / Double(room))
        guard spend(Int(span / step) + keys.count, at: path) else { return }
        var samples: [LottieKeyframe<Point>] = []
        var angles: [Double] = []
        for i in 0..<(keys.count - 1) {
            let from = keys[i].value, to = keys[i].end ?? keys[i + 1].value
            var segment = Path()
            segment.move(to: from)
            segment.addCurve(to: to, control1: from + (keys[i].tangentOut ?? .zero), control2: to + (keys[i].tangentIn ?? .zero))
            let sampler = segment.sampler()
            let (t0, t1) = (keys[i].time, keys[i + 1].time)
            for t in stride(from: t0, to: t1, by: step) {
                let distance = keys[i].easing((t - t0) / (t1 - t0)) * sampler.totalLength
                samples.append(
                    LottieKeyframe(time: t, value: sampler.point(atDistance: distance), end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil))
                angles.append(sampler.tangentAngle(atDistance: distance))
            }
            if i == keys.count - 2 { angles.append(sampler.tangentAngle(atDistance: sampler.totalLength)) }
        }
        let last = keys[keys.count - 1]
        samples.append(LottieKeyframe(time: last.time, value: last.value, end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil))
        set(layer, keyPath, .point(keys[0].value), at: path)
        guard let animation = keyframeAnimation(keyPath, samples, { .point($0) }) else { return }
        add(animation, to: layer, key: "position", at: path)
        guard autoOrient else { return }
        // Turned along the curve's own tangent at each sample (not the chord to the next sample, which
        // rotationMode auto would follow), added to the layer's rotation; unwrapped so that no turn
        // goes the long way round.
        var unwrapped: [Double] = []
        for angle in angles {
            guard let previous = unwrapped.last else {
                unwrapped.append(angle)
                continue
            }
            var a = angle
            while a - previous > .pi { a -= 2 * .pi }
            while a - previous < -.pi { a += 2 * .pi }
            unwrapped.append(a)
        }
        let turns = zip(samples, unwrapped).map {
            LottieKeyframe(time: $0.0.time, value: $0.1, end: nil, easing: .linear, hold: false, tangentOut: nil, tangentIn: nil)
        }
        guard let turning = keyframeAnimation(LottieCompiler.rotationZ, turns, { .number($0) }), case .keyframe(var k) = turning.kind else { return }
        k.additive = true
        var additive = turning
        additive.kind = .keyframe(k)
        add(additive, to: layer, key: "orientation", at: path)
    }

    /// A position animation that turns the layer along the motion (`rotationMode` auto).
    private static func turningAlong(_ animation: Animation) -> Animation {
        guard case .keyframe(var k) = animation.kind else { return animation }
        var turned = animation
        k.rotationMode = .auto
        turned.kind = .keyframe(k)
        return turned
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
