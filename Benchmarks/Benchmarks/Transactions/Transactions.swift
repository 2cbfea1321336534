import Benchmark
import LaminaCore
import LaminaModel

/// Applying transactions to the compositor's model (`LayerStore.apply`), which edits the tree in place
/// through its journal: the cost of a commit by what it does, not by how big the tree already is.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 3,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    // The hostile client's commit: 30,000 layers made and put under one layer, 90,000 operations.
    Benchmark("Apply one commit of 30,000 sublayers of one layer (90,000 operations)") { benchmark in
        var ops: [LayerOperation] = [.create(LayerHandle(1), name: nil), .insertSublayer(LayerHandle(1), into: nil, at: nil)]
        for h in UInt64(2)...30_001 {
            ops += [
                .create(LayerHandle(h), name: nil),
                .set(LayerHandle(h), LayerKeyPath(.position), .point(Point(x: Double(h % 100), y: 0))),
                .insertSublayer(LayerHandle(h), into: LayerHandle(1), at: nil),
            ]
        }
        var limits = LayerStore.Limits()
        limits.layers = 100_000
        for _ in benchmark.scaledIterations {
            var store = LayerStore(width: 1280, height: 720)
            let client = ClientID(1)
            store.addClient(client, limits: limits)
            benchmark.startMeasurement()
            blackHole(try! store.apply(ops, from: client, at: 0))
            benchmark.stopMeasurement()
        }
    }

    // Taking them all out again, first to last: each removal finds its sublayer and closes the gap.
    Benchmark("Apply one commit removing 30,000 sublayers of one layer, first to last") { benchmark in
        var make: [LayerOperation] = [.create(LayerHandle(1), name: nil), .insertSublayer(LayerHandle(1), into: nil, at: nil)]
        for h in UInt64(2)...30_001 {
            make += [.create(LayerHandle(h), name: nil), .insertSublayer(LayerHandle(h), into: LayerHandle(1), at: nil)]
        }
        let remove: [LayerOperation] = (UInt64(2)...30_001).map { .removeFromSuperlayer(LayerHandle($0)) }
        for _ in benchmark.scaledIterations {
            var store = LayerStore(width: 1280, height: 720)
            let client = ClientID(1)
            store.addClient(client)
            _ = try! store.apply(make, from: client, at: 0)
            benchmark.startMeasurement()
            blackHole(try! store.apply(remove, from: client, at: 0))
            benchmark.stopMeasurement()
        }
    }

    // A small commit to a big tree: what every frame of an app changing one property pays.
    Benchmark("Apply one opacity change to a tree of 10,000 layers") { benchmark in
        var store = LayerStore(width: 1280, height: 720)
        let client = ClientID(1)
        var limits = LayerStore.Limits()
        limits.layers = 100_000
        store.addClient(client, limits: limits)
        var ops: [LayerOperation] = []
        for h in UInt64(1)...10_000 {
            ops += [.create(LayerHandle(h), name: nil), .insertSublayer(LayerHandle(h), into: nil, at: nil)]
        }
        _ = try! store.apply(ops, from: client, at: 0)
        var value = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            value = value == 0 ? 1 : 0
            blackHole(try! store.apply([.set(LayerHandle(5_000), LayerKeyPath(.opacity), .number(value))], from: client, at: 0))
        }
        benchmark.stopMeasurement()
    }
}
