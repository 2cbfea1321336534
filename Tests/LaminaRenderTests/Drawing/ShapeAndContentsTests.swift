import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing

/// Bitmaps for contents tests.
enum Bitmaps {
    /// 2x2: red, green on top; blue, white below.
    static let quadrants = RGBAImage(
        width: 2, height: 2,
        bytes: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], alpha: .straight)

    /// One colour.
    static func solid(_ width: Int, _ height: Int, _ rgba: SIMD4<UInt8>) -> RGBAImage {
        RGBAImage(width: width, height: height, filledWith: rgba, alpha: .straight)
    }

    /// A `size` x `size` frame: a `border`-pixel black ring around white.
    static func framed(size: Int, border: Int) -> RGBAImage {
        var image = solid(size, size, SIMD4(255, 255, 255, 255))
        for y in 0..<size {
            for x in 0..<size where x < border || y < border || x >= size - border || y >= size - border {
                image[x, y] = SIMD4(0, 0, 0, 255)
            }
        }
        return image
    }

    /// Black and white one-pixel cells.
    static func checkerboard(_ size: Int) -> RGBAImage {
        var image = solid(size, size, SIMD4(255, 255, 255, 255))
        for y in 0..<size {
            for x in 0..<size where (x + y) % 2 == 0 { image[x, y] = SIMD4(0, 0, 0, 255) }
        }
        return image
    }
}

@Suite("Drawing: borders, corners, contents")
struct ShapeAndContentsTests {
    static let image = BitmapID(1)

    /// A scene with one layer of `size` at the origin (anchor top-left) configured by `configure`.
    static func oneLayer(
        width: Int = 40, height: Int = 40, size: Size = Size(width: 40, height: 40), image: RGBAImage? = nil,
        _ configure: (inout PropertyValues) -> Void
    ) -> TestScene {
        var scene = TestScene(width: width, height: height)
        if let image { scene.images[Self.image] = image }
        scene.layer {
            $0[.bounds] = Rect(origin: .zero, size: size)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            if image != nil { $0[.contents] = Self.image }
            configure(&$0)
        }
        return scene
    }

    @Test("The border is drawn inside the bounds, over the background")
    func border() throws {
        let drawn = try draw(Self.oneLayer { $0[.backgroundColor] = red; $0[.borderWidth] = 4; $0[.borderColor] = blue })
        #expect(drawn[0, 0] == pixel(0, 0, 255))
        #expect(drawn[3, 20] == pixel(0, 0, 255))
        #expect(drawn[36, 20] == pixel(0, 0, 255))
        #expect(drawn[20, 39] == pixel(0, 0, 255))
        #expect(drawn[4, 20] == pixel(255, 0, 0))
        #expect(drawn[20, 20] == pixel(255, 0, 0))
    }

    @Test("The border is drawn over contents and over sublayers")
    func borderOnTop() throws {
        var scene = Self.oneLayer(image: Bitmaps.solid(4, 4, SIMD4(0, 255, 0, 255))) {
            $0[.borderWidth] = 3
            $0[.borderColor] = blue
        }
        let root = scene.tree.roots[0]
        scene.layer(in: root) {
            $0[.bounds] = Rect(x: 0, y: 0, width: 40, height: 20)
            $0[.anchorPoint] = Point(x: 0, y: 0)
            $0[.backgroundColor] = red
        }
        let drawn = try draw(scene)
        #expect(drawn[1, 10] == pixel(0, 0, 255))  // border over the sublayer
        #expect(drawn[20, 10] == pixel(255, 0, 0))  // sublayer over contents
        #expect(drawn[1, 30] == pixel(0, 0, 255))  // border over contents
        #expect(drawn[20, 30] == pixel(0, 255, 0))  // contents
    }

    @Test("cornerRadius rounds the background with anti-aliased edges")
    func cornerRadius() throws {
        let drawn = try draw(Self.oneLayer { $0[.backgroundColor] = red; $0[.cornerRadius] = 10 })
        #expect(drawn[0, 0] == transparent)
        #expect(drawn[1, 1] == transparent)
        #expect(drawn[39, 39] == transparent)
        #expect(drawn[20, 0] == pixel(255, 0, 0))
        #expect(drawn[0, 20] == pixel(255, 0, 0))
        #expect(drawn[4, 4] == pixel(255, 0, 0))
        // (2.5, 3.5) lies 0.08 inside the arc about (10, 10): partly covered.
        let edge = drawn[2, 3]
        #expect(edge.w > 40 && edge.w < 230)
        #expect(edge.x == edge.w && edge.y == 0)  // premultiplied red
    }

