import Foundation
import Lamina
import LaminaCore
import LaminaWire
import Testing
import LaminaTestSupport

/// `ShapeLayer`, `GradientLayer` and `TextLayer` through the client library against a real `laminad`:
/// their properties travel the wire, animate in the daemon as computed here, and draw.
@MainActor
@Suite("Shape, gradient and text layers through the client library", .serialized)
struct LayerKindClientTests {
    func open(_ arguments: [String] = ["--size", "120x80"]) throws -> (DaemonProcess, Connection) {
        let daemon = try DaemonProcess(arguments)
        let connection = try Connection(name: "kind-tests", path: daemon.socketPath)
        return (daemon, connection)
    }

    @Test("the classes make layers of their kind with Core Animation's defaults; nil stands for the empty value")
    func classesAndDefaults() throws {
        let shape = ShapeLayer(), gradient = GradientLayer(), text = TextLayer()
        #expect(ShapeLayer.kind == .shape && GradientLayer.kind == .gradient && TextLayer.kind == .text && Layer.kind == .layer)
        #expect(shape.path == nil && shape.fillColor == .black && shape.strokeColor == nil && shape.lineWidth == 1)
        #expect(shape.fillRule == .nonZero && shape.lineCap == .butt && shape.lineJoin == .miter && shape.lineDashPattern == nil)
        #expect(gradient.colors == nil && gradient.locations == nil && gradient.type == .axial)
        #expect(gradient.startPoint == Point(x: 0.5, y: 0) && gradient.endPoint == Point(x: 0.5, y: 1))
        #expect(text.string == "" && text.font == "DejaVu Sans" && text.fontSize == 36 && text.foregroundColor == .white)
        #expect(text.alignmentMode == .natural && !text.isWrapped && text.truncationMode == .none)
        shape.fillColor = nil
        let stored = try shape.value(forKeyPath: "fillColor")
        #expect(shape.fillColor == nil && stored == .color(.clear))
        shape.path = try Path(svgPathData: "M0 0 L10 0")
        #expect(shape.path?.elements.count == 2)
        #expect(Lamina.BasicAnimation(keyPath: \ShapeLayer.strokeEnd).keyPath == "strokeEnd")
        #expect(Lamina.BasicAnimation(keyPath: \GradientLayer.startPoint.x).keyPath == "startPoint.x")
        #expect(Layer.swiftPropertyNames["gradientType"] == "type" && Layer.swiftPropertyNames["wrapped"] == "isWrapped")
    }

