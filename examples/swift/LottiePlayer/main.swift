// A Lottie animation played the Core Animation way: compiled once into layers, then played by the
// daemon. The app sets layer timing to play, loop, pause and scrub, and does nothing per frame: it
// prints its own CPU time while the animation plays to show it.
import ExampleSupport
import Glibc
import Lamina

/// The process's CPU time (user and system) in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec)
    let micros = Double(usage.ru_utime.tv_usec) + Double(usage.ru_stime.tv_usec)
    return seconds + micros / 1e6
}

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 3, takesFiles: true)
    let file = options.files.first ?? "examples/lottie/bouncy_ball.json"
    let animation: LottieAnimation
    do { animation = try LottieAnimation(contentsOfFile: file) } catch {
        print("\(file): \(error)")
        exit(1)
    }
    say("\(file): \(Int(animation.size.width))x\(Int(animation.size.height)), \(animation.duration) s at \(animation.framerate) fps")
    for diagnostic in animation.diagnostics { say("  \(diagnostic)") }
    let connection = options.connect(name: "lottie-player")
    let layer = LottieLayer(animation: animation, name: "lottie")
    // Fit the animation into the output.
    let output = connection.welcome.outputs[0]
    let scale: Double = min(output.width / animation.size.width, output.height / animation.size.height)
    layer.position = Point(x: output.width / 2, y: output.height / 2)
    layer.transform = Transform3D(scaleX: scale, y: scale, z: 1)
    connection.addLayer(layer)

    layer.loopMode = .loop
    layer.play()
    let start = cpuSeconds()
    await options.run(for: options.seconds * 2 / 3)
    let spent = (cpuSeconds() - start) * 1000
    say("playing \(options.seconds * 2 / 3) s cost the app \((spent * 10).rounded() / 10) ms of CPU")
    layer.pause()
    say("paused at progress \((layer.currentProgress * 1000).rounded() / 1000) (frame \((layer.currentFrame * 10).rounded() / 10))")
    await options.run(for: options.seconds / 6)
    layer.currentProgress = 0.5
    say("scrubbed to the middle")
    await options.run(for: options.seconds / 6)
    options.finish(connection)
}

await main()
