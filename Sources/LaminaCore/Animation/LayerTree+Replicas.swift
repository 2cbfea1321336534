/// The presentation of a replicator's copies: its sublayers' subtrees evaluated at a time of their own.
extension LayerTree {
    /// Evaluates the animations of every layer under `layer` (its sublayers, their masks and so on down)
    /// as if `layer`'s local time were `time`, into `presentation`, which then holds overlays for those
    /// layers only. Reports no events and removes nothing: the tree is not changed, as for
    /// `presentationValue(_:of:at:)`.
    ///
    /// A replicator's copy i runs `i × instanceDelay` behind the original (`CAReplicatorLayer`): the
    /// renderer evaluates the copy's subtree at the replicator's time less that delay and draws it
    /// through this presentation instead of the frame's.
    public func evaluateSubtree(below layer: LayerID, atLocalTime time: Double, into presentation: inout Presentation) {
        var writer = presentation.beginFrame(at: time, slotCount: slots.count)
        for child in (try? sublayers(of: layer)) ?? [] { evaluate(child, parentTime: time, into: &writer, presentation: &presentation) }
        if let mask = (try? self.mask(of: layer)) ?? nil, contains(mask) {
            evaluate(mask, parentTime: time, into: &writer, presentation: &presentation)
        }
        presentation.endFrame(&writer)
    }

    private func evaluate(_ id: LayerID, parentTime: Double, into writer: inout PresentationOverlay, presentation: inout Presentation) {
        let node = slots[Int(id.index)].node
        let time = node.localTime(parentTime)
        if !node.animations.isEmpty {
            writer.startNext()
            for entry in node.animations {
                let ended = entry.timing.speed != 0 && time >= entry.timing.endTime
                if ended && entry.animation.removedOnCompletion { continue }
                entry.animation.apply(at: time, timing: entry.timing, base: entry.base, model: node.values, id: entry.id, to: &writer)
            }
            presentation.endLayer(&writer, id)
        }
        for child in node.sublayers where contains(child) {
            evaluate(child, parentTime: time, into: &writer, presentation: &presentation)
        }
        if let mask = node.mask, contains(mask) { evaluate(mask, parentTime: time, into: &writer, presentation: &presentation) }
    }
}
