import Foundation
import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// Transform layers: sublayers share one 3D space and hide each other by depth per pixel; a plain layer
/// in the same place flattens them and draws them in order, for contrast. Expected pixels from the
/// geometry of Core Animation's rotation about y (x' = x cos θ + z sin θ, z' = −x sin θ + z cos θ,
/// +z toward the viewer).
@Suite("Drawing: transform layers")
struct TransformLayerTests {
    /// A 100x100 black canvas with a `kind` container over it whose sublayers are `planes`: each a
    /// 60x60 square centred at (50, 50) of a colour, with a transform.
    static func scene(_ kind: LayerKind, perspective: Double? = nil, _ planes: [(Color, Transform3D)]) -> (TestScene, [LayerID]) {
        var scene = TestScene(width: 100, height: 100)
        // Centred, so that a perspective in its sublayerTransform looks at the centre.
        let root = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.position] = Point(x: 50, y: 50)
            $0[.backgroundColor] = black
            if let perspective { $0[.sublayerTransform] = Transform3D(perspectiveDistance: perspective) }
        }
        let container = scene.layer(in: root, kind: kind) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.position] = Point(x: 50, y: 50)
        }
        var ids: [LayerID] = []
        for (color, transform) in planes {
            ids.append(
                scene.layer(in: container) {
                    $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 60)
                    $0[.position] = Point(x: 50, y: 50)
                    $0[.backgroundColor] = color
                    $0[.transform] = transform
                })
        }
        return (scene, ids)
    }

    @Test("intersecting planes cut each other along their intersection; a plain layer draws the later one over")
    func intersecting() throws {
        let turned = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let planes: [(Color, Transform3D)] = [(red, .identity), (green, turned)]
        let drawn = try draw(Self.scene(.transform, planes).0)
        let flat = try draw(Self.scene(.layer, planes).0)
        // The turned plane spans x = 50 ± 30 cos 45° = 28.8...71.2; left of the centre its z is
        // −(x − 50) sin 45° > 0: in front of the red plane; right of it, behind.
        for x in [32, 40, 48] {
            #expect(drawn[x, 50] == pixel(0, 255, 0), "x \(x): the turned plane in front")
            #expect(flat[x, 50] == pixel(0, 255, 0))
        }
        for x in [52, 60, 68] {
            #expect(drawn[x, 50] == pixel(255, 0, 0), "x \(x): the red plane in front")
            #expect(flat[x, 50] == pixel(0, 255, 0), "x \(x): flattened, the later sublayer is on top")
        }
        #expect(drawn[25, 50] == pixel(255, 0, 0) && drawn[75, 50] == pixel(255, 0, 0), "only the red plane")
    }

    @Test("non-intersecting planes: the nearer hides the farther whatever their order; translucent ones blend far to near")
    func order() throws {
        let near = Transform3D(translationX: 0, y: 0, z: 10)
        let opaque = try draw(Self.scene(.transform, [(green, near), (red, .identity)]).0)
        #expect(opaque[50, 50] == pixel(0, 255, 0), "the nearer plane, though drawn first")
        let flat = try draw(Self.scene(.layer, [(green, near), (red, .identity)]).0)
        #expect(flat[50, 50] == pixel(255, 0, 0), "flattened: the later sublayer")
        let halfBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5), halfRed = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let translucent = try draw(Self.scene(.transform, [(halfBlue, near), (halfRed, .identity)]).0)
        // Red over black, then blue over that: (0.25, 0, 0.5).
        #expect(translucent.expectPixel(50, 50, pixel(64, 0, 128), within: 1), "\(translucent[50, 50])")
    }

    @Test("under a superlayer's perspective the depth is z / w, and conversion follows the 3D geometry")
    func perspective() throws {
        let angle = Double.pi / 3
        let turned = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        let (scene, ids) = Self.scene(.transform, perspective: 200, [(red, .identity), (green, turned)])
        let drawn = try draw(scene)
        // The turned plane's right edge: local dx = 30 from the centre, so x' = 30 cos θ, z' = −30 sin θ,
        // seen from 200 in front: x = 50 + x' / (1 − z' / 200).
        let (xp, zp) = (30 * cos(angle), -30 * sin(angle))
        let edge = 50 + xp / (1 - zp / 200)
        let converted = try scene.tree.convert(Point(x: 60, y: 30), from: ids[1], to: nil)
        #expect(abs(converted.x - edge) < 1e-9, "convert: \(converted.x) against \(edge)")
        // Left of the centre the green plane is in front (z > 0); its left edge is at 50 − x'/(1 + z'/200).
        let leftEdge = 50 - xp / (1 + zp / 200)
        #expect(drawn[Int(leftEdge) + 2, 50] == pixel(0, 255, 0), "just inside the left edge at \(leftEdge)")
        #expect(drawn[Int(leftEdge) - 2, 50] == pixel(255, 0, 0))
        #expect(drawn[55, 50] == pixel(255, 0, 0), "right of the centre the red plane is in front")
        // The plain container flattens the turned plane into its own plane before the perspective.
        let (flatScene, flatIDs) = Self.scene(.layer, perspective: 200, [(red, .identity), (green, turned)])
        #expect(abs(try flatScene.tree.convert(Point(x: 60, y: 30), from: flatIDs[1], to: nil).x - (50 + xp)) < 1e-9)
    }

    @Test("a transform layer draws nothing of its own, and its opacity multiplies into each sublayer")
    func ownParts() throws {
        var (scene, _) = Self.scene(.transform, [(red, .identity)])
        let container = try #require(scene.tree.sublayers(of: scene.tree.roots[0]).first)
        var values = scene.tree[container]
        values[.backgroundColor] = blue
        values[.borderWidth] = 4
        values[.borderColor] = white
        values[.opacity] = 0.5
        values[.shadowOpacity] = 1
        scene.tree[container] = values
        let drawn = try draw(scene)
        #expect(drawn[5, 5] == pixel(0, 0, 0), "no background or border of its own")
        #expect(drawn.expectPixel(50, 50, pixel(128, 0, 0), within: 1), "the sublayer at half opacity: \(drawn[50, 50])")
        #expect(drawn.statistics.groups == 0, "no group: opacity goes to each sublayer")
    }

    @Test("hit testing finds what is drawn: the nearer of intersecting planes at each point, under a perspective too", arguments: [nil, 200.0])
    func hitTesting(_ perspective: Double?) throws {
        let turned = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let (scene, ids) = Self.scene(.transform, perspective: perspective, [(red, .identity), (green, turned)])
        let drawn = try draw(scene)
        let root = scene.tree.roots[0]
        for x in [35.0, 45.0, 55.0, 65.0, 75.0] {
            let hit = try scene.tree.hitTest(Point(x: x, y: 50), in: root)
            let shown = drawn[Int(x), 50]
            let expected = shown == pixel(0, 255, 0) ? ids[1] : shown == pixel(255, 0, 0) ? ids[0] : nil
            #expect(hit == expected, "x \(x): hit \(String(describing: hit)), drawn \(shown)")
        }
        #expect(try scene.tree.hitTest(Point(x: 10, y: 50), in: root) == root, "outside both planes: the root")
    }
}
