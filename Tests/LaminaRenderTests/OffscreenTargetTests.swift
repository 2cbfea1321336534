import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing
import LaminaTestSupport

/// Where a target pixel's centre falls relative to a rectangle, `margin` pixels clear of its edges
/// (transforms here are isometries, so distances in the layer are distances on the target).
private enum Region: Equatable {
    case inside, outside, edge
}

private func region(of point: Point, in rect: Rect, margin: Double) -> Region {
    if point.x >= rect.minX + margin && point.x <= rect.maxX - margin && point.y >= rect.minY + margin
        && point.y <= rect.maxY - margin
    {
        return .inside
    }
    if point.x <= rect.minX - margin || point.x >= rect.maxX + margin || point.y <= rect.minY - margin
        || point.y >= rect.maxY + margin
    {
        return .outside
    }
    return .edge
}

/// The point of the quad's own space under the centre of target pixel (`x`, `y`).
private func local(_ x: Int, _ y: Int, through transform: Transform3D) -> Point {
    let p = transform.inverted().apply(SIMD4(Double(x) + 0.5, Double(y) + 0.5, 0, 1))
    return Point(x: p.x / p.w, y: p.y / p.w)
}

/// A 20x16 quad centred on its origin, turned 30 degrees (clockwise on the y-down target) and moved to
/// the middle of a 64x48 target.
private let quadRect = Rect(x: -10, y: -8, width: 20, height: 16)
private let quadTransform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
    .concatenating(Transform3D(translationX: 32, y: 24, z: 0))

@Suite("Offscreen targets and drawing")
struct OffscreenTargetTests {
    @Test("A rotated, translated quad lands exactly where its matrix says", arguments: [
        OffscreenTarget.Storage.texture, .renderbuffer,
    ])
    func rotatedQuad(storage: OffscreenTarget.Storage) throws {
        let context = try makeContext()
        let background = Color(red: 0, green: 0, blue: 1)
        let image = try context.perform { render in
            let target = try OffscreenTarget(render, width: 64, height: 48, storage: storage)
            target.clear(to: background)
            try QuadDrawing(rect: quadRect, transform: quadTransform, color: Color(red: 1, green: 0, blue: 0))
                .draw(render, into: target)
            return try target.read()
        }
        #expect(image.width == 64 && image.height == 48)
        #expect(image.alpha == .premultiplied)
        var counts = (inside: 0, outside: 0)
        for y in 0..<48 {
            for x in 0..<64 {
                switch region(of: local(x, y, through: quadTransform), in: quadRect, margin: 1.5) {
                case .inside:
                    counts.inside += 1
                    #expect(image[x, y] == [255, 0, 0, 255], "pixel (\(x), \(y)) inside the quad")
                case .outside:
                    counts.outside += 1
                    #expect(image[x, y] == [0, 0, 255, 255], "pixel (\(x), \(y)) outside the quad")
                case .edge:
                    break
                }
            }
        }
        // The quad covers 20x16 = 320 pixels; most of them are sampled clear of the edges.
        #expect(counts.inside > 150)
        #expect(counts.outside > 2500)
        // Spot checks that pin the orientation: clockwise on screen, centred at (32, 24).
        #expect(image[32, 24] == [255, 0, 0, 255])
        // Inside when turned clockwise, outside when turned the other way.
        #expect(image[36, 32] == [255, 0, 0, 255])
        #expect(image[27, 15] == [255, 0, 0, 255])
        #expect(image[41, 17] == [0, 0, 255, 255])  // where the unturned quad's corner would be
        #expect(image[1, 1] == [0, 0, 255, 255])
    }

    @Test("Texture rows, columns and the turn all come out the right way up")
    func texturedQuadOrientation() throws {
        let context = try makeContext()
        // 2x2 texture, row 0 on top: red, green / blue, white.
        let texture = RGBAImage(
            width: 2, height: 2,
            bytes: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], alpha: .straight)
        let image = try context.perform { render in
            let target = try OffscreenTarget(render, width: 64, height: 48)
            target.clear(to: .clear)
            try QuadDrawing(rect: quadRect, transform: quadTransform, color: .white, texture: texture)
                .draw(render, into: target)
            return try target.read()
        }
        let quadrants: [(Rect, SIMD4<UInt8>)] = [
            (Rect(x: -10, y: -8, width: 10, height: 8), [255, 0, 0, 255]),
            (Rect(x: 0, y: -8, width: 10, height: 8), [0, 255, 0, 255]),
            (Rect(x: -10, y: 0, width: 10, height: 8), [0, 0, 255, 255]),
            (Rect(x: 0, y: 0, width: 10, height: 8), [255, 255, 255, 255]),
        ]
        var checked = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let p = local(x, y, through: quadTransform)
                for (rect, colour) in quadrants where region(of: p, in: rect, margin: 1.5) == .inside {
                    checked += 1
                    #expect(image[x, y] == colour, "pixel (\(x), \(y)) at \(p)")
                }
                if region(of: p, in: quadRect, margin: 1.5) == .outside {
                    #expect(image[x, y] == [0, 0, 0, 0], "pixel (\(x), \(y)) outside")
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("Semi-transparent colour reads back premultiplied")
    func premultipliedReadback() throws {
        let context = try makeContext()
        let image = try context.perform { render in
            let target = try OffscreenTarget(render, width: 8, height: 8)
            target.clear(to: .clear)
            try QuadDrawing(
                rect: Rect(x: 0, y: 0, width: 8, height: 8), transform: .identity,
                color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
            ).draw(render, into: target)
            return try target.read()
        }
        for (x, y) in [(0, 0), (4, 4), (7, 7)] {
            #expect(nearlyEqual(image[x, y], [128, 64, 0, 128], within: 1), "pixel (\(x), \(y)) is \(image[x, y])")
        }
    }

    @Test("Odd sizes read back whole, rows top first", arguments: [(1, 1), (3, 7), (333, 2), (17, 129)])
    func oddSizes(width: Int, height: Int) throws {
        let context = try makeContext()
        let image = try context.perform { render in
            let target = try OffscreenTarget(render, width: width, height: height, storage: .renderbuffer)
            target.clear(to: Color(red: 0, green: 1, blue: 0))
            // The top row, in target pixels, is drawn red.
            try QuadDrawing(
                rect: Rect(x: 0, y: 0, width: Double(width), height: 1), transform: .identity,
                color: Color(red: 1, green: 0, blue: 0)
            ).draw(render, into: target)
            return try target.read()
        }
        #expect(image.bytes.count == width * height * 4)
        for x in 0..<width {
            #expect(image[x, 0] == [255, 0, 0, 255])
            if height > 1 { #expect(image[x, height - 1] == [0, 255, 0, 255]) }
        }
    }

    @Test("Impossible sizes are refused with the limit", arguments: [(0, 10), (10, -1), (1 << 20, 4)])
    func invalidSizes(width: Int, height: Int) throws {
        let context = try makeContext()
        let maximum = context.info.maxTextureSize
        #expect(throws: OffscreenTargetError.invalidSize(width: width, height: height, maximum: maximum)) {
            try context.perform { render throws(OffscreenTargetError) in
                _ = try OffscreenTarget(render, width: width, height: height)
            }
        }
    }
}
