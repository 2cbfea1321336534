import LaminaCore
import LaminaRaster

// What the layer kinds draw of their own, between a layer's contents and its sublayers: a gradient
// layer's gradient, a shape layer's fill and stroke, a text layer's glyphs.
extension RenderListBuilder {
    /// How many separately drawn parts a layer's kind adds (for group opacity: two overlapping parts
    /// at partial opacity need an offscreen group to look like one layer).
    func kindPartCount(_ values: PresentedValues) -> Int {
        switch KindDrawing.of(values.model.kind).own {
        case .nothing: 0
        case .particles: particlePartCount(values)
        case .gradient: values[.colors].isEmpty ? 0 : 1
        case .shape:
            values[.path].isEmpty ? 0 : (values[.fillColor].alpha > 0 ? 1 : 0) + (values[.strokeColor].alpha > 0 ? 1 : 0)
        case .text: values[.string].isEmpty ? 0 : 1
        case .tiles: 1
        }
    }

    /// A gradient layer's gradient: one instance over the bounds, shaped by the corner radius like the
    /// background, its colour computed per pixel from the stop table (`layer.frag`'s `gradientColor`).
    mutating func drawGradient(
        _ id: LayerID, _ values: PresentedValues, matrix: GPUMatrix, localToClip: Transform3D?, opacity: Double,
        edgeMargin: Float?
    ) {
        forceDamage = false
        guard var stops = GradientStops(colors: values[.colors], locations: values[.locations]) else { return }
        if values[.gradientType] == .radial { stops.focus = GradientStops.focus(values[.focusOffset]) }
        // Copies of a replicated gradient share the table of the same stops; lagging behind an animation
        // of its colours, each has its own (see `ReplicaRasters`).
        var which = LayerRasterID(id)
        if replicaDepth > 0, let earlier = replicatedGradients.earlier(id, drawing: stops) {
            (which, forceDamage) = earlier
        } else {
            if replicaDepth > 0 { which = replicatedGradients.next(for: id) }
            if generated.gradients[which]?.stops != stops {
                let placed = stops.texels.withUnsafeBytes {
                    generated.place($0, width: stops.width, height: 1, in: generated.stops, replacing: generated.gradients[which]?.placed)
                }
                generated.gradients[which] = GradientTable(stops: stops, placed: placed)
                // The same instance may now read other texels: what it shows changed.
                forceDamage = true
            }
            if replicaDepth > 0 {
                replicatedGradients.record(id, drawing: stops, made: forceDamage)
                generated.useCopies(which.copy + 1, of: id)
            }
        }
        guard let table = generated.gradients[which] else { return }
        let bounds = values[.bounds]
        let corners = CornerShape(values)
        let start = values[.startPoint], end = values[.endPoint]
        var instance = LayerInstance(matrix: matrix, rect: bounds, color: SIMD4(repeating: Float(opacity)))
        if corners.isRounded || edgeMargin != nil { instance.shape(bounds, corners: corners) }
        if let edgeMargin { instance.widen(by: edgeMargin) }
        // The points in local space (after widening, which moves texture coordinates).
        instance.texture(
            .gradient,
            uv: SIMD4(
                Float(bounds.minX + start.x * bounds.width), Float(bounds.minY + start.y * bounds.height),
                Float(bounds.minX + end.x * bounds.width), Float(bounds.minY + end.y * bounds.height)))
        instance[sampling: .gradientType] = Float(values[.gradientType].rawValue)
        instance[sampling: .gradientOrigin] = Float(table.placed.x + 1024 * table.placed.y)
        instance[sampling: .gradientCount] = Float(stops.colors.count)
        Self.applyClip(&instance, localToClip, clip)
        appendGenerated(instance, table.placed.texture)
    }

    /// Appends an instance drawing from a generated texture; when what it shows was just drawn anew
    /// (in place: the instance itself may be unchanged), its screen bounds are damage.
    mutating func appendGenerated(_ instance: LayerInstance, _ texture: GeneratedTexture) {
        if forceDamage { list.forceDamage(instance.pixelBounds(width: target.width, height: target.height)) }
        emit(instance, texture: .generated(texture))
    }
}

