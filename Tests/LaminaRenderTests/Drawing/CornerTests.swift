import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// `maskedCorners` and `cornerCurve`, against the shapes' formulas: a circular corner is a quarter
/// circle of `cornerRadius`; a continuous one the superellipse |u|³ + |v|³ = 1 reaching 1.528 x the
/// radius along each edge (`CornerShape`), never outside the circular corner.
@Suite("Drawing: masked and continuous corners")
struct CornerTests {
    static func square(_ configure: (inout PropertyValues) -> Void) throws -> DrawnScene {
        var scene = TestScene(width: 100, height: 100)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = red
            $0[.cornerRadius] = 20
            configure(&$0)
        }
        return try draw(scene)
    }

    /// The share of pixel (x, y) inside the top-left corner of a 100x100 square, by 16 x 16 samples, with
    /// `inside` saying whether a point (distances from the left and top edges) is in the shape.
    static func coverage(_ x: Int, _ y: Int, _ inside: (Double, Double) -> Bool) -> Double {
        var count = 0
        for i in 0..<16 {
            for j in 0..<16 where inside(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16) { count += 1 }
        }
        return Double(count) / 256 * 255
    }

    static func circular(_ x: Double, _ y: Double) -> Bool {
        x >= 20 || y >= 20 || (x - 20) * (x - 20) + (y - 20) * (y - 20) <= 400
    }

    static func continuous(_ x: Double, _ y: Double) -> Bool {
        let a = 1.528 * 20
        return x >= a || y >= a || Double.pow((a - x) / a, 3) + Double.pow((a - y) / a, 3) <= 1
    }

    @Test("maskedCorners rounds only the corners it names; the others stay square")
    func maskedCorners() throws {
        let drawn = try Self.square { $0[.maskedCorners] = [.minXMinY, .maxXMaxY] }
        #expect(drawn[0, 0].w == 0, "top left, rounded")
        #expect(drawn[99, 99].w == 0, "bottom right, rounded")
        #expect(drawn.expectPixel(99, 0, pixel(255, 0, 0), within: 0), "top right, square")
        #expect(drawn.expectPixel(0, 99, pixel(255, 0, 0), within: 0), "bottom left, square")
        let none = try Self.square { $0[.maskedCorners] = [] }
        #expect(none.expectPixel(0, 0, pixel(255, 0, 0), within: 0), "no corner rounded")
    }

    @Test("a circular and a continuous corner cover each pixel as their curves say; the continuous one never reaches outside the circular one")
    func curves() throws {
        let circular = try Self.square { _ in }
        let continuous = try Self.square { $0[.cornerCurve] = .continuous }
        var checked = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let expectedCircular = Self.coverage(x, y, Self.circular), expectedContinuous = Self.coverage(x, y, Self.continuous)
                // Pixels wholly inside or outside the curve are exactly so; on the curve the shader's
                // ramp (a pixel wide, from screen-space derivatives over 2x2 pixels) estimates the area.
                func tolerance(_ expected: Double) -> Double { expected == 0 || expected == 255 ? 10 : 64 }
                #expect(
                    abs(Double(circular[x, y].w) - expectedCircular) <= tolerance(expectedCircular),
                    "circular (\(x), \(y)): \(circular[x, y].w) against \(expectedCircular)")
                #expect(
                    abs(Double(continuous[x, y].w) - expectedContinuous) <= tolerance(expectedContinuous),
                    "continuous (\(x), \(y)): \(continuous[x, y].w) against \(expectedContinuous)")
                #expect(Int(continuous[x, y].w) <= Int(circular[x, y].w) + 3, "(\(x), \(y)): continuous \(continuous[x, y].w) outside circular \(circular[x, y].w)")
                checked += 1
            }
        }
        #expect(checked == 1024)
        // Along the top edge, between the radius and 1.528 radii from the corner, the continuous curve is
        // still leaving the edge where the circle has met it.
        #expect(circular[22, 0].w == 255)
        #expect(continuous[22, 0].w < 250, "\(continuous[22, 0])")
        #expect(continuous[40, 0].w == 255, "past 1.528 radii, the straight edge")
    }

    @Test("masksToBounds clips sublayers by the masked, continuous shape too")
    func clipsByTheShape() throws {
        var scene = TestScene(width: 60, height: 60)
        let parent = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 60)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.cornerRadius] = 20
            $0[.maskedCorners] = [.maxXMinY]
            $0[.masksToBounds] = true
        }
        scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 60, height: 60)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = blue
        }
        let drawn = try draw(scene)
        #expect(drawn[59, 0].w == 0, "the rounded top right clips")
        #expect(drawn.expectPixel(0, 0, pixel(0, 0, 255), within: 0), "the square top left does not")
    }
}
