import Dispatch
import LaminaCore
@testable import LaminaRender
@testable import LaminaRenderList
import Testing

/// Thousands of leaves each turning, patched in place and copied into the renderer's GPU buffer past
/// the changes the list keeps one by one: every frame equals a fresh renderer's whole build.
@Suite("Drawing: thousands of leaves patched")
struct ManyPatchedLeavesDrawingTests {
    /// On two threads the leaves are patched in two ranges and their instances copied into the GPU
    /// buffer through a write mapping filled by both at once (`RetainedInstances`).
    /// 300 leaves are marked one by one (their matrices copied as ranges through a mapping); 5,000 are
    /// past the changes kept one by one, so every matrix is copied.
    @Test(
        "300 and 5,000 turning leaves, patched and their matrices uploaded, draw what whole builds draw",
        arguments: [(1, 5_000), (2, 5_000), (2, 300)])
    func manyPatched(threads: Int, count: Int) throws {
        let (width, height) = (120, 80)
        var scene = TestScene(width: width, height: height)
        let timing = MediaTiming(duration: 2, repeatCount: .infinity)
        var leaves: [LayerID] = []
        for k in 0..<count {
            let leaf = scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 3, height: 1.5)
                $0[.position] = Point(x: Double(k % 100) * 1.2 + 1, y: Double(k / 100) * 1.6 + 1)
                $0[.backgroundColor] = Color(red: Double(k % 7) / 6, green: 0.5, blue: Double(k % 5) / 4)
            }
            _ = try scene.tree.addAnimation(
                .basic(try LayerKeyPath("transform.rotation.z"), by: .number(Double(k % 9) - 4), timing: timing), forKey: "a", to: leaf)
            leaves.append(leaf)
        }
        let changed = leaves
        let frames = (0..<4).map { k -> TestScene in
            var frame = scene
            frame.evaluate(at: Double(k) * 0.21)
            return frame
        }
        let (patched, fresh) = try makeContext().perform { render in
            let renderer = try Renderer(render)
            renderer.threads = FrameThreads(count: threads) { n, body in DispatchQueue.concurrentPerform(iterations: n, execute: body) }
            let target = try OffscreenTarget(render, width: width, height: height, layout: .rgba)
            var patched: [(image: RGBAImage, statistics: FrameStatistics)] = []
            var fresh: [RGBAImage] = []
            for (k, frame) in frames.enumerated() {
                if k == 0 {
                    renderer.build(frame.tree, frame.presentation, for: target)
                } else {
                    renderer.update(frame.tree, frame.presentation, changed: changed, for: target)
                }
                let statistics = try renderer.execute(into: target)
                patched.append((try target.read(), statistics))
                let whole = try Renderer(render)
                let other = try OffscreenTarget(render, width: width, height: height, layout: .rgba)
                whole.build(frame.tree, frame.presentation, for: other)
                _ = try whole.execute(into: other)
                fresh.append(try other.read())
            }
            return (patched, fresh)
        }
        for k in frames.indices {
            #expect(patched[k].image.bytes == fresh[k].bytes, "frame \(k)")
        }
        // After the first frame every leaf is patched, and the matrices that changed are copied (64
        // bytes each, packed apart), the rest of the instances left as they were. The leaves turning by
        // 0 (every ninth) keep theirs; past the changes kept one by one, every matrix is copied anyway.
        let copied = count > 4_096 ? count : (0..<count).filter { $0 % 9 != 4 }.count
        for k in frames.indices.dropFirst() {
            #expect(patched[k].statistics.patchedLeaves == count)
            #expect(patched[k].statistics.uploadedInstanceBytes == copied * 64, "frame \(k)")
        }
    }
}