// MARK: Shapes

extension RenderListBuilder {
    /// The style of a shape layer's values.
    static func shapeStyle(_ values: PresentedValues) -> ShapeStyle {
        ShapeStyle(
            fills: values[.fillColor].alpha > 0, strokes: values[.strokeColor].alpha > 0, fillRule: values[.fillRule],
            lineWidth: values[.lineWidth], lineCap: values[.lineCap], lineJoin: values[.lineJoin],
            miterLimit: values[.miterLimit], dashes: values[.lineDashPattern], dashPhase: values[.lineDashPhase],
            strokeStart: values[.strokeStart], strokeEnd: values[.strokeEnd])
    }

    /// The rectangle of a shape layer's space its drawing can reach, or nil.
    static func shapeExtent(_ values: PresentedValues) -> Rect? {
        ShapeRasterizer.extent(of: values[.path], style: shapeStyle(values))
    }

    /// Pixels per point for a shape shown at `pixelScale`: the next step up of a quarter octave, so a
    /// shape stays sharp as it grows and a scale animation rasterises it again only at each step.
    static func rasterScale(for pixelScale: Double) -> Double {
        guard pixelScale.isFinite, pixelScale > 0 else { return 1 }
        return Double.pow(2, (Double.log2(pixelScale) * 4 - 1e-9).rounded(.up) / 4)
    }

    /// How many more pixels per point a shape raster has than its step (`rasterScale`) when its texels
    /// do not fall on the target's pixels one for one (`linesUp`): half an octave. A raster is drawn
    /// as a textured quad, resampled bilinearly; at one texel a pixel or fewer, off the pixel grid,
    /// every edge came out spread over a pixel more than the shape's own antialiasing (a turned
    /// 3-pixel stroke's edge rows 62 and 206 of 255 where a direct rasteriser draws 8 and 255), which
    /// thin strokes and fine outlines show. Shrunk by between 1/√2 and 2^(-1/4)/√2, the resampling blurs
    /// less than a pixel. It doubles the raster's pixels, up to `maximumOversampledPixels`, and is
    /// left out while the outline animates (`reshapingKeys`), its raster made again each frame.
    static let shapeOversampling = 2.0.squareRoot()

    /// The most pixels an oversampled shape raster holds: 2 million (4 MB); a larger one keeps its step.
    static let maximumOversampledPixels = 2 << 20

    /// The animations that reshape a shape's raster every frame: its path, and the part of it stroked.
    static let reshapingKeys: UInt128 = [PropertyKey.path, .strokeStart, .strokeEnd].reduce(0) { $0 | 1 &<< UInt128($1.rawValue) }

    /// Whether `world` lays a raster of `scale` texels per point onto the target texel for pixel: no
    /// turn, skew or perspective, that scale on both axes (either sign) and a whole-pixel translation,
    /// so the raster's texel edges (on whole texels of the layer's space) are pixel edges.
    static func linesUp(_ world: Transform3D, scale: Double) -> Bool {
        world.m12 == 0 && world.m21 == 0 && world.m14 == 0 && world.m24 == 0 && world.m44 == 1
            && abs(world.m11) == scale && abs(world.m22) == scale
            && world.m41 == world.m41.rounded() && world.m42 == world.m42.rounded()
    }

    /// The most pixels a shape raster holds (two bytes each): 16 million; a larger shape is rasterised
    /// at a lower scale (softer), never refused.
    static let maximumShapePixels = 16 << 20

