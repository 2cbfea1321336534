import CLaminaMath

/// The sine and cosine of `angle` radians, the same bits as `Double.sin` and `Double.cos` give, for
/// about the cost of one of them (glibc's `sincos`): what every rotation matrix is made from.
@inline(__always)
func sineAndCosine(_ angle: Double) -> (sine: Double, cosine: Double) {
    var (sine, cosine) = (0.0, 0.0)
    lamina_sincos(angle, &sine, &cosine)
    return (sine, cosine)
}