    @Test("cornerRadius shapes the border too")
    func roundedBorder() throws {
        let drawn = try draw(Self.oneLayer { $0[.borderWidth] = 2; $0[.borderColor] = blue; $0[.cornerRadius] = 10 })
        #expect(drawn[1, 1] == transparent)
        #expect(drawn[20, 0] == pixel(0, 0, 255))
        #expect(drawn[20, 20] == transparent)
        // On the diagonal the ring lies between the arcs of radius 10 and 8 about (10, 10): 2.9...4.3.
        #expect(drawn[3, 3].z > 200)
        #expect(drawn[6, 6] == transparent)
    }

    @Test("Without masksToBounds cornerRadius leaves contents square; with it, contents are rounded")
    func roundedContents() throws {
        let green4 = Bitmaps.solid(4, 4, SIMD4(0, 255, 0, 255))
        let square = try draw(Self.oneLayer(image: green4) { $0[.cornerRadius] = 10 })
        #expect(square[0, 0] == pixel(0, 255, 0))
        let rounded = try draw(Self.oneLayer(image: green4) { $0[.cornerRadius] = 10; $0[.masksToBounds] = true })
        #expect(rounded[0, 0] == transparent)
        #expect(rounded[20, 20] == pixel(0, 255, 0))
        #expect(rounded[20, 0] == pixel(0, 255, 0))
    }

