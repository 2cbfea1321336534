import Foundation
import Lamina
import LaminaCore
import LaminaModel
import LaminaScene
import Testing

extension ClientLibraryTests {
    /// One change, three committers: the client library against a daemon, the daemon itself, and the
    /// scene player compiling the same change from a scene file. They must add the same implicit
    /// animations and show the same presentation values at the same time after the commit.
    @Test("the client library, the daemon and the scene player make the same implicit animations and values")
    func threeWays() throws {
        let (daemon, connection) = try open(["--size", "200x100"])
        defer { withExtendedLifetime(daemon) {} }
        // The client library: a committed layer, then one transaction changing two properties.
        let layer = Layer(name: "box")
        layer.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        layer.opacity = 1
        connection.addLayer(layer)
        try connection.synchronize()
        Transaction.begin()
        Transaction.animationDuration = 2
        Transaction.animationTimingFunction = .linear
        layer.position = Point(x: 110, y: 10)  // from (10, 10): x moves 100 points in 2 s
        layer.opacity = 0.2
        Transaction.commit()
        try connection.synchronize()

        // The scene player: the same layer, the same change at scene time 1.
        let scene = #"""
            {"lamina": 1, "canvas": {"width": 200, "height": 100},
             "layers": [{"name": "box", "frame": [0, 0, 20, 20], "opacity": 1}],
             "timeline": [{"at": 1, "animationDuration": 2, "animationTimingFunction": "linear",
                           "set": {"box": {"position": [110, 10], "opacity": 0.2}}}]}
            """#
        let script = try SceneLoader.load(Array(scene.utf8), file: "three-ways.json")

        // The implicit animations: the library's objects, the scene's operations and the one rule.
        var settings = TransactionSettings.initial
        settings.animationDuration = 2
        settings.animationTimingFunction = .linear
        for key in ["position", "opacity"] {
            guard let rule = Actions.defaultAction(forKey: key, settings: settings) else {
                Issue.record("no default action for \(key)")
                return
            }
            let library = try #require(layer.animation(forKey: key) as? Lamina.BasicAnimation)
            #expect(library.keyPath == key && library.duration == rule.timing.duration)
            #expect(library.timingFunction == rule.timingFunction && library.fromValue == nil && library.toValue == nil)
            let scenes = script.steps[1].operations.compactMap { op -> LaminaCore.Animation? in
                if case .addAnimation(_, let animation, key) = op { return animation }
                return nil
            }
            #expect(scenes == [rule], "the scene's \(key) animation")
        }

        // The values: the daemon's at its time; the library's mirror and the scene at the same time
        // after the commit. The commit time comes from the daemon's linear x: 10 + 50 · (t − commit).
        var compared = 0
        for _ in 0..<3 {
            let (time, shown) = try connection.daemonPresentation(of: layer)
            guard case .point(let position) = shown["position"], case .number(let opacity) = shown["opacity"] else {
                Issue.record("no values")
                return
            }
            guard position.x > 10, position.x < 110 else { continue }  // only while it animates
            let elapsed = (position.x - 10) / 50
            let mirror = try #require(layer.presentation(atMediaTime: time))
            #expect(abs(mirror.position.x - position.x) < 1e-9 && abs(mirror.opacity - opacity) < 1e-9)
            var (store, client) = script.store(at: 1 + elapsed)
            var presentation = Presentation()
            var events: [AnimationEvent] = []
            store.evaluate(at: 1 + elapsed, into: &presentation, events: &events)
            let id = try #require(store.layer(script.handles.first { $0.name == "box" }!.handle, of: client))
            let played = presentation.values(of: id, in: store.tree)
            #expect(abs(played[.position].x - position.x) < 1e-9 && abs(played[.position].y - position.y) < 1e-9)
            #expect(abs(played[.opacity] - opacity) < 1e-9, "opacity \(played[.opacity]) against \(opacity)")
            compared += 1
        }
        #expect(compared > 0, "the animation ended before the first presentation query")
    }
}
