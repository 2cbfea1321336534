import LaminaCore

/// Filters in the list: a layer's `filters` make its subtree an offscreen group whose image the passes
/// run over; its `backgroundFilters` make a backdrop drawn before its own parts.
extension RenderListBuilder {
    /// Target pixels per point of the layer's plane at its anchor (the length of one point along x).
    static func pixelsPerPoint(_ values: PresentedValues, world: Transform3D) -> Double {
        let anchor = values.anchorInBounds
        let unit = targetVector(world, at: Point(x: anchor.x, y: anchor.y), by: SIMD2(1, 0))
        return (unit.x * unit.x + unit.y * unit.y).squareRoot()
    }

    /// Adds the backdrop of a layer with `backgroundFilters`: a quad over its box in target pixels that
    /// shows the filtered copy of what is behind, clipped to the layer's (rounded) shape under `world`.
    mutating func drawBackdrop(_ id: LayerID, _ values: PresentedValues, world: Transform3D, opacity: Double) {
        let passes = FilterPass.passes(values[.backgroundFilters], pixelsPerPoint: Self.pixelsPerPoint(values, world: world))
        let bounds = values[.bounds]
        guard bounds.width > 0, bounds.height > 0, let fromTarget = Homography(planeOf: world).inverted() else { return }
        let probe = LayerInstance(matrix: GPUMatrix(world.concatenating(projection)), rect: bounds, color: .zero)
        let (width, height) = (Double(target.width), Double(target.height))
        var box = Rect(x: 0, y: 0, width: width, height: height)
        var region: PixelRegion?
        if let b = probe.pixelBounds(width: target.width, height: target.height) {
            let x0 = Swift.max(0, Swift.min(width, Double(b.minX).rounded(.down) - 1))
            let y0 = Swift.max(0, Swift.min(height, Double(b.minY).rounded(.down) - 1))
            let x1 = Swift.max(0, Swift.min(width, Double(b.maxX).rounded(.up) + 1))
            let y1 = Swift.max(0, Swift.min(height, Double(b.maxY).rounded(.up) + 1))
            guard x1 > x0, y1 > y0 else { return }  // off the target
            box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            if let reach = FilterPass.reach(of: passes) {
                let r = Double(reach)
                region = PixelRegion(x: Int(x0 - r), y: Int(y0 - r), width: Int(x1 - x0 + 2 * r), height: Int(y1 - y0 + 2 * r))
                    .intersection(PixelRegion(x: 0, y: 0, width: target.width, height: target.height))
            }
        }
        var instance = LayerInstance(matrix: GPUMatrix(projection), rect: box, color: SIMD4(repeating: Float(opacity)))
        // GL rows run bottom-up in the offscreen copy.
        instance.texture(
            .rgba,
            uv: SIMD4(Float(box.minX / width), Float(1 - box.minY / height), Float(box.maxX / width), Float(1 - box.maxY / height)))
        instance.clip(bounds, corners: CornerShape(values), map: fromTarget)
        list.backdrops.append(Backdrop(layer: id, passes: passes, composite: list.appendDetached(instance), region: region))
        list.appendSpecial(.backdrop(list.backdrops.count - 1))
    }
}
