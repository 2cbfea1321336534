import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

@Suite("Drawing: transitions between a captured old appearance and the live new one")
struct TransitionTests {
    /// Draws a 40x20 layer at canvas x 20..<60, y 10..<30 that was red and is now blue, halfway through
    /// `transition`; the old appearance is captured first unless `capture` is false. Returns the frame
    /// and how many captured appearances the renderer holds after a second frame past the end.
    static func halfway(_ transition: Transition, capture: Bool = true) throws -> (DrawnScene, heldAfterEnd: Int) {
        var scene = TestScene(width: 80, height: 40)
        let layer = BasicDrawingTests.square(&scene, center: Point(x: 40, y: 20), size: 20, color: red)
        scene.tree[layer][.bounds] = Rect(x: 0, y: 0, width: 40, height: 20)
        let old = scene
        scene.tree[layer][.backgroundColor] = blue
        let added = try scene.tree.addAnimation(
            Animation(.transition(transition), timing: MediaTiming(duration: 1)), forKey: "transition", to: layer)
        scene.evaluate(at: 0.5)
        var after = scene
        after.evaluate(at: 2)
        let animation = added.id
        let (now, later) = (scene, after)
        let gpu = try makeContext()
        return try gpu.perform { render in
            let renderer = try Renderer(render)
            if capture {
                try renderer.captureAppearance(
                    of: layer, in: old.tree, old.presentation, width: 80, height: 40, for: animation)
            }
            let target = try OffscreenTarget(render, width: 80, height: 40)
            let statistics = try renderer.draw(now.tree, now.presentation, into: target)
            let image = try target.read()
            try renderer.draw(later.tree, later.presentation, into: target)
            return (
                DrawnScene(
                    image: image, statistics: statistics, drawCalls: statistics.drawCalls, stencilClips: 0, scissorClips: 0,
                    samplers: [], stencilAttached: false),
                renderer.capturedAppearances
            )
        }
    }

    @Test("fade cross-fades old and new")
    func fade() throws {
        let (drawn, held) = try Self.halfway(Transition(type: .fade))
        #expect(drawn.expectPixel(40, 20, pixel(128, 0, 127), within: 2))
        #expect(drawn[10, 20] == transparent)
        #expect(held == 0)
    }

    @Test("push: the new appearance pushes the old one out", arguments: [
        (TransitionSubtype.fromRight, [(30, 20, red), (50, 20, blue), (10, 20, red), (70, 20, blue)]),
        (.fromLeft, [(30, 20, blue), (50, 20, red), (10, 20, blue), (70, 20, red)]),
        (.fromTop, [(40, 15, blue), (40, 25, red), (40, 5, blue), (40, 35, red)]),
        (.fromBottom, [(40, 15, red), (40, 25, blue), (40, 5, red), (40, 35, blue)]),
    ])
    func push(_ subtype: TransitionSubtype, _ samples: [(Int, Int, Color)]) throws {
        let (drawn, _) = try Self.halfway(Transition(type: .push, subtype: subtype))
        for (x, y, color) in samples {
            #expect(drawn[x, y] == Self.bytes(color), "(\(x), \(y))")
        }
    }

    @Test("moveIn: the new appearance slides in over the old, which stays put")
    func moveIn() throws {
        let (drawn, _) = try Self.halfway(Transition(type: .moveIn, subtype: .fromRight))
        #expect(drawn[30, 20] == pixel(255, 0, 0))
        #expect(drawn[50, 20] == pixel(0, 0, 255))
        #expect(drawn[70, 20] == pixel(0, 0, 255))
        #expect(drawn[10, 20] == transparent)
        let (up, _) = try Self.halfway(Transition(type: .moveIn, subtype: .fromBottom))
        #expect(up[40, 15] == pixel(255, 0, 0))
        #expect(up[40, 25] == pixel(0, 0, 255))
    }

    @Test("reveal: the old appearance slides out on top of the new, which stays put")
    func reveal() throws {
        let (drawn, _) = try Self.halfway(Transition(type: .reveal, subtype: .fromRight))
        #expect(drawn[30, 20] == pixel(255, 0, 0))
        #expect(drawn[50, 20] == pixel(0, 0, 255))
        #expect(drawn[10, 20] == pixel(255, 0, 0))
        #expect(drawn[70, 20] == transparent)
        let (left, _) = try Self.halfway(Transition(type: .reveal, subtype: .fromLeft))
        #expect(left[50, 20] == pixel(255, 0, 0))
        #expect(left[30, 20] == pixel(0, 0, 255))
    }

    @Test("startProgress and endProgress narrow the transition")
    func progressRange() throws {
        // Halfway through 0.5...1 is progress 0.75 of a fade: a quarter red, three quarters blue.
        let (drawn, _) = try Self.halfway(Transition(type: .fade, startProgress: 0.5, endProgress: 1))
        #expect(drawn.expectPixel(40, 20, pixel(64, 0, 191), within: 2))
    }

    @Test("With no captured old appearance the transition comes from nothing")
    func fromNothing() throws {
        let (drawn, _) = try Self.halfway(Transition(type: .moveIn, subtype: .fromRight), capture: false)
        #expect(drawn[30, 20] == transparent)
        #expect(drawn[50, 20] == pixel(0, 0, 255))
    }

    static func bytes(_ color: Color) -> SIMD4<UInt8> {
        SIMD4(UInt8(color.red * 255), UInt8(color.green * 255), UInt8(color.blue * 255), UInt8(color.alpha * 255))
    }
}
