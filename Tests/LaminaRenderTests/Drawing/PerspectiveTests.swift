import Glibc
import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing
import LaminaTestSupport

/// Where 3D layers land, against the projection worked out by hand: a rotation of θ about y takes a
/// point (x, y, 0) relative to the anchor to (x·cos θ, y, −x·sin θ); perspective m34 = −1/d makes
/// w = 1 + x·sin θ / d; the point lands at (x·cos θ / w, y / w) from the anchor's position. Drawing,
/// `convert` and the geometry all use one definition of world transforms (flattened at each level),
/// so each case checks both the pixels and the conversion.
@Suite("Perspective: own transforms and nested layers, drawn and converted")
struct PerspectiveTests {
    static let (theta, d) = (Double.pi / 4, 500.0)
    static let (c, s) = (cos(theta), sin(theta))
    static let turn = Transform3D(rotationAngle: theta, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: d))

    /// Where (x, y, 0), relative to the anchor at `anchor` on the canvas, lands.
    static func landing(_ x: Double, _ y: Double, anchor: Point) -> Point {
        let w = 1 + x * s / d
        return Point(x: anchor.x + x * c / w, y: anchor.y + y / w)
    }


    @Test("a layer's own transform with perspective and a rotation about y: a trapezoid, not a shear")
    func ownPerspective() throws {
        var scene = TestScene(width: 200, height: 200)
        let layer = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            $0[.position] = Point(x: 100, y: 100)
            $0[.transform] = Self.turn
            $0[.backgroundColor] = red
        }
        let anchor = Point(x: 100, y: 100)
        let topLeft = Self.landing(-50, -50, anchor: anchor), bottomRight = Self.landing(50, 50, anchor: anchor)
        #expect(close(try scene.tree.convert(Point(x: 0, y: 0), from: layer, to: nil), topLeft))
        #expect(close(try scene.tree.convert(Point(x: 100, y: 100), from: layer, to: nil), bottomRight))
        let drawn = try draw(scene)
        // The vertical edges stay vertical (x = 61.95 and 133.02 at every height): pixels a little
        // inside each, at the top and the bottom, are covered; a little outside, not.
        let (left, right) = (topLeft.x, bottomRight.x)
        for y in [60, 100, 140] {
            #expect(drawn[Int(left + 1.5), y] == pixel(255, 0, 0), "left edge at row \(y)")
            #expect(drawn[Int(left - 1.5), y] == transparent, "left of the left edge at row \(y)")
            #expect(drawn[Int(right - 1.5), y] == pixel(255, 0, 0), "right edge at row \(y)")
            #expect(drawn[Int(right + 1.5), y] == transparent, "right of the right edge at row \(y)")
        }
    }

    @Test("a sublayer at zPosition 40 in a layer turned about y under perspective lands in its plane")
    func nestedFlattening() throws {
        var scene = TestScene(width: 200, height: 200)
        let parent = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 200, height: 200)
            $0[.position] = Point(x: 100, y: 100)
            $0[.transform] = Self.turn
        }
        let child = scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 40)
            $0[.position] = Point(x: 100, y: 100)
            $0[.zPosition] = 40
            $0[.backgroundColor] = red
        }
        // Flattened into the parent's plane, z is gone: the child's corners are (∓20, ∓20) from the
        // parent's anchor.
        let anchor = Point(x: 100, y: 100)
        let topLeft = Self.landing(-20, -20, anchor: anchor), bottomRight = Self.landing(20, 20, anchor: anchor)
        #expect(close(try scene.tree.convert(Point(x: 0, y: 0), from: child, to: nil), topLeft))
        #expect(close(try scene.tree.convert(Point(x: 40, y: 40), from: child, to: nil), bottomRight))
        #expect(close(try scene.tree.convert(topLeft, from: nil, to: child), Point(x: 0, y: 0)))
        let drawn = try draw(scene)
        for y in [95, 100, 105] {
            #expect(drawn[Int(topLeft.x + 1.5), y] == pixel(255, 0, 0), "left edge at row \(y)")
            #expect(drawn[Int(topLeft.x - 1.5), y] == transparent, "left of the left edge at row \(y)")
            #expect(drawn[Int(bottomRight.x - 1.5), y] == pixel(255, 0, 0), "right edge at row \(y)")
            #expect(drawn[Int(bottomRight.x + 1.5), y] == transparent, "right of the right edge at row \(y)")
        }
        // A hit test agrees: the drawn point just inside the left edge hits the child.
        #expect(try scene.tree.hitTest(Point(x: topLeft.x + 1.5, y: 100), in: parent) == child)
    }
}
