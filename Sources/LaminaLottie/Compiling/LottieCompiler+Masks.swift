import LaminaCore

extension LottieCompiler {
    /// One path of a combined mask (a layer's mask, a merge's path): how it combines with those before
    /// it (`mode`, as a Lottie mask's: `a`, `s`, `i`, `l`, `da`, `f`), whether it is inverted, and its
    /// opacity.
    struct MaskPath {
        var mode: String
        var inverted: Bool
        var shape: LottieProperty<LottieBezier>
        var opacity: LottieProperty<Double>
        /// The JSON path it came from.
        var path: String
    }

    /// A layer's masks (`masksProperties`) as its `mask`.
    ///
    /// Masks that only add, none inverted, at full opacity, are one shape layer filling their paths;
    /// otherwise they are combined in order (`combinedMask`). "Everything" (what an inverted mask
    /// covers, and what a first mask that subtracts or intersects cuts from) is three times the
    /// composition's size around it. A mask's expansion grows its path first (`expanded`).
    mutating func masks(_ list: LottieNode?, of layer: LayerHandle, size: Size) throws(LottieError) {
        guard let list, !list.elements.isEmpty else { return }
        var masks: [MaskPath] = []
        for mask in list.elements {
            let mode = (try? mask["mode"]?.string()) ?? "a"
            if mode == "n" { continue }
            if !["a", "s", "i", "l", "da", "f"].contains(mode) {
                report(.unsupported, "mask-mode-\(mode)", at: mask.path + ".mode", "the mask is drawn as added")
            }
            var shape = try mask.required("pt").property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.bezier() }
            if let x = mask["x"] {
                let expansion = try x.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try n.number() }
                if expansion.isAnimated || expansion.initialValue != 0 { shape = Self.expanded(shape, by: expansion) }
            }
            let opacity = try mask["o"]?.property(&diagnostics) { (n: LottieNode) throws(LottieError) in min(max(try n.number() / 100, 0), 1) } ?? .constant(1)
            masks.append(MaskPath(mode: mode, inverted: mask.flag("inv"), shape: shape, opacity: opacity, path: mask.path))
        }
        guard !masks.isEmpty else { return }
        let simple = masks.allSatisfy { !["s", "i", "l", "da", "f"].contains($0.mode) && !$0.inverted && !$0.opacity.isAnimated && $0.opacity.initialValue == 1 }
        if simple {
            let mask = try emitter.create(.shape, name: "mask", at: list.path)
            emitter.apply(joined(masks.map(\.shape), at: list.path), to: mask, LayerKeyPath(.path), at: list.path) { .path($0) }
            emitter.set(mask, .fillColor, .color(.black), at: list.path)
            emitter.setMask(mask, of: layer, at: list.path)
            return
        }
        let (w, h) = (size.width, size.height)
        var everywhere = Rect(x: -w, y: -h, width: 3 * w, height: 3 * h)
        // Masks that start from nothing and invert none cover nothing outside their paths: their
        // picture need be no larger, and the layer's offscreen passes then cover no more.
        if !["s", "i"].contains(masks[0].mode), !masks.contains(where: \.inverted), let reach = Self.reach(of: masks.map(\.shape)) {
            everywhere = reach
        }
        let mask = try combinedMask(masks, everywhere: everywhere, at: list.path)
        emitter.setMask(mask, of: layer, at: list.path)
    }

    /// The box every keyframe of `shapes` reaches, control points included, and a point more; nil for
    /// shapes without a vertex.
    static func reach(of shapes: [LottieProperty<LottieBezier>]) -> Rect? {
        var points: [Point] = []
        for shape in shapes {
            for value in shape.keyValues {
                for (i, v) in value.vertices.enumerated() {
                    points += [v, v + value.inTangents[i], v + value.outTangents[i]]
                }
            }
        }
        guard !points.isEmpty else { return nil }
        return Rect.boundingBox(of: points).insetBy(dx: -1, dy: -1)
    }

    /// Paths combined in order, as After Effects combines masks, in the red channel of an opaque layer
    /// that a colour-matrix filter then turns into alpha (Core Animation masks by alpha alone, and has
    /// no Porter-Duff operators to subtract with): a layer to be some layer's `mask`. Each path's
    /// coverage c (its path, or `everywhere` but its path when inverted, at its opacity) is painted
    /// over the running value r: add paints white at c (r + c − rc), subtract black at c (r(1 − c)),
    /// and intersect, lighten, darken and difference composite an opaque picture of c with the
    /// multiply, lighten, darken and difference blend modes. The running value starts at 0, or at 1
    /// when the first path subtracts or intersects (it cuts from everything).
    mutating func combinedMask(_ masks: [MaskPath], everywhere: Rect, at listPath: String) throws(LottieError) -> LayerHandle {
        let (x0, y0, x1, y1) = (everywhere.minX, everywhere.minY, everywhere.maxX, everywhere.maxY)
        let outline = LottieProperty<LottieBezier>.constant(
            LottieBezier(polygon: [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]))
        func rectangle(_ color: Color, at path: String) throws(LottieError) -> LayerHandle {
            let rect = try emitter.create(name: "mask backdrop", at: path)
            emitter.set(rect, .bounds, .rect(Rect(origin: .zero, size: everywhere.size)), at: path)
            emitter.set(rect, .anchorPoint, .point(.zero), at: path)
            emitter.set(rect, .position, .point(everywhere.origin), at: path)
            emitter.set(rect, .backgroundColor, .color(color), at: path)
            return rect
        }
        let combined = try emitter.create(name: "masks", at: listPath)
        placeAtOrigin(combined, size: .zero, at: listPath)
        let starts = masks.first.map { $0.mode == "s" || $0.mode == "i" } ?? false
        emitter.insert(try rectangle(starts ? .white : .black, at: listPath), into: combined, at: listPath)
        for mask in masks {
            // The coverage, painted white (black to subtract) on a shape layer.
            let paint = try emitter.create(.shape, name: "mask", at: mask.path)
            let paths = mask.inverted ? [outline, mask.shape] : [mask.shape]
            emitter.apply(joined(paths, at: mask.path), to: paint, LayerKeyPath(.path), at: mask.path + ".pt") { .path($0) }
            if mask.inverted { emitter.set(paint, .fillRule, Self.keyword(.fillRule, "evenOdd"), at: mask.path + ".inv") }
            emitter.set(paint, .fillColor, .color(mask.mode == "s" ? .black : .white), at: mask.path)
            if mask.opacity.isAnimated || mask.opacity.initialValue != 1 {
                emitter.apply(mask.opacity, to: paint, LayerKeyPath(.opacity), at: mask.path + ".o") { .number($0) }
            }
            let blend = ["i": "multiply", "l": "lighten", "da": "darken", "f": "difference"][mask.mode]
            guard let blend else {
                emitter.insert(paint, into: combined, at: mask.path)
                continue
            }
            let picture = try emitter.create(name: "mask picture", at: mask.path)
            placeAtOrigin(picture, size: .zero, at: mask.path)
            emitter.insert(try rectangle(.black, at: mask.path), into: picture, at: mask.path)
            emitter.insert(paint, into: picture, at: mask.path)
            emitter.set(picture, .compositingFilter, Self.keyword(.compositingFilter, blend), at: mask.path + ".mode")
            emitter.insert(picture, into: combined, at: mask.path)
        }
        emitter.set(combined, .filters, .filters([LayerFilter(.colorMatrix(Self.alphaFromRed))]), at: listPath)
        return combined
    }

    /// A mask's path grown outwards by its expansion (`x`, points; negative shrinks it), whichever
    /// way round the path was drawn, with round corners: the outline of a round brush of that radius
    /// run along the path, as After Effects expands a mask. Sampled where the path or the expansion
    /// has keyframes (see `combine`).
    static func expanded(_ shape: LottieProperty<LottieBezier>, by expansion: LottieProperty<Double>) -> LottieProperty<LottieBezier> {
        combine([shape.timeline, expansion.timeline]) { f in
            let path = shape.value(at: f, interpolate: LottieBezier.interpolate)
            let amount = expansion.value(at: f, interpolate: Double.mix)
            // The offset's normal points out of a path drawn clockwise on screen (positive area).
            return path.offset(by: path.signedArea >= 0 ? amount : -amount, join: .round)
        }
    }

    /// Alpha from an opaque picture's red channel (straight RGBA 4x5, row-major).
    static let alphaFromRed: [Double] = [
        1, 0, 0, 0, 0,
        0, 1, 0, 0, 0,
        0, 0, 1, 0, 0,
        1, 0, 0, 0, 0,
    ]
}
