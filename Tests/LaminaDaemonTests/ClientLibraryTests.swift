import Foundation
import Lamina
import LaminaCore

// LaminaCore names its value types as the client library names its classes (BasicAnimation...), so
// the library's are written Lamina.X here.
import LaminaRender
import LaminaRenderList
import LaminaWire
import Testing
import LaminaTestSupport

/// The client library against a real `laminad`: implicit and explicit transactions, actions, completion
/// blocks, presentation values, display links, contents and errors. The library's state is one per
/// process (as Core Animation's is), so these run one at a time, each with its own daemon.
@MainActor
@Suite("Lamina client library", .serialized)
struct ClientLibraryTests {
    /// A daemon and a connection to it.
    func open(_ arguments: [String] = ["--size", "64x48"]) throws -> (DaemonProcess, Connection) {
        let daemon = try DaemonProcess(arguments)
        let connection = try Connection(name: "client-tests", path: daemon.socketPath)
        return (daemon, connection)
    }

    /// A top-level layer covering `frame`, committed.
    func committedLayer(_ connection: Connection, frame: Rect, color: Color = Color(red: 1, green: 0, blue: 0)) throws -> Layer {
        let layer = Layer(name: "box")
        layer.frame = frame
        layer.backgroundColor = color
        connection.addLayer(layer)
        try connection.synchronize()
        return layer
    }

    @Test("implicit animations: none for new layers, one for committed layers, none under disableActions")
    func implicitAnimations() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = Layer()
        layer.opacity = 0.5
        #expect(layer.animationKeys().isEmpty, "a layer never committed runs no actions")
        connection.addLayer(layer)
        try connection.synchronize()

        layer.opacity = 0.25
        #expect(layer.animationKeys() == ["opacity"])
        let implicit = try #require(layer.animation(forKey: "opacity") as? Lamina.BasicAnimation)
        #expect(implicit.duration == 0.25 && implicit.timingFunction == .default && implicit.keyPath == "opacity")
        #expect(implicit.fromValue == nil && implicit.toValue == nil)
        try connection.synchronize()
        // On the daemon: the opacity moves from 0.5 towards 0.25, so it is above the model value now.
        let (_, values) = try connection.daemonPresentation(of: layer)
        guard case .number(let shown) = values["opacity"] else { Issue.record("no opacity"); return }
        #expect(shown > 0.25 && shown <= 0.5)

