import LaminaCore
@testable import LaminaRenderList
import Testing

@Suite("Planar maps: a leaf placed on the plane without 4x4 products")
struct PlanarMapTests {
    /// A layer's placement values, spread over turns, mirrored and uneven scales, skews, z scales and
    /// translations, far positions and anchors off the middle.
    private func layer(_ i: Int) -> PropertyValues {
        let t = Double(i)
        var values = PropertyValues()
        values[.bounds] = Rect(x: t.truncatingRemainder(dividingBy: 7) - 3, y: -2, width: 5 + t * 0.3, height: 40 - t * 0.1)
        values[.anchorPoint] = Point(x: (t * 0.13).truncatingRemainder(dividingBy: 1.5) - 0.2, y: 0.5)
        values[.anchorPointZ] = i % 3 == 0 ? (t * 0.7).truncatingRemainder(dividingBy: 9) - 4 : 0
        values[.position] = Point(x: t * 83.3 - 1e4, y: 1e4 - t * 41.9)
        values[.zPosition] = i % 4 == 1 ? t * 1.1 - 60 : 0
        switch i % 5 {
        case 0: break  // never written: the identity
        case 1:
            values[.transform] = Transform3D(affine: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        default:
            var m = Transform3D(rotationAngle: (t * 0.377).truncatingRemainder(dividingBy: 14) - 7, x: 0, y: 0, z: 1)
                .concatenating(Transform3D(scaleX: (t * 0.61).truncatingRemainder(dividingBy: 6) - 3, y: 0.1 + t * 0.02, z: 1 + t * 0.01))
                .concatenating(Transform3D(translationX: t * 3.3 - 100, y: 50 - t, z: (t * 1.7).truncatingRemainder(dividingBy: 100) - 50))
            m.m21 += (t * 0.11).truncatingRemainder(dividingBy: 0.7)  // a skew
            values[.transform] = m
        }
        return values
    }

    /// A context's map to the target: a parent turned and moved (its z row dropped, as
    /// `RenderListBuilder.childSpace` drops it), or the root space's scale.
    private func context(_ i: Int) -> Transform3D {
        guard i % 3 != 0 else { return Transform3D(scaleX: 2, y: 2, z: 0) }
        var m = Transform3D(rotationAngle: Double(i) * 0.05, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(translationX: 300, y: -40, z: Double(i % 7)))
        m.row3 = .zero
        return m
    }

    private let projection = Transform3D(scaleX: 2 / 1920.0, y: -2 / 1080.0, z: 0).concatenating(Transform3D(translationX: -1, y: 1, z: 0))
    private let target = PixelRegion(x: 0, y: 0, width: 1920, height: 1080)

    @Test("a leaf's frame, world, projected matrix and placement equal those of the 4x4 path")
    func equalsTheMatrices() throws {
        let projected = try #require(OwnPlacement.planarProjection(projection))
        for i in 0..<600 {
            let values = layer(i)
            let frame = values.frameTransform, toTarget = context(i)
            let world = frame.concatenating(toTarget)
            var transform = values[.transform]
            let planar = try #require(
                PlanarMap.frame(transform: &transform, anchor: values.anchorInBounds, position: values[.position], zPosition: values[.zPosition]),
                "layer \(i)")
            #expect(planar == PlanarMap(row1: SIMD2(frame.m11, frame.m12), row2: SIMD2(frame.m21, frame.m22), row4: SIMD2(frame.m41, frame.m42)), "layer \(i)")
            // The same frame from the six numbers, when the transform is affine.
            if transform.isAffine {
                #expect(
                    PlanarMap.frame(affine: transform.affineTransform, anchor: values.anchorInBounds, position: values[.position], zPosition: values[.zPosition])
                        == planar, "layer \(i)")
            }
            let planarWorld = planar.concatenating(try #require(PlanarMap(target: toTarget)))
            #expect(planarWorld == PlanarMap(row1: SIMD2(world.m11, world.m12), row2: SIMD2(world.m21, world.m22), row4: SIMD2(world.m41, world.m42)), "layer \(i)")
            #expect(
                planarWorld.projected(scale: projected.scale, shift: projected.shift)
                    == GPUMatrix(OwnPlacement.project(world, by: projection)), "layer \(i)")
            let bounds = values[.bounds]
            let (visible, front) = RenderListBuilder.placement(of: bounds, on: planarWorld, in: target)
            let general = RenderListBuilder.placement(of: bounds, under: world, in: target)
            #expect(visible == general.visible && front == general.front, "layer \(i)")
        }
    }

    @Test("transforms and contexts that leave the plane, or values that are not finite, take the 4x4 path")
    func refusesWhatLeavesThePlane() {
        let (anchor, position) = (SIMD3<Double>(5, 5, 0), Point(x: 10, y: 10))
        let tilted = Transform3D(rotationAngle: 0.4, x: 1, y: 0, z: 0)  // y feeds z and z feeds y
        let perspective = Transform3D(perspectiveDistance: 500)
        let far = Transform3D(translationX: .infinity, y: 0, z: 0)
        let deep = Transform3D(translationX: 0, y: 0, z: .nan)
        for (name, transform) in [("tilted", tilted), ("perspective", perspective), ("far", far), ("deep", deep)] {
            var t = transform
            #expect(PlanarMap.frame(transform: &t, anchor: anchor, position: position, zPosition: 0) == nil, "\(name)")
        }
        var identity = Transform3D.identity
        #expect(PlanarMap.frame(transform: &identity, anchor: anchor, position: Point(x: .infinity, y: 0), zPosition: 0) == nil)
        #expect(PlanarMap.frame(transform: &identity, anchor: anchor, position: position, zPosition: .infinity) == nil)
        let turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(PlanarMap.frame(affine: turn, anchor: SIMD3(0, 0, .nan), position: position, zPosition: 0) == nil)
        #expect(PlanarMap.frame(affine: turn, anchor: anchor, position: position, zPosition: 0) != nil)
        // Contexts: perspective, or a z row that would carry z into the world's lanes.
        #expect(PlanarMap(target: perspective) == nil)
        #expect(PlanarMap(target: Transform3D.identity) == nil, "an unflattened z row")
        #expect(PlanarMap(target: Transform3D(scaleX: 2, y: 2, z: 0)) != nil)
    }
}
