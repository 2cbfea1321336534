import LaminaCore

/// Transform layers (`CATransformLayer`): a 3D space shared by a transform layer's sublayers (down to
/// the next layer of another kind, which flattens its own sublayers as usual), drawn with a depth test
/// so that faces hide each other per pixel, and intersecting planes cut each other.
///
/// Depth comes from the instances' matrices: within a 3D space, an instance's clip-space z is its
/// point's z in the space of the transform layer's superlayer (before that superlayer flattens it),
/// scaled by `-depthScale`, so the depth the GPU interpolates is z / w there: the order of z at every
/// pixel, under the superlayer's perspective too. Outside, z stays 0 and no test runs.
extension RenderListBuilder {
    /// Clip-space z per point of z: depths up to ±2¹⁸ points stay inside the clip volume, and a 24-bit
    /// depth buffer tells apart planes 0.03 points apart.
    static let depthScale = 1.0 / 262_144

    /// Visits a transform layer: none of its own parts are drawn (background, contents, border, shadow,
    /// mask, clip, filters, group opacity); its opacity multiplies into its sublayers, which it visits
    /// unflattened, far to near, with the depth test on around the outermost one.
    mutating func visitTransformLayer(
        _ id: LayerID, _ values: PresentedValues, world: Transform3D, toClip: Transform3D?, opacity: Double, sublayers: [LayerID]
    ) {
        let sublayerSpace = values.sublayerSpaceTransform
        let opening = depthSpace == nil
        // Where the 3D space ends: the superlayer's sublayer space, before it flattens.
        let outer = depthSpace ?? superlayerSpace(of: id)
        let childDepth = sublayerSpace.concatenating(values.frameTransform.concatenating(outer))
        let childToTarget = sublayerSpace.concatenating(world)
        let childToClip = toClip.map { sublayerSpace.concatenating($0) }
        if opening {
            list.appendSpecial(.beginDepth)
            list.usesDepth = true
            list.usesStencil = true  // the depth buffer shares the stencil's attachment
        }
        let enclosing = depthSpace
        depthSpace = childDepth
        let context = list.addContext(VisitContext(toTarget: childToTarget, toClip: childToClip, opacity: opacity, clip: clip))
        for child in farToNear(sublayers, in: childDepth) {
            visit(child, toTarget: childToTarget, toClip: childToClip, opacity: opacity, context: context)
        }
        depthSpace = enclosing
        if opening { list.appendSpecial(.endDepth) }
    }

    /// The presented sublayer space of `id`'s superlayer, unflattened (identity for a root).
    private func superlayerSpace(of id: LayerID) -> Transform3D {
        guard let parent = (try? tree.superlayer(of: id)) ?? nil else { return .identity }
        return PresentedValues(model: tree[parent], overlay: presentation.overlay(of: parent)).sublayerSpaceTransform
    }

    /// `sublayers` ordered by the depth of their bounds' centres in the 3D space (z / w, far first),
    /// equal ones in order: translucent faces then blend over what lies behind them.
    private func farToNear(_ sublayers: [LayerID], in space: Transform3D) -> [LayerID] {
        guard sublayers.count > 1 else { return sublayers }
        let depths = sublayers.map { child -> Double in
            let values = PresentedValues(model: tree[child], overlay: presentation.overlay(of: child))
            let bounds = values[.bounds]
            let v = values.frameTransform.concatenating(space).apply(SIMD4(bounds.midX, bounds.midY, 0, 1))
            return v.w > 1e-9 ? v.z / v.w : -.infinity
        }
        return sublayers.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { sublayers[$0] }
    }

    /// `instance` with its clip-space z set from `layerDepth` (see the type's comment).
    func withDepth(_ instance: LayerInstance) -> LayerInstance {
        guard let u = layerDepth else { return instance }
        var result = instance
        let k = -Self.depthScale
        result.matrix0.z = Float(u.m13 * k)
        result.matrix1.z = Float(u.m23 * k)
        result.matrix2.z = Float(u.m33 * k)
        result.matrix3.z = Float(u.m43 * k)
        let flags = Int(result[.shaped])
        if hardEdges, flags >= CornerShape.Flags.shaped, (flags - CornerShape.Flags.shaped) & CornerShape.Flags.hardEdges == 0 {
            result[.shaped] += Float(CornerShape.Flags.hardEdges)
        }
        return result
    }
}
