import LaminaCore
import LaminaRender
import Testing

@Suite("Drawing: backgrounds, transforms, order")
struct BasicDrawingTests {
    @Test("A background colour fills exactly the layer's frame")
    func background() throws {
        var scene = TestScene(width: 40, height: 30)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.position] = Point(x: 15, y: 10)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        // Frame: x 5..<25, y 5..<15.
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[24, 14] == pixel(255, 0, 0))
        #expect(drawn[4, 5] == transparent)
        #expect(drawn[25, 5] == transparent)
        #expect(drawn[5, 4] == transparent)
        #expect(drawn[5, 15] == transparent)
    }
}