    /// The rectangle of the layer's plane that `world` shows inside the target, or nil when the target
    /// sees the plane's horizon (under perspective) and no finite rectangle holds it.
    func visibleRegion(under world: Transform3D) -> Rect? {
        guard let fromTarget = Homography(planeOf: world).inverted() else { return nil }
        let (w, h) = (Double(target.width), Double(target.height))
        var points: [Point] = []
        for corner in [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)] {
            guard let p = fromTarget.apply(corner), p.x.isFinite, p.y.isFinite else { return nil }
            points.append(p)
        }
        return Rect.boundingBox(of: points)
    }

    /// A shape layer's fill and stroke: a raster of both coverages at the scale the layer is shown at
    /// (made again only when the path, the style or that scale changes), drawn as two instances
    /// tinted by `fillColor` and `strokeColor`, the stroke over the fill. Not clipped to the bounds
    /// unless the layer masks to them.
    mutating func drawShape(
        _ id: LayerID, _ values: PresentedValues, world: Transform3D, matrix: GPUMatrix, localToClip: Transform3D?,
        opacity: Double
    ) {
        forceDamage = false
        let style = Self.shapeStyle(values)
        let path = values[.path]
        // Where the ink can reach: computed by stroking once per path and ink style, kept while only
        // the cut, the dashes or the colours change.
        let inkStyle = style.inkStyle
        let whole: Rect
        if let held = generated.shapes[LayerRasterID(id)], held.key.path == path, held.inkStyle == inkStyle {
            whole = held.ink
        } else {
            guard let ink = ShapeRasterizer.inkExtent(of: path, style: inkStyle) else { return }
            whole = ink
        }
        guard Self.placement(of: whole, under: world, in: target).visible else { return }
        var which = LayerRasterID(id)
        let drawn = ShapeRasterKey.Drawn(path: path, style: style)
        if replicaDepth > 0, let earlier = replicatedShapes.earlier(id, drawing: drawn) {
            (which, forceDamage) = earlier
        } else {
            if replicaDepth > 0 { which = replicatedShapes.next(for: id) }
            guard let key = shapeRasterKey(path: path, style: style, ink: whole, values: values, world: world) else { return }
            rasterize(which, key)
            if replicaDepth > 0 {
                replicatedShapes.record(id, drawing: drawn, made: forceDamage)
                generated.useCopies(which.copy + 1, of: id)
            }
        }
        if generated.fresh.contains(id) { forceDamage = true }
        // The raster just made, or (while the worker draws the new one) the layer's last.
        guard let raster = generated.shapes[which] else { return }
        let placed = raster.placed
        let bounds = values[.bounds]
        let clipsToBounds = values[.masksToBounds]
        for (color, mode) in [(values[.fillColor], LayerInstance.TextureMode.red), (values[.strokeColor], .green)]
        where color.alpha > 0 && (mode == .red ? style.fills : style.strokeRange != nil) {
            var instance = LayerInstance(matrix: matrix, rect: raster.extent, color: Self.premultiplied(color, opacity))
            instance.texture(mode, uv: placed.uv)
            if clipsToBounds { instance.shape(bounds, corners: CornerShape(values)) }
            Self.applyClip(&instance, localToClip, clip)
            appendGenerated(instance, placed.texture)
        }
    }
}

extension RenderListBuilder {
    /// Asks for shape raster `which` at `key` unless it holds that already; notes in `forceDamage`
    /// when it is made at once.
    mutating func rasterize(_ which: LayerRasterID, _ key: ShapeRasterKey) {
        guard generated.shapes[which]?.key != key else { return }
        // A stroke cut anew (strokeEnd animating) reuses the path flattened for this scale.
        let old = generated.shapes[which]
        let flattened = old?.key.path == key.path && old?.key.scale == key.scale ? old?.flattened : nil
        let fill = old.flatMap { $0.fillFits(key) ? $0.fill : nil }
        if generated.rasterize(.shape(which, key, flattened: flattened, fill: fill)) { forceDamage = true }
    }

