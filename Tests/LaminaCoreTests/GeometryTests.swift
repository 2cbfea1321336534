import LaminaCore
import Testing
import LaminaTestSupport

@Suite("Geometry: Point, Size, Rect, AffineTransform, Color")
struct GeometryTests {
    @Test func standardizedFlipsNegativeSizes() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
        #expect(r.minX == 6 && r.maxX == 10 && r.midX == 8)
        #expect(r.minY == 14 && r.maxY == 20 && r.midY == 17)
        #expect(r.width == 4 && r.height == 6)
    }

    @Test func nullAndEmpty() {
        #expect(Rect.null.isNull)
        #expect(Rect.null.isEmpty)
        #expect(Rect(x: 1, y: 1, width: 0, height: 5).isEmpty)
        #expect(!Rect(x: 1, y: 1, width: 0, height: 5).isNull)
        #expect(!Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
        #expect(Rect.infinite.isInfinite)
        #expect(Rect.infinite.contains(Point(x: 1e12, y: -1e12)))
    }

    @Test func insetAndOffset() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
        #expect(r.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 12))
        #expect(r.insetBy(dx: 6, dy: 0).isNull)
        #expect(r.offsetBy(dx: 5, dy: -5) == Rect(x: 5, y: -5, width: 10, height: 10))
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull)
        #expect(Rect(x: 10, y: 10, width: -10, height: -10).offsetBy(dx: 1, dy: 0) == Rect(x: 1, y: 0, width: 10, height: 10))
    }

    @Test func unionIgnoresNullButNotEmpty() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: 5, width: 5, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 25, height: 15))
        #expect(a.union(.null) == a)
        #expect(Rect.null.union(a) == a)
        #expect(a.union(Rect(x: 30, y: 30, width: 0, height: 0)) == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isNull)
        #expect(!a.intersects(Rect(x: 20, y: 20, width: 1, height: 1)))
        // Sharing an edge meets in a zero-width rectangle, as in Core Graphics.
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 10)) == Rect(x: 10, y: 0, width: 0, height: 10))
        #expect(a.intersection(.null).isNull)
    }

    @Test func containsCountsMinimumEdgesOnly() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 9.999, y: 5)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: 10)))
        #expect(!Rect.null.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Rect(x: 2, y: 2, width: 8, height: 8)))
        #expect(!r.contains(Rect(x: 2, y: 2, width: 9, height: 8)))
        #expect(!r.contains(Rect.null))
    }

    @Test func affineTransformFollowsCoreGraphics() {
        let p = Point(x: 1, y: 0)
        let rotation = AffineTransform(rotationAngle: .pi / 2)
        #expect(close(p.applying(rotation), Point(x: 0, y: 1)))  // clockwise on a y-down screen
        // translatedBy puts the translation before the receiver.
        let t = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(Point.zero.applying(t) == Point(x: 20, y: 0))
        // concatenating applies the receiver first.
        let c = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(Point.zero.applying(c) == Point(x: 10, y: 0))
        #expect(close(Point(x: 3, y: 4).applying(t).applying(t.inverted()), Point(x: 3, y: 4)))
        let singular = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
        #expect(AffineTransform.identity.isIdentity)
        #expect(Size(width: 1, height: 2).applying(AffineTransform(translationX: 5, y: 5)) == Size(width: 1, height: 2))
        #expect(Rect(x: 0, y: 0, width: 10, height: 20).applying(rotation).standardized.size.width > 19.99)
        #expect(AffineTransform.identity.rotated(by: .pi).scaledBy(x: 1, y: 1) != .identity)
    }

    @Test func colorParsingAndPremultiplication() throws {
        let c = try #require(Color(hex: "#FF800040"))
        #expect(c.red == 1 && c.blue == 0 && close(c.green, 128.0 / 255) && close(c.alpha, 64.0 / 255))
        #expect(Color(hex: "#00ff00") == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(Color(hex: "00ff00") == nil)
        #expect(Color(hex: "#00ff0") == nil)
        #expect(Color(hex: "#gg0000") == nil)
        let p = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied
        #expect(p.red == 0.5 && p.green == 0.25 && p.blue == 0 && p.alpha == 0.5)
    }
}
