/// One layer's presentation value at one time, without evaluating the whole tree.
extension LayerTree {
    /// The presentation value of `path` on `id` at canvas time `time`: the model value with the layer's
    /// animations applied as `evaluate(at:into:events:)` would apply them, reporting no events and
    /// removing nothing. An animation that has ended with `removedOnCompletion` no longer counts.
    ///
    /// The compositor calls it when it applies a transaction: an added animation's `base` (where a
    /// value-less implicit animation starts) is the presentation value at the commit time, read before
    /// the transaction changes the model, as Core Animation reads its presentation layer.
    public func presentationValue(_ path: LayerKeyPath, of id: LayerID, at time: Double) throws(LayerTreeError) -> PropertyValue {
        let node = try node(id)
        guard !node.animations.isEmpty else { return path.read(from: node.values.value(path.key)) }
        return Self.presentationValue(path, of: node, layerTime: localTime(of: id, at: time))
    }

    /// The presentation value of `path` on a layer's record at its local time `layerTime`.
    static func presentationValue(_ path: LayerKeyPath, of node: Node, layerTime: Double) -> PropertyValue {
        guard !node.animations.isEmpty else { return path.read(from: node.values.value(path.key)) }
        var overlay = PresentationOverlay()
        for entry in node.animations {
            let ended = entry.timing.speed != 0 && layerTime >= entry.timing.endTime
            if ended && entry.animation.removedOnCompletion { continue }
            entry.animation.apply(
                at: layerTime, timing: entry.timing, base: entry.base, model: node.values, id: entry.id, to: &overlay)
        }
        return path.read(from: overlay.value(path.key, model: node.values))
    }
}
