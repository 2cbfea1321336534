import LaminaCore
import LaminaRaster
import Testing

/// The shape rasteriser on its own: the ink's reach, and reusing a fill under a new stroke.
@Suite("Shape rasteriser")
struct ShapeRasterizerTests {
    static let ring = Path(ellipseIn: Rect(x: 10, y: 10, width: 40, height: 40))

    @Test("the ink extent of a circle's stroke is half the line width around it, not the miter limit's reach")
    func inkExtent() throws {
        let style = ShapeStyle(fills: false, strokes: true, lineWidth: 4)
        let ink = try #require(ShapeRasterizer.inkExtent(of: Self.ring, style: style, margin: 0))
        #expect(abs(ink.minX - 8) < 0.3 && abs(ink.maxX - 52) < 0.3 && abs(ink.minY - 8) < 0.3 && abs(ink.maxY - 52) < 0.3, "\(ink)")
        let bound = try #require(ShapeRasterizer.extent(of: Self.ring, style: style))
        #expect(bound.contains(ink) && bound.width > ink.width + 30, "the conservative extent reaches 10 half-widths: \(bound)")
        // Cut or dashed, the same rectangle: the raster keeps its size while strokeEnd animates.
        var cut = style
        cut.strokeEnd = 0.3
        cut.dashes = [3, 2]
        #expect(ShapeRasterizer.inkExtent(of: Self.ring, style: cut.inkStyle, margin: 0) == ink)
    }

    @Test("a fill handed back is the fill drawn again, byte for byte, under any stroke")
    func fillReuse() {
        let extent = Rect(x: 0, y: 0, width: 60, height: 60)
        var style = ShapeStyle(fills: true, strokes: true, lineWidth: 3, strokeEnd: 1)
        let first = ShapeRasterizer.rasterize(Self.ring, style: style, extent: extent, scale: 2)
        style.strokeEnd = 0.4
        let fresh = ShapeRasterizer.rasterize(Self.ring, style: style, extent: extent, scale: 2)
        let reused = ShapeRasterizer.rasterize(Self.ring, style: style, extent: extent, scale: 2, fill: first.fill)
        #expect(reused.bytes == fresh.bytes)
        #expect(first.fill.contains(255) && fresh.bytes != first.bytes)
    }
}
