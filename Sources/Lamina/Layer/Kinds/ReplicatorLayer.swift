public import LaminaCore

/// A layer that draws its sublayers many times (`CAReplicatorLayer`): `instanceCount` copies, copy i
/// turned by `instanceTransform` i times about the centre of the bounds, its colours multiplied by
/// `instanceColor` plus i times the colour offsets, and its animations running `i × instanceDelay`
/// behind the original's.
///
/// The copies are drawn by the daemon from the one set of sublayers the app made: no layers, bitmaps
/// or animations are made per copy, and hit testing finds the original sublayers only. The properties
/// are generated from the schema (`Layer+Properties.swift`).
open class ReplicatorLayer: Layer {
    open override class var kind: LayerKind { .replicator }
}