    @Test("presentation values of the new animatable properties agree between the client library and the daemon")
    func presentationAgrees() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let shape = ShapeLayer()
        shape.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        shape.path = try Path(svgPathData: "M0 0 L10 0 L10 10 Z")
        shape.strokeColor = Color(red: 0, green: 0, blue: 1)
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 40, y: 0, width: 40, height: 40)
        gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
        let text = TextLayer()
        text.frame = Rect(x: 80, y: 0, width: 40, height: 40)
        text.string = "Hi"
        for layer in [shape, gradient, text] as [Layer] { connection.addLayer(layer) }
        try connection.synchronize()

        Transaction.begin()
        Transaction.animationDuration = 3
        shape.fillColor = Color(red: 0, green: 1, blue: 0)  // implicit
        shape.lineWidth = 6
        shape.path = try Path(svgPathData: "M0 0 L30 0 L30 30 Z")  // point by point
        gradient.colors = [Color(red: 0, green: 1, blue: 0), .white]
        gradient.locations = [0.2, 0.9]
        gradient.startPoint = Point(x: 0, y: 0)
        text.foregroundColor = Color(red: 1, green: 0, blue: 0)
        text.fontSize = 12
        Transaction.commit()
        let stroke = Lamina.BasicAnimation(keyPath: \ShapeLayer.strokeEnd)
        stroke.fromValue = 0.0
        stroke.toValue = 1.0
        stroke.duration = 2
        stroke.timingFunction = .easeInEaseOut
        shape.add(stroke, forKey: "progress")
        try connection.synchronize()

        for _ in 0..<3 {
            for (layer, kind) in [(shape, LayerKind.shape), (gradient, .gradient), (text, .text)] as [(Layer, LayerKind)] {
                let (time, daemonValues) = try connection.daemonPresentation(of: layer)
                let mine = try #require(layer.presentation(atMediaTime: time))
                for key in LayerProperties.keys(of: kind) where key.descriptor.kinds == LayerKinds(kind) {
                    let local = try mine.value(forKeyPath: key.name)
                    let remote = try #require(daemonValues[key.name])
                    #expect(close(local, remote), "\(key.name): here \(local), daemon \(remote)")
                }
            }
            try connection.processEvents(timeout: 0.05)
        }
    }

    @Test("shapes and gradients are drawn by the daemon: pixels on a screenshot")
    func onScreen() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let shape = ShapeLayer()
        shape.path = try Path(svgPathData: "M10 10 H30 V30 H10 Z")
        shape.fillColor = Color(red: 1, green: 0, blue: 0)
        shape.strokeColor = Color(red: 0, green: 0, blue: 1)
        shape.lineWidth = 4
        shape.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 50, y: 0, width: 64, height: 10)
        gradient.colors = [.black, .white]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        connection.addLayer(shape)
        connection.addLayer(gradient)
        try connection.synchronize()
        let shot = try connection.screenshot()
        #expect(shot[20, 20] == SIMD4<UInt8>(255, 0, 0, 255), "fill: \(shot[20, 20])")
        #expect(shot[10, 20] == SIMD4<UInt8>(0, 0, 255, 255), "stroke: \(shot[10, 20])")
        #expect(shot[7, 20] == SIMD4<UInt8>(0, 0, 0, 0), "outside: \(shot[7, 20])")
        // The gradient's pixel x (of 64) sits at t = (x + 0.5) / 64.
        for x in [0, 16, 40, 63] {
            let expected = UInt8(((Double(x) + 0.5) / 64 * 255).rounded())
            let got = shot[50 + x, 5]
            #expect(abs(Int(got.x) - Int(expected)) <= 1 && got.w == 255, "x \(x): \(got), expected \(expected)")
        }
        // A change of strokeEnd redraws the stroke cut: the top edge's stroke (the path starts at the
        // top-left corner, going right) keeps its first quarter only.
        Transaction.begin()
        Transaction.disableActions = true
        shape.strokeEnd = 0.25
        Transaction.commit()
        try connection.synchronize()
        let cut = try connection.screenshot()
        #expect(cut[20, 10] == SIMD4<UInt8>(0, 0, 255, 255), "along the top: \(cut[20, 10])")
        #expect(cut[10, 20] == SIMD4<UInt8>(255, 0, 0, 255) || cut[10, 20].x > 200, "the left edge's stroke is gone: \(cut[10, 20])")
    }

    @Test("a client's costly shape is rasterised beside the frames: other layers keep animating while it is drawn")
    func costlyShapesDoNotHoldUpFrames() throws {
        let (daemon, connection) = try open(["--size", "480x320"])
        defer { withExtendedLifetime(daemon) {} }
        let spinner = Layer()
        spinner.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        spinner.backgroundColor = Color(red: 0, green: 1, blue: 0)
        connection.addLayer(spinner)
        let spin = Lamina.BasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        try connection.synchronize()

        // 50,000 elements (the most a 1 MiB message carries is about 60,000) zigzagging across the
        // whole output, filled and stroked: hundreds of milliseconds of rasterising.
        var zigzag = Path()
        zigzag.move(to: Point(x: 0, y: 20))
        for i in 0..<24_990 {
            let x = Double(i) * 480 / 24_990
            zigzag.addLine(to: Point(x: x, y: 300))
            zigzag.addLine(to: Point(x: x + 0.004, y: 20))
        }
        zigzag.closeSubpath()
        let heavy = ShapeLayer()
        heavy.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        heavy.path = zigzag
        heavy.fillColor = Color(red: 1, green: 0.5, blue: 0)
        heavy.strokeColor = Color(red: 0, green: 0, blue: 1)
        connection.addLayer(heavy)
        try connection.synchronize()
        let before = try connection.stats().framesDrawn
        // A screenshot is answered by the first frame after the raster is ready.
        let shot = try connection.screenshot()
        let after = try connection.stats().framesDrawn
        #expect(after - before >= 3, "frames kept coming while the shape was rasterised: \(after - before)")
        #expect(shot[240, 160].w == 255 && shot[240, 160] != SIMD4<UInt8>(0, 0, 0, 255), "the shape is drawn: \(shot[240, 160])")
    }

    @Test("a commit larger than the daemon's message limit is refused by the library, naming the limit, and the connection lives on")
    func oversizedCommits() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        var long = Path()
        for i in 0..<70_000 { long.addLine(to: Point(x: Double(i % 100), y: Double(i % 37))) }
        let shape = ShapeLayer()
        shape.path = long
        connection.addLayer(shape)
        do {
            try connection.synchronize()
            Issue.record("the oversized commit was not refused")
        } catch {
            #expect("\(error)".contains("over the daemon's limit of 1048576 bytes"), "\(error)")
        }
        let small = ShapeLayer()
        small.path = try Path(svgPathData: "M0 0 L10 10")
        connection.addLayer(small)
        try connection.synchronize()
        #expect(try connection.stats().clients == 1)
    }

    @Test("a scroll layer scrolls on its allowed axes; scrollRectToVisible and visibleRect follow the nearest scroll layer")
    func scrolling() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let scroller = ScrollLayer()
        scroller.frame = Rect(x: 0, y: 0, width: 50, height: 40)
        let content = Layer()
        content.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let item = Layer()
        item.frame = Rect(x: 120, y: 200, width: 10, height: 10)
        content.addSublayer(item)
        scroller.addSublayer(content)
        connection.addLayer(scroller)
        #expect(ScrollLayer.kind == .scroll && scroller.scrollMode == .both)
        Transaction.begin()
        Transaction.disableActions = true
        scroller.scroll(to: Point(x: 10, y: 20))
        #expect(scroller.bounds == Rect(x: 10, y: 20, width: 50, height: 40))
        scroller.scrollMode = .vertically
        scroller.scroll(to: Point(x: 99, y: 5))
        #expect(scroller.bounds.origin == Point(x: 10, y: 5))
        scroller.scrollMode = .both
        item.scrollRectToVisible(item.bounds)
        // The item's frame 120...130 x 200...210 in the content: scrolled the least to show it.
        #expect(scroller.bounds.origin == Point(x: 80, y: 170), "\(scroller.bounds)")
        #expect(item.visibleRect == item.bounds)
        #expect(content.visibleRect == Rect(x: 80, y: 170, width: 50, height: 40))
        Transaction.commit()
        try connection.synchronize()
        let (_, values) = try connection.daemonPresentation(of: scroller)
        #expect(values["bounds"] == .rect(Rect(x: 80, y: 170, width: 50, height: 40)))
    }

    @Test("a replicator's copies are drawn by the daemon, and filters too: pixels on a screenshot")
    func replicatorAndFilters() throws {
        let (daemon, connection) = try open()
        defer { withExtendedLifetime(daemon) {} }
        let replicator = ReplicatorLayer()
        #expect(ReplicatorLayer.kind == .replicator && replicator.instanceCount == 1 && replicator.instanceColor == .white)
        replicator.frame = Rect(x: 0, y: 0, width: 120, height: 20)
        replicator.instanceCount = 4
        replicator.instanceTransform = Transform3D(translationX: 25, y: 0, z: 0)
        replicator.instanceGreenOffset = 0.25
        let dot = Layer()
        dot.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = Color(red: 1, green: 0, blue: 0)
        replicator.addSublayer(dot)
        let blurred = Layer()
        blurred.frame = Rect(x: 40, y: 40, width: 20, height: 20)
        blurred.backgroundColor = .white
        blurred.filters = [LayerFilter(name: "soft", .blur(radius: 2)), LayerFilter(.colorMatrix([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]))]
        connection.addLayer(replicator)
        connection.addLayer(blurred)
        try connection.synchronize()
        let shot = try connection.screenshot()
        // Copy i's green channel is multiplied by i × 0.25 + 1 clamped: red stays red (green 0).
        for i in 0..<4 { #expect(shot[5 + 25 * i, 5] == SIMD4<UInt8>(255, 0, 0, 255), "copy \(i): \(shot[5 + 25 * i, 5])") }
        #expect(shot[105, 5] == SIMD4<UInt8>(0, 0, 0, 0), "no fifth copy")
        // The colour matrix drops red: cyan inside, and the blur spreads past the layer's edge.
        #expect(shot[50, 50] == SIMD4<UInt8>(0, 255, 255, 255), "inside the filtered layer: \(shot[50, 50])")
        #expect(shot[39, 50].w > 0 && shot[39, 50].w < 255, "blurred past the edge: \(shot[39, 50])")
        // filters.soft.blur set through the key path.
        Transaction.begin()
        Transaction.disableActions = true
        try blurred.setValue(0.0, forKeyPath: "filters.soft.blur")
        Transaction.commit()
        try connection.synchronize()
        #expect(try connection.screenshot()[39, 50] == SIMD4<UInt8>(0, 0, 0, 0), "no blur: nothing past the edge")
        #expect(blurred.filters?.first == LayerFilter(name: "soft", .blur(radius: 0)))
    }

    @Test("a transform layer's planes cut each other on the daemon's screen, and convert follows them")
    func transformLayer() throws {
        let (daemon, connection) = try open(["--size", "100x100"])
        defer { withExtendedLifetime(daemon) {} }
        let space = TransformLayer()
        #expect(TransformLayer.kind == .transform)
        space.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let flat = Layer(), turned = Layer()
        for (plane, color) in [(flat, Color(red: 1, green: 0, blue: 0)), (turned, Color(red: 0, green: 1, blue: 0))] {
            plane.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
            plane.position = Point(x: 50, y: 50)
            plane.backgroundColor = color
            space.addSublayer(plane)
        }
        turned.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        connection.addLayer(space)
        try connection.synchronize()
        let shot = try connection.screenshot()
        #expect(shot[40, 50] == SIMD4<UInt8>(0, 255, 0, 255), "left: the turned plane in front: \(shot[40, 50])")
        #expect(shot[60, 50] == SIMD4<UInt8>(255, 0, 0, 255), "right: the flat plane in front: \(shot[60, 50])")
    }
}