    @Test("contentsRect shows a part of the image; beyond the unit square the edge pixels extend")
    func contentsRect() throws {
        let part = try draw(
            Self.oneLayer(image: Bitmaps.quadrants) {
                $0[.contentsRect] = Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)
                $0[.magnificationFilter] = .nearest
            })
        #expect(part[0, 0] == pixel(0, 255, 0))
        #expect(part[39, 39] == pixel(0, 255, 0))
        let beyond = try draw(
            Self.oneLayer(image: Bitmaps.quadrants) {
                $0[.contentsRect] = Rect(x: -1, y: 0, width: 2, height: 1)
                $0[.magnificationFilter] = .nearest
            })
        // The left half samples u < 0: the image's left column (red above, blue below), repeated.
        #expect(beyond[5, 5] == pixel(255, 0, 0))
        #expect(beyond[5, 35] == pixel(0, 0, 255))
        #expect(beyond[25, 5] == pixel(255, 0, 0))
        #expect(beyond[35, 5] == pixel(0, 255, 0))
    }

    @Test("Every contentsGravity places a 10x10 image in 40x30 bounds", arguments: [
        (ContentsGravity.center, Rect(x: 15, y: 10, width: 10, height: 10)),
        (.top, Rect(x: 15, y: 0, width: 10, height: 10)),
        (.bottom, Rect(x: 15, y: 20, width: 10, height: 10)),
        (.left, Rect(x: 0, y: 10, width: 10, height: 10)),
        (.right, Rect(x: 30, y: 10, width: 10, height: 10)),
        (.topLeft, Rect(x: 0, y: 0, width: 10, height: 10)),
        (.topRight, Rect(x: 30, y: 0, width: 10, height: 10)),
        (.bottomLeft, Rect(x: 0, y: 20, width: 10, height: 10)),
        (.bottomRight, Rect(x: 30, y: 20, width: 10, height: 10)),
        (.resize, Rect(x: 0, y: 0, width: 40, height: 30)),
        (.resizeAspect, Rect(x: 5, y: 0, width: 30, height: 30)),
        (.resizeAspectFill, Rect(x: 0, y: -5, width: 40, height: 40)),
    ])
    func gravity(_ gravity: ContentsGravity, _ expected: Rect) throws {
        let scene = Self.oneLayer(
            width: 40, height: 30, size: Size(width: 40, height: 30),
            image: Bitmaps.solid(10, 10, SIMD4(255, 0, 0, 255))
        ) {
            $0[.contentsGravity] = gravity
            $0[.backgroundColor] = blue
        }
        let layout = ContentsLayout(pixelWidth: 10, pixelHeight: 10, values: scene.tree[scene.tree.roots[0]])
        #expect(layout.pieces.map(\.rect) == [expected])
        let drawn = try draw(scene)
        let visible = expected.intersection(Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(drawn[Int(visible.minX), Int(visible.minY)] == pixel(255, 0, 0))
        #expect(drawn[Int(visible.maxX) - 1, Int(visible.maxY) - 1] == pixel(255, 0, 0))
        if visible.minX > 0 { #expect(drawn[Int(visible.minX) - 1, Int(visible.midY)] == pixel(0, 0, 255)) }
        if visible.maxY < 30 { #expect(drawn[Int(visible.midX), Int(visible.maxY)] == pixel(0, 0, 255)) }
    }

    @Test("contentsScale: a 20-pixel image at scale 2 is 10 points")
    func contentsScale() throws {
        let drawn = try draw(
            Self.oneLayer(width: 40, height: 40, image: Bitmaps.solid(20, 20, SIMD4(255, 0, 0, 255))) {
                $0[.contentsGravity] = .topLeft
                $0[.contentsScale] = 2
            })
        #expect(drawn[9, 9] == pixel(255, 0, 0))
        #expect(drawn[10, 5] == transparent)
        #expect(drawn[5, 10] == transparent)
    }

    @Test("contentsCenter: corners keep their size, edges stretch one way, the centre both")
    func nineSlice() throws {
        let scene = Self.oneLayer(width: 30, height: 30, size: Size(width: 30, height: 30), image: Bitmaps.framed(size: 6, border: 2)) {
            $0[.contentsCenter] = Rect(x: 2.0 / 6, y: 2.0 / 6, width: 2.0 / 6, height: 2.0 / 6)
            $0[.magnificationFilter] = .nearest
        }
        let layout = ContentsLayout(pixelWidth: 6, pixelHeight: 6, values: scene.tree[scene.tree.roots[0]])
        #expect(layout.pieces.count == 9)
        #expect(layout.pieces[0].rect == Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(layout.pieces[4].rect == Rect(x: 2, y: 2, width: 26, height: 26))
        let drawn = try draw(scene)
        for (x, y) in [(0, 0), (1, 15), (15, 1), (28, 15), (15, 29), (29, 29)] {
            #expect(drawn[x, y] == pixel(0, 0, 0), "(\(x), \(y)) is on the frame")
        }
        for (x, y) in [(2, 15), (15, 2), (27, 27), (15, 15)] {
            #expect(drawn[x, y] == pixel(255, 255, 255), "(\(x), \(y)) is inside the frame")
        }
    }

    @Test("contentsCenter is ignored by non-resizing gravities")
    func nineSliceNeedsResizing() {
        let layout = ContentsLayout(
            pixelWidth: 6, pixelHeight: 6, bounds: Rect(x: 0, y: 0, width: 30, height: 30),
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1),
            contentsCenter: Rect(x: 0.3, y: 0.3, width: 0.3, height: 0.3), gravity: .center, scale: 1)
        #expect(layout.pieces.count == 1)
        #expect(layout.pieces[0].rect == Rect(x: 12, y: 12, width: 6, height: 6))
    }

    @Test("Magnification: nearest keeps texels sharp, linear blends them")
    func magnification() throws {
        let twoTexels = RGBAImage(width: 2, height: 1, bytes: [0, 0, 0, 255, 255, 255, 255, 255], alpha: .straight)
        let nearest = try draw(
            Self.oneLayer(width: 20, height: 10, size: Size(width: 20, height: 10), image: twoTexels) {
                $0[.magnificationFilter] = .nearest
            })
        let linear = try draw(
            Self.oneLayer(width: 20, height: 10, size: Size(width: 20, height: 10), image: twoTexels) {
                $0[.magnificationFilter] = .linear
            })
        #expect(nearest[9, 5] == pixel(0, 0, 0))
        #expect(nearest[10, 5] == pixel(255, 255, 255))
        // Column 9 samples u = 0.475: 45% of the way from the black texel's centre to the white one's.
        #expect(linear[9, 5].x > 90 && linear[9, 5].x < 140)
        #expect(linear[0, 5] == pixel(0, 0, 0))
    }

    @Test("Minification: trilinear averages through mipmaps where nearest picks single texels")
    func minification() throws {
        func scene(_ filter: ContentsFilter) -> TestScene {
            Self.oneLayer(width: 10, height: 10, size: Size(width: 10, height: 10), image: Bitmaps.checkerboard(64)) {
                $0[.minificationFilter] = filter
            }
        }
        let nearest = try draw(scene(.nearest))
        let trilinear = try draw(scene(.trilinear))
        var extremes = 0
        for y in 0..<10 {
            for x in 0..<10 {
                if nearest[x, y].x == 0 || nearest[x, y].x == 255 { extremes += 1 }
                #expect(trilinear[x, y].x > 100 && trilinear[x, y].x < 155, "(\(x), \(y)) = \(trilinear[x, y])")
            }
        }
        #expect(extremes == 100)
    }
}
