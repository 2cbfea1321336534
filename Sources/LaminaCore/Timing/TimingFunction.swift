/// A cubic Bézier timing curve through (0, 0), `c1`, `c2`, (1, 1), mapping input time to output
/// progress (`CAMediaTimingFunction`).
///
/// Evaluation solves the curve's x polynomial for the Bézier parameter (Newton's method, with
/// bisection when Newton stalls on a flat slope), then evaluates y, in double precision. Input is
/// clamped to 0...1 (unlike CSS, which extrapolates); output is not clamped, so a control point with y
/// outside 0...1 overshoots.
public struct TimingFunction: Hashable, Sendable {
    /// The first control point.
    public let c1: Point
    /// The second control point.
    public let c2: Point

    /// A curve from control points. Core Animation requires x in 0...1 for both; they are clamped so the
    /// curve stays a function of x.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        c1 = Point(x: Swift.min(Swift.max(c1x, 0), 1), y: c1y)
        c2 = Point(x: Swift.min(Swift.max(c2x, 0), 1), y: c2y)
    }

    /// `(0, 0, 1, 1)`: progress equals time.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// `(0.42, 0, 1, 1)`.
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// `(0, 0, 0.58, 1)`.
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// `(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// `(0.25, 0.1, 0.25, 1)`: what implicit actions use when the transaction names no curve.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The named functions by Core Animation's names.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut,
        "default": .default,
    ]

    /// The function with Core Animation's name, or nil.
    public init?(name: String) {
        guard let f = Self.named[name] else { return nil }
        self = f
    }

    /// Whether both control points are finite (x is clamped into 0...1; y may overshoot, but not to
    /// infinity).
    public var isFinite: Bool { c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite }

    /// Whether this is the identity curve (both control points on the diagonal).
    @inlinable
    public var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// The progress at input time `x` (clamped to 0...1).
    @inlinable
    public func callAsFunction(_ x: Double) -> Double {
        let x = Swift.min(Swift.max(x, 0), 1)
        if isLinear || x == 0 || x == 1 { return x }
        return Self.bezier(solve(x), c1.y, c2.y)
    }

    /// The Bézier parameter whose x is `x`.
    @usableFromInline
    func solve(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, c1.x, c2.x) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.slope(t, c1.x, c2.x)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // Bisection: x(t) is monotonic on 0...1 because both control x values are in 0...1.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.bezier(t, c1.x, c2.x)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// One coordinate of the curve at parameter `t`: `3(1-t)²t·a + 3(1-t)t²·b + t³`.
    @usableFromInline
    static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        ((1 - 3 * b + 3 * a) * t + (3 * b - 6 * a)) * t * t + 3 * a * t
    }

    /// Its derivative with respect to `t`.
    @usableFromInline
    static func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
        3 * (1 - 3 * b + 3 * a) * t * t + 2 * (3 * b - 6 * a) * t + 3 * a
    }
}
