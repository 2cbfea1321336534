import LaminaCore

/// Track mattes (`tt`): the matted layer in a container whose `mask` is the matte layer's stack.
/// Core Animation masks by alpha alone, so the other modes turn what the matte draws into alpha with
/// colour-matrix filters on the mask, over an opaque black backdrop the size of the composition:
///
/// - alpha (1): the matte's stack as it is;
/// - inverted alpha (2): the stack painted white (its alpha kept) over black, then alpha = 1 − red;
/// - luma (3) and inverted luma (4): the stack over black, then alpha = the Rec. 709 luma of the
///   colour (of the matte premultiplied by its alpha, as After Effects measures it), or 1 − it.
extension LottieCompiler {
    mutating func matted(
        _ layer: LayerHandle, _ node: LottieNode, by matte: LottieNode, layers: [LottieNode], byIndex: [Int: Int], context: Context
    ) throws(LottieError) -> LayerHandle {
        let mode = try node.integer("tt", in: 0...4, default: 1)
        let container = try emitter.create(name: "matte container", at: node.path)
        placeAtOrigin(container, size: context.size, at: node.path)
        emitter.insert(layer, into: container, at: node.path)
        guard var mask = try stack(matte, layers: layers, byIndex: byIndex, context: context) else { return layer }
        if mode != 1 {
            let path = node.path + ".tt"
            if mode == 2 {
                let white = try emitter.create(name: "matte coverage", at: path)
                placeAtOrigin(white, size: context.size, at: path)
                emitter.set(white, .filters, .filters([LayerFilter(.colorMatrix(Self.paintWhite))]), at: path)
                emitter.insert(mask, into: white, at: path)
                mask = white
            }
            let converted = try emitter.create(name: "matte", at: path)
            placeAtOrigin(converted, size: context.size, at: path)
            let backdrop = try emitter.create(name: "matte backdrop", at: path)
            placeAtOrigin(backdrop, size: context.size, at: path)
            emitter.set(backdrop, .backgroundColor, .color(.black), at: path)
            emitter.insert(backdrop, into: converted, at: path)
            emitter.insert(mask, into: converted, at: path)
            emitter.set(converted, .filters, .filters([LayerFilter(.colorMatrix(Self.alphaFromColor(mode)))]), at: path)
            mask = converted
        }
        emitter.setMask(mask, of: container, at: matte.path)
        return container
    }

    /// White where anything is drawn, its alpha kept (straight RGBA 4x5, row-major).
    static let paintWhite: [Double] = [
        0, 0, 0, 0, 1,
        0, 0, 0, 0, 1,
        0, 0, 0, 0, 1,
        0, 0, 0, 1, 0,
    ]

    /// Alpha from an opaque colour: 1 − red (inverted alpha, mode 2, after `paintWhite` over black), the
    /// Rec. 709 luma (3) or 1 − luma (4).
    static func alphaFromColor(_ mode: Int) -> [Double] {
        let (r, g, b) = (0.2126, 0.7152, 0.0722)
        let alpha: [Double] =
            switch mode {
            case 2: [-1, 0, 0, 0, 1]
            case 3: [r, g, b, 0, 0]
            default: [-r, -g, -b, 0, 1]
            }
        return [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0] + alpha
    }
}
