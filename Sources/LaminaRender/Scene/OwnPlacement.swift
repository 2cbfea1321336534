import LaminaCore

/// Where a layer's own parts land: whether they show, the matrix their instances carry, and the margin
/// anti-aliased edges take. One definition for every layer, kept leaves included.
struct OwnPlacement {
    /// Whether the bounds have area and reach the target (sublayers of a clipping layer need it).
    var isVisible: Bool
    /// Whether the layer's own parts are drawn: visible, and facing the viewer or double-sided.
    var drawsOwn: Bool
    var matrix: GPUMatrix
    /// allowsEdgeAntialiasing: a turned or skewed layer's edges are shaped (anti-aliased in the shader)
    /// on a quad a pixel wider; an axis-aligned one has no edges to smooth.
    var edgeMargin: Float?

    init(_ parts: LayerParts, world: Transform3D, in target: PixelRegion, projection: Transform3D) {
        let bounds = parts.bounds
        let hasArea = bounds.width > 0 && bounds.height > 0
        let placement =
            hasArea ? RenderListBuilder.placement(of: bounds, under: world, in: target) : (visible: false, front: false)
        isVisible = hasArea && placement.visible
        drawsOwn = placement.visible && (placement.front || parts.isDoubleSided)
        matrix = GPUMatrix(world.concatenating(projection))
        edgeMargin =
            drawsOwn && parts.antialiasesEdges && !world.isAxisAlignedInPlane
            ? RenderListBuilder.onePixel(of: bounds, under: world) : nil
    }
}
