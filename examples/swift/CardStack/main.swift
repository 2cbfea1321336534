// A stack of cards shuffled with implicit animations: every change to a committed layer's position,
// zPosition or transform animates on its own, as in Core Animation. Nothing here runs per frame.
import ExampleSupport
import Lamina

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 4)
    let connection = options.connect(name: "card-stack")
    let output = connection.welcome.outputs.first
    let center = Point(x: (output?.width ?? 640) / 2, y: (output?.height ?? 480) / 2)

    let colors = [
        Color(red: 0.90, green: 0.30, blue: 0.25), Color(red: 0.95, green: 0.75, blue: 0.20),
        Color(red: 0.25, green: 0.70, blue: 0.45), Color(red: 0.25, green: 0.50, blue: 0.90),
    ]
    var cards: [Layer] = []
    for (i, color) in colors.enumerated() {
        let card = Layer(name: "card \(i)")
        card.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
        card.cornerRadius = 10
        card.backgroundColor = color
        card.borderWidth = 2
        card.borderColor = Color(red: 1, green: 1, blue: 1)
        card.shadowOpacity = 0.4
        card.position = Point(x: center.x + Double(i) * 8, y: center.y - Double(i) * 8)
        card.zPosition = Double(i)
        connection.addLayer(card)
        cards.append(card)
    }
    await options.run(for: 0.1)  // the first commit: from now on changes animate

    let shuffles = max(1, Int(options.seconds / 0.6))
    for _ in 0..<shuffles {
        let top = cards.removeLast()
        cards.insert(top, at: 0)
        Transaction.begin()
        Transaction.animationDuration = 0.5
        Transaction.animationTimingFunction = .easeInEaseOut
        for (i, card) in cards.enumerated() {
            card.position = Point(x: center.x + Double(i) * 8, y: center.y - Double(i) * 8)
            card.zPosition = Double(i)
            card.transform = Transform3D(rotationAngle: Double(i - 2) * 0.04, x: 0, y: 0, z: 1)
        }
        Transaction.commit()
        await options.run(for: 0.6)
    }
    options.finish(connection)
}

await main()
