/// Geometry across the tree: frames, conversions between layers' coordinate spaces, hit testing.
///
/// Every layer's space maps into its superlayer's through `frameTransform` followed by the superlayer's
/// `sublayerSpaceTransform`; a mask maps into the space of the layer it masks through its
/// `frameTransform` alone. Conversions go up to the root of each layer's tree and down again, so layers
/// in separate trees convert through their roots, as Core Animation does.
extension LayerTree {
    /// The layer's frame in its superlayer's space (see `PropertyValues.frame`).
    public func frame(of id: LayerID) throws(LayerTreeError) -> Rect { try node(id).values.frame }

    /// Sets the layer's frame (see `PropertyValues.setFrame`).
    public mutating func setFrame(_ frame: Rect, of id: LayerID) throws(LayerTreeError) {
        var values = try node(id).values
        values.setFrame(frame)
        self[id] = values
    }

    /// The transform from `id`'s space to its superlayer's (or, for a mask, its owner's) plane: its
    /// `frameTransform`, then the superlayer's sublayer space, flattened into the superlayer's plane
    /// (`Transform3D.flattened`) unless the superlayer is a transform layer, exactly as the renderer
    /// draws it. A root keeps its z (the canvas is not flattened: nothing is drawn in it but its roots).
    ///
    /// With `presentation`, the layers' presentation values are used (where they are drawn now).
    public func transformToParent(of id: LayerID, in presentation: Presentation? = nil) throws(LayerTreeError) -> Transform3D {
        let n = try node(id)
        let m = shown(id, presentation).frameTransform
        if let parent = n.superlayer {
            // A transform layer keeps its sublayers in its 3D space (`CATransformLayer`).
            let values = shown(parent, presentation)
            let space = values.sublayerSpaceTransform
            return m.concatenating(values.kind == .transform ? space : space.flattened)
        }
        return n.maskOwner == nil ? m : m.flattened
    }

    /// The transform from `id`'s space to the space of its tree's root's superlayer (the canvas).
    public func transformToRoot(of id: LayerID, in presentation: Presentation? = nil) throws(LayerTreeError) -> Transform3D {
        var m = try transformToParent(of: id, in: presentation)
        var current = id
        while let parent = geometricParent(of: current) {
            m = m.concatenating(try transformToParent(of: parent, in: presentation))
            current = parent
        }
        return m
    }

    /// Converts a point from `source`'s space to `destination`'s (`convert(_:from:)` / `convert(_:to:)`);
    /// nil stands for the canvas, the space the roots are positioned in.
    /// With `presentation`, through the layers' presentation values (where they are drawn now).
    public func convert(
        _ p: Point, from source: LayerID?, to destination: LayerID?, in presentation: Presentation? = nil
    ) throws(LayerTreeError) -> Point {
        var q = p
        if let source { q = try transformToRoot(of: source, in: presentation).project(q) }
        if let destination { q = try transformToRoot(of: destination, in: presentation).unproject(q) }
        return q
    }

    /// A layer's values: its presentation values when `presentation` is given, else its model values.
    private func shown(_ id: LayerID, _ presentation: Presentation?) -> PropertyValues {
        presentation?.values(of: id, in: self) ?? slots[Int(id.index)].node.values
    }

    /// Converts a rectangle: the bounding box of its four converted corners.
    public func convert(_ r: Rect, from source: LayerID?, to destination: LayerID?) throws(LayerTreeError) -> Rect {
        if r.isNull { return .null }
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY),
        ]
        var converted: [Point] = []
        for c in corners { converted.append(try convert(c, from: source, to: destination)) }
        return Rect.boundingBox(of: converted)
    }

    /// Whether `p`, in the layer's own space, lies inside its bounds (`CALayer.contains(_:)`).
    public func contains(_ p: Point, in id: LayerID) throws(LayerTreeError) -> Bool {
        try node(id).values[.bounds].contains(p)
    }

    /// The farthest descendant of `id` (or `id` itself) that contains `p`, given in `id`'s superlayer's
    /// space (`CALayer.hitTest(_:)`). Hidden layers and their subtrees are skipped, `masksToBounds`
    /// clips the subtree, siblings are tried front to back (higher `zPosition` first, then later
    /// sublayers first), and the deepest hit wins. Under a transform layer, whose sublayers share its
    /// 3D space, every sublayer is found along the same line of sight and the nearest at the point wins,
    /// as the renderer's depth test shows them; a transform layer itself is never hit.
    ///
    /// With `presentation`, layers are found where they are drawn now, mid-animation included (what a
    /// tap on the screen means), rather than where their model values put them.
    public func hitTest(_ p: Point, in id: LayerID, presentation: Presentation? = nil) throws(LayerTreeError) -> LayerID? {
        hitTest(p, toPlane: try transformToParent(of: id, in: presentation), id, presentation)?.layer
    }

    /// The hit under `p`, a point of the plane `toPlane` maps `id`'s space into, with its depth there
    /// (z over w of the plane's space, before it flattens: larger is nearer).
    private func hitTest(
        _ p: Point, toPlane m: Transform3D, _ id: LayerID, _ presentation: Presentation?
    ) -> (layer: LayerID, depth: Double)? {
        let values = shown(id, presentation)
        if values[.hidden] { return nil }
        let local = m.unproject(p)
        let sublayerSpace = values.sublayerSpaceTransform
        if values.kind == .transform {
            // One 3D space: each sublayer mapped into the same plane, the nearest hit wins.
            var best: (layer: LayerID, depth: Double)?
            for child in currentSublayers(of: id) {
                let toPlane = shown(child, presentation).frameTransform.concatenating(sublayerSpace).concatenating(m)
                if let hit = hitTest(p, toPlane: toPlane, child, presentation), hit.depth > best?.depth ?? -.infinity {
                    best = hit
                }
            }
            return best
        }
        let inside = values[.bounds].contains(local)
        if values[.masksToBounds] && !inside { return nil }
        let v = m.apply(SIMD4(local.x, local.y, 0, 1))
        let depth = v.w != 0 ? v.z / v.w : 0
        // The sublayers lie in this layer's plane: they are found from the point there.
        for child in frontToBack(currentSublayers(of: id), presentation) {
            let c = shown(child, presentation)
            let toParent = sublayerSpace.isIdentity ? c.frameTransform : c.frameTransform.concatenating(sublayerSpace)
            if let hit = hitTest(local, toPlane: toParent, child, presentation) { return (hit.layer, depth) }
        }
        return inside ? (id, depth) : nil
    }

    /// Sublayers in front-to-back order: higher `zPosition` first; equal ones, later sublayers first.
    /// With `presentation`, by their presentation `zPosition`.
    public func frontToBack(_ sublayers: [LayerID], _ presentation: Presentation? = nil) -> [LayerID] {
        sublayers.enumerated().sorted { a, b in
            let za = shown(a.element, presentation)[.zPosition]
            let zb = shown(b.element, presentation)[.zPosition]
            return za != zb ? za > zb : a.offset > b.offset
        }.map(\.element)
    }
}
