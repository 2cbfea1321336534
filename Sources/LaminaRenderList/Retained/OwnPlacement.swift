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
    /// on a quad a pixel wider; an axis-aligned one has no edges to smooth. A turned face in a 3D space
    /// that does not antialias gets the margin too, for its hard edges (`hardEdges`).
    var edgeMargin: Float?
    /// Whether the own parts' outer edges are hard (`CornerShape.Flags.hardEdges`): a turned face in a
    /// transform layer's 3D space without allowsEdgeAntialiasing (Core Animation's default, whose
    /// edges are aliased too). Its quad is a pixel wider, so the pixels whose centres lie on a shared
    /// edge are drawn by both faces, each whole: the edge shows no seam and no dots of what is behind.
    var hardEdges = false

    /// `world · projection`. A target's projection only scales x and y, drops z and translates
    /// (`OffscreenTarget.projection`): then each row is its x and y lanes scaled, plus its w times the
    /// translation — the product's sums without the terms multiplied by the projection's zeros (the same
    /// values for finite worlds, up to the sign of a zero), at a quarter of the multiplications. Every
    /// layer's own parts take their matrix from here, built or patched (`LeafPatch`).
    static func project(_ world: Transform3D, by projection: Transform3D) -> Transform3D {
        guard let (scale2, shift2) = planarProjection(projection) else { return world.concatenating(projection) }
        let scale = SIMD4(scale2.x, scale2.y, 0, 0), shift = SIMD4(shift2.x, shift2.y, 0, 1)
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> { r * scale + r.w * shift }
        return Transform3D(row1: row(world.row1), row2: row(world.row2), row3: row(world.row3), row4: row(world.row4))
    }

    /// The scale and translation of a projection that only scales x and y, drops z and translates;
    /// nil for any other.
    static func planarProjection(_ p: Transform3D) -> (scale: SIMD2<Double>, shift: SIMD2<Double>)? {
        guard p.row1.y == 0, p.row1.z == 0, p.row1.w == 0, p.row2.x == 0, p.row2.z == 0, p.row2.w == 0,
            p.row3 == .zero, p.row4.z == 0, p.row4.w == 1
        else { return nil }
        return (SIMD2(p.row1.x, p.row2.y), SIMD2(p.row4.x, p.row4.y))
    }

    /// The placement of flat parts in `bounds` under a `world` on the plane (`PlanarMap`) and a
    /// `projection` that keeps to it (`planarProjection`): the same as the general one's for that world,
    /// without its 4x4 products. Such parts have no anti-aliased edges (the caller's to check): a
    /// leaf patch takes no leaf that has them.
    init(
        bounds: Rect, isDoubleSided: Bool, world: PlanarMap, in target: PixelRegion,
        projection: (scale: SIMD2<Double>, shift: SIMD2<Double>)
    ) {
        let hasArea = bounds.width > 0 && bounds.height > 0
        let placement =
            hasArea ? RenderListBuilder.placement(of: bounds, on: world, in: target) : (visible: false, front: false)
        isVisible = hasArea && placement.visible
        drawsOwn = placement.visible && (placement.front || isDoubleSided)
        matrix = world.projected(scale: projection.scale, shift: projection.shift)
        edgeMargin = nil
    }

    init(
        _ parts: borrowing LayerParts, world: Transform3D, in target: PixelRegion, projection: Transform3D, inDepthSpace: Bool = false
    ) {
        self.init(
            bounds: parts.bounds, isDoubleSided: parts.isDoubleSided, antialiasesEdges: parts.antialiasesEdges, world: world,
            in: target, projection: projection, inDepthSpace: inDepthSpace)
    }

    /// The placement of parts in `bounds` (a leaf patch's animated bounds over kept parts).
    init(
        bounds: Rect, isDoubleSided: Bool, antialiasesEdges: Bool, world: Transform3D, in target: PixelRegion,
        projection: Transform3D, inDepthSpace: Bool = false
    ) {
        let hasArea = bounds.width > 0 && bounds.height > 0
        let placement =
            hasArea ? RenderListBuilder.placement(of: bounds, under: world, in: target) : (visible: false, front: false)
        isVisible = hasArea && placement.visible
        drawsOwn = placement.visible && (placement.front || isDoubleSided)
        matrix = GPUMatrix(Self.project(world, by: projection))
        let shapesEdges = drawsOwn && (antialiasesEdges || inDepthSpace) && !world.isAxisAlignedInPlane
        edgeMargin = shapesEdges ? RenderListBuilder.onePixel(of: bounds, under: world) : nil
        hardEdges = shapesEdges && !antialiasesEdges
    }
}