    /// The raster a shape layer shown under `world` is drawn from: its step of scale (half an octave
    /// finer off the pixel grid) and the part of its ink it covers.
    func shapeRasterKey(path: Path, style: ShapeStyle, ink whole: Rect, values: PresentedValues, world: Transform3D) -> ShapeRasterKey? {
        var scale = Self.rasterScale(for: Self.pixelScale(of: world))
        // A replicator's copies share their layer's raster, so its copies decide alike, as off the grid.
        let linesUp = replicaDepth == 0 && Self.linesUp(world, scale: scale)
        // A shape much larger than the target is rasterised only where it can be seen (its part
        // inside the target, widened by a quarter of the target on every side and snapped to a grid of
        // that step so that small moves do not draw it again); any other keeps its whole extent, and so
        // does a replicated one, whose copies each show another part.
        var reach = whole
        if replicaDepth == 0, let visible = visibleRegion(under: world), !visible.contains(reach) {
            let step = Double(max(target.width, target.height)) / 4 / scale
            let snapped = Rect(
                x: (visible.minX / step).rounded(.down) * step - step, y: (visible.minY / step).rounded(.down) * step - step,
                width: 0, height: 0)
            let far = Point(x: (visible.maxX / step).rounded(.up) * step + step, y: (visible.maxY / step).rounded(.up) * step + step)
            let region = Rect(x: snapped.minX, y: snapped.minY, width: far.x - snapped.minX, height: far.y - snapped.minY)
            reach = reach.intersection(region)
            guard !reach.isNull, reach.width > 0, reach.height > 0 else { return nil }
        }
        // Off the pixel grid, half an octave more where that stays small (the edges of a large shape are
        // few of its pixels) and is paid once: not while the path or the stroked part animates, which
        // makes the raster again every frame. Decided from this frame's values alone, so that a frame
        // draws the same whatever was drawn before it.
        let oversampled = scale * Self.shapeOversampling
        if !linesUp, !values.animatesAny(of: Self.reshapingKeys),
            reach.width * reach.height * oversampled * oversampled <= Double(Self.maximumOversampledPixels)
        {
            scale = oversampled
        }
        // Within the driver's largest texture and the pixel budget.
        let side = max(reach.width, reach.height, 1e-9)
        scale = min(scale, Double(generated.maximumSize - 2) / side)
        let area = max(reach.width * reach.height, 1e-9)
        scale = min(scale, (Double(Self.maximumShapePixels) / area).squareRoot())
        guard scale > 0 else { return nil }
        // Texel edges on multiples of a pixel of the layer's own space, a pixel of margin for the
        // anti-aliased edge.
        let x0 = (reach.minX * scale).rounded(.down) - 1, y0 = (reach.minY * scale).rounded(.down) - 1
        let x1 = (reach.maxX * scale).rounded(.up) + 1, y1 = (reach.maxY * scale).rounded(.up) + 1
        let extent = Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        return ShapeRasterKey(path: path, style: style, scale: scale, extent: extent, ink: whole)
    }
}

// MARK: Text

