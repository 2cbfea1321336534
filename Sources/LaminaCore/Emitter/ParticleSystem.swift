import RealModule

/// The particles of an emitter layer (`CAEmitterLayer`) at one layer time, computed from the layer's
/// values alone: no state is kept from frame to frame.
///
/// Each cell's particles are born at fixed times, `beginTime + k / rate` for k = 0, 1, 2 ... of the
/// layer's time (while its `duration`, when set, lasts), and everything about particle k — where on the
/// emitter shape it starts, its direction, speed, lifetime, spin, scale and colour — comes from its own
/// random numbers, a hash of the layer's `seed`, the cell's place in the tree and k. Its motion is then a
/// closed form of its age (constant acceleration), so the particles at a time T depend only on the tree,
/// the seed and T: a frame drawn at T after any history equals `lamina render --time T`, and no frame
/// rate changes where a particle is.
public enum ParticleSystem {
    /// The most particles one emitter layer shows at once: 20,000 (the newest; the rest are not drawn).
    public static let maximumParticles = 20_000

    /// One live particle.
    public struct Particle: Sendable, Equatable {
        /// Its centre in the layer's bounds space (z toward the viewer).
        public var position: SIMD3<Double>
        /// How far it has turned (radians).
        public var angle: Double
        /// Its scale (its contents' size in points times this).
        public var scale: Double
        /// Its colour, straight, each component in 0...1, multiplying its contents.
        public var color: SIMD4<Double>
        /// When it was born, in layer time.
        public var birth: Double
        /// Its contents and how they show (`contents`, `contentsRect`, `contentsScale` of its cell).
        public var contents: BitmapID?
        public var contentsRect: Rect
        public var contentsScale: Double
    }

    /// How many particles an emitter keeps alive at once by its model values: each cell's birth rate
    /// times its longest lifetime (times the layer's multipliers), a nested cell's times as many as
    /// its parents alive. What a client's limit counts (`LayerStore.Limits.particles`); infinite when
    /// the numbers are.
    public static func capacity(of values: PropertyValues) -> Double {
        let (rate, life) = (max(0, values[.birthRate]), max(0, values[.lifetime]))
        func count(_ cells: [EmitterCell], parents: Double) -> Double {
            cells.reduce(0) { total, cell in
                guard cell.isEnabled else { return total }
                let alive = parents * cell[.birthRate] * rate * (cell[.lifetime] + abs(cell[.lifetimeRange])) * life
                return total + alive + count(cell.emitterCells, parents: alive)
            }
        }
        return count(values[.emitterCells], parents: 1)
    }

    /// The emitter's layer-wide values: the shape particles start on and the multipliers.
    struct Emitter {
        var position: SIMD3<Double>
        var size: Size
        var depth: Double
        var shape: EmitterShape
        var mode: EmitterMode
        var birthRate, lifetime, velocity, scale, spin: Double
        var seed: UInt64

        init(_ values: PropertyValues) {
            let p = values[.emitterPosition]
            position = SIMD3(p.x, p.y, values[.emitterZPosition])
            size = values[.emitterSize]
            depth = values[.emitterDepth]
            shape = values[.emitterShape]
            mode = values[.emitterMode]
            (birthRate, lifetime, velocity, scale, spin) =
                (values[.birthRate], values[.lifetime], values[.velocity], values[.scale], values[.spin])
            let s = values[.seed]
            seed = s.isFinite ? UInt64(bitPattern: Int64(clamping: s.rounded(.towardZero).saturatingInt)) : 0
        }
    }

    /// The particles alive at layer time `time`, oldest first; at most `limit` (the newest of them).
    public static func particles(of values: PropertyValues, at time: Double, limit: Int = maximumParticles) -> [Particle] {
        let cells = values[.emitterCells]
        guard !cells.isEmpty, time.isFinite, limit > 0 else { return [] }
        let emitter = Emitter(values)
        var result: [Particle] = []
        var budget = Budget(particles: limit, births: 8 * limit)
        for (index, cell) in cells.enumerated() {
            emit(cell, path: UInt64(index + 1), emitter: emitter, parent: nil, at: time, into: &result, budget: &budget)
        }
        result.sort { $0.birth < $1.birth }
        return result
    }

    /// How much more work a call may do: particles kept, and births looked at (dead ones included).
    struct Budget {
        var particles: Int
        var births: Int
    }

    /// Where a parent particle is, for the cells it emits: its birth, lifetime and motion.
    struct Origin {
        var birth: Double
        var lifetime: Double
        var start: SIMD3<Double>
        var velocity: SIMD3<Double>
        var acceleration: SIMD3<Double>
        func position(atAge age: Double) -> SIMD3<Double> { start + velocity * age + 0.5 * acceleration * age * age }
    }

