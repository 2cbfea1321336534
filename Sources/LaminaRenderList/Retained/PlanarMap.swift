import LaminaCore

/// A map of the plane that keeps to it: the x and y lanes of a `Transform3D` whose other lanes are those
/// of a flat affine transform (no perspective, x and y not fed by z). In the row-vector convention, a
/// point (x, y) goes to `x · row1 + y · row2 + row4`.
///
/// Ten thousand turning leaves each take a frame transform, a world transform and a projected matrix
/// every frame. As 4x4 matrices of doubles that is three products and some four hundred bytes copied
/// between calls per leaf, most of it lanes that are known zeros; carried as these six numbers, the
/// leaf patch (`LeafPatch`) does the same sums over the x and y lanes alone. Each lane is summed in the
/// order the 4x4 product sums it, leaving out only terms multiplied by one of the lanes checked to be
/// zero, so the results are those of `LayerValueSource.frameTransform`, `Transform3D.concatenating` and
/// `OwnPlacement.project`, up to the sign of a zero (`PlanarMapTests` compares them), which
/// `GPUMatrix(columns:)` makes +0 on both paths.
struct PlanarMap: Equatable {
    var row1: SIMD2<Double>
    var row2: SIMD2<Double>
    var row4: SIMD2<Double>

    /// The x and y lanes of `t` when its other lanes let a product with it be summed on those lanes
    /// alone: no perspective (no w column but the last row's 1), x and y neither fed by z (the z row's x
    /// and y are 0) nor feeding it (the z column's first two lanes are 0). The rest of the z row and
    /// column (a z scale, a z translation) may be anything finite: a flat layer's z coordinate is 0 and
    /// the projection onto the target drops z. Nil otherwise, or when a lane is not finite (the 4x4
    /// product spreads a NaN where these sums would not).
    init?(flat t: Transform3D) {
        guard t.row1.z == 0, t.row1.w == 0, t.row2.z == 0, t.row2.w == 0, t.row3.x == 0, t.row3.y == 0, t.row3.w == 0,
            t.row4.w == 1, ((t.row1 + t.row2) + (t.row3 + t.row4)).sum().isFinite
        else { return nil }
        (row1, row2, row4) = (SIMD2(t.row1.x, t.row1.y), SIMD2(t.row2.x, t.row2.y), SIMD2(t.row4.x, t.row4.y))
    }

    /// A context's map to the target (`VisitContext.toTarget`) that frames made by `frame` may be
    /// concatenated with: flat (`init(flat:)`) with a zero z row, so the world's z lanes, which the
    /// projection multiplies by zero, stay finite.
    init?(target t: Transform3D) {
        guard t.row3.z == 0 else { return nil }
        self.init(flat: t)
    }

    init(row1: SIMD2<Double>, row2: SIMD2<Double>, row4: SIMD2<Double>) {
        (self.row1, self.row2, self.row4) = (row1, row2, row4)
    }

    /// A layer's frame transform (`LayerValueSource.frameTransform`) on the plane: `transform` (a flat
    /// one, `init(flat:)`) about `anchor` (`anchorInBounds`), moved to `position` (and `zPosition`). Nil
    /// when the transform is not flat or a value is not finite.
    static func frame(
        transform t: UnsafePointer<Transform3D>, anchor: SIMD3<Double>, position: Point, zPosition: Double
    ) -> PlanarMap? {
        guard !t.pointee.isIdentity else { return translation(anchor: anchor, position: position, zPosition: zPosition) }
        // The z lane is not carried, but one that is not finite spreads NaN through the 4x4 sums.
        guard let m = PlanarMap(flat: t.pointee), ((-anchor.z * t.pointee.row3.z + t.pointee.row4.z) + zPosition).isFinite
        else { return nil }
        return m.moved(anchor: anchor, position: position)
    }

    /// `frame(transform:...)` for the transform `Transform3D(affine: t)`, which animations of a turn, a
    /// move or a stretch store this way (`Presentation.animatedAffine`).
    static func frame(affine t: AffineTransform, anchor: SIMD3<Double>, position: Point, zPosition: Double) -> PlanarMap? {
        // The identity's fields compared in place (`AffineTransform.identity` is a global, reached
        // through its lazy initialiser at every read).
        guard t.a != 1 || t.b != 0 || t.c != 0 || t.d != 1 || t.tx != 0 || t.ty != 0 else {
            return translation(anchor: anchor, position: position, zPosition: zPosition)
        }
        let m = PlanarMap(row1: SIMD2(t.a, t.b), row2: SIMD2(t.c, t.d), row4: SIMD2(t.tx, t.ty))
        // Its z row is (0, 0, 1, 0) and its z translation 0: the z lane is zPosition − anchor z.
        guard ((m.row1 + m.row2) + m.row4).sum().isFinite, (zPosition - anchor.z).isFinite else { return nil }
        return m.moved(anchor: anchor, position: position)
    }

    /// `frameTransform` of the identity: a translation.
    private static func translation(anchor: SIMD3<Double>, position p: Point, zPosition: Double) -> PlanarMap? {
        let frame = PlanarMap(row1: SIMD2(1, 0), row2: SIMD2(0, 1), row4: SIMD2(p.x, p.y) - SIMD2(anchor.x, anchor.y))
        return (frame.row4.sum() + (zPosition - anchor.z)).isFinite ? frame : nil
    }

    /// `frameTransform`'s sums for a transform that is not the identity: the fourth row is −a through
    /// the rows (the z row's x and y are 0), then the position added (the first rows' w is 0, so they
    /// get nothing).
    private func moved(anchor: SIMD3<Double>, position p: Point) -> PlanarMap? {
        let frame = PlanarMap(
            row1: row1, row2: row2, row4: ((-anchor.x * row1 + -anchor.y * row2) + row4) + SIMD2(p.x, p.y))
        return frame.row4.sum().isFinite ? frame : nil
    }

    /// `self · b` (this map, then `b`): the x and y lanes of `Transform3D.concatenating` for a `b` made by
    /// `init(target:)`.
    func concatenating(_ b: PlanarMap) -> PlanarMap {
        PlanarMap(
            row1: row1.x * b.row1 + row1.y * b.row2, row2: row2.x * b.row1 + row2.y * b.row2,
            row4: (row4.x * b.row1 + row4.y * b.row2) + b.row4)
    }

    /// The map followed by a target's projection that only scales x and y by `scale` and translates by
    /// `shift` (what `OwnPlacement.project` checks for), as the columns a `LayerInstance` carries.
    func projected(scale: SIMD2<Double>, shift: SIMD2<Double>) -> GPUMatrix {
        let (x, y, t) = (row1 * scale, row2 * scale, row4 * scale + shift)
        return GPUMatrix(
            columns: (
                SIMD4(Float(x.x), Float(x.y), 0, 0), SIMD4(Float(y.x), Float(y.y), 0, 0), SIMD4(0, 0, 0, 0),
                SIMD4(Float(t.x), Float(t.y), 0, 1)
            ))
    }
}
