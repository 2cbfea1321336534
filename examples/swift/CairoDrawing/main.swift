// A layer drawn with cairo by its delegate, redrawn whenever its bounds change
// (needsDisplayOnBoundsChange): a bar chart that grows wider, drawn at the output's scale.
import ExampleSupport
import Lamina

@MainActor
final class Chart: LayerDelegate {
    let values: [Double] = [0.3, 0.8, 0.5, 0.95, 0.6]
    var draws = 0

    func draw(_ layer: Layer, in context: DrawingContext) {
        draws += 1
        let size = context.size
        context.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), with: Color(red: 1, green: 1, blue: 1))
        let gap = 6.0
        let barWidth = (size.width - gap * Double(values.count + 1)) / Double(values.count)
        for (i, value) in values.enumerated() {
            let height = (size.height - 2 * gap) * value
            context.fill(
                Rect(x: gap + Double(i) * (barWidth + gap), y: size.height - gap - height, width: barWidth, height: height),
                with: Color(red: 0.2, green: 0.4 + 0.1 * Double(i), blue: 0.9))
        }
        context.stroke(Rect(x: 0.5, y: 0.5, width: size.width - 1, height: size.height - 1), with: Color(red: 0, green: 0, blue: 0))
    }
}

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 2)
    let connection = options.connect(name: "cairo-drawing")
    let chart = Chart()
    let layer = Layer(name: "chart")
    layer.delegate = chart
    layer.needsDisplayOnBoundsChange = true
    layer.contentsScale = connection.welcome.outputs.first?.scale ?? 1
    layer.anchorPoint = Point(x: 0, y: 0)
    layer.position = Point(x: 20, y: 20)
    layer.bounds = Rect(x: 0, y: 0, width: 160, height: 100)
    connection.addLayer(layer)
    let steps = 4
    for step in 1...steps {
        await options.run(for: options.seconds / Double(steps))
        Transaction.perform {
            Transaction.disableActions = true
            layer.bounds = Rect(x: 0, y: 0, width: 160 + Double(step) * 40, height: 100)
        }
    }
    await options.run(for: 0.1)
    print("drawn \(chart.draws) times")
    options.finish(connection)
}

await main()