    /// The longest a particle of `cell` (or of the cells it emits, counted from its own birth) can
    /// matter after it is born.
    static func reach(of cell: EmitterCell, lifetimeScale: Double) -> Double {
        let own = (cell[.lifetime] + abs(cell[.lifetimeRange])) * lifetimeScale
        let children = cell.emitterCells.map { own + reach(of: $0, lifetimeScale: lifetimeScale) + max(0, $0[.beginTime]) }.max() ?? 0
        return max(own, children)
    }

    static func emit(
        _ cell: EmitterCell, path: UInt64, emitter: Emitter, parent: Origin?, at time: Double, into result: inout [Particle],
        budget: inout Budget
    ) {
        let rate = cell[.birthRate] * emitter.birthRate
        guard cell.isEnabled, rate > 0, rate.isFinite, budget.particles > 0 else { return }
        // Births in the time the cell emits, relative to the emitter's start or the parent's birth.
        let base = (parent?.birth ?? 0) + cell[.beginTime]
        // Births stop before the cell's duration ends, and before the parent dies.
        var stop = Double.infinity
        if cell[.duration] > 0 { stop = base + cell[.duration] }
        if let parent { stop = min(stop, parent.birth + parent.lifetime) }
        let end = min(time, stop)
        guard end >= base else { return }
        let reach = self.reach(of: cell, lifetimeScale: max(0, emitter.lifetime))
        var newest = ((end - base) * rate).rounded(.down)
        if stop <= time, base + newest / rate >= stop { newest -= 1 }
        let oldest = max(0, ((time - reach - base) * rate).rounded(.up))
        guard newest >= oldest, newest < 9e15 else { return }
        var k = newest
        while k >= oldest, budget.particles > 0, budget.births > 0 {
            budget.births -= 1
            let birth = base + k / rate
            var random = Random(seed: emitter.seed, path: path, index: UInt64(k))
            let lifetime = max(0, (cell[.lifetime] + cell[.lifetimeRange] * random.signed()) * emitter.lifetime)
            let start = parent.map { $0.position(atAge: birth - $0.birth) } ?? startPoint(emitter, &random)
            let longitude = cell[.emissionLongitude] + cell[.emissionRange] * (random.unit() - 0.5)
            let latitude = cell[.emissionLatitude]
            let speed = (cell[.velocity] + cell[.velocityRange] * random.signed()) * emitter.velocity
            let direction = SIMD3(Double.cos(latitude) * Double.cos(longitude), Double.cos(latitude) * Double.sin(longitude), Double.sin(latitude))
            let motion = Origin(
                birth: birth, lifetime: lifetime, start: start, velocity: direction * speed,
                acceleration: SIMD3(cell[.xAcceleration], cell[.yAcceleration], cell[.zAcceleration]))
            let spin = (cell[.spin] + cell[.spinRange] * random.signed()) * emitter.spin
            let scale = cell[.scale] + cell[.scaleRange] * random.signed()
            let c = cell.color
            let color = SIMD4(
                c.red + cell[.redRange] * random.signed(), c.green + cell[.greenRange] * random.signed(),
                c.blue + cell[.blueRange] * random.signed(), c.alpha + cell[.alphaRange] * random.signed())
            let age = time - birth
            if age < lifetime {
                let speeds = SIMD4(cell[.redSpeed], cell[.greenSpeed], cell[.blueSpeed], cell[.alphaSpeed])
                result.append(
                    Particle(
                        position: motion.position(atAge: age), angle: spin * age,
                        scale: max(0, (scale + cell[.scaleSpeed] * age) * emitter.scale),
                        color: (color + speeds * age).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)), birth: birth,
                        contents: cell.contents, contentsRect: cell.contentsRect, contentsScale: cell[.contentsScale]))
                budget.particles -= 1
            }
            for (index, child) in cell.emitterCells.enumerated() {
                emit(
                    child, path: Random.mix(path &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(k) &* 31 &+ UInt64(index + 1)), emitter: emitter,
                    parent: motion, at: time, into: &result, budget: &budget)
            }
            k -= 1
        }
    }

    /// Where on the emitter shape a particle starts (`emitterShape` and `emitterMode`).
    static func startPoint(_ e: Emitter, _ random: inout Random) -> SIMD3<Double> {
        let (w, h, d) = (e.size.width, e.size.height, e.depth)
        let u = random.unit(), v = random.unit(), t = random.unit()
        var offset = SIMD3<Double>.zero
        switch (e.shape, e.mode) {
        case (.point, _):
            break
        case (.line, .points):
            offset.x = (u < 0.5 ? -0.5 : 0.5) * w
        case (.line, _):
            offset.x = (u - 0.5) * w
        case (.rectangle, .points):
            offset = SIMD3((u < 0.5 ? -0.5 : 0.5) * w, (v < 0.5 ? -0.5 : 0.5) * h, 0)
        case (.rectangle, .outline):
            offset = perimeterPoint(u * 2 * (w + h), w, h)
        case (.rectangle, _):
            offset = SIMD3((u - 0.5) * w, (v - 0.5) * h, 0)
        case (.cuboid, .points):
            offset = SIMD3((u < 0.5 ? -0.5 : 0.5) * w, (v < 0.5 ? -0.5 : 0.5) * h, (t < 0.5 ? -0.5 : 0.5) * d)
        case (.cuboid, .outline):
            // One of the twelve edges, by length.
            let edges = [w, w, w, w, h, h, h, h, d, d, d, d]
            let total = edges.reduce(0, +)
            var along = u * total, edge = 0
            while edge < 11, along > edges[edge] { along -= edges[edge]; edge += 1 }
            let (sa, sb) = (edge & 1 == 0 ? -0.5 : 0.5, edge & 2 == 0 ? -0.5 : 0.5)
            let f = edges[edge] > 0 ? along / edges[edge] - 0.5 : 0
            switch edge / 4 {
            case 0: offset = SIMD3(f * w, sa * h, sb * d)
            case 1: offset = SIMD3(sa * w, f * h, sb * d)
            default: offset = SIMD3(sa * w, sb * h, f * d)
            }
        case (.cuboid, .surface):
            // One of the six faces, by area.
            let areas = [w * h, w * h, w * d, w * d, h * d, h * d]
            let total = areas.reduce(0, +)
            var pick = u * total, face = 0
            while face < 5, pick > areas[face] { pick -= areas[face]; face += 1 }
            let side = face & 1 == 0 ? -0.5 : 0.5
            switch face / 2 {
            case 0: offset = SIMD3((v - 0.5) * w, (t - 0.5) * h, side * d)
            case 1: offset = SIMD3((v - 0.5) * w, side * h, (t - 0.5) * d)
            default: offset = SIMD3(side * w, (v - 0.5) * h, (t - 0.5) * d)
            }
        case (.cuboid, .volume):
            offset = SIMD3((u - 0.5) * w, (v - 0.5) * h, (t - 0.5) * d)
        case (.circle, .points), (.sphere, .points):
            break
        case (.circle, .outline):
            let a = 2 * Double.pi * u
            offset = SIMD3(Double.cos(a), Double.sin(a), 0) * (w / 2)
        case (.circle, _):
            let a = 2 * Double.pi * u
            offset = SIMD3(Double.cos(a), Double.sin(a), 0) * (w / 2 * v.squareRoot())
        case (.sphere, .volume):
            offset = sphereDirection(u, v) * (w / 2 * Double.pow(t, 1.0 / 3))
        case (.sphere, _):
            offset = sphereDirection(u, v) * (w / 2)
        }
        return e.position + offset
    }

    /// The point `along` the perimeter of a `w` x `h` rectangle centred on 0, clockwise from the top-left.
    static func perimeterPoint(_ along: Double, _ w: Double, _ h: Double) -> SIMD3<Double> {
        var a = along
        if a <= w { return SIMD3(a - w / 2, -h / 2, 0) }
        a -= w
        if a <= h { return SIMD3(w / 2, a - h / 2, 0) }
        a -= h
        if a <= w { return SIMD3(w / 2 - a, h / 2, 0) }
        a -= w
        return SIMD3(-w / 2, h / 2 - a, 0)
    }

    /// A direction uniform on the unit sphere from two uniform numbers.
    static func sphereDirection(_ u: Double, _ v: Double) -> SIMD3<Double> {
        let z = 2 * v - 1, a = 2 * Double.pi * u
        let r = (1 - z * z).squareRoot()
        return SIMD3(r * Double.cos(a), r * Double.sin(a), z)
    }

    /// A particle's own random numbers: SplitMix64 over the seed, its cell's place and its index, so
    /// that they are the same whenever it is looked at.
    struct Random {
        var state: UInt64

        init(seed: UInt64, path: UInt64, index: UInt64) {
            state = Self.mix(seed &+ Self.mix(path &+ Self.mix(index)))
        }

        static func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number in [0, 1).
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            return Double(Self.mix(state) >> 11) / Double(1 << 53)
        }

        /// A number in [-1, 1).
        mutating func signed() -> Double { 2 * unit() - 1 }
    }
}
