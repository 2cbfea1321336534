/// The threads a frame's work may be split across, given by the caller: LaminaCore makes no threads.
///
/// Evaluating animations and building the render list are loops over independent pieces (animation
/// slots, changed leaves); with `count` above 1 they are cut into that many ranges, which `run`
/// carries out at once. Every split loop gives results identical, bit for bit, to the loop run whole
/// on one thread: each range writes only its own slots and its own buffers, and the ranges' outputs are
/// joined in range order. `LaminaCompositor.FrameThreadPool` runs them on libdispatch's threads.
public struct FrameThreads: Sendable {
    /// How many ranges a loop is cut into; 1 runs every loop whole on the calling thread.
    public let count: Int
    /// Loops shorter than this are not cut: waking threads costs more than they would save.
    public let minimumPerRange: Int
    private let run: @Sendable (Int, @Sendable (Int) -> Void) -> Void

    /// Threads that run `run(n, body)` as `body(0) … body(n - 1)`, possibly at once, returning when
    /// all have.
    public init(count: Int, minimumPerRange: Int = 2048, run: @escaping @Sendable (Int, @Sendable (Int) -> Void) -> Void) {
        self.count = max(1, count)
        self.minimumPerRange = max(1, minimumPerRange)
        self.run = run
    }

    /// Every loop whole, on the calling thread.
    public static let single = FrameThreads(count: 1) { n, body in
        for i in 0..<n { body(i) }
    }

    /// How many ranges a loop over `items` pieces is cut into.
    public func ranges(for items: Int) -> Int {
        min(count, max(1, items / minimumPerRange))
    }

    /// Cuts `0..<count` into `ranges(for: count)` even, consecutive ranges and runs `body` on each,
    /// possibly at once: for a loop whose pieces each write only their own elements.
    public func forEachRange(of count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let ranges = ranges(for: count)
        forEach(ranges) { r in body(count * r / ranges..<count * (r + 1) / ranges) }
    }

    /// Runs `body(0) … body(ranges - 1)`, possibly at once; returns when all have run.
    public func forEach(_ ranges: Int, _ body: @Sendable (Int) -> Void) {
        if ranges <= 1 {
            for i in 0..<ranges { body(i) }
        } else {
            run(ranges, body)
        }
    }
}

/// A value handed to another thread of a split loop that the loop's own partitioning keeps from being
/// touched by two threads at once (a pointer to storage each range uses a disjoint part of).
package struct Unshared<Value>: @unchecked Sendable {
    package var value: Value
    package init(_ value: Value) { self.value = value }
}
