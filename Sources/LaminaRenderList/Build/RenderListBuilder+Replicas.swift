import LaminaCore

/// Replicator layers: their sublayers visited once per copy, each copy with its own transform, tint
/// and, when the copies lag, its own presentation.
extension RenderListBuilder {
    /// The most copies one replicator draws: 10,000. A larger `instanceCount` draws that many.
    static let maximumInstances = 10_000
    /// The most copies one build draws over all replicators, nested ones multiplied out: 100,000. The
    /// copies past it are not drawn.
    static let maximumReplicas = 100_000

    /// Appends an instance, multiplied by the tint of the replicator copies it is drawn in.
    /// Inside a transform layer's 3D space, it also carries its depth (`withDepth`).
    mutating func emit(_ instance: LayerInstance, texture: TextureBinding) {
        guard tint != nil || layerDepth != nil else {
            // Most instances: appended as they are, without a copy of their 224 bytes.
            list.append(instance, texture: texture)
            return
        }
        var drawn = withDepth(instance)
        if let tint { drawn.color *= tint }
        list.append(drawn, texture: texture)
    }

    /// `id`'s local time in what is being drawn: the frame's time through the tree, or, inside a delayed
    /// copy, the copy's replicator time mapped down to `id`.
    func localTime(of id: LayerID) -> Double {
        guard let clock = replicaClock else { return tree.localTime(of: id, at: presentation.time) }
        var chain: [LayerID] = []
        var current: LayerID? = id
        while let c = current, c != clock.replicator {
            chain.append(c)
            current = (try? tree.superlayer(of: c)) ?? nil
        }
        var time = clock.time
        for layer in chain.reversed() { time = LayerTree.localTime(time, of: tree[layer]) }
        return time
    }

    /// Visits `sublayers` of the replicator `id` once per copy (`CAReplicatorLayer`): copy i under
    /// `instanceTransform` applied i times about the centre of the bounds, its colours multiplied by
    /// `instanceColor + i × offsets` (clamped to 0...1), its layer time `i × instanceDelay` behind.
    mutating func drawReplicas(
        _ id: LayerID, _ values: PresentedValues, sublayers: [LayerID], toTarget: Transform3D, toClip: Transform3D?,
        opacity: Double, context: Int32
    ) {
        let requested = values[.instanceCount]
        let count = requested.isFinite ? Int(Swift.min(Swift.max(requested, 0), Double(Self.maximumInstances))) : 0
        guard count > 0, !sublayers.isEmpty else { return }
        let bounds = values[.bounds]
        // instanceTransform about the centre of the bounds, in the sublayers' space.
        let center = Transform3D(translationX: bounds.midX, y: bounds.midY, z: 0)
        let step = Transform3D(translationX: -bounds.midX, y: -bounds.midY, z: 0)
            .concatenating(values[.instanceTransform]).concatenating(center)
        let base = values[.instanceColor]
        let offsets = SIMD4(values[.instanceRedOffset], values[.instanceGreenOffset], values[.instanceBlueOffset], values[.instanceAlphaOffset])
        let delay = values[.instanceDelay]
        let replicatorTime = delay != 0 ? localTime(of: id) : 0
        let (outerTint, frame, outerClock) = (tint, presentation, replicaClock)
        defer {
            tint = outerTint
            presentation = frame
            replicaClock = outerClock
        }
        // One presentation for every lagging copy, evaluated again in place for each (it is not
        // shared while it is written: `presentation` is set back to the frame's first).
        var shifted = Presentation()
        var placement = Transform3D.identity
        replicaDepth += 1
        defer { replicaDepth -= 1 }
        for i in 0..<count {
            guard replicasLeft > 0 else { break }
            replicasLeft -= 1
            let k = Double(i)
            let c = SIMD4(base.red, base.green, base.blue, base.alpha) + k * offsets
            let clamped = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            let mine = SIMD4<Float>(
                Float(clamped.x * clamped.w), Float(clamped.y * clamped.w), Float(clamped.z * clamped.w), Float(clamped.w))
            tint = outerTint.map { $0 * mine } ?? mine
            if i > 0, delay != 0 {
                presentation = frame
                tree.evaluateSubtree(below: id, atLocalTime: replicatorTime - k * delay, into: &shifted)
                if !shifted.animatedLayers.isEmpty, list.laggingReplicators.last != id { list.laggingReplicators.append(id) }
                presentation = shifted
                replicaClock = (id, replicatorTime - k * delay)
            }
            let copyToTarget = placement.concatenating(toTarget)
            let copyToClip = toClip.map { placement.concatenating($0) }
            for child in sublayers {
                visit(child, toTarget: copyToTarget, toClip: copyToClip, opacity: opacity, context: context)
            }
            placement = step.concatenating(placement)
        }
    }
}
