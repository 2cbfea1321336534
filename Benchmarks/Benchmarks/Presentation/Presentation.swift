import Benchmark
import LaminaCore

/// Presentation evaluation at scale: 10,000 layers, each with two running animations (a `position`
/// move and an `opacity` fade, both repeating forever), evaluated frame after frame at 60 Hz times.
/// One benchmark iteration is one frame, so `wallClock / 20,000` is the cost per animated property, and
/// `mallocCountTotal` per iteration shows whether steady-state frames allocate.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 2_000
    )

    // What the harness itself costs per iteration (its own allocations included), to read the others against.
    Benchmark("Baseline: an empty iteration") { benchmark in
        var x = 0
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { x &+= i }
        benchmark.stopMeasurement()
        blackHole(x)
    }

    Benchmark("Evaluate 10k layers x 2 animations (one frame)") { benchmark in
        var scene = AnimatedScene(layers: 10_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.frame()
        }
        benchmark.stopMeasurement()
        blackHole(scene.presentation.time)
    }

    // The scale issue 38 measures: 100,000 layers, each turning.
    Benchmark("Evaluate 100k layers x 1 transform.rotation.z animation (one frame)") { benchmark in
        var scene = AnimatedScene(layers: 100_000, keyPaths: ["transform.rotation.z"])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.frame()
        }
        benchmark.stopMeasurement()
        blackHole(scene.presentation.time)
    }

    Benchmark("Evaluate 10k layers x 2 transform.rotation.z + bounds animations (one frame)") { benchmark in
        var scene = AnimatedScene(layers: 10_000, keyPaths: ["transform.rotation.z", "bounds.size.width"])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.frame()
        }
        benchmark.stopMeasurement()
        blackHole(scene.presentation.time)
    }
}

/// A flat tree of animated layers under one root, and the state one frame loop keeps.
struct AnimatedScene {
    var tree = LayerTree()
    var presentation = Presentation()
    var events: [AnimationEvent] = []
    var time = 0.0

    init(layers: Int, keyPaths: [String] = ["position", "opacity"]) {
        let root = tree.create()
        let timing = MediaTiming(duration: 2, repeatCount: .infinity, autoreverses: true)
        for i in 0..<layers {
            let layer = tree.create()
            try! tree.addSublayer(layer, to: root)
            tree[layer][.bounds] = Rect(x: 0, y: 0, width: 16, height: 16)
            tree[layer][.position] = Point(x: Double(i % 100) * 19, y: Double(i / 100) * 10)
            for keyPath in keyPaths {
                let path = try! LayerKeyPath(keyPath)
                let (from, to): (PropertyValue, PropertyValue) =
                    switch path.valueType {
                    case .point: (.point(.zero), .point(Point(x: 1920, y: 1080)))
                    default: (.number(0), .number(1))
                    }
                let animation = Animation.basic(path, from: from, to: to, timing: timing, timingFunction: .easeInEaseOut)
                try! tree.addAnimation(animation, forKey: keyPath, to: layer)
            }
        }
        events.reserveCapacity(4 * layers)
        // One frame to start every animation and size the overlays: steady state begins after it.
        frame()
        events.removeAll(keepingCapacity: true)
    }

    mutating func frame() {
        time += 1.0 / 60
        tree.evaluate(at: time, into: &presentation, events: &events)
    }
}
