// A cube of six faces in a TransformLayer, turning forever, over confetti from an EmitterLayer. The
// app sends the faces, one animation and the emitter's cells once; the daemon hides the faces by depth
// per pixel and computes every particle of every frame from the cells and the time.
import ExampleSupport
import Lamina

@MainActor
func main() async throws {
    let options = ExampleOptions(defaultSeconds: 4)
    let connection = options.connect(name: "cube-and-confetti")
    let output = connection.welcome.outputs.first
    let width = output?.width ?? 640
    let height = output?.height ?? 480

    // The stage looks at its sublayers from 600 points: a perspective about its centre.
    let stage = Layer(name: "stage")
    stage.frame = Rect(x: 0, y: 0, width: width, height: height)
    stage.backgroundColor = Color(red: 0.06, green: 0.09, blue: 0.16)
    stage.sublayerTransform = Transform3D(perspectiveDistance: 600)
    connection.addLayer(stage)

    // Confetti: strips of white tinted three ways, born along a line above the top edge, falling.
    let paper = try Bitmap(width: 6, height: 10, scale: 1, opaque: true) { context in
        context.fill(Rect(x: 0, y: 0, width: 6, height: 10), with: .white)
    }
    let confetti = EmitterLayer(name: "confetti")
    confetti.frame = stage.bounds
    confetti.emitterPosition = Point(x: width / 2, y: -10)
    confetti.emitterSize = Size(width: width, height: 1)
    confetti.emitterShape = .line
    confetti.emitterMode = .outline
    confetti.contentsBitmaps = [paper]
    confetti.emitterCells = [
        Color(red: 0.96, green: 0.25, blue: 0.37), Color(red: 0.98, green: 0.8, blue: 0.08), Color(red: 0.22, green: 0.74, blue: 0.97),
    ].enumerated().map { index, color in
        var cell = EmitterCell(name: "paper\(index)")
        cell.setContents(paper)
        cell.color = color
        cell[.birthRate] = 10
        cell[.lifetime] = 8
        cell[.velocity] = 60
        cell[.velocityRange] = 30
        cell[.emissionLongitude] = .pi / 2  // down the screen
        cell[.emissionRange] = 0.8
        cell[.yAcceleration] = 25
        cell[.spin] = index == 1 ? -2 : 2
        cell[.spinRange] = 4
        cell[.scaleRange] = 0.3
        return cell
    }
    stage.addSublayer(confetti)

    // The cube: six faces pushed out 60 points from the centre of a transform layer, each turned to its
    // side. Their own transforms place them in the transform layer's 3D space.
    let side = min(width, height) * 0.3
    let cube = TransformLayer(name: "cube")
    cube.frame = Rect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    let turns: [(angle: Double, x: Double, y: Double)] = [(0, 0, 1), (.pi, 0, 1), (.pi / 2, 0, 1), (-.pi / 2, 0, 1), (.pi / 2, 1, 0), (-.pi / 2, 1, 0)]
    let colors = [
        Color(red: 0.94, green: 0.27, blue: 0.27), Color(red: 0.96, green: 0.62, blue: 0.04), Color(red: 0.06, green: 0.73, blue: 0.51),
        Color(red: 0.23, green: 0.51, blue: 0.96), Color(red: 0.55, green: 0.36, blue: 0.96), Color(red: 0.93, green: 0.28, blue: 0.6),
    ]
    for (turn, color) in zip(turns, colors) {
        let face = Layer()
        face.frame = Rect(x: 0, y: 0, width: side, height: side)
        face.backgroundColor = color
        face.borderWidth = 3
        face.borderColor = .white
        face.transform = Transform3D(translationX: 0, y: 0, z: side / 2)
            .concatenating(Transform3D(rotationAngle: turn.angle, x: turn.x, y: turn.y, z: 0))
        cube.addSublayer(face)
    }
    cube.transform = Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0)
    stage.addSublayer(cube)

    let spin = BasicAnimation(keyPath: "transform.rotation.y")
    spin.fromValue = 0.0
    spin.toValue = 2 * Double.pi
    spin.duration = 4
    spin.repeatCount = .infinity
    cube.add(spin, forKey: "spin")

    await options.run()
    options.finish(connection)
}

try await main()
