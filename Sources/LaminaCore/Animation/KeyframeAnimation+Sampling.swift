import RealModule

/// Where a keyframe animation is at one progress: the value, and the direction of motion (radians, for
/// `rotationMode`) where the values are points.
public struct KeyframeSample: Hashable, Sendable {
    public var value: PropertyValue
    public var tangentAngle: Double?
}

extension KeyframeAnimation {
    /// The number of keyframes: the values, or a path's start point plus each segment's end point.
    var keyframeCount: Int { path == nil ? values.count : pathSegments.count + 1 }

    /// The key time of keyframe `i` of `count`: `keyTimes[i]`, or even spacing (`i/count` in discrete
    /// mode, which has one more key time than values; `i/(count-1)` otherwise).
    func keyTime(_ i: Int, of count: Int) -> Double {
        if let keyTimes, i < keyTimes.count { return keyTimes[i] }
        if calculationMode == .discrete { return Double(i) / Double(count) }
        return count > 1 ? Double(i) / Double(count - 1) : 0
    }

    /// The segment `i` such that `keyTime(i) <= p < keyTime(i+1)`, for `segments` segments (the last
    /// one from its key time on). Key times rise, so this is a binary search.
    func segment(containing p: Double, segments: Int, keyframes: Int) -> Int {
        // The count of key times 1..<segments at or before p.
        var (low, high) = (1, segments)
        while low < high {
            let mid = (low + high) / 2
            if keyTime(mid, of: keyframes) <= p { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// Progress within segment `i` (0...1), through that segment's timing function if it has one.
    func localProgress(_ p: Double, segment i: Int, keyframes: Int) -> Double {
        let k0 = keyTime(i, of: keyframes), k1 = keyTime(i + 1, of: keyframes)
        var u = k1 > k0 ? (p - k0) / (k1 - k0) : 1
        u = Swift.min(Swift.max(u, 0), 1)
        if let timingFunctions, i < timingFunctions.count { u = timingFunctions[i](u) }
        return u
    }

    /// The animation's value at simple progress `p` (0...1, after the animation's own timing function).
    public func sample(at p: Double) -> KeyframeSample? {
        if let path { return samplePath(path, at: p) }
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return KeyframeSample(value: values[0], tangentAngle: nil) }
        switch calculationMode {
        case .discrete:
            return KeyframeSample(value: values[segment(containing: p, segments: n, keyframes: n)], tangentAngle: nil)
        case .linear:
            let i = segment(containing: p, segments: n - 1, keyframes: n)
            let u = localProgress(p, segment: i, keyframes: n)
            return KeyframeSample(
                value: keyPath.interpolation.interpolate(values[i], values[i + 1], u), tangentAngle: direction(values[i], values[i + 1]))
        case .cubic:
            let i = segment(containing: p, segments: n - 1, keyframes: n)
            let u = localProgress(p, segment: i, keyframes: n)
            return cubicSample(segment: i, u)
        case .paced:
            // pacing[i]: the distance travelled at keyframe i.
            guard pacing.count == n else { return nil }
            let target = Swift.min(Swift.max(p, 0), 1) * pacing[n - 1]
            let i = Swift.min(firstIndex(in: 1..<n) { pacing[$0] >= target }, n - 1) - 1
            let d = pacing[i + 1] - pacing[i]
            let u = d > 0 ? Swift.min(Swift.max((target - pacing[i]) / d, 0), 1) : 1
            return KeyframeSample(
                value: keyPath.interpolation.interpolate(values[i], values[i + 1], u), tangentAngle: direction(values[i], values[i + 1]))
        case .cubicPaced:
            return cubicPacedSample(at: p)
        }
    }

    /// The direction of travel from `a` to `b`, for point values.
    private func direction(_ a: PropertyValue, _ b: PropertyValue) -> Double? {
        guard case .point(let p) = a, case .point(let q) = b, p != q else { return nil }
        return Double.atan2(y: q.y - p.y, x: q.x - p.x)
    }

    /// Kochanek–Bartels: the Hermite curve between keyframes `i` and `i+1` whose tangents come from the
    /// neighbours, weighted by tension, continuity and bias (all 0: Catmull-Rom). The end keyframes
    /// repeat themselves as their missing neighbours. Non-vector values fall back to linear.
    func cubicSample(segment i: Int, _ u: Double) -> KeyframeSample {
        let n = values.count
        guard let p1 = values[i].vector, let p2 = values[i + 1].vector else {
            return KeyframeSample(value: keyPath.interpolation.interpolate(values[i], values[i + 1], u), tangentAngle: nil)
        }
        let p0 = values[Swift.max(i - 1, 0)].vector ?? p1
        let p3 = values[Swift.min(i + 2, n - 1)].vector ?? p2
        func parameter(_ list: [Double], _ j: Int) -> Double { j < list.count ? list[j] : 0 }
        // Outgoing tangent at i, incoming tangent at i+1.
        let (t1, c1, b1) = (parameter(tensionValues, i), parameter(continuityValues, i), parameter(biasValues, i))
        let (t2, c2, b2) = (
            parameter(tensionValues, i + 1), parameter(continuityValues, i + 1), parameter(biasValues, i + 1)
        )
        let out = (p1 - p0) * ((1 - t1) * (1 + c1) * (1 + b1) / 2) + (p2 - p1) * ((1 - t1) * (1 - c1) * (1 - b1) / 2)
        let inc = (p2 - p1) * ((1 - t2) * (1 - c2) * (1 + b2) / 2) + (p3 - p2) * ((1 - t2) * (1 + c2) * (1 - b2) / 2)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let v = p1 * h00 + out * h10 + p2 * h01 + inc * h11
        // Derivative, for the tangent of point motion.
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let dv = p1 * d00 + out * d10 + p2 * d01 + inc * d11
        var angle: Double?
        if case .point = values[i], dv.x != 0 || dv.y != 0 { angle = Double.atan2(y: dv.y, x: dv.x) }
        return KeyframeSample(value: values[i].withVector(v), tangentAngle: angle)
    }

    /// How many points of each segment the `cubicPaced` table measures.
    static let cubicPacedSteps = 16

    /// The spline traversed at constant speed: arc length comes from the table of distances at
    /// `cubicPacedSteps` points of each segment, searched by binary search.
    func cubicPacedSample(at p: Double) -> KeyframeSample? {
        let n = values.count, steps = Self.cubicPacedSteps
        guard pacing.count == (n - 1) * steps + 1 else { return nil }
        let target = Swift.min(Swift.max(p, 0), 1) * pacing[pacing.count - 1]
        // The first table point at or past the target (the last one if none is).
        let j = Swift.min(firstIndex(in: 1..<pacing.count) { pacing[$0] >= target }, pacing.count - 1)
        let (i, s) = ((j - 1) / steps, (j - 1) % steps)
        let d = pacing[j] - pacing[j - 1]
        let f = d > 0 ? Swift.min(Swift.max((target - pacing[j - 1]) / d, 0), 1) : 1
        return cubicSample(segment: i, (Double(s) + f) / Double(steps))
    }

    /// The paced modes' table (see `pacing`); empty for other modes and for fewer than two values.
    func pacingTable() -> [Double] {
        let n = values.count
        guard n > 1 else { return [] }
        switch calculationMode {
        case .paced:
            var table = [0.0]
            table.reserveCapacity(n)
            for i in 0..<(n - 1) { table.append(table[i] + values[i].distance(to: values[i + 1])) }
            return table
        case .cubicPaced:
            let steps = Self.cubicPacedSteps
            var table = [0.0]
            table.reserveCapacity((n - 1) * steps + 1)
            for i in 0..<(n - 1) {
                var previous = cubicSample(segment: i, 0).value
                for s in 1...steps {
                    let next = cubicSample(segment: i, Double(s) / Double(steps)).value
                    table.append(table[table.count - 1] + previous.distance(to: next))
                    previous = next
                }
            }
            return table
        case .linear, .discrete, .cubic:
            return []
        }
    }

    /// The first index in `range` satisfying a predicate that is false then true (`range.upperBound`
    /// if none).
    private func firstIndex(in range: Range<Int>, where predicate: (Int) -> Bool) -> Int {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Motion along a path: each element's end point is a keyframe; paced modes go at constant speed.
    func samplePath(_ path: Path, at p: Double) -> KeyframeSample? {
        let segments = pathSegments
        guard !segments.isEmpty else {
            return path.currentPoint.map { KeyframeSample(value: .point($0), tangentAngle: nil) }
        }
        let keyframes = segments.count + 1
        switch calculationMode {
        case .paced, .cubicPaced:
            guard let sampler = pathSampler else { return nil }
            let distance = Swift.min(Swift.max(p, 0), 1) * sampler.totalLength
            return KeyframeSample(
                value: .point(sampler.point(atDistance: distance)), tangentAngle: sampler.tangentAngle(atDistance: distance))
        case .discrete:
            let i = segment(containing: p, segments: keyframes, keyframes: keyframes)
            let point = i == 0 ? segments[0].start : segments[i - 1].end
            return KeyframeSample(value: .point(point), tangentAngle: nil)
        case .linear, .cubic:
            let i = segment(containing: p, segments: segments.count, keyframes: keyframes)
            let u = localProgress(p, segment: i, keyframes: keyframes)
            return KeyframeSample(value: .point(segments[i].point(at: u)), tangentAngle: segments[i].tangentAngle(at: u))
        }
    }
}
