import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

@Suite("Drawing: backgrounds, transforms, order")
struct BasicDrawingTests {
    @Test("A background colour fills exactly the layer's frame")
    func background() throws {
        var scene = TestScene(width: 40, height: 30)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.position] = Point(x: 15, y: 10)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        // Frame: x 5..<25, y 5..<15.
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[24, 14] == pixel(255, 0, 0))
        #expect(drawn[4, 5] == transparent)
        #expect(drawn[25, 5] == transparent)
        #expect(drawn[5, 4] == transparent)
        #expect(drawn[5, 15] == transparent)
    }
}

extension BasicDrawingTests {
    /// A square of `size` in `color` centred at `center`.
    @discardableResult
    static func square(_ scene: inout TestScene, in parent: LayerID? = nil, center: Point, size: Double, color: Color)
        -> LayerID
    {
        scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: size, height: size)
            $0[.position] = center
            $0[.backgroundColor] = color
        }
    }

    @Test("anchorPoint (0, 0) puts the layer's top-left corner at its position")
    func anchorPoint() throws {
        var scene = TestScene(width: 40, height: 30)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.position] = Point(x: 5, y: 5)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[24, 14] == pixel(255, 0, 0))
        #expect(drawn[25, 14] == transparent)
        #expect(drawn[4, 5] == transparent)
    }

    @Test("A 90° rotation turns a wide layer tall about its anchor point")
    func rotation() throws {
        var scene = TestScene(width: 40, height: 40)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 10)
            $0[.position] = Point(x: 20, y: 20)
            $0[.transform] = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        // Now x 15..<25, y 10..<30.
        #expect(drawn[20, 11] == pixel(255, 0, 0))
        #expect(drawn[16, 28] == pixel(255, 0, 0))
        #expect(drawn[12, 20] == transparent)
        #expect(drawn[27, 20] == transparent)
        #expect(drawn[20, 8] == transparent)
    }

    @Test("A scale transform grows the layer about its anchor point")
    func scale() throws {
        var scene = TestScene(width: 40, height: 40)
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
            $0[.position] = Point(x: 20, y: 20)
            $0[.transform] = Transform3D(scaleX: 2, y: 3, z: 1)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        // x 10..<30, y 5..<35.
        #expect(drawn[10, 5] == pixel(255, 0, 0))
        #expect(drawn[29, 34] == pixel(255, 0, 0))
        #expect(drawn[9, 20] == transparent)
        #expect(drawn[20, 35] == transparent)
    }

    @Test("The canvas scale turns points into pixels")
    func canvasScale() throws {
        var scene = TestScene(width: 40, height: 40)
        scene.scale = 2
        scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 5, height: 5)
            $0[.position] = Point(x: 5, y: 5)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        // Points 2.5..<7.5 are pixels 5..<15.
        #expect(drawn[5, 5] == pixel(255, 0, 0))
        #expect(drawn[14, 14] == pixel(255, 0, 0))
        #expect(drawn[15, 10] == transparent)
        #expect(drawn[4, 10] == transparent)
    }

    @Test("bounds.origin scrolls the sublayers; sublayerTransform applies about the anchor point")
    func sublayerSpace() throws {
        var scene = TestScene(width: 60, height: 40)
        let scroller = scene.layer {
            $0[.bounds] = Rect(x: 10, y: 0, width: 20, height: 20)
            $0[.position] = Point(x: 10, y: 10)
        }
        Self.square(&scene, in: scroller, center: Point(x: 15, y: 5), size: 4, color: red)
        let zoom = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20)
            $0[.position] = Point(x: 45, y: 20)
            $0[.sublayerTransform] = Transform3D(scaleX: 2, y: 2, z: 1)
        }
        // At the parent's anchor (10, 10): the scale leaves the centre where it is and doubles the size.
        Self.square(&scene, in: zoom, center: Point(x: 10, y: 10), size: 4, color: blue)
        let drawn = try draw(scene)
        // Scrolled: the square at x 13..17 in a space starting at 10 shows at canvas x 3..7, y 3..7.
        #expect(drawn[3, 3] == pixel(255, 0, 0))
        #expect(drawn[6, 6] == pixel(255, 0, 0))
        #expect(drawn[13, 5] == transparent)
        // Zoomed: 8x8 around (45, 20).
        #expect(drawn[41, 16] == pixel(0, 0, 255))
        #expect(drawn[48, 23] == pixel(0, 0, 255))
        #expect(drawn[40, 20] == transparent)
        #expect(drawn[49, 20] == transparent)
    }

    @Test("geometryFlipped puts a sublayer's y = 0 at the bottom of its superlayer")
    func geometryFlipped() throws {
        var scene = TestScene(width: 40, height: 40)
        let flipped = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 40)
            $0[.position] = Point(x: 20, y: 20)
            $0[.geometryFlipped] = true
        }
        Self.square(&scene, in: flipped, center: Point(x: 10, y: 5), size: 10, color: red)
        let drawn = try draw(scene)
        // y 0..10 measured from the bottom: rows 30..<40.
        #expect(drawn[10, 35] == pixel(255, 0, 0))
        #expect(drawn[10, 39] == pixel(255, 0, 0))
        #expect(drawn[10, 5] == transparent)
        #expect(drawn[10, 29] == transparent)
    }

    @Test("Perspective: a card turned about y under m34 has a taller near edge than far edge")
    func perspective() throws {
        var scene = TestScene(width: 100, height: 100)
        let stage = scene.perspectiveStage(size: 100, distance: 100)
        let card = Self.square(&scene, in: stage, center: Point(x: 50, y: 50), size: 60, color: red)
        scene.tree[card][.transform] = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let drawn = try draw(scene)
        // Where the card's corners land, from LaminaCore's own projection.
        func canvas(_ x: Double, _ y: Double) throws -> Point {
            try scene.tree.convert(Point(x: x, y: y), from: card, to: nil)
        }
        let topLeft = try canvas(0, 0)
        let bottomLeft = try canvas(0, 60)
        let topRight = try canvas(60, 0)
        let bottomRight = try canvas(60, 60)
        let leftHeight = bottomLeft.y - topLeft.y
        let rightHeight = bottomRight.y - topRight.y
        #expect(abs(leftHeight - rightHeight) > 10)  // the projection is not affine
        // Just inside each edge's middle, red; just beyond the shorter edge's top, clear.
        let shortX = leftHeight < rightHeight ? topLeft.x + 2 : topRight.x - 2
        let shortTop = leftHeight < rightHeight ? topLeft.y : topRight.y
        let longX = leftHeight < rightHeight ? topRight.x - 2 : topLeft.x + 2
        let longTop = leftHeight < rightHeight ? topRight.y : topLeft.y
        #expect(drawn[Int(shortX), 50] == pixel(255, 0, 0))
        #expect(drawn[Int(longX), 50] == pixel(255, 0, 0))
        #expect(drawn[Int(longX), Int(longTop) + 3] == pixel(255, 0, 0))
        #expect(drawn[Int(shortX), Int(shortTop) - 3] == transparent)
        #expect(drawn[Int(shortX), Int(longTop) + 1] == transparent)
    }

    @Test("anchorPointZ moves a layer away from the eye under its superlayer's perspective")
    func anchorPointZ() throws {
        var scene = TestScene(width: 60, height: 60)
        let stage = scene.perspectiveStage(size: 60, distance: 100)
        let card = Self.square(&scene, in: stage, center: Point(x: 30, y: 30), size: 30, color: red)
        scene.tree[card][.anchorPointZ] = 50  // z = -50: shrinks by 100 / 150 to 20x20
        let drawn = try draw(scene)
        #expect(drawn[30 - 9, 30] == pixel(255, 0, 0))
        #expect(drawn[30 + 8, 30 + 8] == pixel(255, 0, 0))
        #expect(drawn[30 - 12, 30] == transparent)
        #expect(drawn[30, 30 + 12] == transparent)
    }

    @Test("Sublayers draw in insertion order unless zPosition orders them")
    func zPositionOrder() throws {
        var scene = TestScene(width: 40, height: 20)
        let root = scene.layer { $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 20); $0[.position] = Point(x: 20, y: 10) }
        // Left pair: later sublayer on top. Right pair: the first one has the higher zPosition.
        Self.square(&scene, in: root, center: Point(x: 8, y: 10), size: 10, color: red)
        Self.square(&scene, in: root, center: Point(x: 12, y: 10), size: 10, color: blue)
        let front = Self.square(&scene, in: root, center: Point(x: 28, y: 10), size: 10, color: red)
        Self.square(&scene, in: root, center: Point(x: 32, y: 10), size: 10, color: blue)
        scene.tree[front][.zPosition] = 1
        let drawn = try draw(scene)
        #expect(drawn[10, 10] == pixel(0, 0, 255))
        #expect(drawn[30, 10] == pixel(255, 0, 0))
        #expect(drawn[35, 10] == pixel(0, 0, 255))
    }

    @Test("An animated zPosition orders sublayers as a model one does")
    func animatedZPositionOrder() throws {
        var scene = TestScene(width: 20, height: 20)
        let root = scene.layer { $0[.bounds] = Rect(x: 0, y: 0, width: 20, height: 20); $0[.position] = Point(x: 10, y: 10) }
        let back = Self.square(&scene, in: root, center: Point(x: 8, y: 10), size: 10, color: red)
        Self.square(&scene, in: root, center: Point(x: 12, y: 10), size: 10, color: blue)
        #expect(try draw(scene)[10, 10] == pixel(0, 0, 255))  // insertion order: blue on top
        try scene.tree.addAnimation(
            .basic(LayerKeyPath(.zPosition), from: .number(2), to: .number(4), timing: MediaTiming(duration: 1)),
            forKey: "raise", to: back)
        scene.evaluate(at: 0.5)
        #expect(try draw(scene)[10, 10] == pixel(255, 0, 0))  // raised by the animation alone
    }

    @Test("hidden hides the layer and its sublayers; so does opacity 0")
    func hidden() throws {
        var scene = TestScene(width: 40, height: 20)
        let hiddenParent = Self.square(&scene, center: Point(x: 10, y: 10), size: 10, color: red)
        scene.tree[hiddenParent][.hidden] = true
        Self.square(&scene, in: hiddenParent, center: Point(x: 5, y: 5), size: 10, color: blue)
        let clearParent = Self.square(&scene, center: Point(x: 30, y: 10), size: 10, color: red)
        scene.tree[clearParent][.opacity] = 0
        Self.square(&scene, in: clearParent, center: Point(x: 5, y: 5), size: 10, color: blue)
        let drawn = try draw(scene)
        #expect(drawn[10, 10] == transparent)
        #expect(drawn[30, 10] == transparent)
        #expect(drawn.statistics.instances == 0)
    }

    @Test("doubleSided false hides a layer turned away; true shows its back")
    func doubleSided() throws {
        var scene = TestScene(width: 40, height: 20)
        let oneSided = Self.square(&scene, center: Point(x: 10, y: 10), size: 10, color: red)
        scene.tree[oneSided][.transform] = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        scene.tree[oneSided][.doubleSided] = false
        let twoSided = Self.square(&scene, center: Point(x: 30, y: 10), size: 10, color: blue)
        scene.tree[twoSided][.transform] = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        let drawn = try draw(scene)
        #expect(drawn[10, 10] == transparent)
        #expect(drawn[30, 10] == pixel(0, 0, 255))
    }

    @Test("Opacity multiplies premultiplied colour; blending is source-over in sRGB")
    func opacity() throws {
        var scene = TestScene(width: 20, height: 20)
        scene.background = white
        let layer = Self.square(&scene, center: Point(x: 10, y: 10), size: 20, color: red)
        scene.tree[layer][.opacity] = 0.5
        let drawn = try draw(scene)
        // 0.5 red over white: (255, 128, 128) in sRGB values, no linearisation.
        #expect(drawn.expectPixel(10, 10, pixel(255, 128, 128), within: 1))
    }
}

