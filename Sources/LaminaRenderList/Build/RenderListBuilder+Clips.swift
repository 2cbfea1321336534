import LaminaCore

/// Clips: how a layer that masks to bounds clips what it draws (a scissor where its bounds stay an
/// axis-aligned rectangle of pixels, the stencil otherwise), and how an instance takes the clip in force.
extension RenderListBuilder {
    /// Clips `instance` by `clip` (the innermost in force), mapped into its plane by `localToClip`.
    /// Static, as the other helpers the builder calls per instance: a method reading `self` from a
    /// mutating one made the compiler copy the whole builder (1,248 bytes) for every call.
    static func applyClip(_ instance: inout LayerInstance, _ localToClip: Transform3D?, _ clip: ClipState?) {
        // Tags first: binding the optionals copies them (305 bytes) for every instance, clipped or not.
        guard localToClip != nil, clip != nil, let clip, let localToClip else { return }
        instance.clip(clip.rect, corners: clip.corners, map: Homography(planeOf: localToClip))
    }

    /// The clip a layer's bounds make for its sublayers, or nil when the layer is seen edge-on.
    mutating func makeClip(bounds: Rect, corners: CornerShape, world: Transform3D, matrix: GPUMatrix) -> ClipState? {
        guard let fromTarget = Homography(planeOf: world).inverted() else { return nil }
        let write: ClipWrite
        if !corners.isRounded, world.isAxisAlignedInPlane {
            // Held within ±2^24 pixels, far past any target, so extreme geometry stays a valid GLint.
            func pixel(_ v: Double) -> Int { Swift.min(Swift.max(v.rounded(), -16_777_216), 16_777_216).saturatingInt }
            let x0 = pixel(bounds.minX * world.row1.x + world.row4.x)
            let x1 = pixel(bounds.maxX * world.row1.x + world.row4.x)
            let y0 = pixel(bounds.minY * world.row2.y + world.row4.y)
            let y1 = pixel(bounds.maxY * world.row2.y + world.row4.y)
            write = .scissor(PixelRegion(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)))
        } else {
            var shape = LayerInstance(matrix: matrix, rect: bounds, color: SIMD4(repeating: 1))
            shape.shape(bounds, corners: corners)
            write = .stencil(instance: list.appendDetached(shape))
            list.usesStencil = true
        }
        return ClipState(rect: bounds, corners: corners, fromTarget: fromTarget, write: write)
    }
}
