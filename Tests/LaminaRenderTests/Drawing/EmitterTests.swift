import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// Emitter layers drawn: each particle its cell's contents, centred on its position, scaled and tinted;
/// `additive` adds overlapping particles.
@Suite("Drawing: emitters")
struct EmitterTests {
    /// A 100x100 black canvas with an emitter at (50, 50) of `cells`; image 1 is a 2x2 white square.
    static func scene(_ cells: [EmitterCell], _ configure: (inout PropertyValues) -> Void = { _ in }) -> TestScene {
        var scene = TestScene(width: 100, height: 100)
        scene.images[BitmapID(1)] = RGBAImage(width: 2, height: 2, bytes: Array(repeating: 255, count: 16), alpha: .premultiplied)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = black
        }
        scene.layer(kind: .emitter) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.emitterPosition] = Point(x: 50, y: 50)
            $0[.emitterCells] = cells
            configure(&$0)
        }
        return scene
    }

    static func cell(_ configure: (inout EmitterCell) -> Void) -> EmitterCell {
        var cell = EmitterCell(name: "c")
        cell.contents = BitmapID(1)
        configure(&cell)
        return cell
    }

    @Test("a particle is its contents, scaled, centred on its position, in its colour")
    func oneParticle() throws {
        // Born at 0, moving right at 20 points a second: at 1 s its centre is at (70, 50); 2x2 pixels
        // scaled by 5 is 10x10.
        let scene = Self.scene([Self.cell { $0[.birthRate] = 0.5; $0[.lifetime] = 10; $0[.velocity] = 20; $0[.scale] = 5; $0.color = Color(red: 0, green: 1, blue: 0) }])
        let drawn = try draw(scene, at: 1)
        #expect(drawn[70, 50] == pixel(0, 255, 0))
        #expect(drawn[66, 46] == pixel(0, 255, 0) && drawn[74, 54] == pixel(0, 255, 0), "inside the 10x10 square")
        #expect(drawn[64, 50] == pixel(0, 0, 0) && drawn[76, 50] == pixel(0, 0, 0), "outside it")
        #expect(drawn[50, 50] == pixel(0, 0, 0), "nothing left at the emitter")
    }

    @Test("additive particles add up where they overlap; normal ones cover")
    func additive() throws {
        // Two particles (born at 0 and 0.5) standing still at the emitter, each (0.4, 0, 0).
        let still = Self.cell { $0[.birthRate] = 2; $0[.lifetime] = 10; $0[.scale] = 5; $0.color = Color(red: 0.4, green: 0, blue: 0) }
        let added = try draw(Self.scene([still]) { $0[.renderMode] = .additive }, at: 0.75)
        let covered = try draw(Self.scene([still]), at: 0.75)
        #expect(added.expectPixel(50, 50, pixel(204, 0, 0), within: 1), "0.4 + 0.4: \(added[50, 50])")
        #expect(covered.expectPixel(50, 50, pixel(102, 0, 0), within: 1), "the later covers: \(covered[50, 50])")
    }

    @Test("a zero birth rate draws nothing")
    func nothing() throws {
        let drawn = try draw(Self.scene([Self.cell { $0[.birthRate] = 0; $0[.lifetime] = 10; $0[.scale] = 5 }]), at: 1)
        #expect(drawn[50, 50] == pixel(0, 0, 0))
        #expect(drawn.statistics.instances == 1, "the background only")
    }
}

/// Draws `scene` as the frame at canvas time `time` (its presentation evaluated there).
func draw(_ scene: TestScene, at time: Double) throws -> DrawnScene {
    var s = scene
    s.evaluate(at: time)
    return try draw(s)
}
