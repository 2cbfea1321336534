// Tiles that flip when tapped: a grid of layers, each with an `onInput` handler. Run it against
// `laminad --output wayland` on a desktop and click or touch a tile: the daemon hit-tests the tap where
// the tiles are drawn (a tile still flipping included) and hands it to this app, which answers with an
// implicit animation. Keys reach the tile last tapped: `r` turns every tile back.
//
// It prints one line per thing it does ("ready", "tapped tile N", "tile N is orange"), so a test can
// follow it; see WaylandOutputTests.
import ExampleSupport
import Lamina

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 30)
    let connection = options.connect(name: "tap-tiles")
    let blue = Color(red: 0.20, green: 0.45, blue: 0.90), orange = Color(red: 0.95, green: 0.55, blue: 0.15)
    var tiles: [Layer] = []
    var flipped: [Bool] = []

    func flip(_ index: Int, to on: Bool) {
        guard flipped[index] != on else { return }
        flipped[index] = on
        Transaction.begin()
        Transaction.animationDuration = 0.25
        Transaction.completionBlock = { say("tile \(index) is \(on ? "orange" : "blue")") }
        tiles[index].backgroundColor = on ? orange : blue
        tiles[index].transform = on ? Transform3D(scaleX: 0.9, y: 0.9, z: 1) : .identity
        Transaction.commit()
    }

    // Three by two tiles of 100 points, 20 apart, from (20, 20).
    for index in 0..<6 {
        let tile = Layer(name: "tile \(index)")
        tile.frame = Rect(x: 20 + Double(index % 3) * 120, y: 20 + Double(index / 3) * 120, width: 100, height: 100)
        tile.backgroundColor = blue
        tile.cornerRadius = 12
        // A label-less inner square: a tap on it is handed up to the tile (the responder chain).
        let inner = Layer(name: "tile \(index) center")
        inner.frame = Rect(x: 35, y: 35, width: 30, height: 30)
        inner.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        tile.addSublayer(inner)
        tile.onInput = { event in
            switch event.kind {
            case .pointerUp, .touchUp:
                say("tapped tile \(index) at \(Int(event.location.x)),\(Int(event.location.y))")
                flip(index, to: !flipped[index])
            case .keyDown where event.text == "r":
                for other in tiles.indices { flip(other, to: false) }
            default:
                break
            }
        }
        connection.addLayer(tile)
        tiles.append(tile)
        flipped.append(false)
    }
    connection.onOutputChange = { output in say("the output is now \(Int(output.width))x\(Int(output.height))") }
    do { try connection.synchronize() } catch { say("tap-tiles: \(error)") }
    say("ready")
    await options.run()
    options.finish(connection)
}

await main()
