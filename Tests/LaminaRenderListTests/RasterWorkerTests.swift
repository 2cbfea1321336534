@testable import LaminaCore
@testable import LaminaRenderList
import LaminaRaster
import Testing

/// What the raster worker draws of a batch of jobs: the latest of each raster, in order.
@Suite struct RasterWorkerTests {
    @Test("a batch keeps the latest job of each raster: a layer's shape and its shadow are two, and so are two copies' shapes")
    func latestOfEachRaster() throws {
        let (a, b) = (LayerID(index: 1, generation: 0), LayerID(index: 2, generation: 0))
        let square = try Path(svgPathData: "M0 0 H20 V20 H0 Z"), wide = try Path(svgPathData: "M0 0 H40 V20 H0 Z")
        let extent = Rect(x: 0, y: 0, width: 40, height: 20)
        func shape(_ id: LayerRasterID, _ path: Path) -> RasterJob {
            .shape(id, ShapeRasterKey(path: path, style: ShapeStyle(), scale: 1, extent: extent, ink: extent), flattened: nil, fill: nil)
        }
        let shadow = RasterJob.shadow(a, ShadowRasterKey(path: square, extent: extent, scale: 1, sigma: 2))
        let lagging = LayerRasterID(a, copy: 1)
        let jobs = [shape(LayerRasterID(a), square), shadow, shape(lagging, square), shape(LayerRasterID(b), square), shape(LayerRasterID(a), wide)]
        let kept = RasterWorker.latest(of: jobs)
        #expect(kept.map(\.target) == [.shadow(a), .shape(lagging), .shape(LayerRasterID(b)), .shape(LayerRasterID(a))])
        guard case .shape(_, let key, _, _) = kept[3] else { Issue.record("not a shape"); return }
        #expect(key.path == wide)
    }
}
