/// Conversions of floating-point numbers to `Int` that cannot trap.
///
/// `Int(x)` traps when `x` is NaN, infinite or beyond `Int`'s range, and a client can make any of those
/// out of legal input (a scale of 1e300 makes a layer's screen bounds infinite; 1e300 seconds divided by
/// a short duration is more iterations than `Int` holds). Every conversion of a computed number to an
/// integer goes through these instead.
extension Double {
    /// This value rounded toward zero, held at `Int.min` / `Int.max` beyond `Int`'s range; NaN is 0.
    @inlinable
    public var saturatingInt: Int {
        // 2^63 is the first Double above Int.max; -2^63 is exactly Int.min.
        if self >= 9_223_372_036_854_775_808.0 { return .max }
        if self >= -9_223_372_036_854_775_808.0 { return Int(self) }
        return isNaN ? 0 : .min
    }
}

extension Float {
    /// This value rounded toward zero, held at `Int.min` / `Int.max` beyond `Int`'s range; NaN is 0.
    @inlinable
    public var saturatingInt: Int { Double(self).saturatingInt }
}
