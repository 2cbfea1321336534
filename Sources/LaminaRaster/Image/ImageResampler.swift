import CCairo
public import LaminaCore

/// Part of an image drawn at another size, by cairo's filtering: a scene file's tiled layer takes each
/// tile, at each level of detail, from its one image this way, as an app's tile drawer would draw it.
public enum ImageResampler {
    /// The `source` rectangle of a `width` x `height` image (`rgba`: premultiplied R, G, B, A bytes,
    /// rows top first, tightly packed: `RGBAImage.premultipliedAlpha`'s) drawn into `outputWidth` x
    /// `outputHeight` pixels (cairo's `GOOD` filter: bilinear when enlarged, averaged when made smaller),
    /// edges extended rather than faded, in the same layout. Empty when a size is not positive or the
    /// rectangle is not finite.
    public static func resample(
        rgba: [UInt8], width: Int, height: Int, source: Rect, outputWidth: Int, outputHeight: Int
    ) -> [UInt8] {
        guard width > 0, height > 0, outputWidth > 0, outputHeight > 0, rgba.count == width * height * 4,
            source.width > 0, source.height > 0, [source.minX, source.minY, source.maxX, source.maxY].allSatisfy(\.isFinite)
        else { return [] }
        let input = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let output = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(outputWidth), Int32(outputHeight))!
        defer {
            cairo_surface_destroy(input)
            cairo_surface_destroy(output)
        }
        cairo_surface_flush(input)
        let inStride = Int(cairo_image_surface_get_stride(input))
        guard let inData = cairo_image_surface_get_data(input) else { return [] }
        // cairo's ARGB32 is B, G, R, A in memory on a little-endian machine.
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4, o = y * inStride + x * 4
                (inData[o], inData[o + 1], inData[o + 2], inData[o + 3]) = (rgba[i + 2], rgba[i + 1], rgba[i], rgba[i + 3])
            }
        }
        cairo_surface_mark_dirty(input)
        let cairo = cairo_create(output)!
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, Double(outputWidth) / source.width, Double(outputHeight) / source.height)
        cairo_translate(cairo, -source.minX, -source.minY)
        cairo_set_source_surface(cairo, input, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Bilinear where enlarged; made smaller, every source pixel under an output pixel is averaged.
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_surface_flush(output)
        let outStride = Int(cairo_image_surface_get_stride(output))
        guard let outData = cairo_image_surface_get_data(output) else { return [] }
        var texels = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        for y in 0..<outputHeight {
            for x in 0..<outputWidth {
                let i = y * outStride + x * 4, o = (y * outputWidth + x) * 4
                (texels[o], texels[o + 1], texels[o + 2], texels[o + 3]) = (outData[i + 2], outData[i + 1], outData[i], outData[i + 3])
            }
        }
        return texels
    }
}
