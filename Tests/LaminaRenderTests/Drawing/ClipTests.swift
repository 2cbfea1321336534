import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

@Suite("Drawing: masksToBounds clipping")
struct ClipTests {
    /// A clipping layer of `size` centred at `center`, with a big green sublayer filling far beyond it.
    @discardableResult
    static func clipper(
        _ scene: inout TestScene, in parent: LayerID? = nil, center: Point, size: Double, transform: Transform3D = .identity,
        radius: Double = 0, fill: Color? = green
    ) -> LayerID {
        let clip = scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: size, height: size)
            $0[.position] = center
            $0[.transform] = transform
            $0[.masksToBounds] = true
            $0[.cornerRadius] = radius
        }
        if let fill {
            scene.layer(in: clip) {
                $0[.bounds] = Rect(x: 0, y: 0, width: 400, height: 400)
                $0[.position] = Point(x: size / 2, y: size / 2)
                $0[.backgroundColor] = fill
            }
        }
        return clip
    }

    /// An empty clipping square of 28 points turned 45° about (30, 30): the diamond |dx| + |dy| <= 19.8.
    static func diamond(_ scene: inout TestScene) -> LayerID {
        clipper(
            &scene, center: Point(x: 30, y: 30), size: 28, transform: Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1),
            fill: nil)
    }

    @Test("An axis-aligned clip keeps sublayers inside the bounds")
    func axisAligned() throws {
        var scene = TestScene(width: 40, height: 40)
        Self.clipper(&scene, center: Point(x: 20, y: 20), size: 20)
        let drawn = try draw(scene)
        #expect(drawn[10, 10] == pixel(0, 255, 0))
        #expect(drawn[29, 29] == pixel(0, 255, 0))
        #expect(drawn[9, 20] == transparent)
        #expect(drawn[30, 20] == transparent)
        #expect(drawn[20, 30] == transparent)
    }

    @Test("A rotated clip is a diamond")
    func rotated() throws {
        var scene = TestScene(width: 60, height: 60)
        Self.clipper(&scene, center: Point(x: 30, y: 30), size: 28, transform: Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1))
        let drawn = try draw(scene)
        // Half-diagonal 19.8: the diamond reaches x 10.2...49.8 on the middle row.
        #expect(drawn[12, 30] == pixel(0, 255, 0))
        #expect(drawn[47, 30] == pixel(0, 255, 0))
        #expect(drawn[30, 12] == pixel(0, 255, 0))
        #expect(drawn[8, 30] == transparent)
        // The unrotated square's corner is outside the diamond.
        #expect(drawn[17, 17] == transparent)
    }

    @Test("A rounded clip rounds its sublayers, anti-aliased")
    func rounded() throws {
        var scene = TestScene(width: 40, height: 40)
        Self.clipper(&scene, center: Point(x: 20, y: 20), size: 40, radius: 10)
        let drawn = try draw(scene)
        #expect(drawn[1, 1] == transparent)
        #expect(drawn[20, 0] == pixel(0, 255, 0))
        #expect(drawn[5, 5] == pixel(0, 255, 0))
        let edge = drawn[2, 3]
        #expect(edge.w > 40 && edge.w < 230 && edge.y == edge.w)
    }

    @Test("A clip under perspective follows the projected quad")
    func perspective() throws {
        var scene = TestScene(width: 100, height: 100)
        let stage = scene.perspectiveStage(size: 100, distance: 100)
        let clip = Self.clipper(
            &scene, in: stage, center: Point(x: 50, y: 50), size: 60,
            transform: Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0))
        let drawn = try draw(scene)
        let tl = try scene.tree.convert(Point(x: 0, y: 0), from: clip, to: nil)
        let tr = try scene.tree.convert(Point(x: 60, y: 0), from: clip, to: nil)
        let bl = try scene.tree.convert(Point(x: 0, y: 60), from: clip, to: nil)
        // Inside near both vertical edges; above the top edge at each side, clear.
        #expect(drawn[Int(tl.x) + 2, 50] == pixel(0, 255, 0))
        #expect(drawn[Int(tr.x) - 2, 50] == pixel(0, 255, 0))
        #expect(drawn[Int(tl.x) + 2, Int(tl.y) - 2] == transparent)
        #expect(drawn[Int(tr.x) - 2, Int(tr.y) - 2] == transparent)
        #expect(drawn[Int(tl.x) + 2, Int(bl.y) + 2] == transparent)
    }

    @Test("Nested clips intersect: an axis-aligned outer clip becomes a scissor box")
    func nestedScissor() throws {
        var scene = TestScene(width: 60, height: 60)
        let outer = Self.clipper(&scene, center: Point(x: 20, y: 30), size: 40, fill: nil)  // x 0..<40
        Self.clipper(&scene, in: outer, center: Point(x: 40, y: 20), size: 30)  // canvas x 25..<55, y 15..<45
        let drawn = try draw(scene)
        #expect(drawn[30, 30] == pixel(0, 255, 0))
        #expect(drawn[39, 30] == pixel(0, 255, 0))
        #expect(drawn[40, 30] == transparent)  // outside the outer clip
        #expect(drawn[24, 30] == transparent)  // outside the inner clip
        #expect(drawn.scissorClips == 1)
        #expect(drawn.stencilClips == 0)
    }

    @Test("Nested clips intersect: a rotated or rounded outer clip goes to the stencil buffer")
    func nestedStencil() throws {
        var scene = TestScene(width: 60, height: 60)
        let outer = Self.diamond(&scene)
        // Middle: rotated back by -45°, a square of canvas x, y 15..<45; the diamond cuts its corners.
        let middle = Self.clipper(
            &scene, in: outer, center: Point(x: 14, y: 14), size: 30,
            transform: Transform3D(rotationAngle: -.pi / 4, x: 0, y: 0, z: 1))
        let drawn = try draw(scene)
        #expect(drawn[30, 30] == pixel(0, 255, 0))
        #expect(drawn[16, 30] == pixel(0, 255, 0))
        #expect(drawn[16, 16] == transparent)  // the square's corner, outside the diamond
        #expect(drawn[12, 30] == transparent)  // inside the diamond, outside the square
        #expect(drawn.stencilClips == 1)

        // A third level inside: the diamond goes to the stencil buffer and the square (axis-aligned on
        // the canvas once both rotations cancel) to the scissor box, both in force at once.
        var deeper = scene
        deeper.tree[try deeper.tree.sublayers(of: middle)[0]][.hidden] = true
        Self.clipper(&deeper, in: middle, center: Point(x: 15, y: 15), size: 10, radius: 5)
        let three = try draw(deeper)
        #expect(three[30, 30] == pixel(0, 255, 0))
        #expect(three[22, 30] == transparent)
        #expect(three.stencilClips == 1)
        #expect(three.scissorClips == 1)
        #expect(three[30, 38] == transparent)  // inside the square, outside the round inner clip
    }

    @Test("Two rotated outer clips stack in the stencil buffer and both stay in force")
    func stackedStencil() throws {
        var scene = TestScene(width: 60, height: 60)
        let outer = Self.diamond(&scene)
        // A 30-point square turned 10° on the canvas.
        let middle = Self.clipper(
            &scene, in: outer, center: Point(x: 14, y: 14), size: 30,
            transform: Transform3D(rotationAngle: -35 * .pi / 180, x: 0, y: 0, z: 1), fill: nil)
        // A 40-point square in the middle one's orientation, filled.
        Self.clipper(&scene, in: middle, center: Point(x: 15, y: 15), size: 40)
        let drawn = try draw(scene)
        #expect(drawn.stencilClips == 2)
        #expect(drawn[30, 30] == pixel(0, 255, 0))
        #expect(drawn[40, 44] == transparent)  // inside the turned square, outside the diamond
        #expect(drawn[30, 13] == transparent)  // inside the diamond, outside the turned square
        #expect(drawn[30, 20] == pixel(0, 255, 0))
    }
}
