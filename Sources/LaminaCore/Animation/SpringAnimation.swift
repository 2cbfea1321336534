import RealModule

/// A damped spring from `fromValue` to `toValue` (`CASpringAnimation`).
///
/// The value's progress is a damped harmonic oscillator `m·x'' + c·x' + k·(x - 1) = 0` with `x(0) = 0`
/// and `x'(0) = initialVelocity` (in units of the whole distance per second), run in real seconds of
/// local time: the animation's `duration` only decides when it is cut off, which is why
/// `settlingDuration` exists — set `duration` to it to see the whole motion.
public struct SpringAnimation: Hashable, Sendable {
    /// The key path and values, as for a basic animation.
    public var basic: BasicAnimation
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    /// Creates a spring with Core Animation's defaults (mass 1, stiffness 100, damping 10, velocity 0).
    public init(
        _ basic: BasicAnimation, mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0
    ) {
        self.basic = basic
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Progress (0 at rest at the start, 1 at rest at the end; overshoots in between) after `t` seconds.
    public func progress(at t: Double) -> Double {
        let t = Swift.max(t, 0)
        let m = Swift.max(mass, 1e-9), k = Swift.max(stiffness, 1e-9), c = Swift.max(damping, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let v0 = initialVelocity
        // y = x - 1, y(0) = -1, y'(0) = v0.
        let y: Double
        if zeta < 1 - 1e-9 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            y = Double.exp(-zeta * w0 * t) * (-Double.cos(wd * t) + b * Double.sin(wd * t))
        } else if zeta > 1 + 1e-9 {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 + r1) / (r2 - r1)
            let c1 = -1 - c2
            y = c1 * Double.exp(r1 * t) + c2 * Double.exp(r2 * t)
        } else {
            y = Double.exp(-w0 * t) * (-1 + (v0 - w0) * t)
        }
        return 1 + y
    }

    /// How long the spring takes to come to rest: the time after which it stays within 0.1% of the
    /// distance from its end value (sampled every millisecond, from an analytic upper bound backwards).
    public var settlingDuration: Double {
        let epsilon = 0.001
        let m = Swift.max(mass, 1e-9), k = Swift.max(stiffness, 1e-9), c = Swift.max(damping, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        guard zeta > 0 else { return .infinity }  // undamped: never settles
        // The slowest exponential decays at rate ζω₀ (under-damped) or ω₀(ζ - √(ζ²-1)) (over-damped).
        let rate = zeta < 1 ? zeta * w0 : w0 * (zeta - Swift.max(zeta * zeta - 1, 0).squareRoot())
        let amplitude = 2 + abs(initialVelocity) / Swift.max(w0, 1e-9)
        var t = Swift.min(Double.log(amplitude / epsilon) / Swift.max(rate, 1e-9) + 1, 3600)
        let step = 0.001
        while t > 0, abs(progress(at: t) - 1) < epsilon { t -= step }
        return Swift.max(t + step, 0)
    }
}
