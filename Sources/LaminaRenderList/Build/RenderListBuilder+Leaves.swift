import LaminaCore

extension RenderListBuilder {
    /// Draws a leaf whose parts and placement the list kept (`LayerPartsTable`) and which animates
    /// nothing but its placement, opacity and colours (`LeafPlacement.animatableKeys`,
    /// `LayerParts.paintKeys`), without reading its values: its animated values come from the presentation, the rest from what was kept. Returns
    /// false, having done nothing, for any other layer, which the caller then visits the long way.
    ///
    /// Ten thousand layers each turning spent most of their build reading the same thirty values of
    /// every layer every frame; this is what is left: the placement, the world transform, the instances.
    mutating func visitKeptLeaf(_ id: LayerID, toTarget: Transform3D, toClip: Transform3D?, opacity: Double) -> Bool {
        guard let identity = tree.leafIdentity(of: id), KindDrawing.of(identity.kind).drawsOnlyParts else { return false }
        let animated = presentation.animatedKeyMask(of: id)
        guard !animated.transition,
            animated.keys & ~(LeafPlacement.animatableKeys | LayerParts.paintKeys | LayerParts.laidOverKeys) == 0,
            let (keptParts, kept) = list.parts.leaf(of: id, identity: identity), keptParts.isPlain
        else { return false }
        var (parts, values) = (keptParts, kept)
        func animates(_ key: PropertyKey) -> Bool { animated.keys & 1 &<< UInt128(key.rawValue) != 0 }
        if animates(.transform), let t = presentation.animatedTransform(.transform, of: id) { values.transform = t }
        if animates(.position), case .point(let p)? = presentation.animatedValue(.position, of: id) { values.position = p }
        if animates(.zPosition), case .number(let z)? = presentation.animatedValue(.zPosition, of: id) { values.zPosition = z }
        if animates(.anchorPoint), case .point(let a)? = presentation.animatedValue(.anchorPoint, of: id) { values.anchorPoint = a }
        if animates(.anchorPointZ), case .number(let z)? = presentation.animatedValue(.anchorPointZ, of: id) {
            values.anchorPointZ = z
        }
        if animates(.opacity), case .number(let o)? = presentation.animatedValue(.opacity, of: id) { values.opacity = o }
        if animates(.backgroundColor), case .color(let c)? = presentation.animatedValue(.backgroundColor, of: id) {
            parts.paintBackground(c)
        }
        if animates(.borderColor), case .color(let c)? = presentation.animatedValue(.borderColor, of: id) { parts.paintBorder(c) }
        var animatedBounds: Rect?
        if animates(.bounds), case .rect(let b)? = presentation.animatedValue(.bounds, of: id) { animatedBounds = b }
        layOver(animatedBounds, on: &parts, of: id, identity: identity)
        if let animatedBounds { values.bounds = animatedBounds }
        let layerOpacity = values.opacity
        // Drawn as an offscreen group (see `visit`): the long way.
        if parts.allowsGroupOpacity && layerOpacity < 1 && parts.count >= 2 { return false }
        list.keptLeaves += 1
        guard !values.isHidden, layerOpacity > 0, opacity > 0 else {
            list.culledLayers += 1
            return true
        }
        let frame = values.frameTransform
        let world = frame.concatenating(toTarget)
        let localToClip = toClip.map { frame.concatenating($0) }
        let own = OwnPlacement(parts, world: world, in: target, projection: projection)
        guard own.drawsOwn else {
            list.culledLayers += 1
            return true
        }
        drawBackgroundAndContents(
            id, parts, own, world: world, localToClip: localToClip, opacity: opacity * layerOpacity, identity: identity)
        drawBorder(parts, own, localToClip: localToClip, opacity: opacity * layerOpacity)
        return true
    }

    /// Draws a layer's background, then its contents (what lies under its sublayers).
    mutating func drawBackgroundAndContents(
        _ id: LayerID, _ parts: LayerParts, _ own: OwnPlacement, world: Transform3D, localToClip: Transform3D?,
        opacity: Double, identity: PropertyValues.Identity
    ) {
        let (bounds, corners) = (parts.bounds, parts.corners)
        if let background = parts.background {
            var instance = Self.backgroundInstance(
                matrix: own.matrix, bounds: bounds, corners: corners, color: background * Float(opacity), edgeMargin: own.edgeMargin)
            Self.applyClip(&instance, localToClip, clip)
            emit(instance, texture: .none)
        }
        if let contents = parts.contents {
            drawContents(
                id, contents, parts, world: world, matrix: own.matrix, localToClip: localToClip, opacity: opacity,
                edgeMargin: own.edgeMargin, identity: identity)
        }
    }

    /// Draws a layer's border (over its sublayers).
    mutating func drawBorder(_ parts: LayerParts, _ own: OwnPlacement, localToClip: Transform3D?, opacity: Double) {
        guard let border = parts.border else { return }
        var instance = Self.borderInstance(
            matrix: own.matrix, bounds: parts.bounds, corners: parts.corners, width: border.width,
            color: border.color * Float(opacity), edgeMargin: own.edgeMargin)
        Self.applyClip(&instance, localToClip, clip)
        emit(instance, texture: .none)
    }

    // The instances of a layer's own parts, as the build makes them and as the leaf patch makes them
    // again for a leaf whose bounds animate; the clip mapping is applied after.

    /// The background's quad: the bounds, shaped when the corners are rounded or the edges widened.
    static func backgroundInstance(
        matrix: GPUMatrix, bounds: Rect, corners: CornerShape, color: SIMD4<Float>, edgeMargin: Float?
    ) -> LayerInstance {
        var instance = LayerInstance(matrix: matrix, rect: bounds, color: color)
        if corners.isRounded || edgeMargin != nil { instance.shape(bounds, corners: corners) }
        if let edgeMargin { instance.widen(by: edgeMargin) }
        return instance
    }

    /// The border's quad: the bounds, shaped as a ring `width` wide.
    static func borderInstance(
        matrix: GPUMatrix, bounds: Rect, corners: CornerShape, width: Double, color: SIMD4<Float>, edgeMargin: Float?
    ) -> LayerInstance {
        var instance = LayerInstance(matrix: matrix, rect: bounds, color: color)
        instance.shape(bounds, corners: corners, borderWidth: width)
        if let edgeMargin { instance.widen(by: edgeMargin) }
        return instance
    }

    /// One quad of the contents, `piece` of their layout in `bounds`; shaped by the bounds when they
    /// clip it round (`shaped`), else by the piece when the edges are widened.
    static func contentsInstance(
        matrix: GPUMatrix, piece: ContentsLayout.Piece, bounds: Rect, corners: CornerShape, shaped: Bool, lodBias: Float,
        opacity: Double, edgeMargin: Float?
    ) -> LayerInstance {
        var instance = LayerInstance(matrix: matrix, rect: piece.rect, color: SIMD4(repeating: Float(opacity)))
        instance.texture(.rgba, uv: SIMD4<Float>(piece.uv))
        instance[sampling: .lodBias] = lodBias
        if shaped {
            instance.shape(bounds, corners: corners)
        } else if edgeMargin != nil {
            instance.shape(piece.rect, radius: 0)
        }
        if let edgeMargin { instance.widen(by: edgeMargin) }
        return instance
    }
}
