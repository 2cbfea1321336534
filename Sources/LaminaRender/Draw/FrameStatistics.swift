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
    /// Bytes of instances copied to the GPU (the frame's list, and the bodies of caches drawn anew).
    public var uploadedInstanceBytes = 0
    /// Bytes of texels copied to the GPU since the last frame: client bitmaps and generated textures.
    public var uploadedTextureBytes = 0
    /// Instances the draw walked, in the runs it drew or skipped outside the damage: with a spatial
    /// index this follows the damage, without one the runs' sizes.
    public var instancesVisited = 0
    /// GL objects made since the last frame (`GLObjects`): 0 in a steady frame.
    public var glObjectsCreated = 0
    /// Seconds spent copying instances to the GPU, inside `execute`: the frame's `encode` phase,
    /// which the compositor reports apart from `draw` (the GL commands issued).
    public var encodeSeconds = 0.0

    /// No work yet.
    public init() {}
}

/// What the renderer counts while it draws, taken into `FrameStatistics` at the end of each frame.
struct FrameCounters {
    var uploadedInstanceBytes = 0
    var instancesVisited = 0
    var encodeSeconds = 0.0
}
