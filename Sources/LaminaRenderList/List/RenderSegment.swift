import LaminaCore

/// Where one layer's subtree lies in a retained `RenderList`, and how to visit it again alone.
///
/// A full build records one per layer it visits, indexed by slot: the range of instances the layer and
/// its sublayers appended, how many layers that visit covered, and which `VisitContext` it was visited
/// with. A later frame that changed only a few layers visits just their subtrees again, with the same
/// contexts, into a scratch list, and patches the instances in place when the new ones line up with the
/// old (`RenderListUpdate`): the retained render tree of wlroots' scene graph, kept as the flat list the
/// GPU draws.
struct RenderSegment {
    /// The build that recorded it (`RenderList.stamp`); older records are stale.
    var stamp: UInt32 = 0
    /// The layer's generation, so a reused slot is not taken for its previous layer.
    var generation: UInt32 = 0
    /// The context the layer was visited with (`RenderList.contexts`), or -1 (a mask).
    var context: Int32 = -1
    /// The instances its subtree appended: `first..<end`.
    var first: Int32 = 0
    var end: Int32 = 0
    /// The layers its visit covered, itself included.
    var visited: Int32 = 0
    /// Whether its visit appended only drawn instances: no group, clip push, stencil shape or
    /// composite, so its instances can be replaced one for one.
    var isSimple = false
    /// Whether it was visited once and flat: outside replicator copies (drawn once per copy) and
    /// transform layers' 3D spaces. Such a visit that opened offscreen groups (a shadow, group
    /// opacity, a mask, filters) can still be patched, group by group (`RenderListUpdate`).
    var isLocal = false
    /// The commands its visit appended, `firstCommand..<endCommand` (a draw before them may hold its
    /// first instances, extended), and the offscreen groups, `firstGroup..<endGroup`.
    var firstCommand: Int32 = 0
    var endCommand: Int32 = 0
    var firstGroup: Int32 = 0
    var endGroup: Int32 = 0
    /// The innermost offscreen group it is drawn in (`RenderList.groups`), or -1: its pixels reach the
    /// output through that group's composite.
    var group: Int32 = -1

    /// Whether it records `id`'s visit in the build stamped `stamp`.
    func records(_ id: LayerID, stamp: UInt32) -> Bool {
        self.stamp == stamp && generation == id.generation
    }
}

/// What a layer is visited with: everything `RenderListBuilder.visit` takes from its superlayer's
/// visit. Recorded once per layer whose sublayers are visited (and once for the roots), shared by its
/// sublayers.
struct VisitContext {
    /// The superlayer's sublayer space to target pixels.
    var toTarget: Transform3D
    /// The superlayer's sublayer space to the innermost clip's plane, when a clip is in force.
    var toClip: Transform3D?
    /// The opacity inherited from the ancestors.
    var opacity: Double
    /// The innermost clip in force.
    var clip: RenderListBuilder.ClipState?
}
