import LaminaCore
@testable import LaminaRender
@testable import LaminaRenderList
import Testing

/// `LeafPatch` at the renderer: leaves whose runs the fast paths draw (`blit`, `fill`) patched in
/// place frame after frame, each frame equal to a fresh renderer's whole build of the same presentation.
@Suite("Drawing: leaves patched in place")
struct LeafPatchDrawingTests {
    @Test(
        "BGRA contents turning, moving and fading and a large fill changing colour, patched, equal to whole builds",
        arguments: [OffscreenTarget.ColorLayout.rgba, .bgra])
    func patchedFastRuns(layout: OffscreenTarget.ColorLayout) throws {
        var scene = TestScene(width: 160, height: 100)
        // Opaque and translucent BGRA contents: `blit` runs while at full strength.
        let opaque = RawBitmap(8, 8, .bgra8, filledWith: [0, 0, 255, 255])
        let translucent = RawBitmap(8, 8, .bgra8, filledWith: [100, 0, 0, 128])
        let fill = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 150, height: 90)
            $0[.position] = Point(x: 80, y: 50)
            $0[.backgroundColor] = Color(red: 0.2, green: 0.3, blue: 0.4)
        }
        let pictures = (0..<3).map { i in
            scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 70, height: 70)
                $0[.position] = Point(x: 40 + 40 * Double(i), y: 50)
                $0[.contents] = BitmapID(i == 1 ? 1 : 2)  // the fading one translucent: its opacity class stays
            }
        }
        let timing = MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true)
        _ = try scene.tree.addAnimation(
            .basic(LayerKeyPath(.backgroundColor), to: .color(Color(red: 0.9, green: 0.1, blue: 0.5)), timing: timing), forKey: "a",
            to: fill)
        _ = try scene.tree.addAnimation(
            .basic(try LayerKeyPath("transform.rotation.z"), by: .number(1.5), timing: timing), forKey: "a", to: pictures[0])
        _ = try scene.tree.addAnimation(
            .basic(LayerKeyPath(.position), by: .point(Point(x: 13, y: 7)), timing: timing), forKey: "a", to: pictures[1])
        _ = try scene.tree.addAnimation(
            .basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.3), timing: timing), forKey: "a", to: pictures[2])
        let changed = [fill] + pictures
        let frames = (0..<8).map { k -> TestScene in
            var frame = scene
            frame.evaluate(at: Double(k) * 0.13)
            return frame
        }
        let gpu = try makeContext()
        let (patched, fresh, variants) = try gpu.perform { render in
            func upload(_ renderer: Renderer) throws {
                for (id, bitmap) in [(BitmapID(1), opaque), (BitmapID(2), translucent)] {
                    try bitmap.bytes.withUnsafeBytes { raw in
                        try renderer.textures.upload(
                            id,
                            PixelSource(
                                width: 8, height: 8, bytesPerRow: 32, format: .bgra8, alpha: .premultiplied, bytes: raw))
                    }
                }
            }
            let renderer = try Renderer(render)
            try upload(renderer)
            let target = try OffscreenTarget(render, width: 160, height: 100, layout: layout)
            var patched: [(RGBAImage, Int)] = []
            var fresh: [RGBAImage] = []
            var variants: [DrawVariant] = []
            for (k, frame) in frames.enumerated() {
                if k == 0 {
                    renderer.build(frame.tree, frame.presentation, for: target)
                    for case .draw(_, _, _, let variant, _) in renderer.lastRenderList.commands { variants.append(variant) }
                } else {
                    renderer.update(frame.tree, frame.presentation, changed: changed, for: target)
                }
                let statistics = try renderer.execute(into: target)
                patched.append((try target.read(), statistics.patchedLeaves))
                let whole = try Renderer(render)
                try upload(whole)
                let other = try OffscreenTarget(render, width: 160, height: 100, layout: layout)
                whole.build(frame.tree, frame.presentation, for: other)
                _ = try whole.execute(into: other)
                fresh.append(try other.read())
            }
            return (patched, fresh, variants)
        }
        #expect(variants == [.fill, .blit, .blit, .blit])
        for k in frames.indices {
            #expect(patched[k].0.bytes == fresh[k].bytes, "frame \(k)")
        }
        // The fading contents leave their `blit` run for the update; the others are patched.
        #expect(patched.dropFirst().allSatisfy { $0.1 >= 3 }, "\(patched.map(\.1))")
    }
}
