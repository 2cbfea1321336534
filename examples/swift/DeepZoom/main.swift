// A deep zoom into the Mandelbrot set on a TiledLayer: the daemon asks for the tiles each moment of
// the zoom needs, at the level of detail it is shown at, and the tile drawer computes them on worker
// threads; coarser tiles stand in, scaled, until the finer ones arrive, and each fades in.
import ExampleSupport
import Lamina

/// The Mandelbrot set over the layer's bounds: `side` points map to `span` of the complex plane
/// around `center`. Reads only what it holds, so it draws tiles on any thread.
struct Mandelbrot: TileDrawer {
    let side: Double
    let center: (x: Double, y: Double) = (-0.75, 0)
    let span = 3.0

    func draw(_ tile: Tile, in context: DrawingContext) {
        let (width, height) = (tile.width, tile.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        // More iterations for finer levels, where the boundary's detail is.
        let limit = 64 + Int(48 * max(0, (tile.scale).squareRoot()))
        for py in 0..<height {
            for px in 0..<width {
                let x = tile.rect.minX + (Double(px) + 0.5) / tile.scale, y = tile.rect.minY + (Double(py) + 0.5) / tile.scale
                let (cx, cy) = (center.x + (x / side - 0.5) * span, center.y + (y / side - 0.5) * span)
                var (zx, zy, n) = (0.0, 0.0, 0)
                while n < limit, zx * zx + zy * zy < 4 {
                    (zx, zy) = (zx * zx - zy * zy + cx, 2 * zx * zy + cy)
                    n += 1
                }
                let i = (py * width + px) * 4
                if n == limit {
                    (pixels[i], pixels[i + 1], pixels[i + 2]) = (10, 10, 30)
                } else {
                    let t = Double(n) / Double(limit)
                    pixels[i] = UInt8(min(255, 9 * (1 - t) * t * t * t * 255))
                    pixels[i + 1] = UInt8(min(255, 15 * (1 - t) * (1 - t) * t * t * 255))
                    pixels[i + 2] = UInt8(min(255, 8.5 * (1 - t) * (1 - t) * (1 - t) * t * 255))
                }
            }
        }
        context.draw(pixels: pixels, width: width, height: height, in: tile.rect)
    }
}

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 6)
    let connection = options.connect(name: "deep-zoom")
    let output = connection.welcome.outputs.first
    let side = min(output?.width ?? 400, output?.height ?? 400)
    let map = TiledLayer(name: "mandelbrot")
    map.frame = Rect(x: 0, y: 0, width: side, height: side)
    map.contentsScale = output?.scale ?? 1
    map.tileSize = Size(width: 128, height: 128)
    map.levelsOfDetail = 8  // scales 64 down to 0.5
    map.levelsOfDetailBias = 6
    map.tileDrawer = Mandelbrot(side: side)
    // Zoom towards a point on the set's boundary (the seahorse valley), 64 times over the run.
    let focus = Point(x: (-0.7436 + 0.75) / 3 + 0.5, y: 0.1318 / 3 + 0.5)
    map.anchorPoint = focus
    map.position = Point(x: side / 2, y: side / 2)
    connection.addLayer(map)
    let zoom = BasicAnimation(keyPath: "transform.scale")
    zoom.fromValue = 1.0
    zoom.toValue = 64.0
    zoom.duration = options.seconds
    zoom.timingFunction = TimingFunction(controlPoints: 0.6, 0, 0.9, 0.6)
    zoom.fillMode = .forwards
    zoom.isRemovedOnCompletion = false
    map.add(zoom, forKey: "zoom")
    await options.run()
    options.finish(connection)
}

await main()
