import LaminaCore
@testable import LaminaRender
import LaminaRenderList
import Testing

@Suite("Texture cache")
struct TextureCacheTests {
    /// Draws a 4x4-point layer showing `bitmap` (nearest filtering) after `prepare` set up the cache.
    static func drawShowing(
        _ bitmap: BitmapID, layers: Int = 1, budget: Int = 1 << 20,
        prepare: @escaping @Sendable (TextureCache) throws -> Void
    ) throws -> (RGBAImage, TextureCache.Statistics, count: Int) {
        var scene = TestScene(width: 4 * layers, height: 4)
        for i in 0..<layers {
            scene.layer {
                $0[.bounds] = Rect(x: 0, y: 0, width: 4, height: 4)
                $0[.anchorPoint] = Point(x: 0, y: 0)
                $0[.position] = Point(x: Double(i) * 4, y: 0)
                $0[.contents] = bitmap
                $0[.magnificationFilter] = .nearest
                $0[.minificationFilter] = .nearest
            }
        }
        let frozen = scene
        return try makeContext().perform { render in
            let renderer = try Renderer(render, textureBudget: budget)
            try prepare(renderer.textures)
            let target = try OffscreenTarget(render, width: frozen.width, height: frozen.height)
            try renderer.draw(frozen.tree, frozen.presentation, into: target)
            return (try target.read(), renderer.textures.statistics, renderer.textures.count)
        }
    }

    @Test("One bitmap on many layers is one texture, uploaded once")
    func shared() throws {
        let (image, statistics, count) = try Self.drawShowing(BitmapID(1), layers: 5) { cache in
            try cache.upload(BitmapID(1), image: Bitmaps.solid(2, 2, SIMD4(255, 0, 0, 255)))
        }
        #expect(count == 1)
        #expect(statistics.uploads == 1)
        #expect(image[1, 1] == pixel(255, 0, 0))
        #expect(image[17, 1] == pixel(255, 0, 0))
    }

    @Test("Uploading again under the same identity replaces the pixels in the same texture")
    func replace() throws {
        let (image, statistics, count) = try Self.drawShowing(BitmapID(1)) { cache in
            try cache.upload(BitmapID(1), image: Bitmaps.solid(2, 2, SIMD4(255, 0, 0, 255)))
            try cache.upload(BitmapID(1), image: Bitmaps.solid(2, 2, SIMD4(0, 0, 255, 255)))
        }
        #expect(count == 1)
        #expect(statistics.uploads == 2)
        #expect(image[1, 1] == pixel(0, 0, 255))
    }

    @Test("A damaged-region update replaces only that region")
    func damage() throws {
        let (image, statistics, _) = try Self.drawShowing(BitmapID(1)) { cache in
            try cache.upload(BitmapID(1), image: Bitmaps.solid(4, 4, SIMD4(255, 0, 0, 255)))
            // The client's new pixels are blue everywhere, but it says only the top-left 2x2 changed.
            try Bitmaps.solid(4, 4, SIMD4(0, 0, 255, 255)).withPixelSource { source in
                try cache.update(BitmapID(1), source, damage: PixelRegion(x: 0, y: 0, width: 2, height: 2))
            }
        }
        #expect(statistics.partialUploads == 1)
        #expect(image[0, 0] == pixel(0, 0, 255))
        #expect(image[1, 1] == pixel(0, 0, 255))
        #expect(image[2, 0] == pixel(255, 0, 0))
        #expect(image[0, 3] == pixel(255, 0, 0))
    }

    @Test("BGRA bitmaps with a row stride show their true colours")
    func bgra() throws {
        let (image, _, _) = try Self.drawShowing(BitmapID(1)) { cache in
            // 2x2 BGRA, 12-byte rows (4 bytes of padding): blue, green / red, white.
            let bytes: [UInt8] = [
                255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 9,
                0, 0, 255, 255, 255, 255, 255, 255, 9, 9, 9, 9,
            ]
            try bytes.withUnsafeBytes { raw in
                try cache.upload(
                    BitmapID(1),
                    PixelSource(width: 2, height: 2, bytesPerRow: 12, format: .bgra8, alpha: .premultiplied, bytes: raw))
            }
        }
        #expect(image[0, 0] == pixel(0, 0, 255))
        #expect(image[3, 0] == pixel(0, 255, 0))
        #expect(image[0, 3] == pixel(255, 0, 0))
        #expect(image[3, 3] == pixel(255, 255, 255))
    }

    @Test("Straight-alpha bitmaps are premultiplied on upload")
    func straightAlpha() throws {
        let (image, _, _) = try Self.drawShowing(BitmapID(1)) { cache in
            try cache.upload(BitmapID(1), image: Bitmaps.solid(2, 2, SIMD4(255, 0, 0, 128)))
        }
        #expect(image[1, 1] == pixel(128, 0, 0, 128))
    }

