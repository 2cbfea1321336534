// The layer kinds the daemon draws itself: a gradient background (GradientLayer, axial, with a radial
// glow), a progress ring (ShapeLayer) filled by an explicit animation of strokeEnd, and a status label
// (TextLayer) whose colour changes with an implicit animation when the ring is full, from the
// transaction's completion block. The app sends properties and animations, never pixels.
import ExampleSupport
import Lamina

@MainActor
func main() async throws {
    let options = ExampleOptions(defaultSeconds: 3)
    let connection = options.connect(name: "shapes-and-text")
    let output = connection.welcome.outputs.first
    let width = output?.width ?? 640
    let height = output?.height ?? 480
    let center = Point(x: width / 2, y: height / 2)

    // A diagonal axial gradient over the whole output, and a soft white glow above it: a radial
    // gradient fading to transparent at its ellipse.
    let background = GradientLayer(name: "background")
    background.frame = Rect(x: 0, y: 0, width: width, height: height)
    background.colors = [
        Color(red: 0.12, green: 0.11, blue: 0.29), Color(red: 0.43, green: 0.16, blue: 0.85),
        Color(red: 0.93, green: 0.28, blue: 0.60),
    ]
    background.locations = [0, 0.6, 1]
    background.startPoint = Point(x: 0, y: 0)
    background.endPoint = Point(x: 1, y: 1)
    connection.addLayer(background)

    let glow = GradientLayer(name: "glow")
    glow.frame = Rect(x: center.x - 160, y: center.y - 160, width: 320, height: 280)
    glow.type = .radial
    glow.colors = [Color(red: 1, green: 1, blue: 1, alpha: 0.35), Color(red: 1, green: 1, blue: 1, alpha: 0)]
    glow.startPoint = Point(x: 0.5, y: 0.5)
    glow.endPoint = Point(x: 1, y: 1)
    background.addSublayer(glow)

    // The ring: a faint full circle under the coloured arc. The circle's path starts at the top and
    // runs clockwise, so strokeEnd grows the arc clockwise from twelve o'clock.
    let radius = min(width, height) * 0.25
    let ringFrame = Rect(x: center.x - radius, y: center.y - radius - 20, width: radius * 2, height: radius * 2)
    let circle = try Path(
        svgPathData: "M \(radius) 0 A \(radius) \(radius) 0 1 1 \(radius) \(radius * 2) A \(radius) \(radius) 0 1 1 \(radius) 0")
    let track = ShapeLayer(name: "track")
    track.frame = ringFrame
    track.path = circle
    track.fillColor = nil
    track.strokeColor = Color(red: 1, green: 1, blue: 1, alpha: 0.25)
    track.lineWidth = 12
    background.addSublayer(track)

    let ring = ShapeLayer(name: "ring")
    ring.frame = ringFrame
    ring.path = circle
    ring.fillColor = nil
    ring.strokeColor = Color(red: 0.99, green: 0.85, blue: 0.35)
    ring.lineWidth = 12
    ring.lineCap = .round
    background.addSublayer(ring)

    let title = TextLayer(name: "title")
    title.fontSize = min(22, radius * 0.34)  // fits inside the ring on a small output
    title.frame = Rect(
        x: ringFrame.minX, y: ringFrame.midY - title.fontSize * 0.62, width: ringFrame.width, height: title.fontSize * 1.4)
    title.string = "Lamina"
    title.alignmentMode = .center
    background.addSublayer(title)

    let status = TextLayer(name: "status")
    status.frame = Rect(x: 20, y: ringFrame.maxY + 16, width: width - 40, height: 24)
    status.string = "Loading… 正在加载"
    status.fontSize = 16
    status.foregroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
    status.alignmentMode = .center
    background.addSublayer(status)

    // strokeEnd's model value is the end state (1, the default); the explicit animation, committed with
    // the layers so the full ring never shows first, draws it in from 0. Once it has run, the
    // transaction's completion block recolours the label, by then on screen: an implicit animation
    // of foregroundColor.
    Transaction.begin()
    Transaction.completionBlock = {
        status.string = "Done · 完成"  // not animatable: it changes at once
        Transaction.perform {
            Transaction.animationDuration = 0.6
            status.foregroundColor = Color(red: 0.55, green: 1, blue: 0.65)
        }
        print("ring full; label recoloured")
    }
    let fill = BasicAnimation(keyPath: \ShapeLayer.strokeEnd)
    fill.fromValue = 0.0
    fill.toValue = 1.0
    fill.duration = options.seconds * 0.6
    fill.timingFunction = .easeInEaseOut
    ring.add(fill, forKey: "fill")
    Transaction.commit()

    await options.run()
    options.finish(connection)
}

try await main()
