import LaminaCore
@testable import LaminaRender
import Testing

@Suite("Own placement: a layer's matrix into clip space")
struct OwnPlacementTests {
    @Test("projecting by a target's projection equals the full product, for turned, scaled and perspective worlds")
    func projectionEqualsTheProduct() {
        var generator = SplitMix(state: 18)
        let projections = [(1920, 1080), (7, 3), (640, 480)].map { (width: Int, height: Int) in
            Transform3D(scaleX: 2 / Double(width), y: -2 / Double(height), z: 0)
                .concatenating(Transform3D(translationX: -1, y: 1, z: 0))
        }
        for projection in projections {
            for _ in 0..<200 {
                var world = Transform3D(rotationAngle: .random(in: -7...7, using: &generator), x: 0, y: 0, z: 1)
                    .concatenating(Transform3D(scaleX: .random(in: -3...3, using: &generator), y: .random(in: 0.1...5, using: &generator), z: 1))
                    .concatenating(Transform3D(translationX: .random(in: -1e4...1e4, using: &generator), y: .random(in: -1e4...1e4, using: &generator), z: .random(in: -50...50, using: &generator)))
                if Bool.random(using: &generator) {
                    world = world.concatenating(Transform3D(perspectiveDistance: .random(in: 100...2000, using: &generator)))
                }
                #expect(OwnPlacement.project(world, by: projection) == world.concatenating(projection))
            }
        }
        // A projection of another shape takes the product itself.
        let turned = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let world = Transform3D(translationX: 5, y: 7, z: 0)
        #expect(OwnPlacement.project(world, by: turned) == world.concatenating(turned))
    }
}

/// A seeded generator (SplitMix64): the same worlds on every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
