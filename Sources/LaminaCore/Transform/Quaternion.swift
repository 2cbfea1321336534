import RealModule

/// A unit quaternion `(x, y, z, w)` describing a 3D rotation, in the convention of
/// `Transform3D(rotationAngle:x:y:z:)`: a rotation of θ about the unit axis `a` is
/// `(a·sin(θ/2), cos(θ/2))`.
public struct Quaternion: Hashable, Sendable {
    public var x: Double, y: Double, z: Double, w: Double

    /// Creates a quaternion from its components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        (self.x, self.y, self.z, self.w) = (x, y, z, w)
    }

    /// No rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A rotation of `angle` radians about an axis (normalised; a zero axis gives the identity).
    public init(angle: Double, axisX ax: Double, y ay: Double, z az: Double) {
        let length = (ax * ax + ay * ay + az * az).squareRoot()
        guard length > 0 else {
            self = .identity
            return
        }
        let s = Double.sin(angle / 2) / length
        self.init(x: ax * s, y: ay * s, z: az * s, w: Double.cos(angle / 2))
    }

    /// The four components as a vector.
    @inlinable
    public var vector: SIMD4<Double> { SIMD4(x, y, z, w) }

    /// Spherical linear interpolation along the shorter arc; `t` is not clamped.
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        var b = other.vector
        var cosHalf = (vector * b).sum()
        if cosHalf < 0 {  // take the shorter way round
            b = -b
            cosHalf = -cosHalf
        }
        let a = vector
        let result: SIMD4<Double>
        if cosHalf > 0.9995 {
            // Nearly parallel: linear interpolation is exact enough and avoids dividing by sin(~0).
            let v = a + (b - a) * t
            result = v / (v * v).sum().squareRoot()
        } else {
            let half = Double.acos(Swift.min(cosHalf, 1))
            let sinHalf = Double.sin(half)
            result = a * (Double.sin((1 - t) * half) / sinHalf) + b * (Double.sin(t * half) / sinHalf)
        }
        return Quaternion(x: result.x, y: result.y, z: result.z, w: result.w)
    }
}
