import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// The two properties added to show what adding one takes (a LaminaSchema row, the renderer's use of
/// it, this test): `minificationFilterBias` and `allowsEdgeAntialiasing`.
@Suite("minificationFilterBias and allowsEdgeAntialiasing, drawn")
struct SchemaPropertyTests {
    /// A 32x32 checkerboard of 2x2-texel squares: level 0 and level 1 of its mipmaps are checkerboards
    /// (of 2x2 and 1x1 squares), level 2 and smaller are grey.
    static let blocks = RGBAImage(
        width: 32, height: 32,
        bytes: (0..<32).flatMap { y in
            (0..<32).flatMap { x -> [UInt8] in (x / 2 + y / 2) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        },
        alpha: .straight)

    /// The pixels of the checkerboard drawn a touch smaller (31x31), trilinear, with `bias`, that are
    /// near black or white.
    static func sharpPixels(bias: Double) throws -> (sharp: Int, grey: Int) {
        var scene = TestScene(width: 31, height: 31)
        scene.images[BitmapID(1)] = blocks
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 31, height: 31)
            $0[.anchorPoint] = .zero
            $0[.contents] = BitmapID(1)
            $0[.minificationFilter] = .trilinear
            $0[.minificationFilterBias] = bias
        }
        let drawn = try draw(scene)
        var (sharp, grey) = (0, 0)
        for y in 0..<31 {
            for x in 0..<31 {
                let v = drawn[x, y].x
                if v < 40 || v > 215 { sharp += 1 }
                if v > 100 && v < 155 { grey += 1 }
            }
        }
        return (sharp, grey)
    }

    @Test("minificationFilterBias moves trilinear sampling to smaller mip levels")
    func minificationBias() throws {
        let unbiased = try Self.sharpPixels(bias: 0)
        let biased = try Self.sharpPixels(bias: 3)
        // At 31/32 the level of detail is 0.05: mostly the 2x2 squares, sharp. Three levels further,
        // the 4x4 level is grey everywhere.
        #expect(unbiased.sharp > 31 * 31 / 4, "\(unbiased)")
        #expect(biased.sharp == 0 && biased.grey == 31 * 31, "\(biased)")
    }

    /// A 20x20 red square turned by 30° about its middle, on 40x40: its pixels' alphas.
    static func turnedSquare(antialiased: Bool) throws -> [UInt8] {
        var scene = TestScene(width: 40, height: 40)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
            $0[.position] = Point(x: 20, y: 20)
            $0[.transform] = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
            $0[.backgroundColor] = red
            $0[.allowsEdgeAntialiasing] = antialiased
        }
        let drawn = try draw(scene)
        return (0..<40).flatMap { y in (0..<40).map { x in drawn[x, y].w } }
    }

    @Test("allowsEdgeAntialiasing: off, a turned layer's edge pixels are in or out; on, they are partly covered; the area is the same")
    func edgeAntialiasing() throws {
        let aliased = try Self.turnedSquare(antialiased: false)
        let smooth = try Self.turnedSquare(antialiased: true)
        let partly = { (alphas: [UInt8]) in alphas.count { $0 > 0 && $0 < 255 } }
        #expect(partly(aliased) == 0)
        // The edges run about 4 x 20 pixels: most of the pixels they cross are partly covered.
        #expect(partly(smooth) > 40, "\(partly(smooth)) pixels partly covered")
        // Either way the coverage adds up to the square's 400 square points (within a pixel per edge).
        let area = { (alphas: [UInt8]) in alphas.reduce(0.0) { $0 + Double($1) / 255 } }
        #expect(abs(area(aliased) - 400) < 20 && abs(area(smooth) - 400) < 20, "\(area(aliased)) and \(area(smooth))")
    }
}
