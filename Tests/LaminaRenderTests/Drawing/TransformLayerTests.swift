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

    /// A cube of six bordered faces in a transform layer, as the `cube` example builds it, turned by
    /// `tilt` about x and `turn` about y under a perspective: each face blue with a border of its own
    /// colour, so the test can tell whose border a pixel shows.
    static func cube(tilt: Double, turn: Double) -> (TestScene, faces: [(LayerID, SIMD4<UInt8>)]) {
        var scene = TestScene(width: 200, height: 200)
        let root = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 200, height: 200)
            $0[.position] = Point(x: 100, y: 100)
            $0[.backgroundColor] = black
            $0[.sublayerTransform] = Transform3D(perspectiveDistance: 500)
        }
        let cube = scene.layer(in: root, kind: .transform) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.position] = Point(x: 100, y: 100)
            $0[.transform] = Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0).concatenating(Transform3D(rotationAngle: tilt, x: 1, y: 0, z: 0))
        }
        let turns: [(Color, Transform3D)] = [
            (white, .identity), (Color(red: 1, green: 1, blue: 0), Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)),
            (Color(red: 0, green: 1, blue: 1), Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)),
            (Color(red: 1, green: 0, blue: 1), Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0)),
            (Color(red: 1, green: 0, blue: 0), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)),
            (Color(red: 0, green: 1, blue: 0), Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0)),
        ]
        var faces: [(LayerID, SIMD4<UInt8>)] = []
        for (border, rotation) in turns {
            let face = scene.layer(in: cube) {
                $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
                $0[.position] = Point(x: 50, y: 50)
                $0[.backgroundColor] = Color(red: 0, green: 0, blue: 1)
                $0[.borderWidth] = 3
                $0[.borderColor] = border
                $0[.transform] = Transform3D(translationX: 0, y: 0, z: 50).concatenating(rotation)
            }
            faces.append((face, SIMD4(UInt8(border.red * 255), UInt8(border.green * 255), UInt8(border.blue * 255), 255)))
        }
        return (scene, faces)
    }

    @Test(
        "a cube's edges are clean: every pixel of a visible face's border band is its border's colour, shared edges included, and no hidden face's border shows at the silhouette",
        arguments: [(0.5, 0.6), (0.3, 2.2), (-0.4, 4.0), (0.9, -0.8), (0.15, 0.35)])
    func cubeEdges(_ tilt: Double, _ turn: Double) throws {
        let (scene, faces) = Self.cube(tilt: tilt, turn: turn)
        let drawn = try draw(scene)
        /// A face's outline on the canvas (perspective keeps it a quadrilateral): its corners, inset by
        /// `inset` points in its own plane.
        func quad(_ face: LayerID, inset: Double) throws -> [Point] {
            try [(inset, inset), (100 - inset, inset), (100 - inset, 100 - inset), (inset, 100 - inset)].map {
                try scene.tree.convert(Point(x: $0.0, y: $0.1), from: face, to: nil)
            }
        }
        /// The signed distance from p into a convex quadrilateral, in pixels (negative outside).
        func inside(_ p: Point, _ q: [Point]) -> Double {
            let orientation = (q[1].x - q[0].x) * (q[2].y - q[0].y) - (q[1].y - q[0].y) * (q[2].x - q[0].x) > 0 ? 1.0 : -1.0
            return (0..<4).map { i in
                let (a, b) = (q[i], q[(i + 1) % 4])
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                return orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length
            }.min()!
        }
        // A face faces the viewer when its corners run clockwise on screen (y down), as they do unturned.
        let outlines = try faces.map { (outer: try quad($0.0, inset: 0), inner: try quad($0.0, inset: 3), border: $0.1) }
        let visible = outlines.filter { q in
            (q.outer[1].x - q.outer[0].x) * (q.outer[2].y - q.outer[0].y) - (q.outer[1].y - q.outer[0].y) * (q.outer[2].x - q.outer[0].x) > 0
        }
        #expect((1...3).contains(visible.count), "a cube shows one to three faces, not \(visible.count)")
        var bandPixels = 0, ringPixels = 0
        var wrong: [String] = []
        for y in 0..<200 {
            for x in 0..<200 {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let shown = drawn[x, y]
                let depths = visible.map { inside(p, $0.outer) }
                if let band = visible.indices.first(where: { depths[$0] >= 0.25 && inside(p, visible[$0].inner) <= -0.75 }) {
                    // In a visible face's band: that face's border, or a neighbour's whose edge it is on.
                    let allowed = [visible[band].border] + visible.indices.filter { $0 != band && depths[$0] >= -0.25 }.map { visible[$0].border }
                    bandPixels += 1
                    if !allowed.contains(where: { d in (0..<4).allSatisfy { abs(Int(d[$0]) - Int(shown[$0])) <= 2 } }) {
                        wrong.append("(\(x), \(y)) shows \(shown) in the band of the face bordered \(visible[band].border)")
                    }
                } else if let nearest = depths.max(), nearest <= -0.25, nearest >= -3 {
                    // Just outside the silhouette: the background, whatever lies hidden behind.
                    ringPixels += 1
                    if shown != pixel(0, 0, 0) { wrong.append("(\(x), \(y)) shows \(shown) outside the silhouette") }
                }
            }
        }
        #expect(bandPixels > 700, "the bands were found: \(bandPixels)")
        #expect(ringPixels > 500, "the bands and the ring were found: \(bandPixels), \(ringPixels)")
        #expect(wrong.isEmpty, "\(wrong.count) pixels: \(wrong.prefix(8).joined(separator: "; "))")
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
