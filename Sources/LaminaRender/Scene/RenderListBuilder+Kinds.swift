import LaminaCore

// What the layer kinds draw of their own, between a layer's contents and its sublayers: a gradient
// layer's gradient, a shape layer's fill and stroke, a text layer's glyphs.
extension RenderListBuilder {
    /// How many separately drawn parts a layer's kind adds (for group opacity: two overlapping parts
    /// at partial opacity need an offscreen group to look like one layer).
    func kindPartCount(_ values: PresentedValues) -> Int {
        switch values.model.kind {
        case .layer: 0
        case .gradient: values[.colors].isEmpty ? 0 : 1
        case .shape:
            values[.path].isEmpty ? 0 : (values[.fillColor].alpha > 0 ? 1 : 0) + (values[.strokeColor].alpha > 0 ? 1 : 0)
        case .text: values[.string].isEmpty ? 0 : 1
        }
    }

    /// A gradient layer's gradient: one instance over the bounds, shaped by the corner radius like the
    /// background, its colour computed per pixel from the stop table (`layer.frag`'s `gradientColor`).
    mutating func drawGradient(
        _ values: PresentedValues, matrix: GPUMatrix, localToClip: Transform3D?, opacity: Double, edgeMargin: Float?
    ) {
        guard let stops = GradientStops(colors: values[.colors], locations: values[.locations]) else { return }
        let bounds = values[.bounds]
        let radius = values[.cornerRadius]
        let start = values[.startPoint], end = values[.endPoint]
        var instance = LayerInstance(matrix: matrix, rect: bounds, color: SIMD4(repeating: Float(opacity)))
        if radius > 0 || edgeMargin != nil { instance.shape(bounds, radius: radius) }
        if let edgeMargin { instance.widen(by: edgeMargin) }
        // The points in local space (after widening, which moves texture coordinates).
        instance.texture(
            .gradient,
            uv: SIMD4(
                Float(bounds.minX + start.x * bounds.width), Float(bounds.minY + start.y * bounds.height),
                Float(bounds.minX + end.x * bounds.width), Float(bounds.minY + end.y * bounds.height)))
        instance[sampling: .gradientType] = Float(values[.gradientType].rawValue)
        applyClip(&instance, localToClip)
        list.append(instance, texture: .generated(generated.texture(for: stops)))
    }
}
