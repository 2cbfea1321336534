import LaminaCore
import LaminaRender
import LaminaRenderList
import Testing
import LaminaTestSupport

/// A straight-alpha image with every kind of pixel: opaque, semi-transparent, nearly and fully
/// transparent, across all channel values.
private func sampleImage(width: Int = 37, height: Int = 19) -> RGBAImage {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let alpha: UInt8 = [255, 128, 1, 0, 200][(x + y) % 5]
            bytes += [UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x * y) % 256), alpha]
        }
    }
    return RGBAImage(width: width, height: height, bytes: bytes, alpha: .straight)
}

@Suite("PNG")
struct PNGTests {
    @Test("Encoding then decoding gives back the same bytes")
    func roundTripInMemory() throws {
        let image = sampleImage()
        let png = try PNG.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNG.decode(png)
        #expect(decoded == image)
    }

    @Test("A large image that compresses badly still encodes")
    func incompressible() throws {
        var state: UInt32 = 12345
        var bytes: [UInt8] = []
        for _ in 0..<(300 * 200 * 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        let image = RGBAImage(width: 300, height: 200, bytes: bytes, alpha: .straight)
        #expect(try PNG.decode(PNG.encode(image)) == image)
    }

    @Test("Writing a file and reading it back gives the same bytes")
    func roundTripThroughFile() throws {
        let folder = temporaryFolder()
        defer { removeFolder(folder, files: ["image.png"]) }
        let image = sampleImage(width: 5, height: 64)
        try PNG.write(image, toFile: folder + "/image.png")
        #expect(try PNG.decode(fileAtPath: folder + "/image.png") == image)
    }

    @Test("GL's premultiplied pixels come out of PNG straight, within one step")
    func straightAlphaFromGL() throws {
        let context = try makeContext()
        let colour = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5)
        let rendered = try context.perform { render in
            let target = try OffscreenTarget(render, width: 16, height: 8)
            target.clear(to: .clear)
            try QuadDrawing(rect: Rect(x: 0, y: 0, width: 8, height: 8), transform: .identity, color: colour)
                .draw(render, into: target)
            return try target.read()
        }
        let decoded = try PNG.decode(PNG.encode(rendered))
        #expect(decoded.alpha == .straight)
        for (x, y) in [(1, 1), (4, 6), (7, 0)] {
            #expect(
                nearlyEqual(decoded[x, y], [255, 128, 64, 128], within: 1), "pixel (\(x), \(y)) is \(decoded[x, y])")
        }
        #expect(decoded[12, 4] == [0, 0, 0, 0])
    }

    @Test("Premultiplying and straightening agree within one step where alpha is at least half")
    func alphaConversions() {
        let image = sampleImage()
        let back = image.premultipliedAlpha.straightAlpha
        #expect(back.alpha == .straight)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].w >= 128 {
                #expect(nearlyEqual(image[x, y], back[x, y], within: 1), "pixel (\(x), \(y))")
            }
        }
        #expect(image.straightAlpha == image)
    }

    @Test("A file that is not a PNG is a typed error naming the file")
    func notAPNG() throws {
        let folder = temporaryFolder()
        defer { removeFolder(folder, files: ["notes.png"]) }
        let path = folder + "/notes.png"
        writeFile(path, Array("this is not a picture\n".utf8))
        let error = try #require(throws: PNGError.self) { try PNG.decode(fileAtPath: path) }
        #expect(error.operation == .read(path: path))
        #expect(!error.message.isEmpty)
        #expect(error.description.contains(path))
    }

    @Test("A missing file is a typed error naming the file")
    func missingFile() throws {
        let error = try #require(throws: PNGError.self) { try PNG.decode(fileAtPath: "/nonexistent/picture.png") }
        #expect(error.operation == .read(path: "/nonexistent/picture.png"))
        #expect(error.description.contains("/nonexistent/picture.png"))
    }

    @Test("Bytes that are not a PNG, or a PNG cut short, are typed errors")
    func badBytes() throws {
        let garbage = try #require(throws: PNGError.self) { try PNG.decode(Array("GIF89a".utf8)) }
        #expect(garbage.operation == .decode)
        let png = try PNG.encode(sampleImage())
        let truncated = try #require(throws: PNGError.self) { try PNG.decode(Array(png.prefix(png.count / 2))) }
        #expect(truncated.operation == .decode)
    }

    @Test("Writing into a folder that does not exist is a typed error naming the file")
    func unwritable() throws {
        let error = try #require(throws: PNGError.self) {
            try PNG.write(sampleImage(), toFile: "/nonexistent/out.png")
        }
        #expect(error.operation == .write(path: "/nonexistent/out.png"))
    }
}