        Transaction.begin()
        Transaction.disableActions = true
        layer.position = Point(x: 10, y: 10)
        Transaction.commit()
        #expect(!layer.animationKeys().contains("position"))
        // Properties that are not animatable run no action either.
        layer.contentsScale = 2
        #expect(!layer.animationKeys().contains("contentsScale"))
        try connection.synchronize()
    }

    @Test("a transaction that adds no animation runs its completion inside commit(), without waiting for the daemon")
    func completionWithoutAnimations() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // The daemon is stopped: it can neither apply the commit nor answer.
        kill(daemon.process.processIdentifier, SIGSTOP)
        defer { kill(daemon.process.processIdentifier, SIGCONT) }
        var fired = 0
        Transaction.begin()
        Transaction.disableActions = true
        Transaction.completionBlock = { fired += 1 }
        layer.opacity = 0.5
        Transaction.commit()
        #expect(fired == 1, "inside commit(), with no answer from the daemon")
        _ = try connection.processEvents()
        #expect(fired == 1, "once")
    }

    @Test("the implicit transaction's completion without animations runs when it commits, inside that commit")
    func implicitCompletionWithoutAnimations() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var fired: [String] = []
        Transaction.disableActions = true  // opens the implicit transaction
        Transaction.completionBlock = { fired.append("implicit") }
        layer.opacity = 0.5
        #expect(fired.isEmpty, "not before the implicit transaction commits")
        Transaction.flush()
        #expect(fired == ["implicit"], "inside the flush that committed it")
        try connection.synchronize()
        #expect(fired == ["implicit"], "once")
    }

    @Test("affineTransform() and setAffineTransform(_:) read and write the transform's 2D part")
    func affineTransform() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let turn = AffineTransform(rotationAngle: 0.5)
        Transaction.begin()
        Transaction.disableActions = true
        layer.setAffineTransform(turn)
        Transaction.commit()
        #expect(layer.transform == Transform3D(affine: turn))
        #expect(layer.affineTransform() == turn)
        try connection.synchronize()
        let (_, values) = try connection.daemonPresentation(of: layer)
        #expect(values["transform"] == .transform(Transform3D(affine: turn)))
        // A transform with depth has no affine part: the identity, as CATransform3DGetAffineTransform.
        Transaction.begin()
        Transaction.disableActions = true
        layer.transform = Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0)
        Transaction.commit()
        #expect(layer.affineTransform() == .identity)
        try connection.synchronize()
    }

    @Test("a display link's frame rate range picks a whole fraction of the output's rate")
    func frameRateRanges() {
        func k(_ minimum: Double, _ maximum: Double, _ preferred: Double?) -> Int {
            FrameRateRange(minimum: minimum, maximum: maximum, preferred: preferred).frameInterval(refresh: 60)
        }
        #expect(FrameRateRange.default.frameInterval(refresh: 60) == 1)  // every frame
        #expect(k(0, 0, 30) == 2)  // 30 Hz is 60 / 2
        #expect(k(0, 0, 24) == 3)  // 20 Hz is nearer 24 than 30 Hz
        #expect(k(0, 24, nil) == 3)  // the fastest at most 24: 20 Hz
        #expect(k(40, 0, 30) == 1)  // only 60 Hz is at least 40
        #expect(k(25, 35, 60) == 2)  // 30 Hz is the one in range
        #expect(k(100, 0, nil) == 1)  // nothing reaches 100 Hz: the nearest, 60
        #expect(k(0, 1, nil) == 60)  // once a second
        #expect(FrameRateRange(minimum: 0, maximum: 0, preferred: 50).frameInterval(refresh: 144) == 3)  // 48 Hz
    }

    @Test("the default action of contents cross-fades, as Core Animation's does; other properties animate their values")
    func contentsCrossFade() throws {
        let fade = try #require(Layer.defaultAction(forKey: "contents") as? Lamina.Transition)
        #expect(fade.type == .fade && fade.duration == 0.25 && fade.timingFunction == .default)
        let rule = try #require(Actions.defaultAction(forKey: "contents", settings: .initial))
        #expect(rule.kind == .transition(LaminaCore.Transition(type: .fade)))
        #expect(Layer.defaultAction(forKey: "opacity") is Lamina.BasicAnimation)
    }

    @Test("onOrderIn, onOrderOut and sublayers actions run when layers join and leave trees, not under disableActions")
    func orderActions() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let parent = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let other = try committedLayer(connection, frame: Rect(x: 20, y: 0, width: 20, height: 20))
        func fadeIn() -> Lamina.BasicAnimation {
            let fade = Lamina.BasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.duration = 0.5
            return fade
        }
        parent.actions = [Layer.sublayersKey: Lamina.Transition()]
        let child = Layer(name: "child")
        child.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        child.actions = [Layer.onOrderIn: fadeIn(), Layer.onOrderOut: Lamina.Transition()]
        // Made and added in one transaction: it fades in, and the parent's sublayers change.
        parent.addSublayer(child)
        #expect(child.animationKeys() == [Layer.onOrderIn])
        #expect(parent.animationKeys() == [Layer.sublayersKey])
        try connection.synchronize()
        // Moving between superlayers orders nothing in or out.
        child.removeAllAnimations()
        other.addSublayer(child)
        #expect(child.animationKeys().isEmpty)
        try connection.synchronize()
        child.removeFromSuperlayer()
        #expect(child.animationKeys() == [Layer.onOrderOut])
        try connection.synchronize()
        Transaction.begin()
        Transaction.disableActions = true
        child.removeAllAnimations()
        parent.addSublayer(child)
        Transaction.commit()
        #expect(child.animationKeys().isEmpty)
        try connection.synchronize()
    }

    @Test("a presentation copy has its presentation superlayer and sublayers, and hit-tests where layers are drawn mid-animation")
    func presentationHitTest() throws {
        let (daemon, connection) = try open(["--size", "200x100"])
        defer { withExtendedLifetime(daemon) {} }
        let container = Layer(name: "container")
        container.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let child = Layer(name: "child")
        child.frame = Rect(x: 15, y: 15, width: 10, height: 10)
        container.addSublayer(child)
        connection.addLayer(container)
        try connection.synchronize()
        // The model jumps to x 180; what is drawn slides there from 20 over 100 seconds.
        Transaction.begin()
        Transaction.disableActions = true
        child.position = Point(x: 180, y: 20)
        let slide = Lamina.BasicAnimation(keyPath: "position")
        slide.fromValue = Point(x: 20, y: 20)
        slide.duration = 100
        child.add(slide, forKey: "slide")
        Transaction.commit()
        try connection.synchronize()

        let shown = try #require(container.presentation())
        let shownChild = try #require(shown.sublayers?.first)
        #expect(shownChild.model() === child && shownChild.superlayer?.model() === container)
        #expect(shownChild.position.x < 30, "still near the start of the slide")
        let tap = shownChild.position
        #expect(shown.hitTest(tap)?.model() === child, "the tap lands on the child where it is drawn")
        #expect(container.hitTest(tap) === container, "the model has the child elsewhere")
        #expect(container.hitTest(Point(x: 180, y: 20)) === child)
    }

    final class Delegate: LayerDelegate {
        var answers: [String: any Action] = [:]
        var asked: [String] = []
        func action(for layer: Layer, forKey event: String) -> (any Action)? {
            asked.append(event)
            return answers[event]
        }
    }

    @Test("action lookup: delegate, then actions, then style, then the default; a null action stops it")
    func actionLookup() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let delegate = Delegate()
        layer.delegate = delegate
        let fromDelegate = Lamina.BasicAnimation(), fromActions = Lamina.BasicAnimation(), fromStyle = Lamina.BasicAnimation()
        fromDelegate.duration = 1
        fromActions.duration = 2
        fromStyle.duration = 3

        #expect(layer.action(forKey: "opacity") is Lamina.BasicAnimation)  // the default
        layer.style = ["actions": ["opacity": fromStyle] as [String: any Action]]
        #expect(layer.action(forKey: "opacity") === fromStyle)
        layer.actions = ["opacity": fromActions]
        #expect(layer.action(forKey: "opacity") === fromActions)
        delegate.answers["opacity"] = fromDelegate
        #expect(layer.action(forKey: "opacity") === fromDelegate)
        delegate.answers["opacity"] = NullAction.null
        #expect(layer.action(forKey: "opacity") == nil, "the delegate's null stops the search")
        delegate.answers["opacity"] = nil
        layer.actions["opacity"] = NullAction.null
        #expect(layer.action(forKey: "opacity") == nil, "a null in actions stops the search before the style")

        // Running them: the change adds a copy of the action found, under the property's name.
        layer.actions = [:]
        delegate.answers["opacity"] = fromDelegate
        layer.opacity = 0.5
        #expect(layer.animation(forKey: "opacity")?.duration == 1)
        #expect(layer.animation(forKey: "opacity") !== fromDelegate, "added animations are copies")
        #expect((layer.animation(forKey: "opacity") as? Lamina.BasicAnimation)?.keyPath == "opacity")
        delegate.answers["opacity"] = NullAction.null
        layer.removeAllAnimations()
        layer.opacity = 0.75
        #expect(layer.animationKeys().isEmpty)
        // disableActions still asks the delegate (the lookup happens) but runs nothing.
        delegate.asked = []
        delegate.answers = [:]
        Transaction.perform {
            Transaction.disableActions = true
            layer.cornerRadius = 2
        }
        #expect(delegate.asked == ["cornerRadius"] && layer.animationKeys().isEmpty)
        try connection.synchronize()
    }

    @Test("nested transactions: settings inherit inwards and end with their transaction; only the outermost commit sends")
    func nestedTransactions() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let appliedBefore = try connection.stats().transactionsApplied

        Transaction.begin()
        Transaction.animationDuration = 2
        Transaction.setValue("outer", forKey: "note")
        Transaction.begin()
        #expect(Transaction.animationDuration == 2 && Transaction.value(forKey: "note") as? String == "outer")
        Transaction.animationDuration = 0.5
        Transaction.animationTimingFunction = .easeIn
        layer.opacity = 0.5
        Transaction.commit()
        #expect(Transaction.animationDuration == 2 && Transaction.animationTimingFunction == nil)
        layer.cornerRadius = 4
        // Nothing has reached the daemon yet: the outer transaction is open.
        #expect(try connection.stats().transactionsApplied == appliedBefore)
        Transaction.commit()
        try connection.synchronize()
        #expect(try connection.stats().transactionsApplied == appliedBefore + 1)
        #expect(layer.animation(forKey: "opacity")?.duration == 0.5)
        #expect(layer.animation(forKey: "opacity")?.timingFunction == .easeIn)
        #expect(layer.animation(forKey: "cornerRadius")?.duration == 2)
        #expect(Transaction.animationDuration == 0.25, "back to the default outside any transaction")
        // Setting a transaction value with none open opens the implicit transaction, as in Core Animation.
        Transaction.animationDuration = 1.5
        layer.opacity = 0.3
        #expect(layer.animation(forKey: "opacity")?.duration == 1.5)
        try connection.synchronize()
        #expect(Transaction.animationDuration == 0.25, "the implicit transaction ended with its commit")
    }

    @Test("completion blocks: at once without animations, after the animations stop, nested ones for their own")
    func completionBlocks() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var fired: [String] = []

        Transaction.begin()
        Transaction.completionBlock = { fired.append("empty") }
        Transaction.commit()
        try connection.wait { fired == ["empty"] }

        Transaction.begin()
        Transaction.animationDuration = 0.6
        Transaction.completionBlock = {
            fired.append("outer")
            // Called when the outer transaction's animations have stopped: nothing animates any more.
            if let shown = layer.presentation() { fired.append(shown.opacity == 0.2 ? "at rest" : "moving") }
        }
        layer.opacity = 0.2
        Transaction.begin()
        Transaction.animationDuration = 0.1
        Transaction.completionBlock = { fired.append("inner") }
        layer.cornerRadius = 3
        Transaction.commit()
        Transaction.commit()
        try connection.synchronize()
        #expect(!fired.contains("outer"), "the 0.6 s animation is still running when the commit is applied")
        try connection.wait(timeout: 10) { fired.contains("outer") }
        #expect(fired == ["empty", "inner", "outer", "at rest"])
        #expect(layer.animationKeys().isEmpty, "finished animations leave the layer")
    }

    final class Recorder: AnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ animation: Lamina.Animation) { events.append("start") }
        func animationDidStop(_ animation: Lamina.Animation, finished: Bool) { events.append(finished ? "finished" : "removed") }
    }

    @Test("presentation() computed here equals the daemon's presentation query within 1e-6")
    func presentationAgrees() throws {
        let (daemon, connection) = try open(["--size", "200x200"])
        defer { withExtendedLifetime(daemon) {} }
        let layer = try committedLayer(connection, frame: Rect(x: 10, y: 10, width: 40, height: 30))
        let parent = try committedLayer(connection, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = Layer()
        child.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        parent.addSublayer(child)
        parent.speed = 0.5
        parent.timeOffset = 0.1
        try connection.synchronize()

        let recorder = Recorder()
        let move = Lamina.BasicAnimation(keyPath: \.position)
        move.fromValue = Point(x: 0, y: 0)
        move.toValue = Point(x: 100, y: 50)
        move.duration = 3
        move.timingFunction = .easeInEaseOut
        move.delegate = recorder
        layer.add(move, forKey: "move")
        let fade = Lamina.KeyframeAnimation(keyPath: "opacity")
        fade.values = [1.0, 0.2, 0.9]
        fade.keyTimes = [0, 0.3, 1]
        fade.duration = 2
        fade.repeatCount = .infinity
        fade.autoreverses = true
        layer.add(fade, forKey: "fade")
        let spring = Lamina.SpringAnimation(keyPath: "bounds.size.width")
        spring.fromValue = 10.0
        spring.toValue = 80.0
        spring.damping = 5
        layer.add(spring, forKey: "spring")
        let turn = Lamina.BasicAnimation(keyPath: "transform.rotation.z")
        turn.byValue = Double.pi
        turn.duration = 4
        child.add(turn, forKey: "turn")
        layer.cornerRadius = 8  // and an implicit one
        try connection.synchronize()

        for _ in 0..<3 {
            for target in [layer, child] {
                let (time, daemonValues) = try connection.daemonPresentation(of: target)
                let mine = try #require(target.presentation(atMediaTime: time))
                for row in LayerProperties.table {
                    let local = try mine.value(forKeyPath: row.name)
                    let remote = try #require(daemonValues[row.name])
                    #expect(close(local, remote), "\(row.name): here \(local), daemon \(remote)")
                }
            }
            try connection.processEvents(timeout: 0.05)
        }
        #expect(layer.presentation() != nil && layer.presentation()?.model() === layer)
        try connection.wait { recorder.events.contains("start") }
        layer.removeAnimation(forKey: "move")
        try connection.wait { recorder.events == ["start", "removed"] }
    }


    @Test("a display link calls back once per frame on the daemon's clock, at a preferred lower rate, and not while paused")
    func displayLinkRate() throws {
        let (daemon, connection) = try open(["--size", "16x16", "--refresh", "60"])
        defer { withExtendedLifetime(daemon) {} }
        var stamps: [Double] = []
        let link = DisplayLink { stamps.append($0.timestamp) }
        link.add(to: connection)
        try connection.wait(timeout: 10) { stamps.count >= 31 }
        let steps = zip(stamps.dropFirst(), stamps).map { $0 - $1 }.sorted()
        #expect(abs(steps[steps.count / 2] - 1.0 / 60) < 0.1 / 60, "median step \(steps[steps.count / 2])")
        #expect(link.targetTimestamp > link.timestamp)

        stamps = []
        link.preferredFrameRateRange = FrameRateRange(minimum: 20, maximum: 30, preferred: 30)
        try connection.wait(timeout: 10) { stamps.count >= 16 }
        let slower = zip(stamps.dropFirst(), stamps).map { $0 - $1 }.sorted()
        #expect(abs(slower[slower.count / 2] - 2.0 / 60) < 0.1 / 60, "median step \(slower[slower.count / 2])")

        link.isPaused = true
        try connection.processEvents(timeout: 0.05)  // a frame already asked for may still come
        let count = stamps.count
        try connection.processEvents(timeout: 0.2)
        #expect(stamps.count == count, "no callbacks while paused")
        link.invalidate()
    }

    final class Painter: LayerDelegate {
        var draws = 0
        func draw(_ layer: Layer, in context: DrawingContext) {
            draws += 1
            context.fill(Rect(x: 0, y: 0, width: context.size.width / 2, height: context.size.height), with: Color(red: 0, green: 1, blue: 0))
            context.fill(
                Rect(x: context.size.width / 2, y: 0, width: context.size.width / 2, height: context.size.height),
                with: Color(red: 0, green: 0, blue: 1))
        }
    }

    @Test("contents from a PNG file and from cairo drawing, pixel-checked on a screenshot; one bitmap on many layers is sent once")
    func contentsOnScreen() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let png = daemon.folder.appendingPathComponent("tile.png").path
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { pixels += (x + y) % 2 == 0 ? [255, 255, 0, 255] : [255, 0, 255, 255] } }
        try PNG.write(RGBAImage(width: 4, height: 4, bytes: pixels, alpha: .straight), toFile: png)
        let tile = try Bitmap(pngFile: png)
        var tiles: [Layer] = []
        for i in 0..<3 {
            let layer = Layer()
            layer.frame = Rect(x: Double(i) * 8, y: 0, width: 4, height: 4)
            layer.contents = tile
            layer.magnificationFilter = .nearest
            connection.addLayer(layer)
            tiles.append(layer)
        }
        let painter = Painter()
        let drawn = Layer()
        drawn.delegate = painter
        drawn.needsDisplayOnBoundsChange = true
        drawn.frame = Rect(x: 0, y: 20, width: 20, height: 10)
        connection.addLayer(drawn)
        try connection.synchronize()
        #expect(painter.draws == 1, "bounds set on a layer that redraws on bounds change: drawn once, at commit")

        let shot = try connection.screenshot()
        let yellow = SIMD4<UInt8>(255, 255, 0, 255), magenta = SIMD4<UInt8>(255, 0, 255, 255)
        for i in 0..<3 {
            #expect(shot[i * 8, 0] == yellow && shot[i * 8 + 1, 0] == magenta && shot[i * 8 + 1, 1] == yellow)
        }
        #expect(shot[4, 0] == SIMD4<UInt8>(0, 0, 0, 0))
        #expect(shot[2, 22] == SIMD4<UInt8>(0, 255, 0, 255) && shot[17, 27] == SIMD4<UInt8>(0, 0, 255, 255))
        let stats = try connection.stats()
        #expect(stats.textures == 2 && stats.pools == 1, "the tile's pixels went once: \(stats)")

        drawn.bounds = Rect(x: 0, y: 0, width: 30, height: 10)
        try connection.synchronize()
        #expect(painter.draws == 2)
        #expect(drawn.contents?.width == 30)
        _ = tiles
    }

    @Test("an opaque layer draws an opaque bitmap: black where nothing was drawn, and its background hidden")
    func opaqueLayers() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        final class LeftHalf: LayerDelegate {
            func draw(_ layer: Layer, in context: DrawingContext) {
                context.fill(Rect(x: 0, y: 0, width: context.size.width / 2, height: context.size.height), with: Color(red: 0, green: 1, blue: 0))
            }
        }
        let painter = LeftHalf()
        var layers: [Layer] = []
        for (i, opaque) in [true, false].enumerated() {
            let layer = Layer()
            layer.delegate = painter
            layer.isOpaque = opaque
            layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
            layer.frame = Rect(x: Double(i) * 30, y: 0, width: 20, height: 10)
            layer.setNeedsDisplay()
            connection.addLayer(layer)
            layers.append(layer)
        }
        try connection.synchronize()
        #expect(layers[0].contents?.isOpaque == true && layers[1].contents?.isOpaque == false)
        let shot = try connection.screenshot()
        let green = SIMD4<UInt8>(0, 255, 0, 255)
        #expect(shot[2, 5] == green && shot[32, 5] == green)
        #expect(shot[15, 5] == SIMD4<UInt8>(0, 0, 0, 255), "the undrawn half of an opaque bitmap is black")
        #expect(shot[45, 5] == SIMD4<UInt8>(255, 0, 0, 255), "a transparent half shows the background")
    }

    @Test("errors are typed: no daemon, a commit the daemon rejects, an edit refused before sending")
    func typedErrors() throws {
        #expect(throws: LaminaError.self) { try Connection(path: "/nonexistent/lamina.sock") }
        do {
            _ = try Connection(path: "/nonexistent/lamina.sock")
        } catch {
            guard case .noDaemon(let tried, _) = error else { Issue.record("\(error)"); return }
            #expect(tried == ["/nonexistent/lamina.sock"])
        }

        let (daemon, connection) = try open(["--size", "16x16", "--max-layers", "2"])

        defer { withExtendedLifetime(daemon) {} }
        var reported: [LaminaError] = []
        connection.onError = { reported.append($0) }
        let a = Layer(), b = Layer(), c = Layer()
        connection.addLayer(a)
        a.addSublayer(b)
        b.addSublayer(c)
        do {
            try connection.synchronize()
            Issue.record("three layers went past a limit of two")
        } catch {
            guard case .rejected(let code, _, let message) = error else { Issue.record("\(error)"); return }
            #expect(code == .limitExceeded && message.contains("limit of 2"))
        }
        #expect(reported.count == 1)

        // A cycle is refused here, named, and nothing changes.
        let (secondDaemon, second) = try open(["--size", "16x16"])
        defer { withExtendedLifetime(secondDaemon) {} }
        let parent = Layer(), child = Layer()
        second.addLayer(parent)
        parent.addSublayer(child)
        child.addSublayer(parent)
        #expect(parent.superlayer == nil && child.superlayer === parent)
        do {
            try second.synchronize()
            Issue.record("a cycle was accepted")
        } catch {
            guard case .invalidOperation(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("cycle"))
        }
        // The rest of the transaction still reached the daemon.
        let nodes = try second.tree()
        #expect(nodes.count == 2 && nodes[1].depth == 1)
    }

    @Test("every row of the property table is a Layer property with Core Animation's default, by name and by typed key path")
    func propertyTable() throws {
        let names = Layer.swiftPropertyNames
        #expect(Set(names.keys) == Set(LayerProperties.table.map(\.name)))
        #expect(names["hidden"] == "isHidden" && names["doubleSided"] == "isDoubleSided" && names["opacity"] == "opacity")
        let layer = Layer()
        for row in LayerProperties.table where row.type != .keyword {
            #expect(try layer.value(forKeyPath: row.name) == row.defaultValue, "\(row.name)")
            #expect(Layer.defaultValue(forKey: row.name) == row.defaultValue)
        }
        #expect(Layer.keyPathName(\Layer.isHidden) == "hidden" && Layer.keyPathName(\Layer.bounds.size.width) == "bounds.size.width")
        #expect(Lamina.BasicAnimation(keyPath: \.position.x).keyPath == "position.x")
        #expect(layer.shadowOffset == Size(width: 0, height: -3) && layer.anchorPoint == Point(x: 0.5, y: 0.5))
    }

    @Test("keyword properties read back by key path as their names, as Core Animation's string constants do, here and in the daemon's presentation")
    func keywordNames() throws {
        // Core Animation's defaults, by the names its constants have (kCAFillModeRemoved is "removed").
        let defaults: [String: String] = [
            "compositingFilter": "normal", "cornerCurve": "circular", "fillMode": "removed", "fillRule": "nonZero",
            "lineCap": "butt", "lineJoin": "miter", "gradientType": "axial", "alignmentMode": "natural",
            "truncationMode": "none", "emitterShape": "point", "emitterMode": "volume", "renderMode": "unordered",
            "scrollMode": "both",
        ]
        let keywordRows = LayerProperties.table.filter { $0.type == .keyword }
        #expect(Set(keywordRows.map(\.name)) == Set(defaults.keys), "the thirteen keyword properties")
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        for row in keywordRows {
            let layers: [LayerKind: Layer] = [.shape: ShapeLayer(), .gradient: GradientLayer(), .text: TextLayer(), .emitter: EmitterLayer(), .scroll: ScrollLayer()]
            let layer = row.kinds == .all ? Layer() : LayerKind.allCases.first { row.kinds.contains($0) }.flatMap { layers[$0] } ?? Layer()
            #expect(try layer.value(forKeyPath: row.name) == .string(defaults[row.name]!), "\(row.name) on a new layer")
            #expect(Layer.defaultValue(forKey: row.name) == .string(defaults[row.name]!))
            // Every choice goes in by name and comes back by name; the last one stays set.
            for name in row.choices {
                try layer.setValue(name, forKeyPath: row.name)
                #expect(try layer.value(forKeyPath: row.name) == .string(name))
            }
            #expect(throws: LaminaError.self) { try layer.setValue("sideways", forKeyPath: row.name) }
            connection.addLayer(layer)
            try connection.synchronize()
            let chosen = PropertyValue.string(row.choices.last!)
            #expect(try layer.presentation()?.value(forKeyPath: row.name) == chosen, "\(row.name) presented here")
            #expect(try connection.daemonPresentation(of: layer).values[row.name] == chosen, "\(row.name) from the daemon")
        }
        let error = #expect(throws: LaminaError.self) { try Layer().setValue("sideways", forKeyPath: "fillMode") }
        #expect("\(error!)".contains("'fillMode' has no choice 'sideways' (it takes removed, forwards, backwards, both)"))
    }

    @Test("the tree request lists every client's layers depth first; geometry conversions and hit tests use the model")
    func treeAndGeometry() throws {
        let (daemon, connection) = try open(["--size", "100x100"])
        defer { withExtendedLifetime(daemon) {} }
        let outer = Layer(name: "outer")
        outer.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        let inner = Layer(name: "inner")
        inner.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        outer.addSublayer(inner)
        let sibling = Layer(name: "sibling")
        outer.insertSublayer(sibling, below: inner)
        connection.addLayer(outer)
        try connection.synchronize()
        let nodes = try connection.tree()
        #expect(nodes.map(\.name) == ["outer", "sibling", "inner"])
        #expect(nodes.map(\.depth) == [0, 1, 1] && nodes.allSatisfy { $0.isAttached && $0.clientName == "client-tests" })
        #expect(outer.sublayers?.map(\.name) == ["sibling", "inner"])

        #expect(inner.convert(Point(x: 0, y: 0), to: nil) == Point(x: 15, y: 15))
        #expect(outer.convert(Point(x: 20, y: 20), from: nil) == Point(x: 10, y: 10))
        #expect(outer.hitTest(Point(x: 17, y: 17)) === inner)
        #expect(outer.hitTest(Point(x: 40, y: 40)) === outer)
        #expect(outer.hitTest(Point(x: 5, y: 5)) == nil)
        #expect(inner.contains(Point(x: 9, y: 9)) && !inner.contains(Point(x: 11, y: 9)))

        let replacement = Layer(name: "replacement")
        outer.replaceSublayer(sibling, with: replacement)
        try connection.synchronize()
        let after = try connection.tree()
        #expect(after.filter(\.isAttached).map(\.name) == ["outer", "replacement", "inner"])
        #expect(after.filter { !$0.isAttached }.map(\.name) == ["sibling"], "a removed layer lives on, off screen")
        // A name is settable, as CALayer's is, and the daemon's tree follows.
        inner.name = "renamed"
        sibling.name = nil
        try connection.synchronize()
        let renamed = try connection.tree()
        #expect(renamed.filter(\.isAttached).map(\.name) == ["outer", "replacement", "renamed"])
        #expect(renamed.filter { !$0.isAttached }.map(\.name) == [nil])
        #expect(sibling.superlayer == nil)
        try outer.setValue(0.5, forKeyPath: "opacity")
        try outer.setValue(30, forKeyPath: "position.x")
        #expect(outer.opacity == 0.5 && outer.position.x == 30)
        #expect(Layer.defaultValue(forKey: "anchorPoint") == .point(Point(x: 0.5, y: 0.5)))
        #expect(throws: LaminaError.self) { try outer.setValue(1.0, forKeyPath: "bogus") }
    }
}
