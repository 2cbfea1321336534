// Pausing and resuming a whole subtree through layer time (Apple's QA1673): speed 0 freezes the
// subtree's local time at timeOffset; resuming shifts beginTime by the time spent paused, so every
// animation below carries on from where it stopped.
import ExampleSupport
import Lamina

@MainActor
func pause(_ layer: Layer) {
    let pausedTime = layer.convertTime(currentMediaTime(), from: nil)
    layer.speed = 0
    layer.timeOffset = pausedTime
}

@MainActor
func resume(_ layer: Layer) {
    let pausedTime = layer.timeOffset
    layer.speed = 1
    layer.timeOffset = 0
    layer.beginTime = 0
    let sincePause = layer.convertTime(currentMediaTime(), from: nil) - pausedTime
    layer.beginTime = sincePause
}

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 3)
    let connection = options.connect(name: "pause-resume")

    let group = Layer(name: "group")
    group.frame = Rect(x: 0, y: 0, width: 400, height: 200)
    connection.addLayer(group)
    var spinners: [Layer] = []
    for i in 0..<3 {
        let spinner = Layer(name: "spinner \(i)")
        spinner.frame = Rect(x: 40 + Double(i) * 110, y: 60, width: 80, height: 80)
        spinner.backgroundColor = Color(red: 0.2 + 0.3 * Double(i), green: 0.5, blue: 0.8)
        spinner.cornerRadius = 12
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = Double.pi * 2
        spin.duration = 1 + Double(i) * 0.5
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        group.addSublayer(spinner)
        spinners.append(spinner)
    }
    await options.run(for: options.seconds / 3)
    pause(group)
    print("paused at layer time \(group.timeOffset)")
    await options.run(for: options.seconds / 3)
    if let shown = spinners[0].presentation() {
        print("spinner 0 while paused: rotation \(try! shown.value(forKeyPath: "transform.rotation.z"))")
    }
    resume(group)
    print("resumed, beginTime \(group.beginTime)")
    await options.run(for: options.seconds / 3)
    options.finish(connection)
}

await main()