    @Test("Over budget, the least recently drawn textures go first; ones in the current frame stay")
    func eviction() throws {
        let tile = 16 * 16 * 4
        let (image, statistics, count) = try Self.drawShowing(BitmapID(4), budget: 3 * tile) { cache in
            for i in 1...4 {
                try cache.upload(BitmapID(UInt64(i)), image: Bitmaps.solid(16, 16, SIMD4(0, 255, 0, 255)))
            }
            #expect(cache.count == 3)
            #expect(cache.contains(BitmapID(4)))
            #expect(!cache.contains(BitmapID(1)))  // the least recently uploaded
        }
        #expect(statistics.evictions == 1)
        #expect(count == 3)
        #expect(image[1, 1] == pixel(0, 255, 0))
    }

    @Test("A texture drawn in the frame is never evicted by that frame's uploads")
    func inUseSurvives() throws {
        let tile = 16 * 16 * 4
        let gpu = try makeContext()
        let kept = try gpu.perform { render in
            let renderer = try Renderer(render, textureBudget: 2 * tile)
            let cache = renderer.textures
            try cache.upload(BitmapID(1), image: Bitmaps.solid(16, 16, SIMD4(0, 255, 0, 255)))
            try cache.upload(BitmapID(2), image: Bitmaps.solid(16, 16, SIMD4(0, 255, 0, 255)))
            var tree = LayerTree()
            var values = PropertyValues()
            values[.bounds] = Rect(x: 0, y: 0, width: 4, height: 4)
            values[.contents] = BitmapID(1)
            _ = tree.create(values: values)
            let target = try OffscreenTarget(render, width: 4, height: 4)
            try renderer.draw(tree, Presentation(), into: target)
            try cache.upload(BitmapID(3), image: Bitmaps.solid(16, 16, SIMD4(0, 255, 0, 255)))
            return (cache.contains(BitmapID(1)), cache.contains(BitmapID(2)), cache.contains(BitmapID(3)))
        }
        #expect(kept == (true, false, true))
    }

    @Test("Bad uploads fail with errors that name the bitmap and the problem")
    func errors() throws {
        let gpu = try makeContext()
        let messages = gpu.perform { render in
            let cache = TextureCache(render, gl: GLTextures(bgraStorage: false), budget: 1000)
            var messages: [String] = []
            func attempt(_ body: () throws(TextureError) -> Void) {
                do throws(TextureError) { try body() } catch { messages.append(error.description) }
            }
            let bytes = [UInt8](repeating: 0, count: 64)
            bytes.withUnsafeBytes { raw in
                attempt { () throws(TextureError) in try cache.upload(BitmapID(1), PixelSource(width: 0, height: 4, bytesPerRow: 16, format: .rgba8, alpha: .straight, bytes: raw)) }
                attempt { () throws(TextureError) in try cache.upload(BitmapID(2), PixelSource(width: 4, height: 8, bytesPerRow: 16, format: .rgba8, alpha: .straight, bytes: raw)) }
                attempt { () throws(TextureError) in try cache.upload(BitmapID(3), PixelSource(width: 4, height: 4, bytesPerRow: 8, format: .rgba8, alpha: .straight, bytes: raw)) }
                attempt { () throws(TextureError) in try cache.update(BitmapID(4), PixelSource(width: 4, height: 4, bytesPerRow: 16, format: .rgba8, alpha: .straight, bytes: raw), damage: PixelRegion(x: 0, y: 0, width: 1, height: 1)) }
                attempt { () throws(TextureError) in try cache.upload(BitmapID(5), PixelSource(width: 4, height: 4, bytesPerRow: 16, format: .rgba8, alpha: .straight, bytes: raw)) }
                attempt { () throws(TextureError) in try cache.update(BitmapID(5), PixelSource(width: 4, height: 4, bytesPerRow: 16, format: .rgba8, alpha: .straight, bytes: raw), damage: PixelRegion(x: 3, y: 3, width: 2, height: 1)) }
            }
            let big = [UInt8](repeating: 0, count: 16 * 16 * 4)
            big.withUnsafeBytes { raw in
                attempt { () throws(TextureError) in try cache.upload(BitmapID(6), PixelSource(width: 16, height: 16, bytesPerRow: 64, format: .rgba8, alpha: .straight, bytes: raw)) }
            }
            return messages
        }
        #expect(messages.count == 6)
        #expect(messages[0].hasPrefix("bitmap#1: size 0x4 is not a texture size"))
        #expect(messages[1] == "bitmap#2: 64 bytes given, 128 needed (bytesPerRow 16)")
        #expect(messages[2].hasPrefix("bitmap#3: 64 bytes given"))
        #expect(messages[3].hasPrefix("bitmap#4: a damaged-region update needs the whole bitmap uploaded first"))
        #expect(messages[4] == "bitmap#5: damaged region 2x1+3+3 is not inside the 4x4 bitmap")
        #expect(messages[5] == "bitmap#6: 1024 bytes exceed the texture budget of 1000 bytes")
    }
}
