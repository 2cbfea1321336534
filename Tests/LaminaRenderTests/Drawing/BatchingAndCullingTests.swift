import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

@Suite("Drawing: culling and batching")
struct BatchingAndCullingTests {
    @Test("Hidden, transparent, zero-size and off-target layers draw nothing")
    func culling() throws {
        var scene = TestScene(width: 40, height: 40)
        let visible = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 10, color: red)
        let hidden = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 10, color: blue)
        scene.tree[hidden][.hidden] = true
        let clear = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 10, color: blue)
        scene.tree[clear][.opacity] = 0
        let empty = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 0, color: blue)
        let away = BasicDrawingTests.square(&scene, center: Point(x: 200, y: 20), size: 10, color: blue)
        _ = (visible, empty, away)
        let drawn = try draw(scene)
        #expect(drawn.statistics.visitedLayers == 5)
        #expect(drawn.statistics.culledLayers == 4)
        #expect(drawn.statistics.instances == 1)
        #expect(drawn[20, 20] == pixel(255, 0, 0))
    }

    @Test("A zero-size layer's sublayers still draw; a clipping one's do not")
    func zeroSizeParents() throws {
        var scene = TestScene(width: 40, height: 40)
        let holder = BasicDrawingTests.square(&scene, center: Point(x: 10, y: 20), size: 0, color: blue)
        BasicDrawingTests.square(&scene, in: holder, center: Point(x: 0, y: 0), size: 6, color: red)
        let clipper = BasicDrawingTests.square(&scene, center: Point(x: 30, y: 20), size: 0, color: blue)
        scene.tree[clipper][.masksToBounds] = true
        BasicDrawingTests.square(&scene, in: clipper, center: Point(x: 0, y: 0), size: 6, color: red)
        let drawn = try draw(scene)
        #expect(drawn[10, 20] == pixel(255, 0, 0))
        #expect(drawn[30, 20] == transparent)
    }

    @Test("Layers sharing a texture, and plain coloured layers among them, draw in one call")
    func batching() throws {
        var scene = TestScene(width: 200, height: 200)
        scene.images[BitmapID(7)] = Bitmaps.solid(4, 4, SIMD4(0, 255, 0, 255))
        for i in 0..<400 {
            scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 8, height: 8)
                $0[.position] = Point(x: Double(i % 20) * 10 + 5, y: Double(i / 20) * 10 + 5)
                $0[.transform] = Transform3D(rotationAngle: Double(i) * 0.1, x: 0, y: 0, z: 1)
                if i % 3 == 0 { $0[.backgroundColor] = red } else { $0[.contents] = BitmapID(7) }
            }
        }
        let drawn = try draw(scene)
        #expect(drawn.statistics.instances == 400)
        #expect(drawn.drawCalls == 1)
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[15, 5] == pixel(0, 255, 0))
    }

    @Test("A different texture or filter starts a new call; nothing else does")
    func batchBreaks() throws {
        var scene = TestScene(width: 100, height: 20)
        scene.images[BitmapID(1)] = Bitmaps.solid(2, 2, SIMD4(255, 0, 0, 255))
        scene.images[BitmapID(2)] = Bitmaps.solid(2, 2, SIMD4(0, 0, 255, 255))
        let plan: [(BitmapID, ContentsFilter)] = [
            (BitmapID(1), .linear), (BitmapID(1), .linear), (BitmapID(2), .linear), (BitmapID(2), .nearest),
            (BitmapID(1), .nearest),
        ]
        for (i, (bitmap, filter)) in plan.enumerated() {
            scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
                $0[.position] = Point(x: Double(i) * 20 + 10, y: 10)
                $0[.contents] = bitmap
                $0[.magnificationFilter] = filter
            }
        }
        let drawn = try draw(scene)
        #expect(drawn.drawCalls == 4)
        #expect(drawn[10, 10] == pixel(255, 0, 0))
        #expect(drawn[50, 10] == pixel(0, 0, 255))
    }
}
