/// The presentation tree at one time: the model tree with every running animation applied.
///
/// Stored as one `PresentationOverlay` per layer slot (empty for layers that do not animate), so reading a
/// property is "the overlay's value, else the model's", and evaluating a frame rewrites only the overlays
/// of animated layers in place. Reuse one `Presentation` from frame to frame: its storage is kept.
public struct Presentation: Sendable {
    /// The canvas time it was evaluated at.
    public internal(set) var time: Double = 0
    @usableFromInline var overlays: ContiguousArray<PresentationOverlay> = []

    /// An empty presentation (every layer shows its model values).
    public init() {}

    /// The overlay of a layer (empty when nothing animates it).
    public func overlay(of id: LayerID) -> PresentationOverlay {
        Int(id.index) < overlays.count ? overlays[Int(id.index)] : PresentationOverlay()
    }

    /// The presentation value of a property of a layer.
    public func value(_ key: PropertyKey, of id: LayerID, in tree: LayerTree) -> PropertyValue {
        overlay(of: id).value(key, model: tree[id])
    }

    /// The typed presentation value of a property of a layer.
    public func value<Value>(_ property: Property<Value>, of id: LayerID, in tree: LayerTree) -> Value {
        Value(propertyValue: value(property.key, of: id, in: tree))!
    }

    /// Every presentation value of a layer (`CALayer.presentation()`).
    public func values(of id: LayerID, in tree: LayerTree) -> PropertyValues {
        overlay(of: id).applied(to: tree[id])
    }
}

extension LayerTree {
    /// Evaluates every layer's animations at canvas time `time` into `presentation`, appending to
    /// `events` the animations that started and stopped, and removing those that ended with
    /// `removedOnCompletion`. Animations apply in the order they were added.
    ///
    /// Steady state (no animation added or removed) allocates nothing: overlays and `events` keep their
    /// capacity.
    public mutating func evaluate(at time: Double, into presentation: inout Presentation, events: inout [AnimationEvent]) {
        presentation.time = time
        if presentation.overlays.count < slots.count {
            presentation.overlays.append(
                contentsOf: repeatElement(PresentationOverlay(), count: slots.count - presentation.overlays.count))
        }
        for i in slots.indices {
            if !presentation.overlays[i].isEmpty { presentation.overlays[i].reset() }
            let animated = slots.withUnsafeBufferPointer { $0[i].isLive && !$0[i].node.animations.isEmpty }
            guard animated else { continue }
            let id = LayerID(index: UInt32(i), generation: slots[i].generation)
            let map = localTimeMap(of: id)
            let layerTime = map.scale * time + map.offset
            // Take the list out of the node so it is uniquely referenced while it is edited (no copy),
            // and walk it through a buffer so entries are read in place, not copied.
            var animations = ContiguousArray<AnimationEntry>()
            swap(&animations, &slots[i].node.animations)
            let model = slots.withUnsafeBufferPointer { $0[i].node.values }
            var removals = 0
            animations.withUnsafeMutableBufferPointer { entries in
                for j in entries.indices {
                    let timing = entries[j].timing
                    let begun = timing.speed == 0 || layerTime >= timing.beginTime
                    if begun && !entries[j].hasStarted {
                        entries[j].hasStarted = true
                        events.append(AnimationEvent(.started, layer: id, animation: entries[j].id, key: entries[j].key))
                    }
                    let ended = timing.speed != 0 && layerTime >= timing.endTime
                    if ended && !entries[j].hasStopped {
                        entries[j].hasStopped = true
                        events.append(
                            AnimationEvent(.stopped(completed: true), layer: id, animation: entries[j].id, key: entries[j].key))
                    }
                    if ended && entries[j].animation.removedOnCompletion {
                        removals += 1
                        continue
                    }
                    entries[j].animation.apply(
                        at: layerTime, timing: timing, base: entries[j].base, model: model, id: entries[j].id,
                        to: &presentation.overlays[i])
                }
            }
            if removals > 0 {
                animations.removeAll { $0.hasStopped && $0.animation.removedOnCompletion }
            }
            swap(&animations, &slots[i].node.animations)
        }
    }
}
