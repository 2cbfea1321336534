import LaminaCompositor
import LaminaCore
import LaminaImage
import LaminaModel
import LaminaRender
import LaminaRenderList
import Testing

/// A bitmap updated in part (a GL layer's damaged frame, a layer's `setNeedsDisplay(_:)`) damages only
/// where the changed texels show: their rectangle with the texel beside each edge (linear filtering
/// mixes it in), mapped through the contents layout and the layer's transform, plus the damage's own
/// pixel of margin. The pixels equal a frame drawn whole.
@Suite("Damage of a bitmap repainted in part", .serialized)
struct PartialRepaintDamageTests {
    /// A 64x64 bitmap, one colour, or `patch` painted another inside `rect`.
    static func image(_ rect: PixelRegion? = nil) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = rect.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height } ?? false
                let i = (y * 64 + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = inside ? (250, 200, 20, 255) : (30, 90, 200, 255)
            }
        }
        return RGBAImage(width: 64, height: 64, bytes: bytes, alpha: .premultiplied)
    }

    /// The damage of the frame that repaints `patch` of the bitmap shown in `frame` (points, at scale 1),
    /// and whether its pixels equal a frame drawn whole.
    static func damage(showingIn frame: Rect, patch: PixelRegion) throws -> (Damage, Bool) {
        try DamageTests.gpu.perform { context in
            let (tracked, full, a, b) = try DamageTests.pair(context, output: OutputConfiguration(width: 160, height: 160))
            let h = LayerHandle(1)
            let setup = Commit(
                operations: [
                    .create(h, name: nil), .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                    .set(h, LayerKeyPath(.anchorPoint), .point(.zero)), .set(h, LayerKeyPath(.position), .point(frame.origin)),
                    .set(h, LayerKeyPath(.contents), .bitmap(BitmapID(1))), .insertSublayer(h, into: nil, at: nil),
                ],
                bitmaps: [BitmapContents(id: BitmapID(1), image: image())])
            let repaint = Commit(bitmaps: [BitmapContents(id: BitmapID(1), image: image(patch), damage: patch)])
            var last: FrameReport?
            for (t, transaction) in [(0.0, setup), (0.1, repaint)] {
                tracked.commit(transaction, from: a)
                full.commit(transaction, from: b)
                last = try tracked.frame(at: t)
                try full.frame(at: t)
            }
            return (last!.statistics.damage, try tracked.readPixels().bytes == full.readPixels().bytes)
        }
    }

    @Test("at one point a texel: the patch and a texel around it, offset by the layer's position")
    func unscaled() throws {
        let (damage, same) = try Self.damage(showingIn: Rect(x: 10, y: 10, width: 64, height: 64), patch: PixelRegion(x: 8, y: 16, width: 16, height: 8))
        // Texels 7..<25 x 15..<25 land at 17..<35 x 25..<35; a pixel of margin each side.
        #expect(damage.boxes == [PixelRegion(x: 16, y: 24, width: 20, height: 12)], "\(damage)")
        #expect(same)
    }

    @Test("stretched twice by the bounds: twice the size, and still only that part of the layer")
    func stretched() throws {
        let (damage, same) = try Self.damage(showingIn: Rect(x: 0, y: 0, width: 128, height: 128), patch: PixelRegion(x: 8, y: 16, width: 16, height: 8))
        // Texels 7..<25 x 15..<25 land at 14..<50 x 30..<50.
        #expect(damage.boxes == [PixelRegion(x: 13, y: 29, width: 38, height: 22)], "\(damage)")
        #expect(same)
    }

    @Test("a patch at the bitmap's edge reaches no further than the layer")
    func atTheEdge() throws {
        let (damage, same) = try Self.damage(showingIn: Rect(x: 10, y: 10, width: 64, height: 64), patch: PixelRegion(x: 56, y: 0, width: 8, height: 4))
        // Texels 55..<64 (the texture ends there) x 0..<5 land at 65..<74 x 10..<15.
        #expect(damage.boxes == [PixelRegion(x: 64, y: 9, width: 11, height: 7)], "\(damage)")
        #expect(same)
    }
}
