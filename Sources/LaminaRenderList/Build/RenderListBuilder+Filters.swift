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

    /// Adds the backdrop of a layer with `backgroundFilters`: quads that show the filtered copy of what
    /// is behind inside the layer's (rounded) shape under `world`. An axis-aligned layer is cut into a
    /// cross the `plain` variant draws and four corner squares the full program shapes, so a
    /// full-screen panel costs a plain copy, not a full-program pass over every pixel; any other layer
    /// is one quad over its box, clipped to its shape in the shader.
    mutating func drawBackdrop(_ id: LayerID, _ values: PresentedValues, world: Transform3D, opacity: Double) {
        let passes = FilterPass.passes(values[.backgroundFilters], pixelsPerPoint: Self.pixelsPerPoint(values, world: world))
        let bounds = values[.bounds]
        guard bounds.width > 0, bounds.height > 0, let fromTarget = Homography(planeOf: world).inverted() else { return }
        let matrix = GPUMatrix(world.concatenating(projection))
        let probe = LayerInstance(matrix: matrix, rect: bounds, color: .zero)
        let (width, height) = (Double(target.width), Double(target.height))
        guard let b = probe.pixelBounds(width: target.width, height: target.height) else { return }
        let x0 = Swift.max(0, Swift.min(width, Double(b.minX).rounded(.down) - 1))
        let y0 = Swift.max(0, Swift.min(height, Double(b.minY).rounded(.down) - 1))
        let x1 = Swift.max(0, Swift.min(width, Double(b.maxX).rounded(.up) + 1))
        let y1 = Swift.max(0, Swift.min(height, Double(b.maxY).rounded(.up) + 1))
        guard x1 > x0, y1 > y0 else { return }  // off the target
        var region: PixelRegion?
        if let reach = FilterPass.reach(of: passes) {
            let r = Double(reach)
            region = PixelRegion(x: Int(x0 - r), y: Int(y0 - r), width: Int(x1 - x0 + 2 * r), height: Int(y1 - y0 + 2 * r))
                .intersection(PixelRegion(x: 0, y: 0, width: target.width, height: target.height))
        }
        let color = SIMD4<Float>(repeating: Float(opacity)) * (tint ?? SIMD4(repeating: 1))
        let corners = CornerShape(values)
        // Texture coordinates of a point of the target (GL rows run bottom-up in the copy).
        func uv(_ x: Double, _ y: Double) -> SIMD2<Float> { SIMD2(Float(x / width), Float(1 - y / height)) }
        var plain: [LayerInstance] = [], shaped: [LayerInstance] = []
        if world.isAxisAlignedInPlane {
            func piece(_ rect: Rect) -> LayerInstance? {
                guard rect.width > 0, rect.height > 0 else { return nil }
                let a = world.project(Point(x: rect.minX, y: rect.minY)), c = world.project(Point(x: rect.maxX, y: rect.maxY))
                var instance = LayerInstance(matrix: matrix, rect: rect, color: color)
                let (p, q) = (uv(a.x, a.y), uv(c.x, c.y))
                instance.texture(.rgba, uv: SIMD4(p.x, p.y, q.x, q.y))
                return instance
            }
            let reach = corners.isRounded ? corners.radius * (corners.continuous ? 1.528 : 1) : 0
            let e = Swift.min(reach, bounds.width / 2, bounds.height / 2)
            let (minX, minY, maxX, maxY) = (bounds.minX, bounds.minY, bounds.maxX, bounds.maxY)
            plain += [
                piece(Rect(x: minX, y: minY + e, width: bounds.width, height: bounds.height - 2 * e)),
                piece(Rect(x: minX + e, y: minY, width: bounds.width - 2 * e, height: e)),
                piece(Rect(x: minX + e, y: maxY - e, width: bounds.width - 2 * e, height: e)),
            ].compactMap { $0 }
            for (x, y) in [(minX, minY), (maxX - e, minY), (minX, maxY - e), (maxX - e, maxY - e)] {
                guard var corner = piece(Rect(x: x, y: y, width: e, height: e)) else { continue }
                corner.shape(bounds, corners: corners)
                shaped.append(corner)
            }
        } else {
            let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            var instance = LayerInstance(matrix: GPUMatrix(projection), rect: box, color: color)
            let (p, q) = (uv(box.minX, box.minY), uv(box.maxX, box.maxY))
            instance.texture(.rgba, uv: SIMD4(p.x, p.y, q.x, q.y))
            instance.clip(bounds, corners: corners, map: fromTarget)
            shaped.append(instance)
        }
        let first = list.instances.count
        for instance in plain { _ = list.appendDetached(instance) }
        let middle = list.instances.count
        for instance in shaped { _ = list.appendDetached(instance) }
        list.backdrops.append(
            Backdrop(layer: id, passes: passes, plain: first..<middle, shaped: middle..<list.instances.count, region: region))
        list.appendSpecial(.backdrop(list.backdrops.count - 1))
    }
}
