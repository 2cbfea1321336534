import LaminaCore
@testable import LaminaRender
@testable import LaminaRenderList
import Testing
import LaminaTestSupport

/// Opaque bitmaps, hidden-surface removal and the shortcuts that must not change a pixel: what lets a
/// screen of opaque windows cost one layer deep on a software rasteriser.
@Suite("Drawing: opaque contents, occlusion, exact sampling")
struct OpaqueDrawingTests {
    /// A `size` x `size` layer centred at `center` showing `bitmap`, over `background` if given.
    @discardableResult
    static func picture(
        _ scene: inout TestScene, _ bitmap: BitmapID, center: Point, size: Double, background: Color? = nil,
        in parent: LayerID? = nil
    ) -> LayerID {
        scene.layer(in: parent) {
            $0[.bounds] = Rect(x: 0, y: 0, width: size, height: size)
            $0[.position] = center
            $0[.contents] = bitmap
            if let background { $0[.backgroundColor] = background }
        }
    }

    @Test("The x formats ignore the fourth byte: every pixel is opaque")
    func opaqueFormats() throws {
        var scene = TestScene(width: 40, height: 20)
        // The fourth byte is 0: as bgra8/rgba8 these would be transparent (or worse, additive).
        scene.bitmaps[BitmapID(1)] = RawBitmap(4, 4, .bgrx8, filledWith: [0, 0, 255, 0])  // red
        scene.bitmaps[BitmapID(2)] = RawBitmap(4, 4, .rgbx8, filledWith: [0, 0, 255, 0])  // blue
        Self.picture(&scene, BitmapID(1), center: Point(x: 10, y: 10), size: 10, background: green)
        Self.picture(&scene, BitmapID(2), center: Point(x: 30, y: 10), size: 10, background: green)
        let drawn = try draw(scene)
        #expect(drawn[10, 10] == pixel(255, 0, 0))
        #expect(drawn[30, 10] == pixel(0, 0, 255))
        #expect(drawn[20, 10] == transparent)
    }