@Suite("Drawing: animated layers")
struct AnimatedDrawingTests {
    /// A parent and a child with contents, with animations of a transform component, a lane of the
    /// bounds, the position, a colour, the opacity and the corner radius, evaluated halfway.
    static func animatedScene() throws -> (TestScene, [LayerID]) {
        var scene = TestScene(width: 64, height: 48)
        var image = RGBAImage(width: 4, height: 4, filledWith: SIMD4(20, 200, 90, 255), alpha: .straight)
        image[1, 2] = SIMD4(250, 10, 10, 255)
        scene.images[BitmapID(3)] = image
        let parent = scene.layer {
            $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 30)
            $0[.position] = Point(x: 30, y: 22)
            $0[.backgroundColor] = Color(red: 0, green: 0, blue: 1, alpha: 1)
        }
        let child = scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 16, height: 12)
            $0[.position] = Point(x: 20, y: 15)
            $0[.contents] = BitmapID(3)
            $0[.borderWidth] = 2
            $0[.borderColor] = Color(red: 1, green: 1, blue: 0, alpha: 1)
        }
        let timing = MediaTiming(duration: 1)
        let animations: [(LayerID, Animation)] = [
            (parent, .basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(0.6), timing: timing)),
            (parent, .basic(try LayerKeyPath("bounds.size.width"), from: .number(40), to: .number(50), timing: timing)),
            (parent, .basic(LayerKeyPath(.backgroundColor), to: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)), timing: timing)),
            (parent, .basic(LayerKeyPath(.cornerRadius), from: .number(0), to: .number(12), timing: timing)),
            (child, .basic(LayerKeyPath(.position), to: .point(Point(x: 10, y: 8)), timing: timing)),
            (child, .basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.4), timing: timing)),
            (child, .basic(LayerKeyPath(.transform), to: .transform(Transform3D(scaleX: 1.5, y: 0.5, z: 1)), timing: timing)),
        ]
        for (index, (layer, animation)) in animations.enumerated() {
            try scene.tree.addAnimation(animation, forKey: "a\(index)", to: layer)
        }
        scene.evaluate(at: 0.5)
        return (scene, [parent, child])
    }

    @Test("A frame mid-animation draws the presentation values: the same pixels as a still model holding them")
    func presentationValuesAreDrawn() throws {
        let (animated, layers) = try Self.animatedScene()
        var still = animated
        for layer in layers {
            still.tree[layer] = animated.presentation.values(of: layer, in: animated.tree)
            _ = try still.tree.removeAllAnimations(from: layer)
        }
        still.presentation = Presentation()
        #expect(still.tree[layers[0]][.cornerRadius] == 6)  // halfway: the values really moved
        #expect(still.tree[layers[1]][.opacity] == 0.7)

        let gpu = try makeContext()
        let moving = try draw(animated, on: gpu)
        let held = try draw(still, on: gpu)
        #expect(Self.differingPixels(moving.image, held.image) == 0)
        // And it differs from the model at rest, so the comparison can fail.
        var rest = animated
        rest.presentation = Presentation()
        #expect(Self.differingPixels(try draw(rest, on: gpu).image, moving.image) > 100)
    }

    /// How many pixels of two images of one size differ at all.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
        }
        return count
    }
}
