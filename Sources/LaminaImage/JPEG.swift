import CTurboJPEG

/// Why a JPEG could not be read: TurboJPEG's message.
public struct JPEGError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { "JPEG: \(message)" }
}

/// JPEG decoding through libjpeg-turbo (its TurboJPEG API): for Lottie files' images.
public enum JPEG {
    /// The image in JPEG `bytes`, as 8-bit RGBA (opaque), refused past `maximumPixels`.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = 1 << 26) throws(JPEGError) -> RGBAImage {
        guard let handle = tjInitDecompress() else { throw JPEGError(message: "cannot start a decompressor") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw JPEGError(message: String(cString: tjGetErrorStr2(handle))) }
        guard width > 0, height > 0, Int(width) * Int(height) <= maximumPixels else {
            throw JPEGError(message: "an image of \(width)x\(height) pixels (at most \(maximumPixels))")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress, width, width * 4, height,
                    Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        guard status == 0 else { throw JPEGError(message: String(cString: tjGetErrorStr2(handle))) }
        return RGBAImage(width: Int(width), height: Int(height), bytes: pixels, alpha: .straight)
    }

    /// `image` (straight alpha; alpha is dropped) as JPEG bytes at `quality` (1...100).
    public static func encode(_ image: RGBAImage, quality: Int = 90) throws(JPEGError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw JPEGError(message: "cannot start a compressor") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.bytes.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height), Int32(TJPF_RGBA.rawValue),
                &output, &size, Int32(TJSAMP_444.rawValue), Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw JPEGError(message: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
