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
    public var mass: Double { didSet { settle() } }
    public var stiffness: Double { didSet { settle() } }
    public var damping: Double { didSet { settle() } }
    public var initialVelocity: Double { didSet { settle() } }

    /// How long the spring takes to come to rest: the time after which it stays within 0.1% of the
    /// distance from its end value. Derived once when the spring's parameters are set, because a spring
    /// without a duration lasts this long and the engine reads it every frame.
    public private(set) var settlingDuration: Double = 0

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
        settle()
    }

    private mutating func settle() {
        settlingDuration = Self.settlingDuration(mass: mass, stiffness: stiffness, damping: damping, velocity: initialVelocity)
    }

    // Equality and hashing leave out what is derived.
    public static func == (a: SpringAnimation, b: SpringAnimation) -> Bool {
        a.basic == b.basic && a.mass == b.mass && a.stiffness == b.stiffness && a.damping == b.damping
            && a.initialVelocity == b.initialVelocity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(basic)
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
        hasher.combine(initialVelocity)
    }

    /// Progress (0 at rest at the start, 1 at rest at the end; overshoots in between) after `t` seconds.
    public func progress(at t: Double) -> Double {
        Self.progress(at: t, mass: mass, stiffness: stiffness, damping: damping, velocity: initialVelocity)
    }

    static func progress(at t: Double, mass: Double, stiffness: Double, damping: Double, velocity v0: Double) -> Double {
        let t = Swift.max(t, 0)
        let m = Swift.max(mass, 1e-9), k = Swift.max(stiffness, 1e-9), c = Swift.max(damping, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
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

    /// The settling duration: sampled every millisecond, from an analytic upper bound backwards. The
    /// scan takes at most 10,000 steps (longer settling times are sampled more coarsely), so no choice
    /// of parameters makes it long.
    static func settlingDuration(mass: Double, stiffness: Double, damping: Double, velocity: Double) -> Double {
        let epsilon = 0.001
        let m = Swift.max(mass, 1e-9), k = Swift.max(stiffness, 1e-9), c = Swift.max(damping, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        guard zeta > 0 else { return .infinity }  // undamped: never settles
        guard zeta.isFinite, w0.isFinite, velocity.isFinite else { return 0 }
        // The slowest exponential decays at rate ζω₀ (under-damped) or ω₀(ζ - √(ζ²-1)) (over-damped).
        let rate = zeta < 1 ? zeta * w0 : w0 * (zeta - Swift.max(zeta * zeta - 1, 0).squareRoot())
        let amplitude = 2 + abs(velocity) / Swift.max(w0, 1e-9)
        var t = Swift.min(Double.log(amplitude / epsilon) / Swift.max(rate, 1e-9) + 1, 3600)
        guard t.isFinite else { return 0 }
        let step = Swift.max(0.001, t / 10_000)
        while t > 0,
            abs(progress(at: t, mass: mass, stiffness: stiffness, damping: damping, velocity: velocity) - 1) < epsilon
        {
            t -= step
        }
        return Swift.max(t + step, 0)
    }
}
