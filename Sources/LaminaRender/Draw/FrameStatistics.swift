public import LaminaRenderList
/// What drawing one frame took: for `lamina bench`, the daemon's stats and tests of batching and culling.
public struct FrameStatistics: Hashable, Sendable {
    /// Layers the traversal reached.
    public var visitedLayers = 0
    /// Layers whose own drawing was skipped: hidden, transparent, empty, off the target, back-facing.
    public var culledLayers = 0
    /// Leaves drawn from the parts and placement kept from an earlier whole build, without reading
    /// their values (`RenderListBuilder.visitKeptLeaf`), by this frame's build or update.
    public var keptLeaves = 0
    /// Leaves whose instances this frame's update rewrote in place (`LeafPatch`): moved, turned, faded
    /// or recoloured without a visit. Zero after a build or an update that visited.
    public var patchedLeaves = 0
    /// Instances drawn (backgrounds, contents pieces, borders, clip shapes, composites).
    public var instances = 0
    /// Instances left undrawn because opaque instances drawn later hide them.
    public var occludedInstances = 0
    /// Instanced draw calls for layer content.
    public var drawCalls = 0
    /// Offscreen groups (group opacity, masks, shadows, transitions).
    public var groups = 0
    /// Offscreen groups whose passes ran, once for each damaged box they reach: a damaged frame
    /// skips those that cannot change a pixel of it.
    public var groupsDrawn = 0
    /// What was redrawn: everything, a box of the output (the rest kept from the last frame), or
    /// nothing.
    public var damage = Damage.full
    /// Cached subtrees (`shouldRasterize`, or still subtrees moving whole) shown as one quad each.
    public var cachedSubtrees = 0
    /// Cached subtrees drawn (again) into their textures for this frame.
    public var cacheRenders = 0

    /// No work yet.
    public init() {}
}
