import CPNG

/// PNG encoding and decoding through libpng's simplified `png_image` API.
///
/// libpng's classic API reports errors by `longjmp`, which must never cross Swift frames; the
/// simplified API catches its own errors and reports them in `png_image.message`, so every failure
/// here becomes a typed `PNGError` and nothing jumps. Files are 8-bit RGBA with straight alpha, as
/// every image viewer expects; premultiplied images are converted on the way out.
public enum PNG {
    /// The most pixels a decoded image may have (1 GiB of RGBA): a hostile or broken header cannot
    /// make the decoder allocate without bound.
    public static let maxPixelCount = 1 << 28

    /// The PNG file for `image` (straightened first when premultiplied).
    public static func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        let straight = image.straightAlpha
        // Most renders compress well; when the first buffer is too small libpng reports the size it needs.
        var capacity = straight.bytes.count / 2 + 1024
        for _ in 0..<2 {
            var info = pngImage(for: straight)
            var size = png_alloc_size_t(capacity)
            var output = [UInt8](repeating: 0, count: capacity)
            let written = output.withUnsafeMutableBytes { out in
                straight.bytes.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&info, out.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
                }
            }
            if written != 0 {
                output.removeSubrange(Int(size)...)
                return output
            }
            guard Int(size) > capacity else { throw PNGError(operation: .encode, message: message(of: info)) }
            capacity = Int(size)
        }
        throw PNGError(operation: .encode, message: "libpng asked for more memory twice")
    }

    /// Writes `image` as a PNG file at `path` (straightened first when premultiplied).
    public static func write(_ image: RGBAImage, toFile path: String) throws(PNGError) {
        let straight = image.straightAlpha
        var info = pngImage(for: straight)
        let written = straight.bytes.withUnsafeBytes { pixels in
            png_image_write_to_file(&info, path, 0, pixels.baseAddress, 0, nil)
        }
        guard written != 0 else { throw PNGError(operation: .write(path: path), message: message(of: info)) }
    }

    /// The image in PNG `bytes`, as 8-bit RGBA with straight alpha (any PNG colour type and depth is
    /// converted by libpng).
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        let result = bytes.withUnsafeBytes { raw in
            // libpng reads from `raw` until the decode finishes, so both steps happen inside this closure.
            read(operation: .decode) { info in png_image_begin_read_from_memory(info, raw.baseAddress, raw.count) }
        }
        return try result.get()
    }

    /// The image in the PNG file at `path`, as 8-bit RGBA with straight alpha. Errors name the file.
    public static func decode(fileAtPath path: String) throws(PNGError) -> RGBAImage {
        try read(operation: .read(path: path)) { info in png_image_begin_read_from_file(info, path) }.get()
    }

    /// Begins reading with `begin`, checks the size, and finishes into RGBA8.
    private static func read(
        operation: PNGError.Operation, begin: (UnsafeMutablePointer<png_image>) -> Int32
    ) -> Result<RGBAImage, PNGError> {
        var info = png_image()
        info.version = UInt32(PNG_IMAGE_VERSION)
        guard begin(&info) != 0 else { return .failure(PNGError(operation: operation, message: message(of: info))) }
        let width = Int(info.width)
        let height = Int(info.height)
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixelCount,
            width <= maxPixelCount, height <= maxPixelCount
        else {
            png_image_free(&info)
            return .failure(
                PNGError(operation: operation, message: "\(width)x\(height) is more than \(maxPixelCount) pixels"))
        }
        info.format = rgba
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&info, nil, out.baseAddress, 0, nil)
        }
        guard finished != 0 else { return .failure(PNGError(operation: operation, message: message(of: info))) }
        return .success(RGBAImage(width: width, height: height, bytes: pixels, alpha: .straight))
    }

    /// `PNG_FORMAT_RGBA`: 8-bit sRGB with straight alpha (the macro is an expression that does not import).
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// A `png_image` describing `image` (8-bit sRGB RGBA) for the write functions.
    private static func pngImage(for image: RGBAImage) -> png_image {
        var info = png_image()
        info.version = UInt32(PNG_IMAGE_VERSION)
        info.width = UInt32(clamping: image.width)
        info.height = UInt32(clamping: image.height)
        info.format = rgba
        return info
    }

    /// libpng's message for the last failure on `info`.
    private static func message(of info: png_image) -> String {
        let text = withUnsafeBytes(of: info.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : text
    }
}
