// A sprite animated by a display link: each frame callback picks the sprite-sheet cell to show through
// contentsRect, at 12 frames per second of animation, while the daemon moves the layer across the
// output with an explicit animation of its own.
import ExampleSupport
import Lamina

@MainActor
func main() async throws {
    let options = ExampleOptions(defaultSeconds: 3)
    let connection = options.connect(name: "sprite-animation")
    let width = connection.welcome.outputs.first?.width ?? 640

    // A sheet of 4 cells drawn with cairo: a ball squashing as it bounces.
    let cells = 4
    let sheet = try Bitmap(width: 64 * cells, height: 64) { context in
        for i in 0..<cells {
            let squash = Double(i) * 6
            context.fillEllipse(
                in: Rect(x: Double(i) * 64 + 8 - squash / 2, y: 8 + squash, width: 48 + squash, height: 48 - squash),
                with: Color(red: 0.95, green: 0.45, blue: 0.15))
        }
    }
    let sprite = Layer(name: "sprite")
    sprite.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
    sprite.position = Point(x: 48, y: 80)
    sprite.contents = sheet
    sprite.contentsRect = Rect(x: 0, y: 0, width: 1 / Double(cells), height: 1)
    connection.addLayer(sprite)

    let walk = BasicAnimation(keyPath: \.position.x)
    walk.fromValue = 48.0
    walk.toValue = width - 48
    walk.duration = options.seconds
    walk.fillMode = .forwards
    walk.isRemovedOnCompletion = false
    sprite.add(walk, forKey: "walk")

    var start: Double?
    let link = DisplayLink { link in
        let t0 = start ?? link.timestamp
        start = t0
        let cell = Int((link.timestamp - t0) * 12) % cells
        Transaction.perform {
            Transaction.disableActions = true  // a jump to the next cell, not a slide
            sprite.contentsRect = Rect(x: Double(cell) / Double(cells), y: 0, width: 1 / Double(cells), height: 1)
        }
    }
    link.preferredFrameRateRange = FrameRateRange(minimum: 12, maximum: 60, preferred: 60)
    link.add(to: connection)
    await options.run()
    link.invalidate()
    options.finish(connection)
}

try await main()
