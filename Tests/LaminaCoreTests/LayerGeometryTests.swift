import LaminaCore
import PropertyBased
import Testing
import LaminaTestSupport

/// A tree with one root the size of a 200x200 canvas at the canvas origin.
private func canvasTree() -> (LayerTree, LayerID) {
    var tree = LayerTree()
    let root = tree.create(name: "root")
    tree[root][.bounds] = Rect(x: 0, y: 0, width: 200, height: 200)
    tree[root][.position] = Point(x: 100, y: 100)
    return (tree, root)
}

@Suite("Geometry on the tree: frame, conversions, hit testing, time")
struct LayerGeometryTests {
    @Test("With the identity transform, frame = position - anchorPoint·size")
    func frameFromPosition() throws {
        var tree = LayerTree()
        let l = tree.create()
        tree[l][.bounds] = Rect(x: 7, y: 9, width: 100, height: 50)
        tree[l][.position] = Point(x: 200, y: 100)
        #expect(try tree.frame(of: l) == Rect(x: 150, y: 75, width: 100, height: 50))
    }

    @Test("Changing anchorPoint moves the frame, not position; it is not clamped")
    func anchorPointMovesFrame() throws {
        var tree = LayerTree()
        let l = tree.create()
        tree[l][.bounds] = Rect(x: 0, y: 0, width: 100, height: 50)
        tree[l][.position] = Point(x: 200, y: 100)
        tree[l][.anchorPoint] = Point(x: 0, y: 0)
        #expect(try tree.frame(of: l) == Rect(x: 200, y: 100, width: 100, height: 50))
        tree[l][.anchorPoint] = Point(x: 2, y: -1)
        #expect(tree[l][.position] == Point(x: 200, y: 100))
        #expect(try tree.frame(of: l) == Rect(x: 0, y: 150, width: 100, height: 50))
    }