extension RenderListBuilder {
    /// A text layer's glyphs: a coverage raster of its string laid out in its bounds at `contentsScale`
    /// times the output's scale (made again only when the text, its style, the bounds' size or that
    /// scale changes), tinted with `foregroundColor`, so a colour animation rasterises nothing.
    mutating func drawText(
        _ id: LayerID, _ values: PresentedValues, matrix: GPUMatrix, localToClip: Transform3D?, opacity: Double
    ) {
        forceDamage = false
        let color = values[.foregroundColor]
        let string = values[.string]
        guard !string.isEmpty, color.alpha > 0 else { return }
        let bounds = values[.bounds]
        let style = TextStyle(
            string: string, font: values[.font], fontSize: values[.fontSize], alignment: values[.alignmentMode],
            isWrapped: values[.wrapped], truncation: values[.truncationMode])
        let scale = values[.contentsScale] * self.scale
        let key = TextRasterKey(style: style, origin: bounds.origin, size: bounds.size, scale: scale)
        // Copies of a replicated text share the raster of the same key; lagging behind an animation of
        // its size or bounds, each has its own (see `ReplicaRasters`).
        var which = LayerRasterID(id)
        if replicaDepth > 0, let earlier = replicatedTexts.earlier(id, drawing: key) {
            (which, forceDamage) = earlier
        } else {
            if replicaDepth > 0 { which = replicatedTexts.next(for: id) }
            if generated.texts[which]?.key != key, generated.failedTexts[which] != key {
                let job = RasterJob.text(which, key, checkFont: generated.needsFontCheck(style.font))
                if generated.rasterize(job) { forceDamage = true }
            }
            if replicaDepth > 0 {
                replicatedTexts.record(id, drawing: key, made: forceDamage)
                generated.useCopies(which.copy + 1, of: id)
            }
        }
        if generated.fresh.contains(id) { forceDamage = true }
        // The raster just made, or (while the worker draws the new one) the layer's last.
        guard let raster = generated.texts[which] else { return }
        var instance = LayerInstance(matrix: matrix, rect: raster.extent, color: Self.premultiplied(color, opacity))
        instance.texture(.red, uv: raster.placed.uv)
        if values[.masksToBounds], CornerShape(values).isRounded { instance.shape(bounds, corners: CornerShape(values)) }
        Self.applyClip(&instance, localToClip, clip)
        appendGenerated(instance, raster.placed.texture)
    }
}

// MARK: Shadow paths

extension RenderListBuilder {
    /// A shadow from the layer's `shadowPath` (Core Animation's fast path): the path's fill coverage,
    /// blurred by `shadowRadius` on the CPU (made again only when the path, the radius or the scale
    /// changes), drawn behind the layer as coverage tinted by `shadowColor` times `shadowOpacity`,
    /// offset by `shadowOffset`. The layer needs no offscreen group for it.
    mutating func drawPathShadow(
        _ id: LayerID, _ values: PresentedValues, world: Transform3D, localToClip: Transform3D?, opacity: Double
    ) {
        forceDamage = false
        let path = values[.shadowPath]
        let radius = max(values[.shadowRadius], 0)
        guard let ink = ShapeRasterizer.inkExtent(of: path, style: ShapeStyle(), margin: 0) else { return }
        var scale = Self.rasterScale(for: Self.pixelScale(of: world))
        // At most 21 pixels of standard deviation (the blur's reach): a wider shadow is rasterised at a
        // lower scale, which its softness hides.
        if radius > 0 { scale = min(scale, 21 / radius) }
        let reach = ink.insetBy(dx: -3 * radius, dy: -3 * radius)
        scale = min(scale, Double(generated.maximumSize - 2) / max(reach.width, reach.height, 1e-9))
        scale = min(scale, (Double(Self.maximumShapePixels) / max(reach.width * reach.height, 1e-9)).squareRoot())
        guard scale > 0, scale.isFinite else { return }
        let x0 = (reach.minX * scale).rounded(.down) - 1, y0 = (reach.minY * scale).rounded(.down) - 1
        let x1 = (reach.maxX * scale).rounded(.up) + 1, y1 = (reach.maxY * scale).rounded(.up) + 1
        let extent = Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        let key = ShadowRasterKey(path: path, extent: extent, scale: scale, sigma: radius * scale)
        if generated.shadows[id]?.key != key, generated.rasterize(.shadow(id, key)) { forceDamage = true }
        if generated.fresh.contains(id) { forceDamage = true }
        guard let shadow = generated.shadows[id] else { return }
        let offset = values[.shadowOffset]
        let shifted = shadow.key.extent.offsetBy(dx: offset.width, dy: offset.height)
        let matrix = GPUMatrix(world.concatenating(projection))
        var color = values[.shadowColor]
        color.alpha *= values[.shadowOpacity]
        var instance = LayerInstance(matrix: matrix, rect: shifted, color: Self.premultiplied(color, opacity))
        instance.texture(.red, uv: shadow.placed.uv)
        Self.applyClip(&instance, localToClip, clip)
        appendGenerated(instance, shadow.placed.texture)
    }
}
