import LaminaCore
@testable import LaminaRender
@testable import LaminaRenderList
import Testing

@Suite("Own placement: a layer's matrix into clip space")
struct OwnPlacementTests {
    @Test("projecting by a target's projection equals the full product, for turned, scaled and perspective worlds")
    func projectionEqualsTheProduct() {
        let projections = [(1920, 1080), (7, 3), (640, 480)].map { (width: Int, height: Int) in
            Transform3D(scaleX: 2 / Double(width), y: -2 / Double(height), z: 0)
                .concatenating(Transform3D(translationX: -1, y: 1, z: 0))
        }
        // Worlds spread over turns, mirrored and uneven scales, far translations, depth and perspective.
        for projection in projections {
            for i in 0..<240 {
                let t = Double(i)
                var world = Transform3D(rotationAngle: (t * 0.377).truncatingRemainder(dividingBy: 14) - 7, x: 0, y: 0, z: 1)
                    .concatenating(Transform3D(scaleX: (t * 0.61).truncatingRemainder(dividingBy: 6) - 3, y: 0.1 + (t * 0.29).truncatingRemainder(dividingBy: 5), z: 1))
                    .concatenating(Transform3D(translationX: t * 83.3 - 1e4, y: 1e4 - t * 41.9, z: (t * 1.7).truncatingRemainder(dividingBy: 100) - 50))
                if i % 2 == 1 { world = world.concatenating(Transform3D(perspectiveDistance: 100 + t * 7.9)) }
                #expect(OwnPlacement.project(world, by: projection) == world.concatenating(projection), "world \(i)")
            }
        }
        // A projection of another shape takes the product itself.
        let turned = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let world = Transform3D(translationX: 5, y: 7, z: 0)
        #expect(OwnPlacement.project(world, by: turned) == world.concatenating(turned))
    }
}
