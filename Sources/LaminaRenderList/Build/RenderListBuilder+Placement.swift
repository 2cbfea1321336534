import LaminaCore

/// Where a layer's quad lands in the target: whether it reaches it and faces the viewer, and how large
/// a target pixel is in its space. Every layer drawn or patched asks, every frame.
extension RenderListBuilder {
    /// Whether a layer's bounds reach the target, and whether their front faces the viewer; both true
    /// when a corner lies behind the eye (the GPU clips those exactly).
    static func placement(of bounds: Rect, under world: Transform3D, in target: PixelRegion) -> (visible: Bool, front: Bool) {
        if world.row1.w == 0, world.row2.w == 0, world.row4.w == 1 {
            // No perspective: every corner's w is 1, so the corners are their x and y lanes summed as
            // `apply` sums them, without the z row (which meets a 0) or the divisions (by 1, exact).
            // The same values up to the sign of a zero, which no test below sees, at half the work:
            // every layer drawn or patched comes here, every frame.
            let plane = PlanarMap(
                row1: SIMD2(world.row1.x, world.row1.y), row2: SIMD2(world.row2.x, world.row2.y),
                row4: SIMD2(world.row4.x, world.row4.y))
            return placement(of: bounds, on: plane, in: target)
        }
        // Four corners without an array: this runs for every layer of every frame.
        let c0 = world.apply(SIMD4(bounds.minX, bounds.minY, 0, 1))
        let c1 = world.apply(SIMD4(bounds.maxX, bounds.minY, 0, 1))
        let c2 = world.apply(SIMD4(bounds.maxX, bounds.maxY, 0, 1))
        let c3 = world.apply(SIMD4(bounds.minX, bounds.maxY, 0, 1))
        guard c0.w > 1e-9, c1.w > 1e-9, c2.w > 1e-9, c3.w > 1e-9 else { return (true, true) }
        let p0 = SIMD2(c0.x, c0.y) / c0.w
        let p1 = SIMD2(c1.x, c1.y) / c1.w
        let p2 = SIMD2(c2.x, c2.y) / c2.w
        let p3 = SIMD2(c3.x, c3.y) / c3.w
        return placement(p0, p1, p2, p3, in: target)
    }

    /// `placement(of:under:in:)` for a world on the plane.
    static func placement(of bounds: Rect, on world: PlanarMap, in target: PixelRegion) -> (visible: Bool, front: Bool) {
        let (x, y, shift) = (world.row1, world.row2, world.row4)
        let p0 = bounds.minX * x + bounds.minY * y + shift
        let p1 = bounds.maxX * x + bounds.minY * y + shift
        let p2 = bounds.maxX * x + bounds.maxY * y + shift
        let p3 = bounds.minX * x + bounds.maxY * y + shift
        return placement(p0, p1, p2, p3, in: target)
    }

    /// Whether a quad of target-pixel corners `p0` ... `p3` (in the bounds' order) reaches the target,
    /// and whether its front faces the viewer.
    @inline(__always)
    private static func placement(
        _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, in target: PixelRegion
    ) -> (visible: Bool, front: Bool) {
        // `pointwiseMin` and `pointwiseMax`'s choices, lane by lane (called, not inlined, they cost a
        // layer more than the rest of this test).
        @inline(__always) func least(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
        @inline(__always) func greatest(_ a: Double, _ b: Double) -> Double { a < b ? b : a }
        let minimum = SIMD2(least(least(p0.x, p1.x), least(p2.x, p3.x)), least(least(p0.y, p1.y), least(p2.y, p3.y)))
        let maximum = SIMD2(
            greatest(greatest(p0.x, p1.x), greatest(p2.x, p3.x)), greatest(greatest(p0.y, p1.y), greatest(p2.y, p3.y)))
        // Twice the signed area (shoelace); positive when the corners keep their y-down clockwise order.
        let area =
            (p0.x * p1.y - p1.x * p0.y) + (p1.x * p2.y - p2.x * p1.y) + (p2.x * p3.y - p3.x * p2.y)
            + (p3.x * p0.y - p0.x * p3.y)
        let visible =
            maximum.x > Double(target.x) && minimum.x < Double(target.x + target.width)
            && maximum.y > Double(target.y) && minimum.y < Double(target.y + target.height)
        return (visible, area > 0)
    }

    /// Where a vector of the layer's space, applied at `point`, goes in target pixels.
    static func targetVector(_ world: Transform3D, at point: Point, by vector: SIMD2<Double>) -> SIMD2<Double> {
        let a = world.project(point)
        let b = world.project(Point(x: point.x + vector.x, y: point.y + vector.y))
        return SIMD2(b.x - a.x, b.y - a.y)
    }

    /// About one target pixel in the layer's local units, at its bounds' middle (the smaller of the two
    /// axes' scales), for widening anti-aliased quads.
    static func onePixel(of bounds: Rect, under world: Transform3D) -> Float {
        let middle = Point(x: bounds.midX, y: bounds.midY)
        let x = targetVector(world, at: middle, by: SIMD2(1, 0)), y = targetVector(world, at: middle, by: SIMD2(0, 1))
        let scale = Swift.min((x * x).sum().squareRoot(), (y * y).sum().squareRoot())
        guard scale.isFinite, scale > 1e-6 else { return 0 }
        return Float(Swift.min(1 / scale, Swift.max(bounds.width, bounds.height)))
    }
}
