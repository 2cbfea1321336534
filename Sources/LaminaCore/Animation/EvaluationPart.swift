/// Where an evaluation records each evaluated layer's overlay: the presentation itself, or one range's
/// part of a split evaluation.
protocol OverlayRecorder {
    /// Records what `writer` appended since its `startNext()` as the overlay of layer `id`.
    mutating func endLayer(_ writer: inout PresentationOverlay, _ id: LayerID)
}

extension Presentation: OverlayRecorder {}

/// What one range of a split evaluation wrote, other than the first range's (which writes the
/// presentation itself): its values and transforms, its layers' overlays within them, its transitions
/// and events. `Presentation.join` records its layers after the ranges before it; their values stay
/// here for the frame (`Presentation.Extent.part`). Kept by the presentation from frame to frame with
/// its capacity, so a steady split frame allocates nothing for them.
@usableFromInline
struct EvaluationPart: OverlayRecorder, Sendable {
    @usableFromInline var writer = PresentationOverlay()
    var layers: [(id: LayerID, extent: Presentation.Extent)] = []
    var transitions: ContiguousArray<TransitionProgress> = []
    var events: [AnimationEvent] = []

    mutating func endLayer(_ writer: inout PresentationOverlay, _ id: LayerID) {
        guard let extent = Presentation.extent(of: &writer, transitions: &transitions) else { return }
        layers.append((id, extent))
    }

    /// Reallocates the storage at the size the last frame used.
    mutating func shrink() {
        writer.values = ContiguousArray(writer.values)
        writer.transforms = ContiguousArray(writer.transforms)
        writer.affines = ContiguousArray(writer.affines)
        layers = Array(layers)
        transitions = ContiguousArray(transitions)
        events = Array(events)
    }

    /// Empties the part, keeping capacity.
    mutating func reset() {
        writer.values.removeAll(keepingCapacity: true)
        writer.transforms.removeAll(keepingCapacity: true)
        writer.affines.removeAll(keepingCapacity: true)
        writer.startNext()
        layers.removeAll(keepingCapacity: true)
        transitions.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
    }
}
