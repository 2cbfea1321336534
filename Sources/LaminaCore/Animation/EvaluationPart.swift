/// What one range of an evaluation (the whole schedule, or a part of a split one) wrote besides its
/// layers' extents: its values (in `writer`, for every range but the first, whose values go to the
/// presentation's own storage), the layers it evaluated in order, their transitions, and its events.
/// `Presentation.join` appends them after the ranges before it; the values stay here for the frame
/// (`Presentation.Extent.part`). Kept by the presentation from frame to frame with its capacity, so a
/// steady frame allocates nothing.
@usableFromInline
struct EvaluationPart: Sendable {
    @usableFromInline var writer = PresentationOverlay()
    /// The layers the range gave an overlay, in evaluation order.
    var layers: ContiguousArray<LayerID> = []
    /// Every key those layers animate, bit `rawValue` set for each.
    var keys: UInt128 = 0
    /// Their transitions; their extents index these until the join moves them past the ranges before.
    var transitions: ContiguousArray<TransitionProgress> = []
    /// The slots whose extents index `transitions` (few: a transition is rare).
    var transitioned: [Int32] = []
    var events: [AnimationEvent] = []
    /// Whether an animation of the range ended and left its layer.
    var removed = false

    /// Reallocates the storage at the size the last frame used.
    mutating func shrink() {
        writer.values = ContiguousArray(writer.values)
        writer.transforms = ContiguousArray(writer.transforms)
        writer.affines = ContiguousArray(writer.affines)
        layers = ContiguousArray(layers)
        transitions = ContiguousArray(transitions)
        transitioned = Array(transitioned)
        events = Array(events)
    }

    /// Empties the part, keeping capacity.
    mutating func reset() {
        writer.values.removeAll(keepingCapacity: true)
        writer.transforms.removeAll(keepingCapacity: true)
        writer.affines.removeAll(keepingCapacity: true)
        writer.startNext()
        layers.removeAll(keepingCapacity: true)
        keys = 0
        transitions.removeAll(keepingCapacity: true)
        transitioned.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        removed = false
    }
}

/// Records a range of an evaluation: each layer's extent straight into the presentation's extents
/// (a range evaluates only its own layers, so the ranges of a split evaluation write apart), the rest
/// into its part. The join that follows then only appends the parts' lists: it wrote every extent of
/// the ranges after the first once more, alone, and a hundred thousand turning layers waited on it
/// every frame.
struct RangeRecorder {
    let extents: UnsafeMutablePointer<Presentation.Extent>
    /// Whose storage the range's values are in (`Presentation.Extent.part`).
    let part: Int32
    /// The rest of the range's records, but for its layers.
    let records: UnsafeMutablePointer<EvaluationPart>
    /// Where the range's layers are listed, in place: the part's `layers`, made as long as the range
    /// has animations (a layer has one at least), so a layer's listing is a store, not an append
    /// checking the array's uniqueness and capacity (some twenty instructions a layer).
    let layers: UnsafeMutablePointer<LayerID>?
    /// How many layers are listed.
    private(set) var listed = 0

    init(
        extents: UnsafeMutablePointer<Presentation.Extent>, part: Int32, records: UnsafeMutablePointer<EvaluationPart>,
        layers: UnsafeMutablePointer<LayerID>?
    ) {
        (self.extents, self.part, self.records, self.layers) = (extents, part, records, layers)
    }

    /// Records layer `id`, which the writer evaluated since its `startNext()`: its extent, its place in
    /// the range's list, its keys; nothing when nothing animated it. Inlined into the evaluation's loop:
    /// called, it cost every animated layer some twenty instructions of call and frame.
    @inline(__always)
    mutating func endLayer(_ writer: inout PresentationOverlay, _ id: LayerID) {
        let extent = extents + Int(id.index)
        guard Presentation.record(&writer, part: part, at: extent, transitions: &records.pointee.transitions) else { return }
        if extent.pointee.transition >= 0 { records.pointee.transitioned.append(Int32(id.index)) }
        layers.unsafelyUnwrapped[listed] = id
        listed += 1
        records.pointee.keys |= extent.pointee.keys
    }
}
