/// The transforms a layer's own property values define, in CATransform3D's row-vector convention.
/// The tree's conversions, hit testing and the renderer's world transforms are all built from these,
/// so there is one definition of where a layer is.
///
/// The formulas are written against `LayerValueSource`, so the renderer can run them on a layer's
/// presentation values (an animated overlay over the model) without first copying them into a
/// `PropertyValues`.
public protocol LayerValueSource {
    /// The typed value of a property.
    subscript<Value>(property: Property<Value>) -> Value { get }
}

extension PropertyValues: LayerValueSource {}

extension LayerValueSource {
    /// The anchor point in the layer's own coordinate space (bounds.origin counted, as the scroll offset
    /// that it is), with `anchorPointZ` as z.
    @inlinable
    public var anchorInBounds: SIMD3<Double> {
        let b = self[.bounds]
        let a = self[.anchorPoint]
        return SIMD3(b.origin.x + a.x * b.size.width, b.origin.y + a.y * b.size.height, self[.anchorPointZ])
    }

    /// Maps the layer's own coordinate space into its superlayer's, before the superlayer's
    /// `sublayerTransform`: move the anchor to the origin, apply `transform`, move to
    /// (`position`, `zPosition`).
    @inlinable
    public var frameTransform: Transform3D {
        let a = anchorInBounds
        let p = self[.position]
        var m = self[.transform]
        if !m.isIdentity {
            // T(−a) · m without the product: its first three rows are m's (up to the sign of a zero),
            // and its fourth is −a through m's rows, summed in the order the product sums them.
            m.row4 = -a.x * m.row1 + -a.y * m.row2 + -a.z * m.row3 + m.row4
            // Then the translation to the position: M · T(t) adds w · t to each row (rows of an affine
            // M have w = 0 but the last). Adding t to the last row alone is right only without
            // perspective; with it, a layer's own perspective transform came out sheared.
            let t = SIMD4(p.x, p.y, self[.zPosition], 0)
            m.row1 += m.row1.w * t
            m.row2 += m.row2.w * t
            m.row3 += m.row3.w * t
            m.row4 += m.row4.w * t
            return m
        }
        return Transform3D(translationX: p.x - a.x, y: p.y - a.y, z: self[.zPosition] - a.z)
    }

    /// Maps the space in which this layer's sublayers are positioned into this layer's own space:
    /// `geometryFlipped` flips y about the bounds' middle, then `sublayerTransform` applies about this
    /// layer's anchor point. The identity when neither is set.
    @inlinable
    public var sublayerSpaceTransform: Transform3D {
        let sublayerTransform = self[.sublayerTransform]
        let flipped = self[.geometryFlipped]
        if sublayerTransform.isIdentity && !flipped { return .identity }
        var m = Transform3D.identity
        if flipped {
            m = Transform3D(scaleX: 1, y: -1, z: 1).concatenating(
                Transform3D(translationX: 0, y: 2 * self[.bounds].midY, z: 0))
        }
        if !sublayerTransform.isIdentity {
            let a = anchorInBounds
            m = m.concatenating(Transform3D(translationX: -a.x, y: -a.y, z: -a.z))
                .concatenating(sublayerTransform)
                .concatenating(Transform3D(translationX: a.x, y: a.y, z: a.z))
        }
        return m
    }
}

extension PropertyValues {
    /// The layer's frame: the bounding box, in the superlayer's space, of the bounds transformed about
    /// the anchor point (projected when the transform has perspective).
    public var frame: Rect {
        let m = frameTransform
        let b = self[.bounds]
        return Rect.boundingBox(of: [
            m.project(Point(x: b.minX, y: b.minY)), m.project(Point(x: b.maxX, y: b.minY)),
            m.project(Point(x: b.minX, y: b.maxY)), m.project(Point(x: b.maxX, y: b.maxY)),
        ])
    }

    /// Sets the frame as CALayer does: `bounds.origin` is kept, `bounds.size` becomes the frame's size
    /// divided by the transform's scale (when it has one), and `position` moves so the layer's frame
    /// starts at the given origin. With a scale-and-translate transform, reading `frame` back returns
    /// exactly what was set.
    public mutating func setFrame(_ frame: Rect) {
        let f = frame.standardized
        var scale = SIMD3<Double>(1, 1, 1)
        let t = self[.transform]
        if !t.isIdentity { scale = TransformComponents(t).parts.scale }
        var bounds = self[.bounds]
        bounds.size = Size(
            width: scale.x == 0 ? f.size.width : f.size.width / abs(scale.x),
            height: scale.y == 0 ? f.size.height : f.size.height / abs(scale.y))
        self[.bounds] = bounds
        self[.position] = .zero
        let unplaced = self.frame
        self[.position] = Point(x: f.origin.x - unplaced.minX, y: f.origin.y - unplaced.minY)
    }
}

extension Transform3D {
    /// The point on the z = 0 plane of the space this transform maps *from* that projects onto `q` in the
    /// space it maps *to*: the inverse of `project`, which a plain matrix inverse is not once perspective
    /// is involved. `project` is the planar homography of rows 1, 2 and 4 and columns x, y and w (z in
    /// is 0, z out is dropped), so this inverts that 3x3 map; it works for flattened transforms too,
    /// whose 4x4 matrix is singular. NaN coordinates when the plane is seen edge-on.
    public func unproject(_ q: Point) -> Point {
        // H = [m11 m12 m14; m21 m22 m24; m41 m42 m44] (row vectors: [x y 1] · H = [X Y W]).
        let (a, b, c) = (m11, m12, m14)
        let (d, e, f) = (m21, m22, m24)
        let (g, h, i) = (m41, m42, m44)
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard det != 0, det.isFinite else { return Point(x: .nan, y: .nan) }
        // [X Y W] = [q.x q.y 1] · adj(H) / det, by the adjugate's columns.
        let x = q.x * (e * i - f * h) + q.y * (f * g - d * i) + (d * h - e * g)
        let y = q.x * (c * h - b * i) + q.y * (a * i - c * g) + (b * g - a * h)
        let w = q.x * (b * f - c * e) + q.y * (c * d - a * f) + (a * e - b * d)
        return Point(x: x / w, y: y / w)
    }
}