    @Test("A background under opaque contents is not drawn; under translucent contents it is")
    func backgroundUnderContents() throws {
        var scene = TestScene(width: 40, height: 20)
        scene.bitmaps[BitmapID(1)] = RawBitmap(10, 10, .bgrx8, filledWith: [0, 0, 255, 255])
        scene.bitmaps[BitmapID(2)] = RawBitmap(10, 10, .rgba8, filledWith: [0, 0, 128, 128])  // half blue
        Self.picture(&scene, BitmapID(1), center: Point(x: 10, y: 10), size: 10, background: green)
        Self.picture(&scene, BitmapID(2), center: Point(x: 30, y: 10), size: 10, background: red)
        let drawn = try draw(scene)
        #expect(drawn.statistics.instances == 4)
        #expect(drawn.statistics.occludedInstances == 1)
        #expect(drawn[10, 10] == pixel(255, 0, 0))
        #expect(drawn.expectPixel(30, 10, pixel(127, 0, 128)))  // blue over red, premultiplied
        // Every pixel of the opaque layer is its contents: nothing of the green shows, edges included.
        for y in 5..<15 { for x in 5..<15 { #expect(drawn[x, y] == pixel(255, 0, 0)) } }
    }

    @Test("A layer wholly behind an opaque one is skipped; one partly behind, or behind a translucent one, is not")
    func layersBehind() throws {
        var scene = TestScene(width: 60, height: 40)
        scene.bitmaps[BitmapID(1)] = RawBitmap(20, 20, .bgrx8, filledWith: [255, 255, 255, 0])  // white
        let behind = BasicDrawingTests.square(&scene, center: Point(x: 15, y: 15), size: 10, color: red)
        let partly = BasicDrawingTests.square(&scene, center: Point(x: 40, y: 15), size: 10, color: green)
        _ = (behind, partly)
        Self.picture(&scene, BitmapID(1), center: Point(x: 15, y: 15), size: 20)  // covers `behind`
        Self.picture(&scene, BitmapID(1), center: Point(x: 47, y: 15), size: 20)  // covers x 37...57 only
        let faded = Self.picture(&scene, BitmapID(1), center: Point(x: 15, y: 32), size: 10)
        scene.tree[faded][.opacity] = 0.5
        BasicDrawingTests.square(&scene, center: Point(x: 15, y: 32), size: 6, color: blue)  // on top: not hidden
        let drawn = try draw(scene)
        #expect(drawn.statistics.occludedInstances == 1)
        #expect(drawn[15, 15] == pixel(255, 255, 255))
        #expect(drawn[35, 15] == pixel(0, 255, 0))  // the uncovered strip of the partly covered layer
        #expect(drawn[40, 15] == pixel(255, 255, 255))
        #expect(drawn[15, 32] == pixel(0, 0, 255))
        #expect(drawn.expectPixel(11, 32, pixel(128, 128, 128, 128)))  // the half-transparent white
    }

    @Test("A solid background colour hides what lies under it; a transformed or clipped one does not")
    func colourOccluders() throws {
        var scene = TestScene(width: 60, height: 40)
        BasicDrawingTests.square(&scene, center: Point(x: 10, y: 10), size: 6, color: red)
        BasicDrawingTests.square(&scene, center: Point(x: 10, y: 10), size: 12, color: green)  // hides the red
        BasicDrawingTests.square(&scene, center: Point(x: 30, y: 10), size: 6, color: red)
        let turned = BasicDrawingTests.square(&scene, center: Point(x: 30, y: 10), size: 12, color: green)
        scene.tree[turned][.transform] = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        BasicDrawingTests.square(&scene, center: Point(x: 50, y: 10), size: 6, color: red)
        let rounded = BasicDrawingTests.square(&scene, center: Point(x: 50, y: 10), size: 12, color: green)
        scene.tree[rounded][.cornerRadius] = 3
        let drawn = try draw(scene)
        #expect(drawn.statistics.occludedInstances == 1)
        #expect(drawn[10, 10] == pixel(0, 255, 0))
        #expect(drawn[30, 10] == pixel(0, 255, 0))
        #expect(drawn[50, 10] == pixel(0, 255, 0))
    }

    @Test("Inside a clip a layer can be hidden but hides nothing; groups are left alone")
    func clipsAndGroups() throws {
        var scene = TestScene(width: 60, height: 40)
        // Under a clip: the inner layer is hidden by an opaque layer drawn later outside the clip.
        let clipper = BasicDrawingTests.square(&scene, center: Point(x: 15, y: 15), size: 20, color: red)
        scene.tree[clipper][.masksToBounds] = true
        BasicDrawingTests.square(&scene, in: clipper, center: Point(x: 10, y: 10), size: 16, color: blue)
        BasicDrawingTests.square(&scene, center: Point(x: 15, y: 15), size: 24, color: green)
        // A clipped opaque layer that would cover the layer under it if it were not clipped.
        BasicDrawingTests.square(&scene, center: Point(x: 45, y: 15), size: 10, color: red)
        let window = BasicDrawingTests.square(&scene, center: Point(x: 45, y: 15), size: 4, color: blue)
        scene.tree[window][.masksToBounds] = true
        BasicDrawingTests.square(&scene, in: window, center: Point(x: 2, y: 2), size: 20, color: green)
        // A group (a shadow) over a layer: its contents go to another target and hide nothing here.
        BasicDrawingTests.square(&scene, center: Point(x: 15, y: 34), size: 4, color: red)
        let shadowed = BasicDrawingTests.square(&scene, center: Point(x: 15, y: 34), size: 8, color: green)
        scene.tree[shadowed][.shadowOpacity] = 1
        let drawn = try draw(scene)
        // The clipper's background and its clipped sublayer are under the green layer.
        #expect(drawn.statistics.occludedInstances == 2)
        #expect(drawn[15, 15] == pixel(0, 255, 0))
        #expect(drawn[41, 15] == pixel(255, 0, 0))  // outside the 4-point window: the red shows
        #expect(drawn[45, 15] == pixel(0, 255, 0))
        #expect(drawn[15, 34] == pixel(0, 255, 0))
    }

    @Test("Contents landing texel for pixel sample nearest, which draws exactly the bitmap")
    func exactSampling() throws {
        var scene = TestScene(width: 40, height: 20)
        scene.images[BitmapID(1)] = Bitmaps.checkerboard(8)
        Self.picture(&scene, BitmapID(1), center: Point(x: 10, y: 10), size: 8)  // 6...14: whole pixels
        Self.picture(&scene, BitmapID(1), center: Point(x: 30.5, y: 10), size: 8)  // half a pixel off
        let drawn = try draw(scene)
        let nearest = SamplerChoice(minification: .nearest, magnification: .nearest)
        let linear = SamplerChoice(minification: .linear, magnification: .linear)
        #expect(drawn.samplers == [nearest, linear])
        for y in 0..<8 {
            for x in 0..<8 {
                #expect(drawn[6 + x, 6 + y] == Bitmaps.checkerboard(8)[x, y])
            }
        }
    }

    @Test("Scaled, flipped and scaled-by-the-target contents: exact only where texels meet pixels")
    func exactSamplingCases() {
        let piece = ContentsLayout.Piece(rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: SIMD4(0, 0, 1, 1))
        let at = Transform3D(translationX: 3, y: 4, z: 0)
        #expect(RenderListBuilder.isPixelExact(piece, world: at, width: 8, height: 8))
        #expect(!RenderListBuilder.isPixelExact(piece, world: at, width: 16, height: 16))
        let flipped = Transform3D(scaleX: 1, y: -1, z: 1).concatenating(Transform3D(translationX: 3, y: 12, z: 0))
        #expect(RenderListBuilder.isPixelExact(piece, world: flipped, width: 8, height: 8))
        let doubled = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(RenderListBuilder.isPixelExact(piece, world: doubled, width: 16, height: 16))
        #expect(!RenderListBuilder.isPixelExact(piece, world: doubled, width: 8, height: 8))
        let turned = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(!RenderListBuilder.isPixelExact(piece, world: turned, width: 8, height: 8))
        let sprite = ContentsLayout.Piece(rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: SIMD4(0.25, 0, 0.5, 1))
        #expect(RenderListBuilder.isPixelExact(sprite, world: at, width: 32, height: 8))
        let offTexel = ContentsLayout.Piece(rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: SIMD4(0.01, 0, 0.26, 1))
        #expect(!RenderListBuilder.isPixelExact(offTexel, world: at, width: 32, height: 8))
    }

    @Test("The stencil is attached only for frames that clip through it")
    func stencilOnDemand() throws {
        var scene = TestScene(width: 40, height: 40)
        let clipper = BasicDrawingTests.square(&scene, center: Point(x: 20, y: 20), size: 20, color: red)
        scene.tree[clipper][.masksToBounds] = true
        BasicDrawingTests.square(&scene, in: clipper, center: Point(x: 10, y: 10), size: 40, color: blue)
        let plain = try draw(scene)
        #expect(plain.stencilClips == 0)
        #expect(!plain.stencilAttached)
        #expect(plain[20, 20] == pixel(0, 0, 255))
        #expect(plain[5, 5] == transparent)
        // Clips nested under a rotation go through the stencil.
        scene.tree[clipper][.transform] = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        let inner = BasicDrawingTests.square(&scene, in: clipper, center: Point(x: 10, y: 10), size: 10, color: green)
        scene.tree[inner][.masksToBounds] = true
        BasicDrawingTests.square(&scene, in: inner, center: Point(x: 5, y: 5), size: 30, color: white)
        let clipped = try draw(scene)
        #expect(clipped.stencilClips == 1)
        #expect(clipped.stencilAttached)
        #expect(clipped[20, 20] == pixel(255, 255, 255))
        #expect(clipped[2, 2] == transparent)
    }

    @Test(
        "BGRA contents at full strength draw with the BLIT program, the same pixels into RGBA and BGRA targets",
        arguments: [OffscreenTarget.ColorLayout.rgba, .bgra])
    func blitRuns(layout: OffscreenTarget.ColorLayout) throws {
        var scene = TestScene(width: 80, height: 20)
        scene.layout = layout
        scene.bitmaps[BitmapID(1)] = RawBitmap(10, 10, .bgra8, filledWith: [0, 0, 255, 255])  // red, opaque
        scene.bitmaps[BitmapID(2)] = RawBitmap(10, 10, .bgrx8, filledWith: [255, 0, 0, 7])  // blue, x byte 7
        scene.bitmaps[BitmapID(3)] = RawBitmap(10, 10, .bgra8, filledWith: [0, 64, 0, 128])  // translucent green
        scene.bitmaps[BitmapID(4)] = RawBitmap(10, 10, .rgba8, filledWith: [255, 0, 0, 255])  // RGBA: not BGRA storage
        Self.picture(&scene, BitmapID(1), center: Point(x: 10, y: 10), size: 10)
        Self.picture(&scene, BitmapID(2), center: Point(x: 30, y: 10), size: 10, background: green)  // bg hidden
        Self.picture(&scene, BitmapID(3), center: Point(x: 50, y: 10), size: 10)
        let faded = Self.picture(&scene, BitmapID(1), center: Point(x: 70, y: 10), size: 10)
        scene.tree[faded][.opacity] = 0.5
        Self.picture(&scene, BitmapID(4), center: Point(x: 70, y: 3), size: 4)
        let drawn = try draw(scene)
        #expect(drawn.variants == [.blit, .blit, .blit, .plain, .plain])
        #expect(drawn[10, 10] == pixel(255, 0, 0))
        #expect(drawn[30, 10] == pixel(0, 0, 255))
        #expect(drawn[50, 10] == pixel(0, 64, 0, 128))
        #expect(drawn.expectPixel(70, 10, pixel(128, 0, 0, 128)))
        #expect(drawn[70, 3] == pixel(255, 0, 0))
        #expect(drawn[5, 2] == transparent)
    }

    @Test("Contents with alpha whose every pixel is opaque hide the background; a translucent repaint uncovers it")
    func opaquePixelsInAFormatWithAlpha() throws {
        let gpu = try makeContext()
        var scene = TestScene(width: 20, height: 20)
        Self.picture(&scene, BitmapID(1), center: Point(x: 10, y: 10), size: 10, background: green)
        let (tree, presentation) = (scene.tree, scene.presentation)
        let red = RawBitmap(10, 10, .bgra8, filledWith: [0, 0, 255, 255])
        // The same red with a half-transparent black pixel at (3, 4) of the bitmap: screen (8, 9).
        var hole = red
        hole.bytes.replaceSubrange(((4 * 10 + 3) * 4)..<((4 * 10 + 3) * 4 + 4), with: [0, 0, 0, 128])
        let holed = hole
        @Sendable func source(_ bitmap: RawBitmap, _ raw: UnsafeRawBufferPointer) -> PixelSource {
            PixelSource(width: 10, height: 10, bytesPerRow: 40, format: .bgra8, alpha: .premultiplied, bytes: raw)
        }
        let frames = try gpu.perform { render in
            let renderer = try Renderer(render)
            let target = try OffscreenTarget(render, width: 20, height: 20, layout: .bgra)
            var frames: [(image: RGBAImage, occluded: Int)] = []
            func frame(whole: Bool = false) throws {
                if whole {
                    renderer.build(tree, presentation, for: target)
                } else {
                    renderer.update(tree, presentation, changed: [], for: target)
                }
                let statistics = try renderer.execute(into: target)
                frames.append((try target.read(), statistics.occludedInstances))
            }
            try red.bytes.withUnsafeBytes { try renderer.textures.upload(BitmapID(1), source(red, $0)) }
            try frame(whole: true)
            // Only the damaged pixel is sent again: the texture is no longer opaque.
            try holed.bytes.withUnsafeBytes {
                try renderer.textures.update(BitmapID(1), source(holed, $0), damage: PixelRegion(x: 3, y: 4, width: 1, height: 1))
            }
            try frame()
            // All of it opaque again.
            try red.bytes.withUnsafeBytes { try renderer.textures.upload(BitmapID(1), source(red, $0)) }
            try frame()
            return frames
        }
        #expect(frames.map(\.occluded) == [1, 0, 1])
        #expect(frames[0].image[8, 9] == pixel(255, 0, 0))
        // Half-transparent black over the green background: green at half strength.
        #expect(nearlyEqual(frames[1].image[8, 9], pixel(0, 127, 0), within: 1))
        #expect(frames[1].image[9, 9] == pixel(255, 0, 0))
        #expect(frames[2].image[8, 9] == pixel(255, 0, 0))
    }

    @Test("Whether every pixel of a region is opaque: any width, any stride, only the region read")
    func everyPixelOpaque() {
        // 13 pixels a row (one run of eight and a tail of five), rows 60 bytes apart, 4 rows.
        var bytes = [UInt8](repeating: 255, count: 60 * 4)
        func opaque(_ region: PixelRegion) -> Bool {
            bytes.withUnsafeBytes {
                TextureCache.everyPixelOpaque(
                    PixelSource(width: 13, height: 4, bytesPerRow: 60, format: .bgra8, alpha: .premultiplied, bytes: $0),
                    in: region)
            }
        }
        let whole = PixelRegion(x: 0, y: 0, width: 13, height: 4)
        #expect(opaque(whole))
        bytes[2 * 60 + 12 * 4 + 3] = 254  // the tail of row 2
        #expect(!opaque(whole))
        #expect(opaque(PixelRegion(x: 0, y: 0, width: 12, height: 4)))
        #expect(opaque(PixelRegion(x: 0, y: 3, width: 13, height: 1)))
        bytes[2 * 60 + 12 * 4 + 3] = 255
        bytes[1 * 60 + 5 * 4 + 3] = 0  // inside the run of eight, row 1
        #expect(!opaque(whole))
        #expect(!opaque(PixelRegion(x: 5, y: 1, width: 1, height: 1)))
        #expect(opaque(PixelRegion(x: 6, y: 0, width: 7, height: 4)))
        bytes[1 * 60 + 5 * 4 + 3] = 255
        bytes[1 * 60 + 5 * 4 + 2] = 0  // a colour byte: still opaque
        bytes[13 * 4 + 3] = 0  // past the row's end, in its stride padding
        #expect(opaque(whole))
    }

    @Test(
        "Large backgrounds and BGRA contents keep to runs of their own (fill, blit), small ones ride along; the same pixels",
        arguments: [OffscreenTarget.ColorLayout.rgba, .bgra])
    func fillRuns(layout: OffscreenTarget.ColorLayout) throws {
        var scene = TestScene(width: 220, height: 100)
        scene.layout = layout
        // Premultiplied half-transparent blue: B, G, R, A = 100, 0, 0, 128.
        scene.bitmaps[BitmapID(1)] = RawBitmap(8, 8, .bgra8, filledWith: [100, 0, 0, 128])
        let faded = Color(red: 0.6, green: 0.2, blue: 0, alpha: 0.5)
        Self.picture(&scene, BitmapID(1), center: Point(x: 40, y: 40), size: 80, background: red)
        Self.picture(&scene, BitmapID(1), center: Point(x: 130, y: 40), size: 80, background: faded)
        // 16 points: under a tile, so background and contents share one plain run.
        Self.picture(&scene, BitmapID(1), center: Point(x: 200, y: 20), size: 16, background: green)
        let drawn = try draw(scene)
        #expect(drawn.variants == [.fill, .blit, .fill, .blit, .plain])
        // Contents over background: c + b (1 - a), a = 128 / 255.
        let rest = 1 - 128.0 / 255
        #expect(drawn.expectPixel(40, 40, pixel(UInt8((255 * rest).rounded()), 0, 100)))
        // A translucent background: premultiplied (76.5, 25.5, 0, 127.5) under the contents.
        #expect(
            drawn.expectPixel(
                130, 40,
                pixel(UInt8((76.5 * rest).rounded()), UInt8((25.5 * rest).rounded()), 100, UInt8((128 + 127.5 * rest).rounded()))))
        #expect(drawn.expectPixel(200, 20, pixel(0, UInt8((255 * rest).rounded()), 100)))
        #expect(drawn[100, 90] == transparent)
    }

    @Test("The compositor's output can be BGRA here, and reads back as RGBA")
    func bgraTargets() throws {
        let gpu = try makeContext()
        let (preferred, image) = try gpu.perform { render in
            let target = try OffscreenTarget(render, width: 4, height: 2, layout: .bgra)
            target.clear(to: Color(red: 1, green: 0.5, blue: 0, alpha: 1))
            return (OffscreenTarget.preferredLayout(render), try target.read())
        }
        #expect(preferred == .bgra)  // Mesa has EXT_texture_format_BGRA8888
        #expect(image[3, 1] == pixel(255, 128, 0))
    }
}