    @Test("With a transform, frame is the bounding box of the bounds transformed about the anchor")
    func frameWithTransform() throws {
        var tree = LayerTree()
        let l = tree.create()
        tree[l][.bounds] = Rect(x: 0, y: 0, width: 100, height: 50)
        tree[l][.position] = Point(x: 200, y: 100)
        tree[l][.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(close(try tree.frame(of: l), Rect(x: 175, y: 50, width: 50, height: 100)))
        tree[l][.transform] = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(close(try tree.frame(of: l), Rect(x: 100, y: 50, width: 200, height: 100)))
    }

    @Test("Setting frame keeps bounds.origin, sets bounds.size (divided by the scale) and moves position")
    func setFrame() throws {
        var tree = LayerTree()
        let l = tree.create()
        tree[l][.bounds] = Rect(x: 5, y: 5, width: 1, height: 1)
        try tree.setFrame(Rect(x: 10, y: 20, width: 30, height: 40), of: l)
        #expect(tree[l][.bounds] == Rect(x: 5, y: 5, width: 30, height: 40))
        #expect(tree[l][.position] == Point(x: 25, y: 40))
        tree[l][.transform] = Transform3D(scaleX: 2, y: 4, z: 1).translatedBy(x: 3, y: 0, z: 0)
        try tree.setFrame(Rect(x: 0, y: 0, width: 100, height: 100), of: l)
        #expect(tree[l][.bounds].size == Size(width: 50, height: 25))
        #expect(close(try tree.frame(of: l), Rect(x: 0, y: 0, width: 100, height: 100)))
    }

    @Test("The transform applies about the anchor point and anchorPointZ")
    func transformAboutAnchor() throws {
        var (tree, root) = canvasTree()
        let l = tree.create()
        try tree.addSublayer(l, to: root)
        tree[l][.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        tree[l][.position] = Point(x: 50, y: 50)
        tree[l][.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(close(try tree.convert(Point(x: 0, y: 0), from: l, to: nil), Point(x: 100, y: 0)))
        tree[l][.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(close(try tree.convert(Point(x: 50, y: 50), from: l, to: nil), Point(x: 50, y: 50)))
        tree[l][.anchorPointZ] = 10
        #expect(close(try tree.convert(Point(x: 50, y: 50), from: l, to: nil), Point(x: 40, y: 50)))
    }

    @Test("A parent's sublayerTransform applies about the parent's anchor point")
    func sublayerTransform() throws {
        var (tree, root) = canvasTree()
        tree[root][.sublayerTransform] = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = tree.create()
        try tree.addSublayer(child, to: root)
        tree[child][.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        tree[child][.position] = Point(x: 155, y: 105)
        #expect(close(try tree.convert(Point.zero, from: child, to: nil), Point(x: 200, y: 100)))
        #expect(close(try tree.convert(Point.zero, from: child, to: root), Point(x: 200, y: 100)))
        // The child's own frame ignores the parent's sublayerTransform.
        #expect(try tree.frame(of: child) == Rect(x: 150, y: 100, width: 10, height: 10))
    }

    @Test("The parent's bounds.origin is the scroll offset of its sublayers")
    func boundsOriginScrolls() throws {
        var (tree, root) = canvasTree()
        tree[root][.bounds] = Rect(x: 0, y: 50, width: 200, height: 200)
        let child = tree.create()
        try tree.addSublayer(child, to: root)
        tree[child][.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        tree[child][.anchorPoint] = .zero
        tree[child][.position] = Point(x: 0, y: 50)
        #expect(close(try tree.convert(Point.zero, from: child, to: nil), Point.zero))
        tree[child][.position] = .zero
        #expect(close(try tree.convert(Point.zero, from: child, to: nil), Point(x: 0, y: -50)))
    }

    @Test("geometryFlipped flips the sublayers' y about the middle of the bounds")
    func geometryFlipped() throws {
        var (tree, root) = canvasTree()
        tree[root][.geometryFlipped] = true
        let child = tree.create()
        try tree.addSublayer(child, to: root)
        tree[child][.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        tree[child][.position] = Point(x: 20, y: 30)
        #expect(close(try tree.convert(Point(x: 5, y: 5), from: child, to: nil), Point(x: 20, y: 170)))
    }

    @Test("3D conversions project through perspective, and back onto the layer's plane")
    func perspectiveProjection() throws {
        var (tree, root) = canvasTree()
        tree[root][.sublayerTransform] = Transform3D(perspectiveDistance: 500)
        let child = tree.create()
        try tree.addSublayer(child, to: root)
        tree[child][.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        tree[child][.position] = Point(x: 100, y: 100)
        tree[child][.transform] = Transform3D(translationX: 0, y: 0, z: 100)
        #expect(close(try tree.convert(Point(x: 100, y: 50), from: child, to: nil), Point(x: 162.5, y: 100)))
        #expect(close(try tree.convert(Point(x: 162.5, y: 100), from: nil, to: child), Point(x: 100, y: 50)))
        // A tilted plane: a round trip lands where it started.
        tree[child][.transform] = Transform3D(rotationAngle: 1, x: 0, y: 1, z: 0)
        let p = Point(x: 80, y: 20)
        let there = try tree.convert(p, from: child, to: nil)
        #expect(close(try tree.convert(there, from: nil, to: child), p, 1e-9))
    }

    @Test("Separate trees convert through their roots; rects convert to the bounding box of their corners")
    func separateTreesAndRects() throws {
        var tree = LayerTree()
        let a = tree.create()
        let b = tree.create()
        tree[a][.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        tree[a][.position] = Point(x: 5, y: 5)
        tree[b][.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        tree[b][.position] = Point(x: 105, y: 105)
        #expect(try tree.convert(Point(x: 1, y: 1), from: a, to: b) == Point(x: -99, y: -99))
        tree[a][.transform] = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        let r = try tree.convert(Rect(x: 0, y: 0, width: 10, height: 10), from: a, to: nil)
        let half = 10 / 2.0.squareRoot()
        #expect(close(r, Rect(x: 5 - half, y: 5 - half, width: 2 * half, height: 2 * half)))
        #expect(try tree.convert(Rect.null, from: a, to: b).isNull)
    }

    @Test("Converting there and back is the identity")
    func conversionRoundTrip() async {
        await propertyCheck(input: planarTransforms, planarTransforms, points) { ta, tb, p in
            var (tree, root) = canvasTree()
            let a = tree.create()
            let mid = tree.create()
            let b = tree.create()
            try tree.addSublayer(mid, to: root)
            try tree.addSublayer(a, to: mid)
            try tree.addSublayer(b, to: root)
            tree[mid][.sublayerTransform] = tb
            for l in [a, b, mid] { tree[l][.bounds] = Rect(x: 3, y: -4, width: 40, height: 30) }
            tree[a][.transform] = ta
            tree[b][.transform] = tb.inverted()
            tree[b][.position] = Point(x: 17, y: 9)
            let there = try tree.convert(p, from: a, to: b)
            #expect(close(try tree.convert(there, from: b, to: a), p, 1e-7))
        }
    }

    @Test("hitTest: deepest wins, front to back by zPosition then order, hidden skipped, masksToBounds clips")
    func hitTest() throws {
        var (tree, root) = canvasTree()
        func layer(_ frame: Rect, in parent: LayerID) throws -> LayerID {
            let l = tree.create()
            try tree.addSublayer(l, to: parent)
            try tree.setFrame(frame, of: l)
            return l
        }
        let back = try layer(Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let front = try layer(Rect(x: 50, y: 50, width: 100, height: 100), in: root)
        let deep = try layer(Rect(x: 0, y: 0, width: 10, height: 10), in: front)  // at (50, 50) on the canvas
        #expect(try tree.hitTest(Point(x: 55, y: 55), in: root) == deep)
        #expect(try tree.hitTest(Point(x: 70, y: 70), in: root) == front)
        #expect(try tree.hitTest(Point(x: 10, y: 10), in: root) == back)
        #expect(try tree.hitTest(Point(x: 190, y: 190), in: root) == root)
        #expect(try tree.hitTest(Point(x: 250, y: 10), in: root) == nil)
        tree[back][.zPosition] = 1
        #expect(try tree.hitTest(Point(x: 70, y: 70), in: root) == back)
        tree[back][.hidden] = true
        #expect(try tree.hitTest(Point(x: 70, y: 70), in: root) == front)
        // A sublayer outside its parent's bounds is hit unless the parent masks to bounds.
        let outside = try layer(Rect(x: 120, y: 0, width: 10, height: 10), in: front)  // (170, 50)
        #expect(try tree.hitTest(Point(x: 175, y: 55), in: root) == outside)
        tree[front][.masksToBounds] = true
        #expect(try tree.hitTest(Point(x: 175, y: 55), in: root) == root)
        #expect(try tree.contains(Point(x: 5, y: 5), in: deep))
        #expect(try !tree.contains(Point(x: 10, y: 5), in: deep))
    }

    @Test("hitTest sees through transforms")
    func hitTestTransformed() throws {
        var (tree, root) = canvasTree()
        let l = tree.create()
        try tree.addSublayer(l, to: root)
        tree[l][.bounds] = Rect(x: 0, y: 0, width: 100, height: 10)
        tree[l][.position] = Point(x: 100, y: 100)
        tree[l][.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(try tree.hitTest(Point(x: 100, y: 60), in: root) == l)  // vertical now
        #expect(try tree.hitTest(Point(x: 60, y: 100), in: root) == root)
    }

    @Test("Layer time nests: t = (tp - beginTime)·speed + timeOffset, down the tree")
    func nestedTime() throws {
        var (tree, root) = canvasTree()
        let parent = tree.create()
        let child = tree.create()
        try tree.addSublayer(parent, to: root)
        try tree.addSublayer(child, to: parent)
        tree[parent][.speed] = 2
        tree[child][.speed] = 3
        tree[child][.beginTime] = 1
        tree[child][.timeOffset] = 0.5
        #expect(try tree.convertTime(2, from: nil, to: child) == 9.5)
        #expect(try tree.convertTime(9.5, from: child, to: nil) == 2)
        #expect(try tree.convertTime(9.5, from: child, to: parent) == 4)
        #expect(try tree.convertTime(4, from: parent, to: root) == 2)
    }

    @Test("Pausing and resuming a layer with Core Animation's recipe")
    func pauseResume() throws {
        var (tree, root) = canvasTree()
        let l = tree.create()
        try tree.addSublayer(l, to: root)
        tree[l][.speed] = 1.5
        let pausedTime = try tree.convertTime(10, from: nil, to: l)
        tree[l][.speed] = 0
        tree[l][.timeOffset] = pausedTime
        #expect(try tree.convertTime(13, from: nil, to: l) == pausedTime)
        tree[l][.speed] = 1
        tree[l][.timeOffset] = 0
        tree[l][.beginTime] = 0
        tree[l][.beginTime] = try tree.convertTime(20, from: nil, to: l) - pausedTime
        #expect(try tree.convertTime(20, from: nil, to: l) == pausedTime)
        #expect(try tree.convertTime(21, from: nil, to: l) == pausedTime + 1)
    }
}
