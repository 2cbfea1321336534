/// A `Transform3D` in the form GLSL wants: four `SIMD4<Float>` columns of the column-vector matrix
/// (`gl_Position = M * v`), ready for `glUniformMatrix4fv(..., GL_FALSE, ...)`.
///
/// CATransform3D is row-vector (`p' = p · M`); the column-vector matrix is `Mᵀ`, and the columns of `Mᵀ`
/// are the rows of `M`. This is the one place where Lamina converts between the two conventions and
/// from `Double` to `Float`.
public struct GPUMatrix: Hashable, Sendable {
    /// The columns of the column-vector matrix.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Converts a transform.
    @inlinable
    public init(_ t: Transform3D) {
        self.init(columns: (SIMD4<Float>(t.row1), SIMD4<Float>(t.row2), SIMD4<Float>(t.row3), SIMD4<Float>(t.row4)))
    }

    /// A matrix of these columns, each zero stored as +0.
    ///
    /// The sign of a zero changes nothing drawn, but a render list is compared byte for byte with a
    /// fresh build of it, and two ways of computing one matrix (the full product, and the sums on the
    /// plane a patched leaf takes, `PlanarMap`) agree on every value but the signs of some zeros,
    /// which depend on which terms multiplied by zero each one summed. Adding +0 makes −0 +0 and
    /// leaves every other value as it is.
    @inlinable
    public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) {
        let zero = SIMD4<Float>.zero
        self.columns = (columns.0 + zero, columns.1 + zero, columns.2 + zero, columns.3 + zero)
    }

    /// The sixteen floats in column-major order.
    public var floats: [Float] {
        [columns.0, columns.1, columns.2, columns.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }

    /// `M * v` in the column-vector convention: the same point `Transform3D.apply` computes.
    @inlinable
    public func apply(_ v: SIMD4<Float>) -> SIMD4<Float> {
        columns.0 * v.x + columns.1 * v.y + columns.2 * v.z + columns.3 * v.w
    }

    public static func == (a: GPUMatrix, b: GPUMatrix) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
            && a.columns.3 == b.columns.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0)
        hasher.combine(columns.1)
        hasher.combine(columns.2)
        hasher.combine(columns.3)
    }
}
